"""Slow peers on gunicorn alone: a client that sends its request, or takes its answer, too
slowly is let go of by its time, and its thread goes back to the pool.

gthread gives a request a thread from the first byte of its head to the last byte of its
answer and bounds neither: a body trickled a byte a second held a thread 40 s, and a client
that never read its answer held one until the kernel gave up on the connection, while every
other request waited behind it. So for each request a pool thread takes (`Peer`):

- every read of it, head and body, waits no longer than the time its request has left:
  `REQUEST_DEADLINE_SECONDS` from when the thread took it. A body past it is answered 408
  (api/middleware/request_stream.py turns the TimeoutError into one); a head not whole by
  then closes the connection.
- every write of its answer waits at most `WRITE_TIMEOUT` for the client to take some of it
  (as nginx's `send_timeout`), and the whole answer is written by the deadline plus that.
  Past either the connection is dropped (reset: its buffers go at once) and logged.

The connection of a peer let go of is closed at once, not gracefully: gthread's graceful
close lingers in the worker's main loop for up to 2 s reading what the client still sends.

nginx in front (docs/deploy.md) does more: it reads the whole request before gunicorn sees
it and takes the whole answer at once, so a slow client costs no thread at all, only nginx's
buffers, and each client is held to its own rate and number of connections.
"""

from __future__ import annotations

import errno
import logging
import math
import socket
import struct
import threading
import time
from typing import Any

from runtime import deadline

# Seconds a client may take without reading any of its answer before it is dropped: nginx's
# CLIENT_TIMEOUT, and at most the request's deadline (gunicorn_conf: GUNICORN_WRITE_TIMEOUT).
DEFAULT_WRITE_TIMEOUT = 10.0

log = logging.getLogger("gunicorn.error")
_current = threading.local()  # the Peer of the request the calling thread is on
_write_timeout = DEFAULT_WRITE_TIMEOUT


def configure(write_timeout: float) -> None:
    """Set the write timeout (gunicorn_conf.py, from GUNICORN_WRITE_TIMEOUT)."""
    global _write_timeout
    if not 0 < write_timeout < math.inf:
        raise ValueError(f"GUNICORN_WRITE_TIMEOUT must be a number of seconds above 0, not "
                         f"{write_timeout!r}")
    _write_timeout = write_timeout


def write_timeout() -> float:
    return _write_timeout


class TooSlow(ConnectionResetError):
    """A client let go of: its request or its answer passed its time. A reset, to gthread:
    the connection closes with no traceback logged."""

    def __init__(self, said: str) -> None:
        super().__init__(errno.ECONNRESET, said)


class Peer:
    """The times one request's reads and writes must end by, from when a thread took it."""

    def __init__(self, read_seconds: float, write_timeout: float) -> None:
        taken = time.monotonic()
        self.reads_by = taken + read_seconds
        self.writes_by = self.reads_by + write_timeout
        self.write_timeout = write_timeout
        self.dropped = False

    def read_left(self) -> float:
        return self.reads_by - time.monotonic()


class Reader:
    """The socket as gunicorn's reader of one connection sees it: each read within the time
    its request has left (`Peer`), as the request's deadline when one runs."""

    def __init__(self, sock: socket.socket, conn: Any) -> None:
        self._sock = sock
        self._conn = conn  # its request's Peer is the connection's (`take`)

    def recv(self, size: int) -> bytes:
        peer: Peer | None = getattr(self._conn, "peer", None)
        if peer is None:
            return self._sock.recv(size)
        left = peer.read_left()
        if left <= 0:
            raise self._too_slow(peer)
        prior = self._sock.gettimeout()
        # A caller's own shorter wait stands (gthread drains a body left unread for 5 s).
        self._sock.settimeout(left if prior is None else min(left, prior))
        try:
            return self._sock.recv(size)
        except TimeoutError:
            raise self._too_slow(peer) from None
        finally:
            self._sock.settimeout(prior)

    def _too_slow(self, peer: Peer) -> OSError:
        """In the app (a body) a TimeoutError, which it answers 408; outside it (a head, or
        a body left unread drained after the answer) a reset that closes the connection."""
        if deadline.current().ends != math.inf:
            return TimeoutError("the request's body did not come within its time")
        peer.dropped = True
        log.info("dropped a connection whose request did not come within its time")
        return TooSlow("the request did not come within its time")

    def gettimeout(self) -> float | None:
        return self._sock.gettimeout()

    def settimeout(self, value: float | None) -> None:
        self._sock.settimeout(value)


class Writer:
    """The socket as gunicorn writes an answer to it: each write waits at most the write
    timeout for the client to take some of it, and ends by the answer's time (`Peer`)."""

    def __init__(self, sock: Any, peer: Peer) -> None:
        self._sock = sock
        self._peer = peer
        self._timeout = -1.0  # what the socket's timeout was last set to here

    def sendall(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            self._wait_at_most()
            try:
                sent = self._sock.send(view)
            except TimeoutError:
                raise self._not_read() from None
            view = view[sent:]

    def sendfile(self, file: Any, offset: int = 0, count: int | None = None) -> int:
        self._wait_at_most()
        try:
            return int(self._sock.sendfile(file, offset, count))
        except TimeoutError:
            raise self._not_read() from None

    def _wait_at_most(self) -> None:
        peer = self._peer
        wait = min(peer.write_timeout, peer.writes_by - time.monotonic())
        if wait <= 0:
            raise self._not_read()
        if wait != self._timeout:  # a timeout set costs two system calls: set it when it moves
            self._sock.settimeout(wait)
            self._timeout = wait

    def _not_read(self) -> TooSlow:
        self._peer.dropped = True
        log.info("dropped a connection whose client did not read its answer within its time")
        return TooSlow("the client did not read its answer within its time")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._sock, name)


def reading(conn: Any) -> None:
    """Give gunicorn's reader of a connection just set up (its parser's) the timed socket."""
    unreader = getattr(conn.parser, "unreader", None)  # HTTP/2's parser has none
    if unreader is not None and not isinstance(unreader.sock, Reader):
        unreader.sock = Reader(unreader.sock, conn)


def take(conn: Any, read_seconds: float | None, write_timeout: float) -> None:
    """A thread takes the next request of `conn` (gthread's TConn): its reads and writes are
    timed from now (`Peer`)."""
    conn.peer = _current.peer = Peer(math.inf if read_seconds is None else read_seconds,
                                     write_timeout)


def done() -> None:
    """The calling thread is done with its request."""
    _current.peer = None


def writer(sock: Any) -> Any:
    """The socket an answer is written to on the calling thread: timed (`Writer`) when the
    thread is on a request it took (`take`), else the socket itself."""
    peer = getattr(_current, "peer", None)
    return sock if peer is None else Writer(sock, peer)


def dropped(conn: Any) -> bool:
    """Whether the connection's client was let go of (its connection closes at once)."""
    peer = getattr(conn, "peer", None)
    return peer is not None and peer.dropped


def close_at_once(sock: socket.socket) -> None:
    """Close with a reset: what the kernel still holds to send goes at once."""
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    sock.close()
