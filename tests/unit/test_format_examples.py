"""The published alternate formats written as definitions (examples/formats): each is a
deployment's format as written (its id, name, document and address), names its sources,
and judges its lists as sources.json says: the passing list legal, the failing list illegal
with exactly the codes given."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from decklist.detect import parse
from decklist.resolver import resolve
from tests.support.paths import PROJECT_ROOT
from validators.deployed import read_directory
from validators.engine import validate

HERE = PROJECT_ROOT / "examples" / "formats"
DEFINITIONS, LISTS = HERE / "definitions", HERE / "lists"
SOURCES = json.loads((HERE / "sources.json").read_text(encoding="utf-8"))["formats"]


def test_every_example_is_a_deployments_format_with_its_sources():
    formats = read_directory(DEFINITIONS)
    assert set(formats) == set(SOURCES) and len(formats) >= 5
    for format_id, source in SOURCES.items():
        assert formats[format_id].document and formats[format_id].definition is not None
        assert source["rules_source"]["url"].startswith("https://")
        for kind in ("pass", "fail"):
            assert (LISTS / f"{format_id}.{kind}.txt").is_file(), (format_id, kind)
            assert source[kind]["kept"] and source[kind]["source"], (format_id, kind)


@pytest.mark.full_catalog
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
@pytest.mark.parametrize("format_id", sorted(SOURCES))
def test_an_example_judges_its_lists_as_its_sources_say(full_index, format_id):
    rules = read_directory(DEFINITIONS)[format_id]
    source = SOURCES[format_id]
    day = dt.date.fromisoformat(source["as_of"])
    verdicts = {}
    for kind in ("pass", "fail"):
        deck = parse((LISTS / f"{format_id}.{kind}.txt").read_text(encoding="utf-8"))
        assert deck.problems == [], (kind, deck.problems)
        verdicts[kind] = validate(full_index, resolve(full_index, deck.entries), rules, day)
    assert verdicts["pass"].legal, [v.message for v in verdicts["pass"].violations]
    assert not verdicts["fail"].legal
    assert {v.code for v in verdicts["fail"].violations} == set(source["fail"]["codes"])
