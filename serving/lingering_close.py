"""A connection's graceful close, lingering in the worker's poller rather than its main loop.

A connection that closes after its answer (the client asked for it, or it reached the
keep-alive quota) sends its FIN, then reads and drops what the client still sends until the
client closes too, so the kernel does not answer those bytes with a reset that could cut the
answer's last segment (RFC 9112 section 9.6). gthread does that read in the worker's main
loop, waiting up to 2 s: a client that asked to close and never did held every other
connection of the worker, its accepts and its finished answers, for those 2 s, and one
cheap request after another held it for as long as they kept coming. Here the read waits in
the poller the main loop already waits on: each closing socket is read when it has bytes,
and closed when the client closes, when it has sent `MAX_DRAIN` bytes, or after
`LINGER_SECONDS`.
"""

from __future__ import annotations

import selectors
import socket
import time
from collections import deque
from dataclasses import dataclass, field
from functools import partial

# gunicorn's own bounds for a graceful close (gunicorn.util.close_graceful).
LINGER_SECONDS = 2.0
MAX_DRAIN = 65536


@dataclass(eq=False)
class _Closing:
    sock: socket.socket
    until: float
    drained: int = 0
    closed: bool = field(default=False)


class Lingering:
    """The worker's closing connections, read from its poller until each may close."""

    def __init__(self, poller: selectors.BaseSelector) -> None:
        self._poller = poller
        self._closing: deque[_Closing] = deque()  # by deadline: each lingers as long

    def start(self, sock: socket.socket) -> None:
        """Send the FIN and linger on `sock` (it is the caller's no more)."""
        try:
            sock.shutdown(socket.SHUT_WR)
            sock.setblocking(False)
        except OSError:
            sock.close()  # the client is gone already
            return
        closing = _Closing(sock, time.monotonic() + LINGER_SECONDS)
        self._poller.register(sock, selectors.EVENT_READ, partial(self._readable, closing))
        self._closing.append(closing)

    def _readable(self, closing: _Closing, _sock: object) -> None:
        try:
            data = closing.sock.recv(4096)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        closing.drained += len(data)
        if not data or closing.drained >= MAX_DRAIN:
            self._close(closing)

    def expire(self, everything: bool = False) -> None:
        """Close those whose time is up (every one, when the worker stops)."""
        now = time.monotonic()
        while self._closing and (everything or self._closing[0].until <= now):
            self._close(self._closing.popleft())

    def __len__(self) -> int:
        return sum(not closing.closed for closing in self._closing)

    def _close(self, closing: _Closing) -> None:
        if closing.closed:
            return
        closing.closed = True
        try:
            self._poller.unregister(closing.sock)
        except (KeyError, ValueError, OSError):
            pass
        closing.sock.close()
