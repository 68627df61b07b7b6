"""`detail: legal_in`: for each format asked, legal or not and the codes of what fails, each
format judged until its first error; held to the full verdict on the real corpus."""

from __future__ import annotations

import pytest

from tests.corpus import lists as corpus_lists
from tests.support.answers import batch_verdicts

# The verdicts come from the in-memory index: one backend is enough for them.
pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def test_a_deck_legal_in_some_formats_says_which(client):
    deck = "4 Bill LC 108\n1 Charmander LC 70\n55 Fire Energy BS 98"
    body = client.post("/v1/validate?format=modified,standard&detail=legal_in", data=deck,
                       content_type="text/plain").get_json()
    assert body["detail"] == "legal_in" and body["legal_in"] == ["modified"]
    assert body["formats"]["modified"] == {"legal": True, "as_of": "2003-08-31"}
    assert body["formats"]["standard"]["legal"] is False
    assert body["formats"]["standard"]["fails"]  # the codes of what fails first
    assert "violations" not in body and "cards" not in body


@pytest.mark.sweep  # every list of the corpus in every format, twice
def test_legal_in_is_the_full_verdicts_legal_and_some_of_its_codes(client):
    # Every list of the corpus (tests/corpus: published lists, each with its source) in
    # every format: `legal` is the full verdict's, and what fails is among its errors.
    decks = [item.body for item in corpus_lists()]
    full = batch_verdicts(client, [{"id": str(n), "format": "all", "deck": deck,
                                    "detail": "verdict"} for n, deck in enumerate(decks)])
    badges = batch_verdicts(client, [{"id": str(n), "format": "all", "deck": deck,
                                      "detail": "legal_in"} for n, deck in enumerate(decks)])
    compared = 0
    for n in range(len(decks)):
        verdicts = {v["format"]["id"]: v for v in full[str(n)]["verdicts"]}
        errors = {fid: {full[str(n)]["findings"][at]["code"] for at in v["violations"]}
                  for fid, v in verdicts.items()}
        for format_id, badge in badges[str(n)]["formats"].items():
            assert badge["legal"] == verdicts[format_id]["legal"], (n, format_id)
            if not badge["legal"]:
                assert set(badge["fails"]) <= errors[format_id], (n, format_id)
            compared += 1
    assert compared > 1000


def test_a_team_is_not_answered_so(client):
    response = client.post("/v1/validate/team", json={
        "format": "team-battle", "detail": "legal_in",
        "players": [{"seat": "A", "deck": "4 Bill LC 108"}]})
    assert response.status_code == 422  # an invalid body, as any other bad field
    assert response.get_json()["pointer"] == "/detail"
