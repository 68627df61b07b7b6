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
    assert standard == {"status": "not_yet_legal", "legal": False, "as_of": "2026-07-20",
                        "legal_from": "2026-07-31"}
    assert "sealed" not in body["legalities"]  # Limited formats take the event's product
    later = client.get("/v1/cards/me5-78?as_of=2026-08-01").get_json()["legalities"]
    assert later["standard"]["legal"] and later["standard"]["limit"] == {
        "copies": 4, "by": "format", "text": None}


@ON_SQLITE
def test_a_reprint_names_the_printing_it_is_legal_as_and_a_ban_its_source(client):
    charizard = client.get("/v1/cards/base1-4?as_of=2003-08-31").get_json()["legalities"]
    assert charizard["modified"]["status"] == "legal" and charizard["modified"]["via"] == "base6-3"
    slowking = client.get("/v1/cards/neo1-14").get_json()["legalities"]["modified"]
    assert slowking["status"] == "legal" and slowking["legal"] is False
    assert slowking["banned"]["source"] and "limit" not in slowking


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
