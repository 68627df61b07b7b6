"""Every card's legality by format and day on the card answers, and card search by
legality (validators/card_legality.py judges; tests/unit/test_card_legality.py holds it to
the deck checks)."""

from __future__ import annotations

import pytest

# The answers read the in-memory index and the database: one backend is enough here.
ON_SQLITE = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


@ON_SQLITE
def test_a_card_says_where_it_is_legal_on_the_day(client):
    body = client.get("/v1/cards/me5-78?as_of=2026-07-20").get_json()  # Gwynn, Pitch Black
    standard = body["legalities"]["standard"]
    # Not yet legal from its release until its set's legal day.
    assert standard == {"status": "not_yet_legal", "legal": False, "as_of": "2026-07-20",
                        "legal_from": "2026-07-31"}
    stretched = client.get("/v1/cards/me5-78?as_of=2026-07-20&stretch=true").get_json()
    assert stretched["legalities"]["standard"] == {**standard, "since": "2026-07-17",
                                                   "until": "2026-07-31"}
    assert "sealed" not in body["legalities"]  # Limited formats take the event's product
    later = client.get("/v1/cards/me5-78?as_of=2026-08-01").get_json()["legalities"]
    assert later["standard"]["legal"] and later["standard"]["limit"] == {
        "copies": 4, "by": "format", "text": None}


@ON_SQLITE
def test_a_reprint_names_the_printing_it_is_legal_as_and_a_ban_its_source(client):
    charizard = client.get("/v1/cards/base1-4?as_of=2003-08-31").get_json()["legalities"]
    assert charizard["modified"]["status"] == "legal" and charizard["modified"]["via"] == "base6-3"
    slowking = client.get("/v1/cards/neo1-14").get_json()["legalities"]["modified"]
    assert slowking["status"] == "banned" and slowking["legal"] is False
    assert slowking["banned"]["source"] and "limit" not in slowking


@ON_SQLITE
@pytest.mark.parametrize("day", ["2026-05-01", "2009-10-01", "2002-10-01"])
def test_a_card_has_a_legality_in_the_formats_a_deck_is_judged_in_that_day(client, day):
    """The formats `format=all` judges on the day (those played on it), no more: Modified
    from 2014 is Standard's season, and Team Battle's era is 2009-10."""
    card = client.get(f"/v1/cards/base1-4?as_of={day}").get_json()["legalities"]
    deck = client.post("/v1/validate", json={"format": "all", "as_of": day,
                                              "detail": "legal_in",
                                              "deck": "4 Charizard BS 4"}).get_json()
    judged = set(deck["formats"])
    assert set(card) == {fmt for fmt in judged if fmt in card_formats()}
    assert ("modified" in card) == (day < "2014")
    assert ("team-battle" in card) == (day == "2009-10-01")


def card_formats() -> set[str]:
    from validators import card_legality

    return set(card_legality.formats())


@ON_SQLITE
def test_a_card_banned_from_a_day_reads_banned_from_it(client):
    """Medicham V in Expanded: its ban announced for 2026-04-10."""
    eve, day = (client.get(f"/v1/cards/swsh7-83?as_of={when}").get_json()["legalities"]
                ["expanded"] for when in ("2026-04-09", "2026-04-10"))
    assert (eve["status"], eve["legal"], "banned" in eve) == ("legal", True, False)
    assert (day["status"], day["legal"], day["banned"]["effective"]) == (
        "banned", False, "2026-04-10")


@ON_SQLITE
def test_each_card_of_a_search_has_its_legalities(client):
    body = client.get("/v1/cards?name=Gwynn&as_of=2026-08-01").get_json()
    assert body["items"] and all(item["legalities"]["standard"]["legal"]
                                 for item in body["items"])


@ON_SQLITE
def test_search_by_legality_keeps_the_cards_legal_in_every_format_named(client):
    every = client.get("/v1/cards?name=Ultra Ball&as_of=2026-08-01&per_page=250").get_json()
    legal = client.get("/v1/cards?name=Ultra Ball&as_of=2026-08-01&per_page=250"
                       "&legal_in=standard,glc").get_json()
    not_legal = client.get("/v1/cards?name=Ultra Ball&as_of=2026-08-01&per_page=250"
                           "&not_legal_in=standard").get_json()
    assert legal["total"] == len(legal["items"]) > 0
    assert all(item["legalities"]["standard"]["legal"] and item["legalities"]["glc"]["legal"]
               for item in legal["items"])
    assert all(not item["legalities"]["standard"]["legal"] for item in not_legal["items"])
    standard = {item["id"] for item in every["items"]
                if item["legalities"]["standard"]["legal"]}
    assert {item["id"] for item in not_legal["items"]} == \
        {item["id"] for item in every["items"]} - standard


@ON_SQLITE
def test_search_by_legality_pages_through_what_it_keeps(client):
    first = client.get("/v1/cards?legal_in=standard&as_of=2026-08-01&per_page=10").get_json()
    second = client.get(first["next"]).get_json()
    assert first["total"] == second["total"] > 20
    ids = [item["id"] for item in first["items"] + second["items"]]
    assert len(set(ids)) == 20
    assert all(item["legalities"]["standard"]["legal"] for item in second["items"])


@pytest.mark.parametrize("query", ["legal_in=nosuch", "legal_in=standard,,glc",
                                   "not_legal_in=sealed", "as_of=2026-13-01"])
@ON_SQLITE
def test_a_format_a_card_has_no_legality_in_is_refused(client, query):
    response = client.get(f"/v1/cards?{query}")
    assert response.status_code == 400
    assert response.mimetype == "application/problem+json"


def test_the_contract_names_every_format_a_card_has_a_legality_in():
    import yaml

    from tests.support.contract import SPEC_PATH
    from validators import card_legality

    spec = yaml.safe_load(SPEC_PATH.read_text())
    parameters = {p["name"]: p for p in spec["paths"]["/v1/cards"]["get"]["parameters"]
                  if "name" in p}
    ids = "|".join(card_legality.formats())
    for name in ("legal_in", "not_legal_in"):
        assert parameters[name]["schema"]["pattern"] == f"^({ids})(,({ids}))*$"


def test_the_contract_and_the_docs_name_every_status_and_what_it_says_of_legal():
    import yaml

    from tests.support.contract import SPEC_PATH
    from tests.support.paths import PROJECT_ROOT
    from validators.card_legality import STATUSES

    schema = yaml.safe_load(SPEC_PATH.read_text())["components"]["schemas"]["CardLegality"]
    assert schema["properties"]["status"]["enum"] == list(STATUSES)
    legal = schema["properties"]["legal"]["description"]
    assert {status for status in STATUSES if f"`{status}`" in legal} == \
        {status for status, holds in STATUSES.items() if holds}
    docs = (PROJECT_ROOT / "docs" / "formats.md").read_text()
    section = docs.split("## A card's legality", 1)[1].split("\n## ", 1)[0]
    rows = {cells[0].strip("` "): cells[1].strip() for cells in
            (row.strip().strip("|").split("|") for row in section.splitlines()
             if row.strip().startswith("| `") and row.count("|") == 4)}
    del rows["status"]  # the table's head
    assert rows == {status: "true" if holds else "false" for status, holds in STATUSES.items()}
