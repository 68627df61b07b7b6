"""POST /v1/validate/stream: decks by the thousand, a line in and a line out, each deck's
answer what the batch gives it, a bad deck a problem in its place."""

from __future__ import annotations

import json

import pytest

from api import validate_stream
from tests.corpus import lists as corpus_lists
from tests.support.answers import batch_verdicts

NDJSON = "application/x-ndjson"
# The answers come from the in-memory index: one backend is enough for them.
pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


def _stream(client, lines: list[str]):
    response = client.post("/v1/validate/stream", data="\n".join(lines) + "\n",
                           content_type=NDJSON)
    assert response.status_code == 200 and response.mimetype == NDJSON
    return [json.loads(line) for line in response.get_data(as_text=True).splitlines()]


def test_every_corpus_list_is_answered_as_the_batch_answers_it(client):
    decks = [{"id": str(n), "format": "all", "deck": item.body, "detail": "legal_in"}
             for n, item in enumerate(corpus_lists())]
    answered = _stream(client, [json.dumps(deck) for deck in decks])
    *results, last = answered
    assert last == {"done": {"decks": len(decks), "answered": len(decks), "failed": 0}}
    assert [result["id"] for result in results] == [deck["id"] for deck in decks]
    batch = batch_verdicts(client, decks)
    assert all(result["verdict"] == batch[result["id"]] for result in results)


def test_a_bad_line_is_a_problem_in_its_place_and_the_others_are_answered(client):
    good = json.dumps({"id": "good", "format": "modified", "deck": "4 Bill LC 108"})
    answered = _stream(client, [
        good, "not json", json.dumps({"deck": "4 Bill LC 108"}), json.dumps([1]),
        json.dumps({"id": "full", "deck": "4 Bill LC 108", "detail": "full"}),
        json.dumps({"id": "long", "deck": "4 Bill LC 108\n" * 2000}),
        json.dumps({"id": "nosuch", "format": "nosuch", "deck": "4 Bill LC 108"}), good])
    statuses = [(line.get("id"), line.get("status")) for line in answered[:-1]]
    assert statuses == [("good", 200), (None, 400), (None, 422), (None, 422), ("full", 422),
                        (None, 413), ("nosuch", 404), ("good", 200)]
    lines = [line["problem"]["line"] for line in answered[1:-2]]
    assert lines == [2, 3, 4, 5, 6, 7]
    assert answered[-1] == {"done": {"decks": 8, "answered": 2, "failed": 6}}


def test_a_stream_past_its_decks_stops_and_says_where(client, monkeypatch):
    monkeypatch.setattr(validate_stream, "MAX_STREAM_DECKS", 3)
    deck = json.dumps({"id": "x", "format": "modified", "deck": "4 Bill LC 108"})
    answered = _stream(client, [deck] * 5)
    assert len(answered) == 4
    done = answered[-1]["done"]
    assert (done["decks"], done["stopped"]["at"]) == (3, 4)
    assert done["stopped"]["problem"]["type"].endswith("/batch-too-large")


def test_a_stream_out_of_time_stops_and_says_why(client, monkeypatch):
    from api import judgements
    from runtime.deadline import DeadlineExceeded

    judged = judgements.deck_verdict
    calls = []

    def slow(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:
            raise DeadlineExceeded(20.0)
        return judged(*args, **kwargs)

    monkeypatch.setattr(judgements, "deck_verdict", slow)
    deck = json.dumps({"id": "x", "format": "modified", "deck": "4 Bill LC 108"})
    answered = _stream(client, [deck] * 5)
    done = answered[-1]["done"]
    assert (len(answered), done["answered"], done["stopped"]["at"]) == (3, 2, 3)
    assert done["stopped"]["problem"]["type"].endswith("/deadline-exceeded")


@pytest.mark.parametrize(("content_type", "query", "status"), [
    ("application/json", "", 415), (NDJSON, "?format=all", 400)])
def test_a_stream_is_ndjson_with_no_query(client, content_type, query, status):
    response = client.post(f"/v1/validate/stream{query}", data="{}\n",
                           content_type=content_type)
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"


def test_a_stream_larger_than_it_may_be_is_refused_before_it_is_read(client):
    response = client.post("/v1/validate/stream", content_type=NDJSON,
                           data=b"\n" * (validate_stream.MAX_STREAM_BYTES + 1))
    assert response.status_code == 413


@pytest.mark.parametrize("body", ["", "\n", " \n\t\n"])
def test_a_stream_of_no_deck_is_refused(client, body):
    response = client.post("/v1/validate/stream", data=body, content_type=NDJSON)
    assert response.status_code == 422
    assert response.get_json()["type"].endswith("/invalid-body")
