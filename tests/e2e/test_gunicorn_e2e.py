"""End to end: the real gunicorn serving the app over loopback HTTP."""

from __future__ import annotations

import gzip
import http.client
import json
import socket

import jsonschema
import pytest
import requests

from api.middleware.problems import PROBLEM_TYPES, TYPE_BASE
from api.middleware.security_headers import DEFAULT_POLICY
from tests.support.contract import problem_schema
from tests.support.paths import FIXTURES
from tests.support.servers import Answer, exchange, gunicorn


@pytest.fixture(scope="module")
def server(full_db_url):
    with gunicorn(full_db_url) as base:
        yield base


def test_served_card_lists_its_reprint(server):
    response = requests.get(f"{server}/v1/cards/base1-4", timeout=10)
    assert response.status_code == 200
    assert "base6-3" in [p["id"] for p in response.json()["printings"]]


def test_served_errors_are_problems(server):
    response = requests.get(f"{server}/v1/cards?per_page=0", timeout=10)
    assert response.status_code == 400
    assert response.headers["Content-Type"] == "application/problem+json"
    assert requests.get(f"{server}/readyz", timeout=10).json()["status"] == "ready"


def post_file(url, name):
    """POST a decklist file as text, as `curl --data-binary @file` does."""
    return requests.post(url, data=(FIXTURES / "decklists" / name).read_bytes(),
                         headers={"Content-Type": "text/plain"}, timeout=30)


def test_served_resolve_reads_a_text_file_like_curl(server):
    response = post_file(f"{server}/v1/resolve", "ptcg-live.txt")
    assert response.status_code == 200
    body = response.json()
    assert body["input_format"] == "ptcg-live" and body["counts"]["total"] == 60


def test_served_oversized_chunked_body_is_413(server):
    def chunks():
        for _ in range(2048):
            yield b"4 Pikachu BS 58\n" * 64  # 2 MiB in all, with no Content-Length

    response = requests.post(f"{server}/v1/resolve", data=chunks(),
                              headers={"Content-Type": "text/plain"}, timeout=30)
    assert response.status_code == 413
    assert response.headers["Content-Type"] == "application/problem+json"


def test_served_validate_answers_curl_with_every_violation_and_its_section(server):
    # curl --data-binary @deck.txt -H 'Content-Type: text/plain' '…/v1/validate?format=modified'
    response = post_file(f"{server}/v1/validate?format=modified", "modified-2003.txt")
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False and body["counts"]["total"] == 60
    assert [(v["code"], v["rule"]["section"]) for v in body["violations"]] == [
        ("copy-limit", "§221"), ("not-legal", "§226")]
    assert {c["line"] for v in body["violations"] for c in v["cards"]} == {13, 14}
    vias = {line["card"]["id"]: line["legal_via"]["id"] for line in body["cards"]
            if line["legal_via"] and line["legal_via"]["id"] != line["card"]["id"]}
    assert vias == {"base1-20": "bp-1", "basep-12": "base6-29"}


def test_requests_gunicorn_refuses_itself_are_problems_too(server):
    too_long = requests.get(f"{server}/v1/cards?name={'x' * 5000}", timeout=10)
    assert too_long.status_code == 414
    assert too_long.headers["Content-Type"] == "application/problem+json"
    problem = too_long.json()
    assert problem["status"] == 414 and problem["type"].endswith("/uri-too-long")
    assert "send long values in a body" in problem["detail"]


def test_served_verdict_crosses_the_wire_compressed(server):
    deck = (FIXTURES / "decklists" / "modified-2003.txt").read_bytes()
    sent = {"Content-Type": "text/plain"}
    plain = requests.post(f"{server}/v1/validate?format=modified", data=deck,
                          headers={**sent, "Accept-Encoding": "identity"}, timeout=30)
    packed = requests.post(f"{server}/v1/validate?format=modified", data=deck,
                           headers={**sent, "Accept-Encoding": "gzip"}, timeout=30, stream=True)
    wire = packed.raw.read(decode_content=False)  # the bytes as they crossed
    assert packed.headers["Content-Encoding"] == "gzip"
    assert len(wire) == int(packed.headers["Content-Length"]) < len(plain.content) / 4
    assert gzip.decompress(wire) == plain.content


def test_served_catalog_answer_revalidates_to_304(server):
    first = requests.get(f"{server}/v1/formats", timeout=10)  # requests accepts gzip
    assert first.headers["Cache-Control"] == "public, max-age=300"
    again = requests.get(f"{server}/v1/formats", headers={"If-None-Match": first.headers["ETag"]},
                         timeout=10)
    assert again.status_code == 304 and again.content == b""


def test_served_chunked_json_over_the_limit_is_413_not_a_cut_json(server):
    # Werkzeug stops reading a chunked body at the limit; what it read is a cut JSON.
    def chunks():
        yield b'{"deck": "'
        for _ in range(40):
            yield b"4 Pikachu BS 58\\n" * 2048  # 1.25 MiB in all
        yield b'"}'

    response = requests.post(f"{server}/v1/validate?format=modified", data=chunks(),
                             headers={"Content-Type": "application/json"}, timeout=30)
    assert response.status_code == 413
    assert response.json()["type"].endswith("/request-entity-too-large")


def test_served_chunked_json_at_the_limit_is_read_whole(server):
    deck = (FIXTURES / "decklists" / "modified-legal.txt").read_text()
    document = json.dumps({"deck": deck, "format": "modified"}).encode()
    padded = document + b" " * (1024 * 1024 - len(document))  # exactly MAX_BODY_BYTES
    response = requests.post(f"{server}/v1/validate?format=modified", data=iter([padded]),
                             headers={"Content-Type": "application/json"}, timeout=30)
    assert response.status_code == 200 and response.json()["legal"] is True


def test_a_client_that_sends_its_whole_oversized_body_first_still_reads_the_413(server):
    # Most clients write the whole request before they read. Closing on them mid-body
    # was a broken pipe where the 413 should be (api/middleware/refused_bodies.py).
    body = b"4 Pikachu BS 58\n" * (8 * 1024 * 1024 // 16)
    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=20) as sock:
        sock.sendall(b"POST /v1/resolve HTTP/1.1\r\nHost: deckjudge\r\nContent-Type: "
                     b"text/plain\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
        response = http.client.HTTPResponse(sock)
        response.begin()
        assert response.status == 413
        assert json.loads(response.read())["type"].endswith("/request-entity-too-large")


# Requests gunicorn refuses before the app sees them, each a problem of the registered type
# and one access-log line: (id, request, status, slug, method and path as logged).
REFUSED = [
    ("two-content-lengths", b"POST /v1/resolve HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n"
     b"Content-Length: 4\r\n\r\nabcd", 400, "bad-request", "POST", "/v1/resolve"),
    ("content-length-and-chunked", b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Length: "
     b"5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400, "bad-request", "POST",
     "/v1/validate"),
    ("chunked-on-http-1.0", b"POST /v1/resolve HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: "
     b"chunked\r\n\r\n0\r\n\r\n", 400, "bad-request", "POST", "/v1/resolve"),
    ("unknown-transfer-encoding", b"POST /v1/resolve HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:"
     b" teapot\r\n\r\n", 501, "not-implemented", None, None),
    ("bad-request-line", b"GARBAGE\r\n\r\n", 400, "bad-request", None, None),
    ("lower-case-method", b"get / HTTP/1.1\r\nHost: x\r\n\r\n", 400, "bad-request", None, None),
    ("http-version-9.9", b"GET / HTTP/9.9\r\nHost: x\r\n\r\n", 400, "bad-request", None, None),
    ("space-in-header-name", b"GET / HTTP/1.1\r\nHost: x\r\nBad Name: y\r\n\r\n", 400,
     "bad-request", None, None),
    ("header-too-large", b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 9000 + b"\r\n\r\n",
     431, "request-header-fields-too-large", None, None),
    ("request-line-too-long", b"GET /v1/cards?name=" + b"x" * 5000 + b" HTTP/1.1\r\n\r\n", 414,
     "uri-too-long", None, None),
    ("unknown-expectation", b"POST /v1/resolve HTTP/1.1\r\nHost: x\r\nExpect: teapot\r\n"
     b"Content-Length: 0\r\n\r\n", 417, "expectation-failed", None, None),
]
_CHUNKED = (b"POST /v1/resolve HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\n"
            b"Transfer-Encoding: chunked\r\n\r\n")
_SIZED = b"POST /v1/resolve HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: "
# Bodies the app starts to read and finds malformed, or cut short by a client that closed
# its side: (id, request, status, slug).
CUT = [
    ("invalid-chunk-size", _CHUNKED + b"zz\r\n4 Bill\r\n0\r\n\r\n", 400, "bad-request"),
    ("chunk-cut-short", _CHUNKED + b"40\r\n4 Pikachu BS 58\n", 499, "client-closed-request"),
    ("last-chunk-missing", _CHUNKED + b"7\r\n4 Bill\n\r\n", 499, "client-closed-request"),
    ("sized-body-cut-short", _SIZED + b"100\r\n\r\n4 Pikachu BS 58\n", 499,
     "client-closed-request"),
    ("sized-json-cut-short", b"POST /v1/validate HTTP/1.1\r\nHost: x\r\nContent-Type: "
     b"application/json\r\nContent-Length: 80\r\n\r\n{\"deck\": \"4 Bill\"", 499,
     "client-closed-request"),
    ("form-cut-short", b"POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-"
     b"urlencoded\r\nContent-Length: 200\r\n\r\nmode=deck&deck=4+Bill", 499,
     "client-closed-request"),
]
HUNG_UP = "127.0.4.250"  # the client that closes its whole connection mid-body


@pytest.fixture(scope="module")
def refusals(full_db_url, tmp_path_factory):
    """Each request of REFUSED and CUT sent from its own loopback address to a gunicorn of
    its own; the raw answers by case, and the server's log once it has stopped (whole)."""
    log = tmp_path_factory.mktemp("refusals") / "server.log"
    answers = {}
    with gunicorn(full_db_url, workers=1, log=log) as base:
        for number, (case, request, *_) in enumerate(REFUSED + CUT, start=1):
            answers[case] = exchange(base, request, f"127.0.4.{number}")
        exchange(base, _CHUNKED + b"40\r\n4 Pikachu", HUNG_UP, then="hang-up")
    text = log.read_text()
    records = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    return answers, records, text


def _logged(records, number):
    """The access-log lines of the request sent from 127.0.4.<number>."""
    return [record for record in records if record["remote"] == f"127.0.4.{number}"]


def _problem(raw, status, slug):
    """The answer, once checked to be a problem of this status and registered type."""
    assert raw, "no answer"
    answer = Answer.parse(raw)
    assert answer.status == status, answer
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.headers["x-content-type-options"] == "nosniff"
    problem = json.loads(answer.body)
    jsonschema.validate(problem, problem_schema())
    kind = PROBLEM_TYPES[slug]
    assert (problem["type"], problem["title"], problem["status"]) == (
        TYPE_BASE + slug, kind.title, status)
    assert len(problem["detail"]) > 15 and "Traceback" not in problem["detail"]
    return answer


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("number", "case", "status", "slug", "method", "path"),
                         [(n, c[0], *c[2:]) for n, c in enumerate(REFUSED, start=1)],
                         ids=[case[0] for case in REFUSED])
def test_a_request_gunicorn_refuses_is_a_problem_and_one_log_line(refusals, number, case,
                                                                    status, slug, method,
                                                                    path):
    answers, records, _ = refusals
    answer = _problem(answers[case], status, slug)
    assert answer.headers["connection"] == "close"
    assert answer.headers["content-security-policy"] == DEFAULT_POLICY
    [record] = _logged(records, number)
    assert (record["status"], record["method"], record["path"], record["request_id"]) == (
        status, method, path, None)
    assert record["bytes"] == answer.size  # the answer went out whole


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
@pytest.mark.parametrize(("number", "case", "status", "slug"),
                         [(n, c[0], *c[2:]) for n, c in enumerate(CUT, start=len(REFUSED) + 1)],
                         ids=[case[0] for case in CUT])
def test_a_body_cut_short_or_malformed_is_the_clients_fault(refusals, number, case, status,
                                                            slug):
    # A client that closed its side mid-body can still read the 499; others never see it.
    answers, records, _ = refusals
    answer = _problem(answers[case], status, slug)
    [record] = _logged(records, number)
    assert record["status"] == status
    assert record["request_id"] == answer.headers["x-request-id"]


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_a_client_gone_mid_body_is_logged_as_499_and_nothing_is_a_server_error(refusals):
    _, records, text = refusals
    [record] = [record for record in records if record["remote"] == HUNG_UP]
    assert (record["status"], record["method"], record["path"]) == (499, "POST",
                                                                     "/v1/resolve")
    # 501 is HTTP's word for a Transfer-Encoding gunicorn does not know; none is a 500.
    assert {record["status"] for record in records} - {200} == {
        400, 414, 417, 431, 499, 501}, records
    for crash in ("Traceback", "unhandled error", "[ERROR]", "Error handling request"):
        assert crash not in text, text[-3000:]
