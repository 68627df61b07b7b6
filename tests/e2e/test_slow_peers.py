"""Slow peers on gunicorn alone, with `make run`'s settings (two workers of two threads): a
client that sends its request or takes its answer too slowly is let go of by its time, and
readiness says when every thread of a worker is held (serving/slow_peers.py,
runtime/held_threads.py). Real sockets against the real gunicorn; no test waits a time and
calls it a measure: each polls for the state it expects, within a bound.
"""

from __future__ import annotations

import itertools
import json
import select
import socket
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from urllib.parse import urlsplit

import pytest
import requests

from tests.e2e.test_hostile_requests import _largest_batch
from tests.support.servers import Answer, gunicorn

DEADLINE = 4  # REQUEST_DEADLINE_SECONDS of the server under test
WRITE_TIMEOUT = 2  # GUNICORN_WRITE_TIMEOUT
# What a bounded wait allows beyond the times it waits on: the shared machine's slack.
SLACK = 15
STALLED = 4  # as many as make run's threads: two workers of two


def _large() -> bytes:
    """A request whose answer is far larger than a connection's buffers (the kernel keeps up
    to 4 MiB to send): the largest batch the limits allow, about 25 MB answered."""
    body = _largest_batch()
    return (b"POST /v1/validate/batch HTTP/1.1\r\nHost: deckjudge\r\nContent-Type: "
            b"application/json\r\nContent-Length: %d\r\n\r\n" % len(body)) + body


@pytest.fixture(scope="module")
def served(full_db_url, tmp_path_factory):
    log = tmp_path_factory.mktemp("slow-peers") / "server.log"
    with gunicorn(full_db_url, workers=2, log=log, GUNICORN_THREADS="2",
                  REQUEST_DEADLINE_SECONDS=str(DEADLINE),
                  GUNICORN_WRITE_TIMEOUT=str(WRITE_TIMEOUT)) as base:
        yield base, log


def _connect(base: str, receive_buffer: int | None = None) -> socket.socket:
    parts = urlsplit(base)
    sock = socket.socket()
    if receive_buffer is not None:  # a small window: the answer backs up at once
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, receive_buffer)
    sock.connect((parts.hostname, parts.port))
    return sock


def _within(seconds: float, done: Callable[[], bool], every: float = 0.1) -> bool:
    """Whether `done()` holds before `seconds` pass, asked every `every` seconds."""
    ends = time.monotonic() + seconds
    while time.monotonic() < ends:
        if done():
            return True
        time.sleep(every)
    return done()


def _read_to_the_end(sock: socket.socket, seconds: float) -> tuple[bytes, bool]:
    """What comes on `sock` until the server ends the connection, within `seconds`; and
    whether it ended (closed or reset) in that time."""
    got, ends = [], time.monotonic() + seconds
    while (left := ends - time.monotonic()) > 0:
        if not select.select([sock], [], [], left)[0]:
            break
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            return b"".join(got), True
        if not chunk:
            return b"".join(got), True
        got.append(chunk)
    return b"".join(got), False


def _reset(sock: socket.socket) -> bool:
    """Whether the server reset the connection (its state is closed), read or not."""
    return sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 1)[0] == _TCP_CLOSE


_TCP_CLOSE = 7  # tcp_info's state of a connection reset (Linux's TCP_CLOSE)


def _ready(base: str) -> int:
    return requests.get(f"{base}/readyz", timeout=SLACK).status_code


def _trickled(sock: socket.socket, pieces: Iterable[bytes]) -> tuple[bytes, bool, int]:
    """Each piece sent on `sock` a quarter second after the last (the client's pace, not a
    measure) while what comes back is read until the server ends the connection: what came,
    whether it ended, and how many pieces went before it did."""
    sent = 0
    stop = threading.Event()

    def trickle() -> None:
        nonlocal sent
        try:
            for piece in pieces:
                if stop.wait(0.25):
                    return
                sock.sendall(piece)
                sent += 1
        except OSError:  # the server let go of it
            return

    trickler = threading.Thread(target=trickle)
    trickler.start()
    try:
        raw, ended = _read_to_the_end(sock, DEADLINE + SLACK)
    finally:
        stop.set()
        trickler.join()
        sock.close()
    return raw, ended, sent


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_a_body_trickled_a_byte_at_a_time_is_cut_off_at_the_deadline(served):
    base, _ = served
    body = b"4 Pikachu\n" * 30  # 300 bytes: at a byte a quarter second, 75 s to come
    sock = _connect(base)
    sock.sendall(b"POST /v1/resolve HTTP/1.1\r\nHost: deckjudge\r\nContent-Type: text/plain"
                 b"\r\nContent-Length: %d\r\n\r\n" % len(body))
    raw, ended, sent = _trickled(sock, (bytes([byte]) for byte in body))
    answer = Answer.parse(raw)
    assert answer.status == 408, raw[:300]
    assert json.loads(answer.body)["type"].endswith("/request-timeout")
    assert ended and sent < len(body)  # cut off while it was still coming


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_a_head_trickled_a_byte_at_a_time_is_closed_at_the_deadline(served):
    base, _ = served
    sock = _connect(base)
    sock.sendall(b"GET /v1/formats HTTP/1.1\r\nHost: deckjudge\r\n")
    raw, ended, _ = _trickled(sock, itertools.repeat(b"X"))  # a header that never ends
    assert ended and raw == b""  # closed with no answer, as nginx resets such a client


@pytest.fixture
def stalled(served) -> Iterator[list[socket.socket]]:
    """Clients that ask for a large answer and never read it, one a thread of make run's."""
    base, _ = served
    clients = [_connect(base, receive_buffer=4096) for _ in range(STALLED)]
    large = _large()

    def send(sock: socket.socket) -> None:
        try:
            sock.sendall(large)
        except OSError:  # dropped before its body was whole
            pass

    # Each sent from a thread of its own: a body larger than the connection's buffers is
    # taken only as a server thread reads it, and a worker the kernel gave three of the
    # four reads the third only once a thread is free again, so sending them one after
    # the other held the test back until the first were dropped, past the time readiness
    # says the threads are held.
    senders = [threading.Thread(target=send, args=(sock,)) for sock in clients]
    for sender in senders:
        sender.start()
    yield clients
    for sock in clients:  # a sender still in sendall returns (closing under it would not)
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
    for sender in senders:
        sender.join()
    for sock in clients:
        sock.close()


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_clients_that_never_read_free_their_threads_within_the_deadline(served, stalled):
    base, log = served
    # Every thread of a worker held (of two workers' four, at least one worker's both):
    # readiness says so, for a probe or a balancer to send requests elsewhere.
    said: list[requests.Response] = []
    assert _within(DEADLINE, lambda: said.append(
        requests.get(f"{base}/readyz", timeout=SLACK)) or said[-1].status_code == 503)
    problem = said[-1].json()
    assert problem["type"].endswith("/service-unavailable")
    assert "Every request thread of this worker" in problem["detail"]
    assert said[-1].headers["Retry-After"] == "1"
    assert requests.get(f"{base}/healthz", timeout=SLACK).status_code == 200  # alive
    # Another request is answered meanwhile, within its deadline however the kernel spreads
    # the connections between the workers.
    other = requests.post(f"{base}/v1/validate?format=modified", data=b"4 Bill LC 108",
                          headers={"Content-Type": "text/plain"}, timeout=DEADLINE + SLACK)
    assert other.status_code == 200
    # Each client that reads nothing of its answer is dropped (reset) after the write
    # timeout, and its thread is free again: looked at without reading, which would let
    # its answer flow.
    assert _within(DEADLINE + SLACK, lambda: all(_reset(sock) for sock in stalled))
    assert _within(DEADLINE, lambda: all(_ready(base) == 200 for _ in range(4)))
    written = log.read_text()
    assert written.count("did not read its answer within its time") >= STALLED
    assert "Traceback" not in written and "WORKER TIMEOUT" not in written, written[-3000:]
