"""serving/lingering_close.py with real sockets: a closing connection sends its FIN at
once, drops what the client still sends, and is closed when the client closes, when it has
sent too much, or when its time is up."""

from __future__ import annotations

import selectors
import socket

from serving import lingering_close
from serving.lingering_close import Lingering


def _turn(poller: selectors.BaseSelector) -> None:
    """One turn of a worker's loop: what is readable is read."""
    for key, _ in poller.select(timeout=5):
        key.data(key.fileobj)


def test_the_fin_goes_at_once_and_the_socket_closes_when_the_client_does():
    client, server = socket.socketpair()
    with client, selectors.DefaultSelector() as poller:
        lingering = Lingering(poller)
        lingering.start(server)
        client.settimeout(5)
        assert client.recv(10) == b""  # the server's FIN
        client.sendall(b"what the client still sends")
        _turn(poller)
        assert len(lingering) == 1 and server.fileno() != -1  # read and dropped, still open
        client.shutdown(socket.SHUT_WR)
        _turn(poller)
        assert len(lingering) == 0 and server.fileno() == -1


def test_a_client_that_sends_too_much_is_closed_on():
    client, server = socket.socketpair()
    with client, selectors.DefaultSelector() as poller:
        lingering = Lingering(poller)
        lingering.start(server)
        client.setblocking(False)
        sent = 0
        while len(lingering):
            try:
                sent += client.send(b"x" * 4096)
            except BlockingIOError:
                pass
            _turn(poller)
        assert sent >= lingering_close.MAX_DRAIN and server.fileno() == -1


def test_a_client_that_never_closes_is_closed_on_when_its_time_is_up(monkeypatch):
    client, server = socket.socketpair()
    with client, selectors.DefaultSelector() as poller:
        lingering = Lingering(poller)
        monkeypatch.setattr(lingering_close, "LINGER_SECONDS", 0.0)
        lingering.start(server)
        lingering.expire()
        assert len(lingering) == 0 and server.fileno() == -1
        assert poller.get_map() == {}


def test_a_worker_that_stops_closes_every_one():
    pairs = [socket.socketpair() for _ in range(3)]
    with selectors.DefaultSelector() as poller:
        lingering = Lingering(poller)
        for _, server in pairs:
            lingering.start(server)
        lingering.expire()  # none's time is up
        assert len(lingering) == 3
        lingering.expire(everything=True)
        assert len(lingering) == 0 and all(server.fileno() == -1 for _, server in pairs)
    for client, _ in pairs:
        client.close()
