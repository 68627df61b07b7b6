"""A line whose set code no set carries says so (unknown-set), naming the code, the nearest
codes and the catalog's newest set: never "give its set and number" to a line that gave
them."""

from __future__ import annotations

import pytest

from decklist.detect import parse
from decklist.resolver import AMBIGUOUS, UNKNOWN, resolve
from tests.support.basics import basic_line
from tests.support.catalogs import index_of
from validators.engine import validate
from validators.formats import get_format


def _violations(client, deck: str, format_id: str = "standard") -> list[dict]:
    response = client.post(f"/v1/validate?format={format_id}&detail=verdict", data=deck,
                           content_type="text/plain")
    assert response.status_code == 200
    return response.get_json()["violations"]


def test_a_code_no_set_carries_is_an_unknown_set(client):
    [violation] = [v for v in _violations(client, "4 Tropius XYZ 1\n")
                   if v["code"] != "deck-size"]
    assert violation["code"] == "unknown-set"
    assert violation["arguments"]["set_code"] == "XYZ"
    assert violation["arguments"]["newest"] == "Pitch Black (PBL)"
    assert violation["arguments"]["newest_date"] == "2026-07-17"
    assert "give its set and number" not in violation["message"]


def test_a_code_no_set_carries_leaves_one_card_to_its_name(client):
    # Every Switch is one card: the name decides, and the line says why.
    deck = "4 Switch XYZ 1\n" + basic_line("unlimited")
    assert [v["code"] for v in _violations(client, deck, "unlimited")
            if v["code"] != "deck-size"] == []


def test_an_exporters_energy_code_is_never_an_unknown_set(client):
    deck = "4 Basic {L} Energy Energy 4\n" + basic_line("standard")
    assert [v["code"] for v in _violations(client, deck) if v["code"] != "deck-size"] == []


@pytest.fixture(scope="module")
def old_index(ptcg_db_url):
    """The catalog of pokemon-tcg-data alone: a catalog older than Pitch Black."""
    return index_of(ptcg_db_url)


@pytest.mark.sweep  # pokemon-tcg-data imported alone: a catalog older than Pitch Black
def test_a_set_newer_than_the_catalog_says_to_update_it(old_index):
    lines = resolve(old_index, parse("4 Tropius PBL 1").entries)
    assert (lines[0].resolution.status, lines[0].resolution.unknown_set) == (AMBIGUOUS, "PBL")
    [violation] = [v for v in validate(old_index, lines, get_format("standard")).violations
                   if v.code != "deck-size"]
    arguments = dict(violation.args)
    assert violation.code == "unknown-set" and arguments["set_code"] == "PBL"
    assert arguments["newest"] == "Ascended Heroes (ASC)"
    assert arguments["newest_date"] == "2026-01-30"
    assert arguments["nearest"] != "none"


@pytest.mark.sweep  # pokemon-tcg-data imported alone: a catalog older than Pitch Black
def test_an_unknown_name_in_an_unknown_set_is_an_unknown_set(old_index):
    lines = resolve(old_index, parse("4 Gwynn PBL 78").entries)
    assert (lines[0].resolution.status, lines[0].resolution.unknown_set) == (UNKNOWN, "PBL")
    codes = [v.code for v in validate(old_index, lines, get_format("standard")).violations]
    assert "unknown-set" in codes and "unknown-card" not in codes
