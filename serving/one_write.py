"""gunicorn's answers sent whole: an answer's headers leave with its body, in one write.

gunicorn writes the headers of an answer, then its body, in two writes. nginx passes
the headers on to the client as soon as they arrive, and from then on it cannot send
the request to another instance. So an instance killed between the two writes
(SIGKILL, a machine lost) would leave its client a header and no body:
`IncompleteRead(0 bytes read, 130170 more expected)` for a `format=all` answer, as a
fresh-clone CI run of tests/e2e/test_production_scale.py met it. In a threaded worker the gap
is not a few microseconds: another thread holding the GIL can stretch it to the
interpreter's switch interval, which asks a running thread for the GIL every 5 ms.

Written together, the kernel takes the answer's first piece whole or not at all:
killed before the write, nginx sees no header and retries the request elsewhere
(`proxy_next_upstream … non_idempotent`); after it, the answer is in the socket and is
delivered. This holds while the piece fits the socket's send buffer (on Linux about
200 KB by default, larger than any single verdict); a larger answer, such as a big batch,
can still be cut if its instance dies mid-write.

Each write goes to the socket as serving/slow_peers.py times it: a client that takes none of
its answer for the write timeout is dropped. `install()` puts this response class where
gunicorn's `wsgi.create` looks for it.
"""

from __future__ import annotations

from typing import Any

import gunicorn.http.wsgi

from serving import slow_peers


class _Held:
    """Stands in for the socket while gunicorn writes, keeping what it writes."""

    def __init__(self) -> None:
        self.parts: list[bytes] = []

    def sendall(self, data: bytes) -> None:
        self.parts.append(data)


class OneWriteResponse(gunicorn.http.wsgi.Response):
    # The connection's socket, timed (serving/slow_peers.py); a `_Held` while gunicorn writes.
    sock: Any

    def __init__(self, req: Any, sock: Any, cfg: Any) -> None:
        super().__init__(req, slow_peers.writer(sock), cfg)

    def write(self, arg: Any) -> None:
        if self.headers_sent:  # later pieces: the headers have gone with the first
            super().write(arg)
            return
        sock, held = self.sock, _Held()
        self.sock = held
        try:
            super().write(arg)  # gunicorn's own checks and framing, into `held`
        finally:
            self.sock = sock
        sock.sendall(b"".join(held.parts))


def install() -> None:
    gunicorn.http.wsgi.Response = OneWriteResponse
