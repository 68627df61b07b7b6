"""Every request's time limit (REQUEST_DEADLINE_SECONDS): a request past it stops and answers
a `deadline-exceeded` problem, 503 without Retry-After; the limit is the request's own and
ends with it.

A deadline of 0 runs out at the first check, so no test waits for it.
"""

from __future__ import annotations

import json
import re

import pytest
import requests

from decklist.detect import parse
from decklist.resolver import resolve
from runtime import deadline
from tests.support.apps import contract_app
from tests.support.paths import FIXTURES
from tests.support.servers import Answer, exchange, gunicorn

DECK = (FIXTURES / "decklists" / "modified-legal.txt").read_text()
TEXT = "text/plain"
PROBLEM_TYPE = "https://deckjudge.dev/problems/deadline-exceeded"

REQUESTS = {
    "validate text, one format": ("/v1/validate?format=modified", {"data": DECK,
                                                                    "content_type": TEXT}),
    "validate text, every format": ("/v1/validate?format=all", {"data": DECK,
                                                                "content_type": TEXT}),
    "validate JSON, one format": ("/v1/validate", {"json": {"format": "modified",
                                                            "deck": DECK}}),
    "validate JSON, every format": ("/v1/validate", {"json": {"format": "all", "deck": DECK,
                                                              "detail": "full"}}),
    "team": ("/v1/validate/team", {"json": {"format": "team-multiplay", "players": [
        {"seat": "A", "deck": DECK}, {"seat": "B", "deck": DECK}]}}),
    "batch": ("/v1/validate/batch", {"json": {"decks": [
        {"id": "one", "format": "modified", "deck": DECK},
        {"id": "two", "format": "all", "deck": DECK}]}}),
    "resolve": ("/v1/resolve", {"data": DECK, "content_type": TEXT}),
}
PAGE_FORM = {"mode": "deck", "deck": DECK, "format": "modified"}


@pytest.fixture(scope="module")
def over_time(full_db_url):
    """An app whose requests may take no time at all: each stops at its first check."""
    return contract_app(full_db_url, REQUEST_DEADLINE_SECONDS=0)


def assert_deadline_problem(response, seconds: float) -> None:
    problem = response.get_json()
    assert response.status_code == 503, problem
    assert "Retry-After" not in response.headers  # sent again, it would run out again
    assert (problem["type"], problem["limit_seconds"]) == (PROBLEM_TYPE, seconds)
    assert f"longer than the {seconds:g} s a request may take" in problem["detail"]
    assert "fewer formats" in problem["detail"]


@pytest.mark.parametrize("name", REQUESTS)
def test_a_request_past_its_deadline_answers_the_problem(over_time, client, name):
    path, sent = REQUESTS[name]
    assert_deadline_problem(over_time.test_client().post(path, **sent), 0)
    # The same request, with the time the service gives by default, is answered.
    assert client.post(path, **sent).status_code == 200


def test_a_batch_out_of_time_before_its_first_deck_fails_as_a_whole(over_time):
    """No deck judged, no answer under way: the batch is a 503, with no deck's verdict."""
    path, sent = REQUESTS["batch"]
    response = over_time.test_client().post(path, **sent)
    assert_deadline_problem(response, 0)
    assert "results" not in response.get_json()


@pytest.mark.parametrize("path", ["/", "/answer"])
def test_the_page_shows_the_deadline_as_it_shows_other_problems(over_time, client, path):
    response = over_time.test_client().post(path, data=PAGE_FORM)
    assert response.status_code == 503 and response.mimetype == "text/html"
    assert "Retry-After" not in response.headers
    html = response.get_data(as_text=True)
    assert re.search(r'<div class="problem" id="problem" role="alert" data-field=""', html)
    assert "longer than the 0 s a request may take here" in html
    assert client.post(path, data=PAGE_FORM).status_code == 200


def test_a_deadline_ends_with_its_request(over_time, full_index):
    """gthread serves request after request on one thread: what the next request, or work
    outside any request, does on it must not run out of the last request's time."""
    path, sent = REQUESTS["resolve"]
    assert over_time.test_client().post(path, **sent).status_code == 503
    deadline.check()  # outside a request: no deadline
    entries = parse(DECK).entries
    assert len(resolve(full_index, entries)) == len(entries)


def test_a_request_that_fails_otherwise_ends_its_deadline_too(over_time):
    """A request refused before any work (here a 415) still leaves no deadline behind."""
    response = over_time.test_client().post("/v1/resolve", data=b"x",
                                            content_type="image/png")
    assert response.status_code == 415
    deadline.check()


def test_outside_a_request_a_caller_may_set_a_deadline(full_index):
    entries = parse(DECK).entries
    with deadline.within(0), pytest.raises(deadline.DeadlineExceeded):
        resolve(full_index, entries)
    assert len(resolve(full_index, entries)) == len(entries)  # and it ends with the block


def test_the_limit_is_configured_and_checked(full_db_url, monkeypatch):
    monkeypatch.setenv("REQUEST_DEADLINE_SECONDS", "2.5")
    assert contract_app(full_db_url).config["REQUEST_DEADLINE_SECONDS"] == 2.5
    monkeypatch.delenv("REQUEST_DEADLINE_SECONDS")
    assert contract_app(full_db_url).config["REQUEST_DEADLINE_SECONDS"] == 20
    for wrong in ("soon", "-1", "nan", "inf"):
        monkeypatch.setenv("REQUEST_DEADLINE_SECONDS", wrong)
        with pytest.raises(RuntimeError, match="REQUEST_DEADLINE_SECONDS"):
            contract_app(full_db_url)


# The most a batch may ask of lines no card has, each searched for its closest names: about
# 0.2 s to read and plan, several seconds to judge.
MADE_UP = json.dumps({"decks": [
    {"id": str(n), "format": "all",
     "deck": "".join(f"1 Qzx{n}v{line:03}k\n" for line in range(60))} for n in range(500)]})


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_gunicorn_stops_a_request_at_its_deadline_and_keeps_its_worker(full_db_url, tmp_path):
    """gunicorn's timeout watches the worker's main loop, not a request's thread: a batch
    of several seconds ran to its end with GUNICORN_TIMEOUT=2. The deadline stops it, and
    the worker and its one thread go on serving. The batch's answer was under way: the
    decks it had judged keep their verdicts, and the others are told why they have none."""
    log = tmp_path / "server.log"
    with gunicorn(full_db_url, workers=1, log=log, GUNICORN_TIMEOUT="2",
                  GUNICORN_THREADS="1", REQUEST_DEADLINE_SECONDS="1") as base:
        heavy = requests.post(f"{base}/v1/validate/batch", timeout=120, data=MADE_UP,
                              headers={"Content-Type": "application/json"})
        after = requests.post(f"{base}/v1/validate?format=modified", data=DECK.encode(),
                              headers={"Content-Type": TEXT}, timeout=30)
    answer = heavy.json()
    assert heavy.status_code == 200, answer
    stopped = answer["stopped"]
    assert (stopped["problem"]["type"], stopped["problem"]["limit_seconds"]) == (PROBLEM_TYPE,
                                                                                  1)
    assert 0 < stopped["at"] < 500 and answer["answered"] == stopped["at"]
    assert {result["status"] for result in answer["results"][stopped["at"]:]} == {503}
    assert after.status_code == 200 and after.json()["legal"] is True
    served = log.read_text()
    assert served.count("Booting worker") == 1 and "WORKER TIMEOUT" not in served, served


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_a_body_that_stops_coming_is_cut_off_at_the_deadline(full_db_url):
    """A client that sends part of its body and then nothing held its thread for as long
    as it liked: reading the body counts against the deadline, and is answered 408."""
    with gunicorn(full_db_url, workers=1, GUNICORN_THREADS="1",
                  REQUEST_DEADLINE_SECONDS="1") as base:
        raw = exchange(base, b"POST /v1/resolve HTTP/1.1\r\nHost: deckjudge\r\n"
                       b"Content-Type: text/plain\r\nContent-Length: 100\r\n\r\n4 Pika",
                       then="stall")
        after = requests.post(f"{base}/v1/validate?format=modified", data=DECK.encode(),
                              headers={"Content-Type": TEXT}, timeout=30)
    answer = Answer.parse(raw)
    assert answer.status == 408, answer
    assert json.loads(answer.body)["type"].endswith("/request-timeout")
    assert after.status_code == 200  # the one thread is free again
