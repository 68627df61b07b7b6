"""Health probes on threads of their own (serving/probe_lane.py): answered while every
thread of the worker's pool is held, as the largest requests hold them; readiness then says
the pool is held (runtime/held_threads.py)."""

from __future__ import annotations

import select
import socket
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
