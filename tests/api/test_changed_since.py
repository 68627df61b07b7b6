"""`changed_since` in the batch, the stream and a deck alone (api.judgements,
validators.verdict_changes): a deck is answered in full only where its verdict differs from
its verdict on that day, with the dated changes that concern it; every other deck in one
short answer. Held on the real corpus against each deck judged on both days."""

from __future__ import annotations

import json

import pytest

from tests.corpus import lists as corpus_lists
from tests.support.answers import batch_verdicts

# The verdicts come from the in-memory index: one backend is enough for them.
pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
# Medicham V (Evolving Skies 83) is banned in Expanded from 2026-04-10 (GET /v1/changes).
BANNED = "4 Medicham V EVS 83\n4 Ultra Ball SVI 196\n52 Fighting Energy SVE 6\n"
UNTOUCHED = "4 Ultra Ball SVI 196\n56 Fighting Energy SVE 6\n"
ASKED = {"format": "expanded", "as_of": "2026-05-01", "changed_since": "2026-04-01"}


def _batch(client, decks: list[dict]) -> dict[str, dict]:
    answer = client.post("/v1/validate/batch", json={"decks": decks})
    assert answer.status_code == 200
    return {result["id"]: result["verdict"] for result in answer.get_json()["results"]}


def test_a_ban_has_the_decks_it_touches_answered_in_full_with_the_ban(client):
    found = _batch(client, [{"id": "banned", **ASKED, "deck": BANNED},
                            {"id": "untouched", **ASKED, "deck": UNTOUCHED}])
    changed = found["banned"]["changed"]
    assert changed["since"] == "2026-04-01" and changed["formats"] == ["expanded"]
    [ban] = [change for change in changed["changes"] if change["kind"] == "ban"]
    assert [card["id"] for card in ban["cards"]] == ["swsh7-83"]
    assert ban["effective"] == "2026-04-10" and ban["source"]["url"].startswith("https://")
    assert "banned" in {violation["code"] for violation in found["banned"]["violations"]}
    alone = client.post("/v1/validate", json={"format": "expanded", "as_of": "2026-05-01",
                                              "deck": UNTOUCHED, "detail": "verdict"}).get_json()
    assert found["untouched"] == {"unchanged": True, "changed_since": "2026-04-01",
                                  "legal_in": ["expanded"] if alone["legal"] else [],
                                  "catalog": alone["catalog"]}


def test_the_stream_answers_each_deck_as_the_batch_does(client):
    decks = [{"id": "banned", **ASKED, "deck": BANNED, "detail": "verdict"},
             {"id": "untouched", **ASKED, "deck": UNTOUCHED, "detail": "verdict"}]
    body = "".join(json.dumps(deck) + "\n" for deck in decks)
    answer = client.post("/v1/validate/stream", data=body, content_type="application/x-ndjson")
    assert answer.status_code == 200
    lines = [json.loads(line) for line in answer.get_data(as_text=True).splitlines()]
    assert {line["id"]: line["verdict"] for line in lines if "id" in line} == _batch(client,
                                                                                      decks)


def test_one_deck_alone_is_answered_as_in_a_batch(client):
    for deck in (BANNED, UNTOUCHED):
        alone = client.post("/v1/validate", json={**ASKED, "deck": deck, "detail": "verdict"})
        assert alone.status_code == 200
        assert alone.get_json() == _batch(client, [{"id": "a", **ASKED, "deck": deck}])["a"]


def _compared(verdicts: dict) -> dict[str, tuple[bool, frozenset[str]]]:
    """Each format's verdict as two days' are compared: legal, and its codes."""
    return {verdict["format"]["id"]: (verdict["legal"], frozenset(
        verdicts["findings"][at]["code"] for at in verdict["violations"]))
        for verdict in verdicts["verdicts"]}


@pytest.mark.parametrize(("since", "until"), [
    ("2026-04-01", "2026-05-01"),  # Standard's rotation and Medicham V's ban, 2026-04-10
    ("2025-10-01", "2025-10-20"),  # Flapple's ban in Expanded, 2025-10-10
    ("2025-03-01", "2025-05-01"),  # Standard's 2025 rotation
])
def test_exactly_the_corpus_decks_whose_verdict_differs_are_answered_in_full(client, since,
                                                                             until):
    # Every published list of the corpus (tests/corpus, each with its source).
    decks = [item.body for item in corpus_lists()]
    asked = {"format": ["standard", "expanded"], "detail": "verdict"}

    def on(day: str) -> dict[str, dict]:
        return batch_verdicts(client, [{"id": str(n), **asked, "as_of": day, "deck": deck}
                                       for n, deck in enumerate(decks)])

    before, after = on(since), on(until)
    differs = {str(n) for n in range(len(decks))
               if _compared(before[str(n)]) != _compared(after[str(n)])}
    answered = batch_verdicts(client, [
        {"id": str(n), **asked, "as_of": until, "changed_since": since, "deck": deck}
        for n, deck in enumerate(decks)])
    in_full = {deck_id for deck_id, verdict in answered.items() if "unchanged" not in verdict}
    assert in_full == differs
    assert 0 < len(differs) < len(decks)  # both kinds of answer are held
    for deck_id in differs:  # answered as on the day asked, and said why
        verdict = answered[deck_id]
        assert _compared(verdict) == _compared(after[deck_id])
        assert set(verdict["changed"]["formats"]) == {
            format_id for format_id in {*_compared(before[deck_id]), *_compared(after[deck_id])}
            if _compared(before[deck_id]).get(format_id) != _compared(after[deck_id]).get(
                format_id)}
