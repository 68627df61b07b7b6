"""POST /v1/validate/stream: decks by the thousand, a line in and a line out, each deck's
answer what the batch gives it, a bad deck a problem in its place."""

from __future__ import annotations

import io
import json

import pytest

from api import validate_stream
from api.middleware import answer_bound
from tests.corpus import lists as corpus_lists
from tests.support.answers import batch_verdicts
from tests.support.crafted import crafted_stream
from tests.support.filesystems import small_filesystem

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
    decks = [json.dumps({"id": str(n), "format": "modified", "deck": "4 Bill LC 108"})
             for n in range(5)]
    answered = _stream(client, [*decks, "{}"])
    *lines, last = answered
    done = last["done"]
    assert (done["decks"], done["answered"], done["failed"], done["stopped"]["at"]) == (
        6, 2, 4, 3)
    assert done["stopped"]["problem"]["type"].endswith("/deadline-exceeded")
    # the deck it stopped at and each after it that names its id: a short problem in place
    assert [(line["id"], line["status"]) for line in lines] == [
        ("0", 200), ("1", 200), ("2", 503), ("3", 503), ("4", 503)]
    assert [line["problem"]["line"] for line in lines[2:]] == [3, 4, 5]
    assert all("stopped at line 3" in line["problem"]["detail"] for line in lines[2:])


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


def test_a_deck_whose_answer_passes_its_lines_bound_is_refused_in_its_place(client, full_index):
    """Four of each of the 60 most reprinted names, every format, the verdict alone: each
    line is answered 178 times its bytes, past the 100 times a line may be."""
    crafted = crafted_stream(full_index, 3).decode().splitlines()
    good = json.dumps({"id": "good", "format": "all", "deck": "4 Bill LC 108"})
    answered = _stream(client, [crafted[0], good, *crafted[1:]])
    *lines, last = answered
    assert [(line["id"], line["status"]) for line in lines] == [
        ("0", 413), ("good", 200), ("1", 413), ("2", 413)]
    problem = lines[0]["problem"]
    assert problem["type"].endswith("/answer-too-large") and problem["line"] == 1
    assert problem["limit"] == answer_bound.largest_line_answer(len(crafted[0].encode()))
    assert last == {"done": {"decks": 4, "answered": 1, "failed": 3}}


def test_a_short_deck_in_every_format_is_answered_as_it_is_alone(client):
    """Four cards in every format answer more than 100 times their line: the line's floor
    lets a stream answer what /v1/validate answers."""
    sent = {"id": "short", "format": "all", "detail": "verdict", "deck": "4 Bill LC 108"}
    line = json.dumps(sent)
    alone = client.post("/v1/validate", json={k: v for k, v in sent.items() if k != "id"})
    assert alone.status_code == 200
    assert len(alone.data) > answer_bound.BATCH_ANSWER_RATIO * len(line.encode())
    [answered, last] = _stream(client, [line])
    assert answered["status"] == 200 and answered["id"] == "short"
    assert answered["verdict"]["legal_in"] == alone.get_json()["legal_in"]
    assert last == {"done": {"decks": 1, "answered": 1, "failed": 0}}


def test_many_short_lines_are_held_to_the_whole_answers_bound(client):
    """Each small line may answer up to its floor, but the stream as a whole answers at
    most 100 times what it sent: the floor does not multiply by the number of decks."""
    lines = [json.dumps({"id": str(n), "format": "all", "detail": "verdict",
                         "deck": "4 Bill LC 108"}) for n in range(400)]
    body = ("\n".join(lines) + "\n").encode()
    response = client.post("/v1/validate/stream", data=body,
                           content_type="application/x-ndjson")
    assert response.status_code == 200
    assert len(response.data) <= answer_bound.largest_stream_answer(len(body))
    answered = [json.loads(line) for line in response.data.splitlines()]
    assert answered[-1]["done"]["stopped"]["problem"]["type"].endswith("/answer-too-large")


def test_a_stream_stops_at_its_bound_and_the_decks_left_get_a_short_problem(client,
                                                                            monkeypatch):
    """Real lists, every format, the verdicts alone, under a ceiling that holds a few: each
    deck left names its id, and the whole answer stays within the bound."""
    monkeypatch.setattr(answer_bound, "STREAM_ANSWER_CEILING", 600_000)
    texts = [item.body for item in corpus_lists() if isinstance(item.body, str)][:100]
    decks = [json.dumps({"id": str(n), "format": "all", "detail": "verdict", "deck": text})
             for n, text in enumerate(texts)]
    response = client.post("/v1/validate/stream", data="\n".join(decks) + "\n",
                           content_type=NDJSON)
    assert response.status_code == 200
    assert len(response.get_data()) <= 600_000
    *lines, last = [json.loads(line) for line in response.get_data().splitlines()]
    stopped = last["done"]["stopped"]
    assert stopped["problem"]["type"].endswith("/answer-too-large")
    assert stopped["problem"]["limit"] == 600_000
    assert [line["id"] for line in lines] == [str(n) for n in range(len(decks))]
    at = stopped["at"]
    assert 1 < at < len(decks)
    assert all(line["status"] == 200 for line in lines[:at - 1])
    assert all(line["status"] == 413 and line["problem"]["line"] == number
               for number, line in enumerate(lines[at - 1:], start=at))
    assert last["done"] == {"decks": len(decks), "answered": at - 1,
                            "failed": len(decks) - at + 1, "stopped": stopped}


@pytest.mark.parametrize(("line", "slug", "column"), [
    ('{"id": "a", "id": "b", "deck": "4 Bill LC 108"}', "malformed-json", 13),
    ('{"id": "a", "deck": ' + "[" * 1000 + "]" * 1000 + "}", "malformed-json", None),
    ('{"id": "a", "deck": "4 Bill \\ud800"}', "malformed-json", 29),
    ('{"id": "a", "deck": NaN}', "malformed-json", 21),
    (b'{"id": "a", "deck": "4 Pok\xe9mon"}', "invalid-encoding", None),
])
def test_a_line_is_read_as_strictly_as_a_body_its_fault_on_that_line(client, line, slug,
                                                                      column):
    good = json.dumps({"id": "good", "format": "modified", "deck": "4 Bill LC 108"}).encode()
    sent = line if isinstance(line, bytes) else line.encode()
    response = client.post("/v1/validate/stream", data=good + b"\n" + sent + b"\n" + good,
                           content_type=NDJSON)
    first, refused, last, done = [json.loads(part) for part in response.get_data().splitlines()]
    assert (first["status"], last["status"]) == (200, 200)
    problem = refused["problem"]
    assert (refused["id"], refused["status"]) == (None, 400)
    assert problem["type"].endswith(f"/{slug}") and problem["line"] == 2
    if slug == "malformed-json":
        assert problem["detail"].startswith("Line 2 is not valid JSON: ")
    if column is not None:
        assert problem["column"] == column
    assert done["done"]["failed"] == 1


def test_a_byte_order_mark_before_the_first_line_is_skipped(client):
    deck = json.dumps({"id": "a", "format": "modified", "deck": "4 Bill LC 108"})
    response = client.post("/v1/validate/stream", data=("\ufeff" + deck + "\n").encode(),
                           content_type=NDJSON)
    first, done = [json.loads(part) for part in response.get_data().splitlines()]
    assert (first["id"], first["status"]) == ("a", 200)
    assert done == {"done": {"decks": 1, "answered": 1, "failed": 0}}
    alone = client.post("/v1/validate/stream", data="\ufeff\n".encode(), content_type=NDJSON)
    assert alone.status_code == 422


def test_a_stream_past_the_room_its_disk_has_is_a_503_that_names_the_cause(client, full_app,
                                                                          monkeypatch):
    deck = json.dumps({"id": "a", "format": "modified", "deck": "4 Bill LC 108\n" * 500})
    body = ((deck + "\n") * 400).encode()  # 2.8 MB: past what is kept in memory
    with small_filesystem(1024 * 1024) as spool:
        monkeypatch.setitem(full_app.config, "SPOOL_DIR", str(spool))
        response = client.post("/v1/validate/stream", data=body, content_type=NDJSON)
        assert list(spool.iterdir()) == []  # the part kept is let go
        fits = client.post("/v1/validate/stream", data=(deck + "\n") * 20,
                           content_type=NDJSON)
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"
    problem = response.get_json()
    assert problem["type"].endswith("/storage-full") and "disk" in problem["detail"]
    assert fits.status_code == 200


def test_a_chunked_stream_is_bounded_by_the_bytes_it_sent(client):
    """A body sent in chunks has no Content-Length: its bound is on the bytes read (20 real
    lists in every format, the verdicts alone: past the 512 KiB floor, within 100 times)."""
    texts = [item.body for item in corpus_lists() if isinstance(item.body, str)][:20]
    body = "".join(json.dumps({"id": str(n), "format": "all", "detail": "verdict",
                               "deck": text}) + "\n" for n, text in enumerate(texts)).encode()
    response = client.post("/v1/validate/stream", input_stream=io.BytesIO(body),
                           content_type=NDJSON, environ_overrides={"wsgi.input_terminated": True,
                                              "CONTENT_LENGTH": ""})
    assert response.status_code == 200
    assert answer_bound.ANSWER_FLOOR < len(response.get_data()) <= 100 * len(body)
    last = json.loads(response.get_data().splitlines()[-1])
    assert last == {"done": {"decks": 20, "answered": 20, "failed": 0}}
