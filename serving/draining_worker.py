"""gunicorn's threaded worker, made to lose no request on a graceful stop (SIGTERM).

gthread stops accepting when it is told to stop but keeps its listening
socket open until its last request is done. Connections made in that time
complete their handshake in the kernel, send their request, and are reset
when the socket finally closes: requests lost in a shutdown. This worker
instead takes every connection already waiting, then closes its listener at
once, so a later client is refused (and may retry elsewhere) rather than
dropped, and every request the server took is answered. When the whole
server stops, the master has already made the listener ignore new SYNs
(serving/closing_door.py), so nothing can join the queue after the last look.

It also answers, and logs, every request gunicorn refuses to read as a problem
document (serving/server_errors.py).
"""

from __future__ import annotations

import select
import time
from typing import Any

from gunicorn.workers.gthread import ThreadWorker

from serving import server_errors

# A handshake under way when the door closed completes within one round trip: wait
# that long for it before the last look. On loopback it takes microseconds.
HANDSHAKE_LINGER = 0.1


class DrainingThreadWorker(ThreadWorker):
    def handle_error(self, req: Any, client: Any, addr: Any, exc: BaseException) -> None:
        # A request gunicorn refused is answered as a problem and logged (the module).
        if not server_errors.refuse(self.log, req, client, addr, exc):
            super().handle_error(req, client, addr, exc)

    def set_accept_enabled(self, enabled: bool) -> None:
        super().set_accept_enabled(enabled)
        if not enabled and not self.alive:  # a stop, not a pause at worker_connections
            self._drain_and_close()

    def _drain_and_close(self) -> None:
        deadline = time.monotonic() + HANDSHAKE_LINGER
        for listener in self.sockets:
            self._take_waiting(listener)
        while (left := deadline - time.monotonic()) > 0:
            ready, _, _ = select.select(self.sockets, [], [], left)
            for listener in ready:
                self._take_waiting(listener)
        for listener in self.sockets:
            # The master and the other workers close theirs too; the last close ends
            # listening, so the kernel refuses new connections instead of queueing them.
            listener.close()

    def _take_waiting(self, listener: Any) -> None:  # a gunicorn listener
        while True:  # gthread's accept() takes one connection, quietly none when empty
            waiting = self.nr_conns
            self.accept(listener)
            if self.nr_conns == waiting:
                return
