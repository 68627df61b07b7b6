"""One path for a deck: /v1/validate, the batch and the stream read, plan, budget and judge a
deck alike (api.judgements), so a deck at fault is the same problem through each, in its
place: under /decks/N in a batch, on its line in a stream. A deck that breaks the code is an
internal-error problem in its place in a batch and in a stream alike, and the decks after it
are answered."""

from __future__ import annotations

import json

import pytest

from api import judgements
from api.middleware.problems import Problem
from tests.support.faults import judging_breaks_on

NDJSON = "application/x-ndjson"
GOOD = {"format": "modified", "deck": "4 Bill LC 108\n", "detail": "verdict"}


def _around(deck: dict) -> list[dict]:
    """The deck between two good ones, as a batch's or a stream's decks."""
    return [{"id": "a", **GOOD}, deck, {"id": "b", **GOOD}]
# The answers come from the in-memory index: one backend is enough for them.
pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

HOSTILE = [
    # (name, the deck as a /v1/validate JSON body)
    ("unknown-format", {"format": "extended", "deck": "4 Bill"}),
    ("deck-is-a-number", {"format": "modified", "deck": 4}),
    ("format-is-a-number", {"format": 3, "deck": "x"}),
    ("tournament-is-a-string", {"deck": "x", "tournament": "yes"}),
    ("count-is-a-string", {"format": "modified", "deck": [{"count": "4", "id": "base1-4"}]}),
    ("nul-in-the-deck", {"format": "modified", "deck": "4 Bill\n1 Pi\u0000ka"}),
    ("nul-in-an-entry", {"deck": [{"count": 1, "name": "Pi\u0000ka"}]}),
    ("huge-count", {"deck": [{"count": 1e300, "id": "x"}]}),
    ("long-name", {"deck": [{"count": 1, "name": "x" * 201}]}),
    ("eleven-formats", {"deck": "x", "format": ["modified", "unlimited", "sealed",
                                                "booster-draft", "rochester-draft",
                                                "team-multiplay", "team-battle", "2v2-casual",
                                                "partner-battles", "all", "modified"]}),
    ("unknown-field", {"deck": "x", "formats": "modified"}),
    ("unknown-language", {"deck": "4 Bill", "lang": "tlh"}),
    ("past-the-work-a-request-may-ask", {"format": "all", "deck": "1 Bill\n" * 1000}),
]


def _through_each(client, deck: dict) -> tuple[dict, dict, dict]:
    """The problem of one deck sent alone, in a batch (second of three) and in a stream (its
    second line of three)."""
    alone = client.post("/v1/validate", json={"detail": "verdict", **deck})
    assert alone.status_code >= 400, alone.get_json()
    assert alone.mimetype == "application/problem+json"
    sent = {"id": "probe", "detail": "verdict", **deck}
    batch = client.post("/v1/validate/batch", json={"decks": _around(sent)}).get_json()
    assert [result["status"] for result in batch["results"]] == \
        [200, alone.status_code, 200]
    body = "\n".join(json.dumps(line) for line in _around(sent)) + "\n"
    stream = client.post("/v1/validate/stream", data=body, content_type=NDJSON)
    lines = [json.loads(line) for line in stream.get_data(as_text=True).splitlines()]
    assert [line.get("status") for line in lines[:3]] == [200, alone.status_code, 200]
    assert lines[1]["id"] == "probe" and batch["results"][1]["id"] == "probe"
    return alone.get_json(), batch["results"][1]["problem"], lines[1]["problem"]


@pytest.mark.parametrize("deck", [deck for _, deck in HOSTILE],
                         ids=[name for name, _ in HOSTILE])
def test_a_deck_at_fault_is_the_same_problem_alone_in_a_batch_and_in_a_stream(client, deck):
    alone, in_batch, in_stream = _through_each(client, deck)
    assert (in_batch["type"], in_batch["status"], in_batch["detail"]) == \
        (alone["type"], alone["status"], alone["detail"])
    assert (in_stream["type"], in_stream["status"], in_stream["detail"]) == \
        (alone["type"], alone["status"], alone["detail"])
    if "pointer" in alone:
        assert in_batch["pointer"] == "/decks/1" + alone["pointer"]
        assert in_stream["pointer"] == alone["pointer"]
    assert in_stream["line"] == 2  # the stream's line: where the deck was sent


def test_a_deck_that_breaks_the_code_is_an_internal_error_in_its_place_in_each(client,
                                                                             monkeypatch):
    judging_breaks_on(monkeypatch, "Pika")
    broken = {"id": "broken", "format": "modified", "deck": "4 Pikachu BS 58\n",
              "detail": "verdict"}
    batch = client.post("/v1/validate/batch", json={"decks": _around(broken)}).get_json()
    body = "\n".join(json.dumps(line) for line in _around(broken)) + "\n"
    stream = client.post("/v1/validate/stream", data=body, content_type=NDJSON)
    lines = [json.loads(line) for line in stream.get_data(as_text=True).splitlines()]
    assert [result["status"] for result in batch["results"]] == [200, 500, 200]
    assert [line.get("status") for line in lines[:3]] == [200, 500, 200]
    in_batch, in_stream = batch["results"][1]["problem"], lines[1]["problem"]
    assert in_batch["type"].endswith("/internal-error") and in_batch["pointer"] == "/decks/1"
    assert (in_stream["type"], in_stream["detail"], in_stream["line"]) == \
        (in_batch["type"], in_batch["detail"], 2)
    assert lines[3]["done"] == {"decks": 3, "answered": 2, "failed": 1}


def test_one_deck_judged_alone_is_what_the_batch_answers_it(full_app):
    sent = {"format": ["modified", "unlimited"], "deck": "4 Pikachu BS 58\n61 Fire Energy"}
    with full_app.test_request_context():
        from api.middleware import store

        judged = judgements.judge_one_deck(store.index(), sent)
        refused = judgements.judge_one_deck(store.index(), {**sent, "format": "extended"})
    batch = full_app.test_client().post("/v1/validate/batch",
                                        json={"decks": [{"id": "a", **sent}]}).get_json()
    assert judged == batch["results"][0]["verdict"]
    assert isinstance(refused, Problem)
    assert (refused.slug, refused.extensions["pointer"]) == ("unknown-format", "/format")
