"""gunicorn's threaded worker, made to lose no request on a graceful stop (SIGTERM).

gthread stops accepting when it is told to stop but keeps its listening
socket open until its last request is done. Connections made in that time
complete their handshake in the kernel, send their request, and are reset
when the socket finally closes: requests lost in a shutdown. This worker
instead takes every connection already waiting, then closes its listener at
once, so a later client is refused (and may retry elsewhere) rather than
dropped, and every request the server took is answered.
"""

from __future__ import annotations

from gunicorn.workers.gthread import ThreadWorker


class DrainingThreadWorker(ThreadWorker):
    def set_accept_enabled(self, enabled: bool) -> None:
        super().set_accept_enabled(enabled)
        if not enabled and not self.alive:  # a stop, not a pause at worker_connections
            self._drain_and_close()

    def _drain_and_close(self) -> None:
        for listener in self.sockets:
            while True:  # gthread's accept() takes one connection, quietly none when empty
                waiting = self.nr_conns
                self.accept(listener)
                if self.nr_conns == waiting:
                    break
            # The master and the other workers close theirs too; the last close ends
            # listening, so the kernel refuses new connections instead of queueing them.
            listener.close()
