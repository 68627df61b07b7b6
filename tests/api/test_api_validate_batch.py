"""POST /v1/validate/batch: many decks in one request, each answered as it would be alone.

The real lists of tests/corpus (each named with its source there) go through in one batch,
and every answer must be the one /v1/validate gives that deck alone."""

from __future__ import annotations

import json
import time

import pytest

from api.middleware import answer_bound
from api.validate_batch import MAX_BATCH_DECKS
from tests.corpus import lists
from tests.support.faults import judging_breaks_on

GOOD = "4 Pikachu BS 58\n4 Charizard BS 4\n"


def batch(client, decks, **kwargs):
    return client.post("/v1/validate/batch", json={"decks": decks}, **kwargs)


def real_decks(count: int) -> list[dict]:
    return [{"id": item.name, "format": "modified", "deck": item.body}
            for item, _ in zip(lists(), range(count), strict=False)]


def test_300_real_decks_are_each_answered_as_they_would_be_alone(client):
    decks = real_decks(300)
    assert len(decks) == 300
    answer = batch(client, decks)
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["decks"], body["answered"], body["failed"]) == (300, 300, 0)
    assert [result["id"] for result in body["results"]] == [deck["id"] for deck in decks]
    for deck, result in zip(decks[::15], body["results"][::15], strict=True):
        alone = client.post("/v1/validate", json={**{k: v for k, v in deck.items() if k != "id"},
                                                  "detail": "verdict"})
        assert result == {"id": deck["id"], "status": 200, "verdict": alone.get_json()}
    assert {result["verdict"]["legal"] for result in body["results"]} == {True, False}


def test_each_deck_keeps_its_own_formats_date_and_detail(client):
    decks = [{"id": "one", "format": "modified", "deck": GOOD},
             {"id": "two", "format": ["unlimited", "modified"], "deck": GOOD,
              "as_of": "2002-01-01"},
             {"id": "full", "format": "unlimited", "deck": GOOD, "detail": "full"}]
    results = batch(client, decks).get_json()["results"]
    assert "cards" not in results[0]["verdict"]
    assert [v["format"]["id"] for v in results[1]["verdict"]["verdicts"]] == ["unlimited",
                                                                              "modified"]
    assert {v["as_of"] for v in results[1]["verdict"]["verdicts"]} == {"2002-01-01"}
    assert [line["card"]["id"] for line in results[2]["verdict"]["cards"]] == ["base1-58",
                                                                               "base1-4"]


def test_a_bad_deck_is_a_problem_in_its_place_and_the_others_are_answered(client):
    decks = [{"id": "ok", "format": "modified", "deck": GOOD},
             {"id": "no-format", "format": "nope", "deck": GOOD},
             {"id": "zero", "format": "modified", "deck": [{"count": 0, "name": "Pikachu"}]},
             {"id": "shape", "format": "modified", "deck": 7},
             {"id": "long", "format": "modified", "deck": "4 " + "x" * 400},
             {"id": "also-ok", "format": "unlimited", "deck": GOOD}]
    body = batch(client, decks).get_json()
    assert (body["answered"], body["failed"]) == (2, 4)
    results = {result["id"]: result for result in body["results"]}
    for deck_id, status, slug, pointer in [
            ("no-format", 404, "unknown-format", "/decks/1/format"),
            ("zero", 422, "invalid-entry", "/decks/2/deck/0"),
            ("shape", 422, "invalid-body", "/decks/3/deck"),
            ("long", 413, "line-too-long", "/decks/4/deck")]:
        problem = results[deck_id]["problem"]
        assert results[deck_id]["status"] == problem["status"] == status, deck_id
        assert problem["type"].endswith("/" + slug) and problem["pointer"] == pointer, deck_id
    # Each problem is the one the deck would have had alone, found in the batch.
    alone = client.post("/v1/validate", json={"format": "nope", "deck": GOOD}).get_json()
    assert {**alone, "pointer": "/decks/1/format"} == results["no-format"]["problem"]
    assert results["ok"]["status"] == results["also-ok"]["status"] == 200


def test_decks_that_send_alike_are_each_read_as_sent(client):
    """A batch reads the options its decks share once: what each deck sends is still its
    own, a deck missing beside one alike, a pool, a date, an option past its bounds."""
    decks = [{"id": "a", "format": ["unlimited", "modified"], "deck": GOOD},
             {"id": "b", "format": ["unlimited", "modified"], "deck": GOOD + "4 Bill BS 91\n"},
             {"id": "no-deck", "format": ["unlimited", "modified"]},
             {"id": "c", "format": ["modified", "unlimited"], "deck": GOOD},
             {"id": "dated", "format": ["unlimited", "modified"], "deck": GOOD,
              "as_of": "2002-01-01"},
             {"id": "bad-date", "format": ["unlimited", "modified"], "deck": GOOD,
              "as_of": "2002-13-01"},
             {"id": "d", "format": ["unlimited", "modified"], "deck": GOOD}]
    results = {result["id"]: result for result in batch(client, decks).get_json()["results"]}
    for deck in decks:
        sent = {key: value for key, value in deck.items() if key != "id"}
        alone = client.post("/v1/validate", json={"detail": "verdict", **sent})
        found = results[deck["id"]]
        assert found["status"] == alone.status_code, deck["id"]
        if alone.status_code == 200:
            assert found["verdict"] == alone.get_json(), deck["id"]
        else:
            pointer = alone.get_json()["pointer"].replace("/", f"/decks/{decks.index(deck)}/", 1)
            assert found["problem"] == {**alone.get_json(), "pointer": pointer}, deck["id"]
    assert results["no-deck"]["problem"]["pointer"] == "/decks/2/deck"
    assert [v["format"]["id"] for v in results["c"]["verdict"]["verdicts"]] == [
        "modified", "unlimited"]


def test_a_deck_needs_an_object_with_its_own_id(client):
    decks = [{"format": "modified", "deck": GOOD}, "4 Pikachu",
             {"id": "", "deck": GOOD}, {"id": "a", "deck": GOOD}, {"id": "a", "deck": GOOD}, None]
    results = batch(client, decks).get_json()["results"]
    assert [(r["id"], r["status"], r.get("problem", {}).get("pointer")) for r in results] == [
        (None, 422, "/decks/0/id"), (None, 422, "/decks/1"), (None, 422, "/decks/2/id"),
        ("a", 200, None), ("a", 422, "/decks/4/id"), (None, 422, "/decks/5")]


def test_a_deck_that_breaks_the_code_costs_only_its_own_answer(client, monkeypatch):
    judging_breaks_on(monkeypatch, "Bill")
    body = batch(client, [{"id": "a", "deck": GOOD}, {"id": "b", "deck": "4 Bill\n"},
                          {"id": "c", "deck": GOOD}]).get_json()
    assert [r["status"] for r in body["results"]] == [200, 500, 200]
    assert body["results"][1]["problem"]["type"].endswith("/internal-error")


@pytest.mark.parametrize("decks, slug, cost", [
    ([{"id": str(n), "deck": GOOD} for n in range(MAX_BATCH_DECKS + 1)],
     "batch-too-large", None),
    # 3 decks of 400 lines in two formats: 2,400, over 3 × 720
    ([{"id": str(n), "format": ["modified", "unlimited"],
       "deck": "".join(f"1 Card {n} {i}\n" for i in range(400))} for n in range(3)],
     "over-budget", 2400),
    # every format for a 61-line list: 732 a deck; lines that are not cards count too
    ([{"id": "all", "deck": "".join(f"1 Card {i}\n" for i in range(60)) + "junk\n"}],
     "over-budget", 732),
    # line by line (× 8), past 720 a deck: 91 lines in one format
    ([{"id": str(n), "format": "modified", "detail": "full",
       "deck": "".join(f"1 Card {i}\n" for i in range(91))} for n in range(2)],
     "over-budget", 1456),
])
def test_a_batch_past_its_limits_is_refused_whole_before_any_work(client, decks, slug, cost):
    answer = batch(client, decks)
    assert answer.status_code == 413
    problem = answer.get_json()
    assert problem["type"].endswith(f"/{slug}") and problem["pointer"] == "/decks"
    assert problem.get("cost") == cost
    if cost is not None:
        assert problem["budget"] == 720 * len(decks) and "split" in problem["detail"]


def test_a_60_line_list_in_every_format_is_within_a_decks_share(client):
    deck = "".join(f"1 Card {i}\n" for i in range(60))
    answer = batch(client, [{"id": "sixty", "deck": deck}])
    assert answer.status_code == 200 and answer.get_json()["answered"] == 1
    assert client.post("/v1/validate", json={"deck": deck}).status_code == 200


def test_the_body_may_grow_with_the_number_of_decks(client):
    padded = "4 Pikachu BS 58\n" + "# note\n" * 2400  # ~19 KB: over one deck's share
    assert batch(client, [{"id": "a", "deck": padded}]).status_code == 413
    assert batch(client, [{"id": "a", "deck": padded},
                          {"id": "b", "deck": GOOD}]).status_code == 200
    huge = {"decks": [{"id": "a", "deck": "x" * (9 * 1024 * 1024)}]}
    too_big = client.post("/v1/validate/batch", data=json.dumps(huge),
                          content_type="application/json")
    assert too_big.status_code == 413


@pytest.mark.parametrize("kwargs, status, slug", [
    ({"data": GOOD, "content_type": "text/plain"}, 415, "unsupported-media-type"),
    ({"data": "{", "content_type": "application/json"}, 400, "malformed-json"),
    ({"json": {"decks": []}}, 422, "invalid-body"),
    ({"json": {"decks": "x"}}, 422, "invalid-body"),
    ({"json": {"decks": [{"id": "a", "deck": GOOD}], "format": "modified"}}, 422,
     "invalid-body"),
    ({"json": [{"id": "a", "deck": GOOD}]}, 422, "invalid-body"),
])
def test_a_batch_of_the_wrong_shape_is_a_problem(client, kwargs, status, slug):
    answer = client.post("/v1/validate/batch", **kwargs)
    assert answer.status_code == status
    assert answer.get_json()["type"].endswith("/" + slug)


def test_a_batch_takes_no_query(client):
    answer = client.post("/v1/validate/batch?format=modified",
                         json={"decks": [{"id": "a", "deck": GOOD}]})
    assert answer.status_code == 400 and answer.get_json()["parameter"] == "format"


def test_100_real_decks_in_every_format_are_answered_each_within_its_own_bound(client):
    """Real lists in every format answer about 60 times their bytes, past the bound of the
    batch's request (50 times its bytes) but each within the bound it has alone (a floor of
    512 KiB): the batch answers every deck, as they would be answered one by one."""
    decks = [{**deck, "format": "all"} for deck in real_decks(100)]
    answer = batch(client, decks)
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["decks"], body["answered"], body["failed"]) == (100, 100, 0)
    sent = len(json.dumps({"decks": decks}).encode())
    assert len(answer.data) > answer_bound.largest_answer(sent)  # the whole would not pass


def test_a_deck_past_the_bound_it_has_alone_is_a_problem_in_its_place(client, monkeypatch):
    monkeypatch.setattr(answer_bound, "ANSWER_FLOOR", 20_000)
    monkeypatch.setattr(answer_bound, "ANSWER_RATIO", 2)
    small = [{"id": str(n), "format": "modified", "deck": GOOD} for n in range(15)]
    many = {"id": "many", "format": "all", "deck": "4 Pikachu\n" * 30}
    answer = batch(client, [*small, many])
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["answered"], body["failed"]) == (15, 1)
    problem = body["results"][15]
    assert problem["status"] == 413 and problem["problem"]["pointer"] == "/decks/15"
    assert problem["problem"]["type"].endswith("/answer-too-large")
    alone = client.post("/v1/validate", json={**{k: v for k, v in many.items() if k != "id"},
                                              "detail": "verdict"})
    assert alone.status_code == 413  # as it is alone
    # each small deck within its own bound, and all of them past the batch request's
    sent = len(json.dumps({"decks": [*small, many]}).encode())
    assert len(answer.data) > answer_bound.largest_answer(sent)


def test_a_deck_past_the_work_one_request_may_ask_is_refused_in_its_place(client,
                                                                          monkeypatch):
    """Each deck has the budget one request has, checked before its work: a 1,000-line list
    in every format line by line (96,000 units, 8 times what a request may ask) is refused
    in its place, not judged because its batch's budget could pay for it."""
    from api import judgements

    judged: list[int] = []
    judge = judgements.deck_verdict

    def counted(index, req, plan, searches):
        judged.append(len(req.deck.entries) + len(req.deck.problems))
        return judge(index, req, plan, searches)

    monkeypatch.setattr(judgements, "deck_verdict", counted)
    huge = {"id": "huge", "format": "all", "detail": "full",
            "deck": "".join(f"junk {n}\n" for n in range(1000))}
    small = [{"id": str(n), "format": "modified", "deck": "4 Bill LC 108"} for n in range(499)]
    answer = batch(client, [huge, *small])
    assert answer.status_code == 200
    body = answer.get_json()
    assert (body["answered"], body["failed"]) == (499, 1) and "stopped" not in body
    refused = body["results"][0]
    assert refused["status"] == 413 and refused["problem"]["pointer"] == "/decks/0"
    assert refused["problem"]["type"].endswith("/over-budget")
    assert (refused["problem"]["cost"], refused["problem"]["budget"]) == (96_000, 12_000)
    assert judged == [1] * 499  # the huge deck never judged


def test_the_whole_answer_is_held_to_the_batchs_bound(client, monkeypatch):
    """Past the batch's bound, the deck whose answer would pass it and every deck after it
    get a short problem in their place, and `stopped` says where and why."""
    monkeypatch.setattr(answer_bound, "ANSWER_FLOOR", 100_000)  # more than a deck answers
    monkeypatch.setattr(answer_bound, "BATCH_ANSWER_RATIO", 20)  # real lists answer ~34 ×
    decks = [{"id": f"deck-{n}", "format": "all", "deck": item["deck"]}
             for n, item in enumerate(real_decks(30))]
    sent = json.dumps({"decks": decks}).encode()
    bound = answer_bound.largest_batch_answer(len(sent))
    answer = client.post("/v1/validate/batch", data=sent, content_type="application/json")
    assert answer.status_code == 200
    assert len(answer.data) <= bound
    body = answer.get_json()
    stopped = body["stopped"]
    assert 0 < stopped["at"] < 30
    assert stopped["problem"]["type"].endswith("/answer-too-large")
    assert stopped["problem"]["limit"] == bound
    results = body["results"]
    assert [result["id"] for result in results] == [deck["id"] for deck in decks]
    assert {result["status"] for result in results[:stopped["at"]]} == {200}
    for position, result in enumerate(results[stopped["at"]:], start=stopped["at"]):
        assert result["status"] == 413 and result["problem"]["pointer"] == f"/decks/{position}"
        assert f"stopped at deck {stopped['at']}" in result["problem"]["detail"]
    assert (body["answered"], body["failed"]) == (stopped["at"], 30 - stopped["at"])
    # the verdicts it did send are those the decks have alone
    alone = client.post("/v1/validate", json={"format": "all", "detail": "verdict",
                                              "deck": decks[0]["deck"]})
    assert results[0]["verdict"] == alone.get_json()


def test_a_batch_that_runs_out_of_time_answers_the_decks_left_in_their_place(full_db_url,
                                                                            monkeypatch):
    """The answer streams after its handler returned, under the request's deadline: the deck
    whose judging runs past it stops the batch, and it and the decks left are told so in
    their place."""
    from api import judgements
    from api.middleware import store
    from tests.support.apps import contract_app

    judge = judgements.deck_verdict

    def slow_second(index, req, plan, searches):
        if req.deck.entries[0].copies == 2:
            time.sleep(0.6)
        return judge(index, req, plan, searches)

    monkeypatch.setattr(judgements, "deck_verdict", slow_second)
    app = contract_app(full_db_url, REQUEST_DEADLINE_SECONDS=0.5)
    store.warm(app)  # the index is loaded before the request's time starts
    client = app.test_client()
    decks = [{"id": str(copies), "format": "modified", "deck": f"{copies} Bill LC 108"}
             for copies in (1, 2, 3, 4)]
    answer = batch(client, decks)
    assert answer.status_code == 200
    body = answer.get_json()
    assert [result["status"] for result in body["results"]] == [200, 503, 503, 503]
    assert body["stopped"]["at"] == 1
    assert body["stopped"]["problem"]["type"].endswith("/deadline-exceeded")
    assert body["stopped"]["problem"]["limit_seconds"] == 0.5
    assert body["results"][3]["problem"]["pointer"] == "/decks/3"


@pytest.mark.parametrize("slug", ["answer-too-large", "deadline-exceeded",
                                  "database-unavailable", "catalog-not-loaded"])
def test_a_deck_left_takes_no_more_than_the_room_kept_for_it(slug):
    from api.middleware.problems import Problem
    from api.validate_batch import BatchItem
    from api.views import batches

    deck_id = "\u0001" * 200  # the longest id, each character escaped in six
    deck = BatchItem(499, deck_id, None, None)
    stop = batches.Stop(498, Problem(slug, "why"))
    piece = batches._left_piece(deck, stop)
    assert len(piece.data) + 1 <= batches.left_bytes(deck)
    assert not piece.answered


def test_a_batch_is_at_most_4_mib_in_all(client):
    from api.validate_batch import BATCH_BYTES_PER_DECK, MAX_BATCH_BYTES

    padded = "4 Pikachu BS 58\n" + "# note\n" * 2000  # ~14 KB: within a deck's share
    decks = [{"id": str(n), "deck": padded} for n in range(300)]
    sent = json.dumps({"decks": decks}).encode()
    assert MAX_BATCH_BYTES < len(sent) < len(decks) * BATCH_BYTES_PER_DECK
    answer = client.post("/v1/validate/batch", data=sent, content_type="application/json")
    assert answer.status_code == 413
    assert answer.get_json()["type"].endswith("/request-entity-too-large")
    fitting = json.dumps({"decks": decks[:260]}).encode()
    assert len(fitting) <= MAX_BATCH_BYTES
    assert client.post("/v1/validate/batch", data=fitting,
                       content_type="application/json").status_code == 200
