"""Judging the coming format: a request previews sets of Japan's (`preview: ["M6"]`), whose
cards then count as legal as their international printings will be, each line so judged
named by a `previewed` warning; without it they are not released here."""

from __future__ import annotations

# Basic Pokémon of Japan's M6 (released there 2026-07-31; no English printing in the
# catalog) and basic Energy: a 60-card deck of the coming format.
M6_DECK = ("4 Heracross M6 1\n4 Growlithe M6 10\n4 Cacnea M6 4\n4 Combee M6 6\n"
           "44 Basic Grass Energy SVE 1\n")
DAY = "2026-09-01"


def _validate(client, **body) -> dict:
    response = client.post("/v1/validate", json={"format": "standard", "detail": "full",
                                                 "as_of": DAY, **body})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_list_of_m6_cards_is_legal_with_m6_previewed_and_not_without(client):
    without = _validate(client, deck=M6_DECK)
    assert not without["legal"]
    assert sorted(v["arguments"]["line"] for v in without["violations"]
                  if v["code"] == "not-released-here") == [1, 2, 3, 4]
    previewed = _validate(client, deck=M6_DECK, preview=["M6"])
    assert previewed["legal"], previewed["violations"]
    assert [line["card"]["id"] for line in previewed["cards"]][:4] == \
        ["ja-m6-1", "ja-m6-10", "ja-m6-4", "ja-m6-6"]
    warned = [w for w in previewed["warnings"] if w["code"] == "previewed"]
    assert sorted(w["arguments"]["line"] for w in warned) == [1, 2, 3, 4]
    assert {w["arguments"]["code"] for w in warned} == {"M6"}
    assert {w["arguments"]["released"] for w in warned} == {"2026-07-31"}


def test_a_preview_counts_from_the_release_in_japan(client):
    before = _validate(client, deck=M6_DECK, preview=["m6"], as_of="2026-07-01")
    assert not before["legal"]
    assert not [w for w in before["warnings"] if w["code"] == "previewed"]


def test_another_sets_preview_leaves_m6_not_released_here(client):
    answer = _validate(client, deck=M6_DECK, preview=["M5"])
    assert not answer["legal"]
    assert {v["code"] for v in answer["violations"]} == {"not-released-here"}


def test_a_code_no_set_of_japan_has_is_a_404_naming_those_it_has(client):
    response = client.post("/v1/validate", json={"format": "standard", "deck": M6_DECK,
                                                 "preview": ["M6a"]})
    assert response.status_code == 404
    problem = response.get_json()
    assert problem["pointer"] == "/preview" and "M6a" in problem["detail"]
    assert "M6" in problem["supported"] and "SV4a" in problem["supported"]


def test_an_organizers_definition_may_preview_sets_of_japan(client):
    definition = {"id": "standard-m6", "base": "standard", "name": "Standard with M6",
                  "preview": ["M6"]}
    response = client.post("/v1/validate", json={"deck": M6_DECK, "definition": definition,
                                                 "detail": "full", "as_of": DAY})
    assert response.status_code == 200, response.get_json()
    answer = response.get_json()
    assert answer["legal"], answer["violations"]
    assert len([w for w in answer["warnings"] if w["code"] == "previewed"]) == 4
    unknown = client.post("/v1/validate", json={
        "deck": M6_DECK, "definition": {**definition, "preview": ["M6a"]}})
    assert unknown.status_code == 404
    assert unknown.get_json()["pointer"] == "/definition/preview/0"
