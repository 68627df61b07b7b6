"""Health probes on threads of their own (serving/probe_lane.py): answered while every
thread of the worker's pool is held, as the largest requests hold them; readiness then says
the pool is held (runtime/held_threads.py)."""

from __future__ import annotations

import select
import socket
import threading
import time

import pytest
import requests

from serving.probe_lane import probe_of
from tests.support.servers import gunicorn

# A POST whose body never comes: it holds a pool thread until the request's deadline.
HELD = (b"POST /v1/validate?format=modified HTTP/1.1\r\nHost: t\r\n"
        b"Content-Type: text/plain\r\nContent-Length: 100\r\n\r\n")


def _open(base: str, request: bytes) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=30)
    sock.sendall(request)
    return sock


def test_probes_are_answered_while_every_pool_thread_is_held(full_db_url):
    with gunicorn(full_db_url, workers=1, GUNICORN_THREADS="2",
                  REQUEST_DEADLINE_SECONDS="60") as base:
        held = [_open(base, HELD) for _ in range(2)]
        waiting = _open(base, b"GET /v1/formats HTTP/1.1\r\nHost: t\r\n\r\n")
        try:
            for path in ("/healthz", "/healthz?verbose=1"):
                answer = requests.get(base + path, timeout=30)
                assert answer.status_code == 200, path
            head = requests.head(base + "/healthz", timeout=30)
            assert head.status_code == 200
            # Readiness is answered too, and once the pool has been held a second it says so.
            assert _answers_within(30, lambda: requests.get(
                base + "/readyz", timeout=30).status_code == 503)
            # The pool is held all the while: the request queued behind it has no answer.
            assert select.select([waiting], [], [], 0)[0] == []
        finally:
            for sock in held:
                sock.close()
        # Its threads let go, the queued request is answered, and the worker is ready again.
        assert waiting.recv(12) == b"HTTP/1.1 200"
        waiting.close()
        assert _answers_within(30, lambda: requests.get(
            base + "/readyz", timeout=30).status_code == 200)


def _answers_within(seconds: float, done) -> bool:
    """Whether `done()` holds before `seconds` pass, asked every tenth of a second."""
    ends = time.monotonic() + seconds
    while not done():
        if time.monotonic() > ends:
            return False
        time.sleep(0.1)
    return True


@pytest.mark.parametrize("request_bytes, probe", [
    (b"GET /healthz HTTP/1.1\r\nHost: t\r\n\r\n", b"/healthz"),
    (b"HEAD /readyz?x=1 HTTP/1.0\r\n\r\n", b"/readyz"),
    (b"GET /healthz HTTP/1.1\r\nHost: t\r\n", None),  # the head not whole yet
    (b"POST /healthz HTTP/1.1\r\nContent-Length: 0\r\n\r\n", None),
    (b"GET /healthz HTTP/1.1\r\nContent-Length: 5\r\n\r\nhello", None),
    (b"GET /healthz HTTP/1.1\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n", None),
    (b"GET /healthz HTTP/1.1\r\nContent-Length: 0\r\n\r\n", b"/healthz"),
    (b"GET /healthzz HTTP/1.1\r\n\r\n", None),
    (b"GET /v1/formats HTTP/1.1\r\n\r\n", None),
])
def test_a_probe_is_a_whole_bodiless_get_of_a_probe_path(request_bytes, probe):
    left, right = socket.socketpair()
    with left, right:
        left.sendall(request_bytes)
        assert probe_of(right) == probe
        assert right.recv(4096) == request_bytes  # looked at, not taken


def test_a_look_at_a_socket_with_a_timeout_and_nothing_on_it_does_not_wait():
    # An answer's write leaves its timeout on the socket; the look is made from the worker's
    # main loop, which must never wait on a client.
    left, right = socket.socketpair()
    with left, right:
        right.settimeout(60)
        looked = threading.Thread(target=probe_of, args=(right,), daemon=True)
        looked.start()
        looked.join(10)
        assert not looked.is_alive() and right.gettimeout() == 60


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # the server's, not the database's
def test_a_request_read_ahead_behind_an_unread_body_is_answered_at_once(full_db_url):
    # The 405 leaves its body unread; gunicorn drains it and reads the pipelined request
    # behind it into its buffer, so that request is handed on with nothing on the socket.
    # The write timeout its answer left on the socket was waited out before it was served.
    unread = b"PUT / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\n\r\na=b"
    after = b"GET /v1/formats HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
    with gunicorn(full_db_url, workers=1, GUNICORN_WRITE_TIMEOUT="60",
                  REQUEST_DEADLINE_SECONDS="60") as base:
        sock = _open(base, unread + after)
        sock.settimeout(20)  # a third of the write timeout
        with sock:
            answers = b""
            while chunk := sock.recv(65536):
                answers += chunk
    assert answers.startswith(b"HTTP/1.1 405") and answers.count(b"HTTP/1.1 200") == 1
