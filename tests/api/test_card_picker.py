"""A deckbuilding site's card picker on GET /v1/cards (api/card_search.py): the filters it
sends, each composable, sorted, and each card once with its printings beside it; every
answer checked against the contract by the client."""

from __future__ import annotations

import re

import pytest
import yaml

from api import card_search
from api.cards import MAX_WORDS_CHARACTERS, CardQuery, Words
from catalog.index import CatalogIndex
from tests.support.contract import SPEC_PATH
from validators import vocabulary


def _all(client, query: str) -> list[dict]:
    """Every item of a search, page after page."""
    items, page = [], 1
    while True:
        body = client.get(f"/v1/cards?{query}&per_page=250&page={page}").get_json()
        items += body["items"]
        if "next" not in body:
            assert len(items) == body["total"]
            return items
        page += 1


def test_every_legal_trainer_once_sorted_by_name(client, full_index: CatalogIndex):
    items = _all(client, "legal_in=standard&supertype=Trainer&unique=cards&sort=name")
    names = [item["name"] for item in items]
    assert names == sorted(names, key=str.casefold)
    # One result a gameplay identity: Switch once, as its newest printing, not the Base Set's.
    keys = [item["identity"]["function_key"] for item in items]
    assert len(keys) == len(set(keys))
    switch = [item for item in items if item["name"] == "Switch"]
    assert len(switch) == 1
    assert "base1-95" in switch[0]["other_printings"]
    front = full_index.printings[switch[0]["id"]]
    for other in switch[0]["other_printings"]:
        printing = full_index.printings[other]
        assert printing.function_key == front.function_key
        assert full_index.sets[printing.set_id].order <= full_index.sets[front.set_id].order
    assert all(item["supertype"] == "Trainer" and item["legalities"]["standard"]["legal"]
               for item in items)
    # The same search, each printing: every printing of these cards is there, once.
    printings = _all(client, "legal_in=standard&supertype=Trainer")
    assert sorted(item["id"] for item in printings) == sorted(
        card_id for item in items for card_id in [item["id"], *item["other_printings"]])


def test_every_fire_pokemon_ex_with_200_hp_or_more_legal_in_standard(client):
    items = _all(client, "legal_in=standard&types=Fire&subtypes=ex&hp_min=200&unique=cards"
                         "&sort=name")
    assert {"Ceruledge ex", "Gouging Fire ex", "Incineroar ex"} <= {i["name"] for i in items}
    for item in items:
        assert "Fire" in item["types"] and "ex" in item["subtypes"] and item["hp"] >= 200
        assert item["legalities"]["standard"]["legal"]


def test_a_basic_is_found_as_basic_however_the_catalog_spells_its_stage(client):
    # pokemon-tcg-data spells it "Basic Stage" in Ascended Heroes (Erika's Oddish, me2pt5-1)
    found = {item["id"] for item in _all(client, "stage=basic&set=me2pt5&supertype=Pok%C3%A9mon")}
    assert "me2pt5-1" in found
    staged = {item["id"] for item in _all(client, "stage=Stage 1&set=me2pt5")}
    assert found and staged and not found & staged


def test_the_printing_itself_legal_leaves_out_cards_legal_through_a_reprint(client):
    through = {item["id"] for item in _all(client, "legal_in=standard&supertype=Trainer")}
    itself = _all(client, "printing_legal_in=standard&supertype=Trainer")
    assert "base1-95" in through and "base1-95" not in {item["id"] for item in itself}
    assert {item["id"] for item in itself} < through
    assert all("via" not in item["legalities"]["standard"] for item in itself)


@pytest.mark.parametrize(("query", "holds"), [
    ("stage=Stage 2&types=Water", lambda i: "Stage 2" in i["subtypes"]
     and "Water" in i["types"] and i["supertype"] == "Pokémon"),
    ("subtypes=pokemon tool", lambda i: "Pokémon Tool" in i["subtypes"]),
    ("subtypes=ACE SPEC,Item", lambda i: {"ACE SPEC", "Item"} <= set(i["subtypes"])),
    ("subtypes=Tera&regulation_mark=g,h", lambda i: "Tera" in i["subtypes"]
     and i["regulation_mark"] in ("G", "H")),
    ("hp_min=300&hp_max=320", lambda i: 300 <= i["hp"] <= 320),
    ("attack_cost=1&attack_energy=Fire", lambda i: any(
        len(attack["cost"]) == 1 and "Fire" in attack["cost"] for attack in i["attacks"])),
    ("attack_cost=0", lambda i: any(attack["cost"] == [] for attack in i["attacks"])),
    ("rarity=double rare", lambda i: i["rarity"].replace(" ", "").casefold() == "doublerare"),
    ("subtypes=ex&legal_in=standard", lambda i: "ex" in i["subtypes"]),
    ("subtypes=EX", lambda i: "EX" in i["subtypes"]),
    ("artist=ARITA&set=base1", lambda i: "Arita" in i["artist"]
     and i["set"]["id"] == "base1"),
])
def test_each_filter_holds_of_every_card_found(client, query, holds):
    items = _all(client, query)
    assert items
    assert all(holds(item) for item in items)


def test_sorted_by_release_newest_first(client, full_index: CatalogIndex):
    items = _all(client, "name=Boss's Orders&sort=released")
    orders = [full_index.sets[item["set"]["id"]].order for item in items]
    assert len(items) > 5 and orders == sorted(orders, reverse=True)


def test_an_hp_range_that_holds_no_number_finds_no_card(client):
    # Schema-valid, as the contract has it: an empty range, answered as the empty search it is.
    answer = client.get("/v1/cards?hp_min=300&hp_max=200")
    assert answer.status_code == 200 and answer.get_json()["items"] == []
    assert client.get("/v1/cards?hp_min=200&hp_max=200").get_json()["items"] != []


@pytest.mark.parametrize(("query", "parameter"), [
    ("types=Fyre", "types"), ("stage=Stage 3", "stage"),
    ("sort=price", "sort"), ("unique=art", "unique"), ("printing_legal_in=nowhere",
                                                        "printing_legal_in"),
    ("subtypes=" + ",".join(["ex"] * 21), "subtypes"), ("attack_energy=Fire,,Water",
                                                        "attack_energy"),
    ("artist=a%00b", "artist"), ("rarity=a%01", "rarity"),
])
def test_a_filter_not_understood_is_a_problem_naming_it(client, query, parameter):
    answer = client.get(f"/v1/cards?{query}")
    assert answer.status_code == 400
    assert answer.get_json()["parameter"] == parameter


@pytest.mark.parametrize(("parameter", "choices"), [
    ("types", vocabulary.TYPES), ("attack_energy", vocabulary.TYPES),
    ("stage", card_search.STAGES)])
def test_the_contract_takes_the_choices_the_search_reads_and_no_other(parameter, choices):
    # The contract's pattern for a comma list of choices, held to the list the service reads.
    contract = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    described = next(each for each in contract["paths"]["/v1/cards"]["get"]["parameters"]
                     if each.get("name") == parameter)
    pattern = re.compile(described["schema"]["pattern"])
    assert pattern.search(", ".join(choice.lower() for choice in choices))
    assert not pattern.search("Stage 3") and not pattern.search("Fyre")


def test_every_comma_list_of_the_search_is_as_long_as_the_contract_says():
    contract = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))
    described = {each["name"]: each["schema"]
                 for each in contract["paths"]["/v1/cards"]["get"]["parameters"]
                 if each.get("name") in CardQuery._declared_fields
                 and isinstance(CardQuery._declared_fields[each["name"]], Words)}
    assert set(described) >= {"types", "stage", "subtypes", "attack_energy", "rarity"}
    assert {schema["maxLength"] for schema in described.values()} == {MAX_WORDS_CHARACTERS}
