"""A printing's standing over time (validators/card_history.py): GET
/v1/cards/{id}/history's stretches, and the `since` and `until` of a card's legalities,
held to judging the printing on the days either side of each bound."""

from __future__ import annotations

import datetime as dt

import pytest

from validators import card_legality
from validators.card_history import history

# The stretches come from the in-memory index: one backend is enough for them.
pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def test_a_ban_ends_a_stretch_on_its_day_with_the_feeds_ban(client):
    found = client.get("/v1/cards/swsh7-83/history?format=expanded,glc")
    assert found.status_code == 200
    by_format = {item["format"]: item["stretches"] for item in found.get_json()["formats"]}
    assert list(by_format) == ["expanded", "glc"]
    expanded = by_format["expanded"]
    assert [(s["since"], s["until"], s["status"]) for s in expanded[-2:]] == [
        ("2021-09-10", "2026-04-10", "legal"), ("2026-04-10", None, "banned")]
    [ban] = [item for item in client.get("/v1/changes?format=expanded&since=2026-04-10"
                                         ).get_json()["items"]
             if item["kind"] == "ban" and item["cards"][0]["id"] == "swsh7-83"]
    assert ban["effective"] == expanded[-1]["since"]
    assert by_format["glc"][-1] == {"since": "2021-09-10", "until": None, "status": "legal",
                                    "legal": True}


def test_a_cards_legalities_say_the_stretch_of_their_day(client):
    legality = client.get("/v1/cards/swsh7-83?as_of=2026-01-01&stretch=true").get_json()[
        "legalities"]
    assert (legality["expanded"]["since"], legality["expanded"]["until"]) == (
        "2021-09-10", "2026-04-10")
    banned = client.get("/v1/cards/swsh7-83?as_of=2026-06-01&stretch=true").get_json()[
        "legalities"]
    assert banned["expanded"]["status"] == "banned"
    assert (banned["expanded"]["since"], banned["expanded"]["until"]) == ("2026-04-10", None)


def test_an_unknown_card_or_format_is_not_found(client):
    assert client.get("/v1/cards/nope-1/history").status_code == 404
    unknown = client.get("/v1/cards/swsh7-83/history?format=expanded,modifed")
    assert unknown.status_code == 404 and unknown.get_json()["parameter"] == "format"


def _agrees(index, printing) -> int:
    """Checks each bound of the printing's stretches in every format against the printing
    judged, through the formats' tables, on the day before it and on it; returns how many."""
    checked = 0
    for format_id, rules in card_legality.formats().items():
        stretches = history(index, format_id, rules, printing)
        for before, after in zip(stretches, stretches[1:], strict=False):
            assert before.until == after.since
            for day, stretch in ((after.since - dt.timedelta(days=1), before),
                                 (after.since, after)):
                judged = card_legality.judge(index, format_id, rules, day)
                assert judged is not None, (printing.id, format_id, day)
                standing = judged.standing(printing)
                assert (standing.status, standing.legal) == (stretch.status, stretch.legal), (
                    printing.id, format_id, day)
                checked += 1
    return checked


def test_the_bounds_of_a_few_cards_agree_with_judging_either_side(full_index):
    for card_id in ("swsh7-83", "base1-4", "sv1-196", "me5-78", "xy1-130"):
        assert _agrees(full_index, full_index.printings[card_id]) > 0


@pytest.mark.sweep  # a printing in a hundred of the full catalog, every bound in every format
def test_the_bounds_of_the_catalog_agree_with_judging_either_side(full_index):
    sampled = list(full_index.printings.values())[::100]
    assert sum(_agrees(full_index, printing) for printing in sampled) > len(sampled)
