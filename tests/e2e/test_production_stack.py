"""The production stack (`make production`): nginx in front of gunicorn, tried as an
attacker would, on the embedded SQLite catalog that `make production` uses by default.

Clients are told apart by their loopback source address (127.0.0.2, 127.0.1.7…), as
nginx counts limits per client address. Everything stays on loopback and is bounded in
time and count.
"""

from __future__ import annotations

import gzip
import json
import re
import resource
import select
import socket
import time
from urllib.parse import urlsplit

import jsonschema
import pytest
import requests

from api.middleware.problems import PROBLEM_TYPES, TYPE_BASE
from tests.support.contract import check_http, problem_schema
from tests.support.load import Call, Load
from tests.support.paths import FIXTURES
from tests.support.servers import (
    Answer,
    connections_made,
    exchange,
    free_port,
    production,
    silent_listener,
)

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

DECK = (FIXTURES / "decklists" / "modified-legal.txt").read_bytes()
TEXT = {"Content-Type": "text/plain"}


@pytest.fixture(scope="module")
def stack_log(tmp_path_factory):
    return tmp_path_factory.mktemp("stack") / "stack.log"


@pytest.fixture(scope="module")
def stack(full_db_url, stack_log):
    with production(full_db_url, log=stack_log) as running:
        yield running


def address(base: str) -> tuple[str, int]:
    parts = urlsplit(base)
    return parts.hostname or "127.0.0.1", parts.port or 80


def connect(base: str, source: str) -> socket.socket:
    return socket.create_connection(address(base), timeout=10, source_address=(source, 0))


def test_a_verdict_through_nginx_keeps_the_callers_request_id(stack, stack_log):
    given = requests.post(f"{stack.base}/v1/validate?format=modified", data=DECK, timeout=10,
                          headers={**TEXT, "X-Request-ID": "organizer-7"})
    assert given.status_code == 200 and given.json()["legal"] is True
    assert given.headers["X-Request-ID"] == "organizer-7"
    check_http(given)
    made = requests.get(f"{stack.base}/healthz", headers={"X-Request-ID": "not ok!"},
                        timeout=10)
    made_id = made.headers["X-Request-ID"]
    assert re.fullmatch(r"[0-9a-f]{32}", made_id)  # nginx's own id, which the app kept
    time.sleep(0.2)  # the logs are written as the answers leave
    records = [json.loads(line) for line in stack_log.read_text().splitlines()
               if line.startswith("{")]
    for request_id in ("organizer-7", made_id):
        mine = [record for record in records if record.get("request_id") == request_id]
        # One line from nginx (it names the upstream), one from gunicorn.
        assert len(mine) == 2 and any("upstream" in record for record in mine), mine


def test_the_apps_compression_and_etags_pass_through(stack):
    formats = requests.get(f"{stack.base}/v1/formats", timeout=10,
                           headers={"Accept-Encoding": "gzip"})
    assert formats.headers["Content-Encoding"] == "gzip"
    etag = formats.headers["ETag"]
    assert etag.endswith(':gzip"')
    again = requests.get(f"{stack.base}/v1/formats", timeout=10,
                         headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    raw = requests.post(f"{stack.base}/v1/validate?format=all", data=DECK, stream=True,
                        headers={**TEXT, "Accept-Encoding": "gzip"}, timeout=10)
    assert raw.headers["Content-Encoding"] == "gzip"
    assert "modified" in json.loads(gzip.decompress(raw.raw.read()))["legal_in"]


def test_a_body_over_the_limit_is_a_413_problem_the_sender_can_read(stack):
    big = b"4 Pikachu BS 58\n" * (1024 * 1024 // 16 + 1)  # just over MAX_BODY_BYTES
    sized = requests.post(f"{stack.base}/v1/resolve", data=big, headers=TEXT, timeout=30)
    chunked = requests.post(f"{stack.base}/v1/resolve", data=iter([big[:65536]] * 32),
                            headers=TEXT, timeout=30)
    for refused in (sized, chunked):
        assert refused.status_code == 413
        assert refused.headers["Content-Type"] == "application/problem+json"
        assert refused.json()["type"].endswith("/request-entity-too-large")
        assert refused.headers["X-Request-ID"]
        check_http(refused)
    # A batch may be larger: nginx lets it through, and the app reads it.
    batch = requests.post(f"{stack.base}/v1/validate/batch", data=b"[" + b" " * 1_500_000,
                          headers={"Content-Type": "application/json"}, timeout=30)
    assert batch.status_code == 400 and batch.json()["type"].endswith("/malformed-json")


def test_slow_clients_do_not_hold_up_a_well_behaved_one(stack):
    # 200 connections that stop in the middle of their headers and 200 that announce a
    # body and send a few bytes of it, from 20 addresses; without nginx, 16 of these leave
    # gunicorn's threads all waiting.
    slow = []
    for n in range(400):
        sock = connect(stack.base, f"127.0.1.{n % 20 + 1}")
        if n % 2:
            sock.sendall(b"POST /v1/validate?format=modified HTTP/1.1\r\nHost: deckjudge\r\n")
        else:
            sock.sendall(b"POST /v1/validate?format=modified HTTP/1.1\r\nHost: deckjudge\r\n"
                         b"Content-Type: text/plain\r\nContent-Length: 100000\r\n\r\n4 Pika")
        slow.append(sock)
    try:
        took = []
        with requests.Session() as session:
            for _ in range(200):
                start = time.perf_counter()
                response = session.post(f"{stack.base}/v1/validate?format=modified",
                                        data=DECK, headers=TEXT, timeout=10)
                took.append(time.perf_counter() - start)
                assert response.status_code == 200
        still_open = sum(_open(sock) for sock in slow)
    finally:
        for sock in slow:
            sock.close()
    took.sort()
    p99 = took[int(len(took) * 0.99) - 1]
    print(f"200 validates beside 400 slow connections: p50 {took[100] * 1000:.1f} ms, "
          f"p99 {p99 * 1000:.1f} ms")
    assert still_open == 400  # the attack was held the whole time
    assert p99 < 0.100


def _open(sock: socket.socket) -> bool:
    """Whether the server still holds this connection (it sent nothing and did not close)."""
    sock.setblocking(False)
    try:
        return sock.recv(1, socket.MSG_PEEK) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def test_thousands_of_idle_kept_alive_connections_do_not_stop_new_ones(stack):
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert hard >= 6000, f"the test needs 6,000 open files; this machine allows {hard}"
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 20000)), hard))
    idle: list[socket.socket] = []
    try:
        # 250 addresses × 20, a request on each and its answer read, a wave of 250 at a
        # time: each address has one request in progress, within its limits.
        for wave in range(20):
            fresh = [connect(stack.base, f"127.0.2.{n + 1}") for n in range(250)]
            for sock in fresh:
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: deckjudge\r\n\r\n")
            for sock in fresh:
                assert _answer(sock).startswith(b"HTTP/1.1 200 "), wave
            idle.extend(fresh)
        assert len(idle) == 5000
        with requests.Session() as session:  # a newcomer, on new connections
            for _ in range(20):
                response = session.post(f"{stack.base}/v1/validate?format=modified",
                                        data=DECK, headers={**TEXT, "Connection": "close"},
                                        timeout=10)
                assert response.status_code == 200
        for sock in idle[::500]:  # and the idle ones are still served
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: deckjudge\r\n\r\n")
            assert _answer(sock).startswith(b"HTTP/1.1 200 ")
    finally:
        for sock in idle:
            sock.close()


def _answer(sock: socket.socket) -> bytes:
    """One whole small answer to a kept-alive request: headers and a Content-Length body."""
    sock.setblocking(True)
    data = b""
    while b"\r\n\r\n" not in data:
        data += sock.recv(4096)
    head, _, body = data.partition(b"\r\n\r\n")
    length = int(re.search(rb"Content-Length: (\d+)", head, re.I).group(1))
    while len(body) < length:
        body += sock.recv(4096)
    return data


@pytest.fixture(scope="module")
def strict_stack(full_db_url):
    with production(full_db_url, RATE_LIMIT="20", RATE_BURST="10",
                    CONNECTIONS_PER_CLIENT="2") as running:
        yield running


def test_a_client_sending_as_fast_as_it_can_gets_429s_and_another_is_served(strict_stack):
    # The cheapest request, so that the greedy client's 8 threads stay well over 20 a second
    # even on a loaded machine (with a format's definition, ~40 KB, they fell under it).
    base = strict_stack.base
    polite = []
    with Load(base, 8, (Call("GET", "/healthz"),), source="127.0.0.2", interval=0) as greedy:
        greedy.wait_for(100)
        with requests.Session() as session:
            session.mount("http://", _SourceAdapter("127.0.0.3"))
            for _ in range(30):  # 10 a second, under the limit of 20
                polite.append(session.get(f"{base}/healthz", timeout=10))
                time.sleep(0.1)
        with requests.Session() as greedy_too:  # what the greedy client reads
            greedy_too.mount("http://", _SourceAdapter("127.0.0.2"))
            # A token freed at the rate of 20 a second may go to this request rather than
            # to the load's threads: the first refusal of a few is what the client reads.
            tries = [greedy_too.get(f"{base}/healthz", timeout=10) for _ in range(10)]
    seen = next((answer for answer in tries if answer.status_code == 429), tries[0])
    tally = greedy.tally
    assert tally.statuses[429] > 0 and tally.statuses[200] > 0 and tally.failed == 0, tally
    assert [response.status_code for response in polite] == [200] * 30
    assert seen.status_code == 429 and seen.headers["Retry-After"] == "1"
    assert seen.json()["type"].endswith("/too-many-requests")
    check_http(seen)


def test_a_client_with_too_many_requests_at_once_gets_429s(strict_stack):
    """Six requests of one client in progress at once, each with its headers and half its
    body sent: nginx takes two, refuses the other four at once (before their bodies), and
    the two are answered once their bodies are whole. Holding the bodies back makes the
    six overlap however slowly the client's threads or the machine run."""
    body = DECK * 8
    head = (f"POST /v1/validate?format=all HTTP/1.1\r\nHost: deckjudge\r\n"
            f"Content-Type: text/plain\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n").encode()
    socks = [connect(strict_stack.base, "127.0.0.4") for _ in range(6)]
    try:
        for sock in socks:
            sock.sendall(head + body[:len(body) // 2])
        refused = _answered(socks, 4)
        assert [_status(_until_closed(sock)) for sock in refused] == [429] * 4
        taken = [sock for sock in socks if sock not in refused]
        for sock in taken:
            sock.sendall(body[len(body) // 2:])
        assert [_status(_until_closed(sock)) for sock in taken] == [200, 200]
    finally:
        for sock in socks:
            sock.close()


def _answered(socks: list[socket.socket], expected: int) -> list[socket.socket]:
    """The sockets an answer has started to come back on, once `expected` have (10 s at
    most); the others still wait for their bodies."""
    deadline = time.monotonic() + 10
    ready: list[socket.socket] = []
    while len(ready) < expected and time.monotonic() < deadline:
        waiting = [sock for sock in socks if sock not in ready]
        readable, _, _ = select.select(waiting, [], [], deadline - time.monotonic())
        ready += readable
    return ready


def _until_closed(sock: socket.socket) -> bytes:
    """The answer read until nginx closes the connection; on a refused request it resets it
    once the answer is out, for the body it never read."""
    data = b""
    try:
        while chunk := sock.recv(65536):
            data += chunk
    except ConnectionResetError:
        assert data, "reset before any answer"
    return data


def _status(answer: bytes) -> int:
    return int(answer.split(b" ", 2)[1])


class _SourceAdapter(requests.adapters.HTTPAdapter):
    """Send from one loopback address, as a client on its own machine would."""

    def __init__(self, source: str) -> None:
        self.source = source
        super().__init__()

    def init_poolmanager(self, *args, **kwargs):
        kwargs["source_address"] = (self.source, 0)
        return super().init_poolmanager(*args, **kwargs)


@pytest.fixture(scope="module")
def lone_nginx(full_db_url, tmp_path_factory):
    """nginx alone, over an address where nothing listens, with a 1 s client timeout."""
    log = tmp_path_factory.mktemp("lone") / "stack.log"
    nowhere = f"127.0.0.1:{free_port()}"
    with production(full_db_url, log=log, UPSTREAMS=nowhere, CLIENT_TIMEOUT="1") as alone:
        yield alone, log


def test_with_no_instance_answering_nginx_says_503_as_a_problem(lone_nginx):
    alone, _ = lone_nginx
    response = requests.post(f"{alone.base}/v1/validate?format=modified", data=DECK,
                             headers=TEXT, timeout=10)
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"
    assert response.json()["status"] == 503
    assert response.json()["type"].endswith("/service-unavailable")
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    check_http(response)


def test_a_request_past_its_deadline_reaches_the_client_as_the_apps_problem(full_db_url,
                                                                            tmp_path):
    """nginx passes the app's 503 on as it is (it intercepts no answer of the app's), and
    does not send the request to the other instance."""
    log = tmp_path / "stack.log"
    with production(full_db_url, log=log, REQUEST_DEADLINE_SECONDS="0") as over_time:
        response = requests.post(f"{over_time.base}/v1/validate?format=modified", data=DECK,
                                 headers={**TEXT, "X-Request-ID": "over-time"}, timeout=30)
    problem = response.json()
    assert response.status_code == 503 and "Retry-After" not in response.headers, problem
    assert problem["type"].endswith("/deadline-exceeded") and problem["limit_seconds"] == 0
    check_http(response)
    records = [json.loads(line) for line in log.read_text().splitlines()
               if line.startswith("{") and '"over-time"' in line and '"upstream"' in line]
    assert [record["upstream_status"] for record in records] == ["503"]  # one instance


def test_a_request_nginx_gives_up_on_is_not_sent_to_another_instance(full_db_url):
    """Two instances that take connections and never answer: nginx waits the app's
    deadline and its margin (0 + 10 s), then answers 504 with the first alone tried, as
    it may still be working on the request."""
    with silent_listener() as first, silent_listener() as second:
        upstreams = " ".join(f"127.0.0.1:{listener.getsockname()[1]}"
                             for listener in (first, second))
        with production(full_db_url, UPSTREAMS=upstreams,
                        REQUEST_DEADLINE_SECONDS="0") as alone:
            response = requests.post(f"{alone.base}/v1/validate?format=modified", data=DECK,
                                     headers=TEXT, timeout=60)
        reached = sorted(connections_made(listener) for listener in (first, second))
    problem = response.json()
    assert response.status_code == 504 and "Retry-After" not in response.headers, problem
    assert problem["type"].endswith("/gateway-timeout") and "within 10 s" in problem["detail"]
    check_http(response)
    assert reached == [0, 1]


_POST = b"POST /v1/resolve HTTP/1.1\r\nHost: deckjudge\r\nContent-Type: text/plain\r\n"
# Requests nginx refuses itself, before any instance sees them: (id, request, status, slug).
NGINX_REFUSES = [
    ("two-content-lengths", _POST + b"Content-Length: 3\r\nContent-Length: 4\r\n\r\nabcd",
     400, "bad-request"),
    ("content-length-and-chunked", _POST + b"Content-Length: 5\r\nTransfer-Encoding: "
     b"chunked\r\n\r\n0\r\n\r\n", 400, "bad-request"),
    ("invalid-chunk-size", _POST + b"Transfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n",
     400, "bad-request"),
    ("bad-request-line", b"GARBAGE\r\n\r\n", 400, "bad-request"),
    ("lower-case-method", b"get / HTTP/1.1\r\nHost: deckjudge\r\n\r\n", 400, "bad-request"),
    ("no-host", b"GET / HTTP/1.1\r\n\r\n", 400, "bad-request"),
    ("path-above-the-root", b"GET /../etc/passwd HTTP/1.1\r\nHost: deckjudge\r\n\r\n", 400,
     "bad-request"),
    ("header-too-large", b"GET / HTTP/1.1\r\nHost: deckjudge\r\nX-Big: " + b"a" * 9000
     + b"\r\n\r\n", 431, "request-header-fields-too-large"),
    ("cookie-too-large", b"GET / HTTP/1.1\r\nHost: deckjudge\r\nCookie: " + b"a" * 9000
     + b"\r\n\r\n", 431, "request-header-fields-too-large"),
    ("request-line-too-long", b"GET /v1/cards?name=" + b"x" * 9000 + b" HTTP/1.1\r\n"
     b"Host: deckjudge\r\n\r\n", 414, "uri-too-long"),
    ("trace", b"TRACE / HTTP/1.1\r\nHost: deckjudge\r\n\r\n", 405, "method-not-allowed"),
    ("unknown-transfer-encoding", _POST + b"Transfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
     501, "not-implemented"),
    ("http-version-9.9", b"GET / HTTP/9.9\r\nHost: deckjudge\r\n\r\n", 505,
     "http-version-not-supported"),
    ("its-own-error-pages", b"GET /.nginx-problem/400 HTTP/1.1\r\nHost: deckjudge\r\n\r\n",
     404, "not-found"),
]


@pytest.mark.parametrize(("case", "request_bytes", "status", "slug"), NGINX_REFUSES,
                         ids=[case[0] for case in NGINX_REFUSES])
def test_every_error_nginx_answers_itself_is_a_problem(stack, case, request_bytes, status,
                                                       slug):
    answer = Answer.parse(exchange(stack.base, request_bytes))
    assert answer.status == status, answer
    assert answer.headers["content-type"] == "application/problem+json"
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert answer.headers["content-security-policy"].startswith("default-src 'none'")
    assert answer.headers["cache-control"] == "no-store" and answer.headers["x-request-id"]
    problem = json.loads(answer.body)
    jsonschema.validate(problem, problem_schema())
    kind = PROBLEM_TYPES[slug]
    assert (problem["type"], problem["title"], problem["status"]) == (
        TYPE_BASE + slug, kind.title, status)
    assert len(problem["detail"]) > 20


def test_an_http_0_9_request_is_closed_not_answered_without_headers(stack):
    # HTTP/0.9 answers are a bare body: no status, no type, no policy. nginx closes instead.
    try:
        answer = exchange(stack.base, b"GET /\r\n", then="stall")
    except ConnectionResetError:
        answer = b""
    assert answer == b""


def test_a_client_that_stops_sending_is_cut_off_with_no_page(lone_nginx):
    # nginx answers a client timeout (408) with nothing: it resets the connection.
    alone, log = lone_nginx
    try:
        answer = exchange(alone.base, _POST + b"Content-Length: 100\r\n\r\n4 Pika",
                          source="127.0.5.1", then="stall")
    except ConnectionResetError:
        answer = b""
    assert answer == b""
    [record] = [json.loads(line) for line in log.read_text().splitlines()
                if line.startswith("{") and '"127.0.5.1"' in line]
    assert record["status"] == 408
