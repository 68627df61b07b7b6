"""Seasons: a deck judged on a day gets the rules in force that day, under their name then.

Each rotation is tested the day before it, the day of it and the day after, with a card of
the real catalog that the rotation took out (`validators/formats/seasons.json` is the data;
the expectations here are the rotations as the sources describe them, not read from it).
"""

from __future__ import annotations

import datetime as dt

import pytest

from tests.support.basics import basic_entry
from validators.formats import ORDER
from validators.seasons import lineage_of

# Basic Fire Energy of Base Set: legal in every constructed season.
FIRE = {"count": 56, "id": "base1-98"}


def judged(client, cards, as_of: str, format_id: str = "standard", fire: int = 55) -> dict:
    """The cards given, a Basic Pokémon legal in the format on the day and `fire` Fire
    Energy: 4 copies of a card make 60."""
    deck = [*cards, basic_entry(format_id, as_of), {**FIRE, "count": fire}]
    response = client.post("/v1/validate", json={"format": format_id, "as_of": as_of,
                                                  "deck": deck})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def four(card_id: str) -> list[dict]:
    return [{"count": 4, "id": card_id}]


def codes(verdict: dict, kind: str = "violations") -> list[str]:
    return [found["code"] for found in verdict[kind]]


def day(text: str, days: int = 0) -> str:
    return (dt.date.fromisoformat(text) + dt.timedelta(days=days)).isoformat()


# (season, its first day, the season before it, a card the rotation took out (name))
ROTATIONS = [
    ("modified-sept-1", "2002-09-01", "modified-rocket-on",
     "base5-15"),  # Here Comes Team Rocket!: Team Rocket left with Neo-On
    ("modified-expedition-on", "2003-10-01", "modified-sept-1",
     "base1-76"),  # Pokémon Breeder: Legendary Collection's reprint left with the Neo sets
    ("modified-dx-on", "2006-09-01", "modified-rs-on",
     "neo3-63"),  # Rocket's Hideout, reprinted in Team Rocket Returns (RS-On)
    ("modified-hgss-on", "2011-07-01", "modified-md-on",
     "base1-94"),  # Potion: its Majestic Dawn-era reprints left mid-season
    ("modified-bw-on", "2012-09-01", "modified-hgss-on",
     "base1-84"),  # PlusPower, reprinted in HeartGold & SoulSilver
    ("modified-nxd-on", "2013-08-28", "modified-bw-on",
     "base3-61"),  # Recycle
    ("standard-prc-on", "2016-09-01", "standard-xy-on",
     "ecard1-154"),  # Full Heal
    ("standard-bkt-on", "2017-09-01", "standard-prc-on",
     "xy2-90"),  # Lysandre (Flashfire)
    ("standard-upr-on", "2019-08-15", "standard-sum-on",
     "bw1-92"),  # Energy Retrieval: Sun & Moon's reprint left with Sun & Moon
    ("standard-teu-on", "2020-08-28", "standard-upr-on",
     "neo1-98"),  # Super Scoop Up
    ("standard-regulation-marks", "2021-09-10", "standard-teu-on",
     "hgss1-98"),  # Pokémon Communication: Team Up's reprint has no mark
]


@pytest.mark.parametrize(("season", "first", "before", "card"), ROTATIONS,
                         ids=[rotation[0] for rotation in ROTATIONS])
def test_a_rotation_takes_its_cards_out_on_its_day(client, season, first, before, card):
    on_eve = judged(client, four(card), day(first, -1))
    assert on_eve["legal"] is True, on_eve["violations"]
    assert on_eve["format"]["season"]["id"] == before
    for the_day in (first, day(first, 1)):
        after = judged(client, four(card), the_day)
        assert codes(after) == ["not-legal"], after["violations"]
        assert after["format"]["season"]["id"] == season


# (season, window's first day, last day, season before, a card the rotation took out)
WINDOWS = [
    ("modified-rs-on", "2004-08-01", "2004-10-01", "modified-expedition-on",
     "neo1-96"),  # Professor Elm
    ("modified-hp-on", "2007-08-01", "2007-10-01", "modified-dx-on", "neo1-85"),
    ("modified-dp-on", "2008-08-18", "2008-10-01", "modified-hp-on", "neo3-64"),  # Old Rod
    ("modified-md-on", "2010-08-16", "2010-10-01", "modified-dp-on", "np-26"),
    ("standard-bcr-on", "2014-08-18", "2014-10-01", "modified-nxd-on",
     "bwp-BW28"),  # Tropical Beach: BW promos below BW51 left
    ("standard-xy-on", "2015-08-24", "2015-10-01", "standard-bcr-on",
     "base3-59"),  # Energy Search
    ("standard-sum-on", "2018-08-27", "2018-08-31", "standard-bkt-on",
     "base1-83"),  # Maintenance
]


@pytest.mark.parametrize(("season", "opens", "effective", "before", "card"), WINDOWS,
                         ids=[window[0] for window in WINDOWS])
def test_inside_a_rotations_window_the_season_before_judges_and_says_so(
        client, season, opens, effective, before, card):
    on_eve = judged(client, four(card), day(opens, -1))
    assert on_eve["legal"] is True and "season-window" not in codes(on_eve, "warnings")
    for inside in (opens, day(effective, -1)):
        verdict = judged(client, four(card), inside)
        assert verdict["legal"] is True and verdict["format"]["season"]["id"] == before
        [warning] = [w for w in verdict["warnings"] if w["code"] == "season-window"]
        assert warning["cards"][0]["id"] == card and season_named(warning, season)
    after = judged(client, four(card), effective)
    assert codes(after) == ["not-legal"] and after["format"]["season"]["id"] == season
    assert "season-window" not in codes(after, "warnings")


def season_named(warning: dict, season_id: str) -> bool:
    lineage = lineage_of("standard")
    assert lineage is not None
    name = next(s.name for s in lineage.seasons if s.id == season_id)
    return warning["arguments"]["season"] == name


def test_a_deck_the_new_season_allows_too_is_said_legal_under_both(client):
    verdict = judged(client, four("xy1-122"), "2014-09-20")  # Professor Sycamore (XY)
    [warning] = verdict["warnings"]
    assert warning["code"] == "season-window" and "legal under" in warning["message"]


def test_juniper_in_2013_is_modified_of_that_season_by_either_name(client):
    for format_id in ("standard", "modified"):
        verdict = judged(client, four("bw1-101"), "2013-06-01", format_id)  # Prof. Juniper
        assert verdict["legal"] is True
        assert verdict["format"]["id"] == format_id
        assert verdict["format"]["name"] == "Modified (BW-On), 2012-13"
        assert verdict["format"]["season"]["source"]["url"].startswith("http")


def test_modified_in_2016_is_standard_of_that_season(client):
    verdict = judged(client, four("xy1-122"), "2016-01-01", "modified")
    assert verdict["legal"] is True and verdict["format"]["name"] == "Standard (XY-On), 2015-16"


def test_base_set_bill_is_in_modified_through_legendary_collection_until_2003_only(client):
    bill = four("base1-91")
    assert codes(judged(client, bill, "2008-06-01", "modified")) == ["not-legal"]
    neo_on = judged(client, bill, "2003-06-01", "modified")
    assert neo_on["legal"] is True and neo_on["format"]["season"]["id"] == "modified-sept-1"
    assert codes(judged(client, bill, "2003-10-01", "modified")) == ["not-legal"]


def test_the_seed_season_stays_the_dci_floor_rules_2003(client):
    verdict = judged(client, four("base6-108"), "2003-08-31", "modified")  # Bill (LC)
    assert verdict["legal"] is True
    assert verdict["format"]["name"] == "Modified (Sept 1 Modified, 2002-03 season)"
    assert verdict["format"]["version"] == "2003-01-01"
    slowking = judged(client, four("neo1-14"), "2003-08-31", "modified")
    assert codes(slowking) == ["banned"]


@pytest.mark.parametrize(("card", "effective", "before"), [
    ("xy4-99", "2015-06-15", "standard-bcr-on"),  # Lysandre's Trump Card
    ("sm10-78", "2020-08-28", "standard-upr-on"),  # Mismagius (Unbroken Bonds)
    ("sm12-186", "2020-08-28", "standard-upr-on"),  # Bellelba & Brycen-Man
])
def test_a_standard_ban_reaches_from_its_day(client, card, effective, before):
    on_eve = judged(client, four(card), day(effective, -1))
    assert on_eve["legal"] is True and on_eve["format"]["season"]["id"] == before
    for the_day in (effective, day(effective, 1)):
        verdict = judged(client, four(card), the_day)
        assert codes(verdict) == ["banned"]
        assert effective in verdict["violations"][0]["message"]


def test_sneasel_in_rocket_on_is_banned_from_a_day_not_established(client):
    sneasel = four("neo1-25")
    assert "ban-uncertain" in codes(judged(client, sneasel, "2001-12-01", "modified"),
                                    "warnings")
    assert codes(judged(client, sneasel, "2002-02-21", "modified")) == ["banned"]


@pytest.mark.parametrize(("set_id", "released", "legal_from"), [
    ("xy3", "2014-08-13", "2014-09-03"),  # Furious Fists: 21 days, the first so
    ("xy4", "2014-11-05", "2014-11-26"),  # Phantom Forces
    ("sm1", "2017-02-03", "2017-02-17"),  # Sun & Moon: the third Friday of its month
    ("sm3", "2017-08-05", "2017-08-18"),  # Burning Shadows
])
def test_a_set_becomes_legal_by_the_rule_of_its_time(client, set_id, released, legal_from):
    card = {"count": 4, "id": f"{set_id}-1"}
    waiting = judged(client, [card], day(legal_from, -1))
    assert codes(waiting) == ["not-yet-legal"] and legal_from in \
        waiting["violations"][0]["message"]
    assert judged(client, [card], legal_from)["legal"] is True
    assert codes(judged(client, [card], day(released, -1))) == ["not-yet-released"]


@pytest.mark.parametrize(("format_id", "first_possible"), [
    ("standard", "2001-04-01"), ("modified", "2001-04-01"), ("expanded", "2014-08-18"),
    ("glc", "2021-07-14"), ("unlimited", "1999-01-09"),
])
def test_a_day_before_a_format_began_is_a_problem(client, format_id, first_possible):
    response = client.post("/v1/validate", json={
        "format": format_id, "as_of": day(first_possible, -1), "deck": [FIRE]})
    assert response.status_code == 404
    problem = response.get_json()
    assert problem["type"].endswith("/not-in-force") and problem["pointer"] == "/as_of"
    assert first_possible in problem["detail"]
    assert client.post("/v1/validate", json={
        "format": format_id, "as_of": first_possible, "deck": [FIRE]}).status_code == 200


def test_every_format_leaves_out_those_not_yet_played_and_says_so(client):
    body = client.post("/v1/validate", json={"format": "all", "as_of": "2010-06-01",
                                              "deck": [FIRE]}).get_json()
    answered = [verdict["format"]["id"] for verdict in body["verdicts"]]
    assert "expanded" not in answered and "glc" not in answered and "modified" in answered
    left_out = [n for n in body["notices"] if n["code"] == "not-in-force"
                and "first played" in n["detail"]]
    assert {n["detail"].split()[0] for n in left_out} == {"expanded", "glc"}
    assert all(n["pointer"] == "/as_of" for n in left_out)


@pytest.mark.parametrize(("as_of", "left_out"), [
    # from 2014 the lineage is Standard; the eras of the DCI Floor Rules 2003 (its team play
    # and Limited) and of Team Battle 2009 have ended
    ("2026-08-28", {"modified", "sealed", "booster-draft", "rochester-draft",
                    "team-multiplay", "team-battle"}),
    # in 2009-10 Team Battle's document governed, and Standard was still Modified
    ("2010-06-01", {"standard", "sealed", "booster-draft", "rochester-draft",
                    "team-multiplay", "partner-battles", "expanded", "glc"}),
    # the DCI Floor Rules 2003's own season: Team Battle's and Partner Battles' documents are
    # later
    ("2003-06-01", {"standard", "team-battle", "partner-battles", "expanded", "glc"}),
])
def test_every_format_is_the_formats_played_on_the_day(client, as_of, left_out):
    """`format=all` on a day judges the formats played that day: a format of a document
    whose era does not hold the day is left out, and a lineage is judged once, under the id
    it was played as; each left out is a not-in-force notice. Named, each is judged."""
    body = client.post("/v1/validate", json={"format": "all", "as_of": as_of,
                                              "detail": "legal_in", "deck": [FIRE]}).get_json()
    assert set(ORDER) - set(body["formats"]) == left_out
    notices = [n for n in body["notices"] if n["code"] == "not-in-force"]
    assert len(notices) == len(left_out) and all(n["pointer"] == "/as_of" for n in notices)
    assert all(any(n["detail"].startswith(f"{f} ") for n in notices) for f in left_out)
    # 2v2's casual edition is undated, its pool every card: it has no era to end
    assert "2v2-casual" in body["formats"] and "unlimited" in body["formats"]
    for named in left_out & {"team-battle", "sealed", "modified", "standard"}:
        response = client.post("/v1/validate", json={"format": named, "as_of": as_of,
                                                      "deck": [FIRE]})
        assert response.status_code == 200, named


def test_the_formats_list_each_season_with_its_day_and_source(client):
    standard = client.get("/v1/formats/standard").get_json()
    lineage = standard["lineage"]
    assert lineage["formats"] == ["modified", "standard"]
    assert lineage["first_day"] == "2001-04-01"
    seasons = lineage["seasons"]
    assert [s["id"] for s in seasons][:2] == ["modified-rocket-on", "modified-sept-1"]
    days = [s["effective"] for s in seasons]
    assert days == sorted(days) and len(set(days)) == len(days)
    assert all(s["source"]["url"].startswith("http") and s["note"] for s in seasons)
    windowed = {s["id"] for s in seasons if s["effective_window"]}
    assert windowed == {"modified-rocket-on", *(w[0] for w in WINDOWS)}
    assert client.get("/v1/formats/sealed").get_json()["lineage"] is None


def test_juniper_and_sycamore_are_one_or_the_other_from_2013_11_08_in_the_lineage(client):
    both = [{"count": 2, "id": "bw1-101"}, {"count": 2, "id": "xy1-122"}]
    # Sycamore (XY) was not out yet in 2013: a deck of both is judged from XY's release on.
    assert codes(judged(client, both, "2014-02-05", "modified")) == ["name-family"]
    assert codes(judged(client, both, "2015-01-01")) == ["name-family"]
    juniper = judged(client, four("bw1-101"), "2014-02-05", "standard")
    assert juniper["legal"] is True


# (rule, the format to judge in, a deck that breaks it from its first day, the code)
CARD_RULES = [
    ("shining-one-per-name", "modified", [{"count": 2, "id": "neo3-65"}], "name-limit"),
    ("pokemon-star-one-per-deck", "modified",
     [{"count": 1, "id": "ex7-107"}, {"count": 1, "id": "ex7-108"}], "star-limit"),
    ("ace-spec-one-per-deck", "standard", [{"count": 2, "id": "bw7-137"}], "ace-spec-limit"),
    ("prism-star-one-per-name", "standard", [{"count": 2, "id": "sm5-120"}],
     "prism-star-limit"),
    ("radiant-one-per-deck", "standard",
     [{"count": 1, "id": "swsh10-27"}, {"count": 1, "id": "swsh10-46"}], "radiant-limit"),
]


@pytest.mark.parametrize(("rule_id", "format_id", "cards", "code"), CARD_RULES,
                         ids=[rule[0] for rule in CARD_RULES])
def test_a_rule_a_card_prints_begins_with_the_card(client, full_index, rule_id, format_id,
                                                   cards, code):
    lineage = lineage_of("standard")
    assert lineage is not None
    rule = next(r for r in lineage.rules if r.id == rule_id)
    assert rule.code == code and rule.first_printing == cards[0]["id"]
    first = full_index.card(rule.first_printing)
    assert full_index.sets[first.set_id].release_date == rule.effective
    copies = sum(card["count"] for card in cards)
    on_the_day = judged(client, cards, rule.effective.isoformat(), format_id, 59 - copies)
    assert code in codes(on_the_day) and "not-yet-released" not in codes(on_the_day)
    # The day before, the card that prints the rule did not exist: nor did the rule.
    the_eve = judged(client, cards, day(rule.effective.isoformat(), -1), format_id, 59 - copies)
    assert "not-yet-released" in codes(the_eve)


def test_darkness_energy_is_basic_from_diamond_and_pearl_and_special_before(client):
    dp = judged(client, [{"count": 5, "id": "dp1-129"}], "2007-06-01", "modified", fire=54)
    assert dp["legal"] is True
    neo = judged(client, [{"count": 5, "id": "neo1-104"}], "2002-06-01", "modified",
                 fire=54)  # Darkness Energy (Neo Genesis): Special
    assert codes(neo) == ["copy-limit"]


def test_the_lineage_lists_its_dated_rules_with_their_sources(client):
    rules = client.get("/v1/formats/modified").get_json()["lineage"]["rules"]
    days = [rule["effective"] for rule in rules]
    assert days == sorted(days)
    assert {rule["id"] for rule in rules} >= {"ace-spec-one-per-deck", "radiant-one-per-deck",
                                                "juniper-or-sycamore", "basic-fairy-energy-out"}
    assert all(rule["source"]["url"].startswith("http") for rule in rules)
