"""A connection that closes after its answer lingers in the worker's poller, not its main
loop (serving/lingering_close.py): clients that ask to close and never do hold up no other
client of the worker, and each still gets its whole answer and the server's FIN."""

from __future__ import annotations

import socket

import pytest
import requests

from tests.support.servers import gunicorn

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)  # the server's
CLOSING = b"GET /v1/formats HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
# Each would have held the worker's loop 2 s: 60 s together, three times the other
# client's wait below.
CLIENTS = 30


def _answer_and_fin(sock: socket.socket) -> bytes:
    """What the server sends until its FIN (recv gives b"")."""
    received = b""
    while chunk := sock.recv(65536):
        received += chunk
    return received


def test_clients_that_never_close_hold_up_no_other_client(full_db_url):
    with gunicorn(full_db_url, workers=1) as base:
        host, port = base.removeprefix("http://").split(":")
        lingering = [socket.create_connection((host, int(port)), timeout=30)
                     for _ in range(CLIENTS)]
        try:
            for sock in lingering:
                sock.sendall(CLOSING)
            # Another client of the same worker is answered meanwhile …
            assert requests.get(f"{base}/v1/formats", timeout=20).status_code == 200
            # … and every one of them got its whole answer, then the server's FIN, though
            # none closed its side.
            for sock in lingering:
                answer = _answer_and_fin(sock)
                assert answer.startswith(b"HTTP/1.1 200") and b"Connection: close" in answer
        finally:
            for sock in lingering:
                sock.close()
