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
document (serving/server_errors.py), answers each health probe on a thread kept for
its path (serving/probe_lane.py), lets go of a client that sends its request or takes its
answer too slowly (serving/slow_peers.py), closes a connection gracefully from its poller
rather than its main loop (serving/lingering_close.py), and says when every thread of its
pool is held (runtime/held_threads.py, which readiness reads). To read a new connection's
request line before a thread takes it, the worker waits for the connection's first bytes in
its main loop (gthread waits in a pool thread, up to DEFAULT_WORKER_DATA_TIMEOUT, then in the
loop): a connection that sends nothing is closed after as long as gthread gives it.
"""

from __future__ import annotations

import errno
import select
import selectors
import time
from concurrent import futures
from functools import partial
from typing import Any

from gunicorn.workers.gthread import DEFAULT_WORKER_DATA_TIMEOUT, TConn, ThreadWorker

from runtime import held_threads
from serving import probe_lane, server_errors, slow_peers
from serving.lingering_close import Lingering

# A handshake under way when the door closed completes within one round trip: wait
# that long for it before the last look. On loopback it takes microseconds.
HANDSHAKE_LINGER = 0.1


class _Conn(TConn):
    """gthread's connection, read through serving/slow_peers.py's timed socket."""

    def init(self) -> None:
        super().init()
        slow_peers.reading(self)


def _closes(fut: Any) -> bool:
    """Whether a finished request's connection closes gracefully: gthread's own case of an
    answer not kept alive (a failure closes at once, as gthread closes it)."""
    if fut.cancelled():
        return True
    return fut.exception() is None and not fut.result()


def _read_ahead(conn: Any) -> bool:
    """Whether gunicorn already holds bytes of the connection's next request (read ahead
    while the last one's unread body was drained): the request starts there, not in what
    the socket has, so the socket is not looked at for a probe."""
    parser = getattr(conn, "parser", None)
    unreader = getattr(parser, "unreader", None)
    return unreader is not None and bool(unreader.buf.getvalue())  # as gthread asks it


class DrainingThreadWorker(ThreadWorker):
    def init_process(self) -> None:
        # A thread a probe path, apart from the pool of `threads` (serving/probe_lane.py).
        self.probe_pools = {path: futures.ThreadPoolExecutor(
            max_workers=1, thread_name_prefix=f"probe{path.decode().replace('/', '-')}")
            for path in probe_lane.PROBE_PATHS}
        held_threads.serving(self.cfg.threads)
        super().init_process()

    def _timing(self) -> tuple[float | None, float]:
        """A request's time to come (the app's deadline) and its answer's write timeout, at
        most that (serving/slow_peers.py)."""
        found = getattr(self, "_timed", None)
        if found is None:
            config = getattr(self.wsgi, "config", {})
            seconds = config.get("REQUEST_DEADLINE_SECONDS")
            written = slow_peers.write_timeout()
            found = self._timed = (seconds, written if seconds is None else min(written,
                                                                                seconds))
        return found

    def accept(self, listener: Any) -> None:
        """gthread's accept, but the connection waits in the main loop for its first bytes
        (the module), then goes to `enqueue_req` (on_pending_socket_readable)."""
        try:
            client, address = listener.accept()
        except OSError as error:
            if error.errno not in (errno.EAGAIN, errno.ECONNABORTED, errno.EWOULDBLOCK):
                raise
            return
        self.nr_conns += 1
        conn = _Conn(self.cfg, client, address, listener.getsockname())  # non-blocking
        conn.timeout = time.monotonic() + DEFAULT_WORKER_DATA_TIMEOUT + self.cfg.keepalive
        self.pending_conns.append(conn)
        self.poller.register(conn.sock, selectors.EVENT_READ,
                             partial(self.on_pending_socket_readable, conn))

    def enqueue_req(self, conn: Any) -> None:
        """A probe to its path's thread, anything else to the pool (as gthread's)."""
        probe = None if self.cfg.is_ssl or _read_ahead(conn) else probe_lane.probe_of(conn.sock)
        if probe is None:
            done = self.tpool.submit(self._handle_held, conn)
        else:
            done = self.probe_pools[probe].submit(self.handle, conn)
        done.add_done_callback(
            lambda fut: self.method_queue.defer(self.finish_request, conn, fut))

    def _handle_held(self, conn: Any) -> Any:
        """`handle` on a thread of the pool, which is held meanwhile (runtime/held_threads)."""
        held_threads.took()
        try:
            return self.handle(conn)
        finally:
            held_threads.let_go()

    def handle(self, conn: Any) -> Any:
        """gthread's, with the request's reads and writes timed (serving/slow_peers.py)."""
        read_seconds, write_timeout = self._timing()
        slow_peers.take(conn, read_seconds, write_timeout)
        try:
            return super().handle(conn)
        finally:
            slow_peers.done()

    def run(self) -> None:
        # The poller is gthread's, made in init_process just before it runs this loop.
        self.lingering = Lingering(self.poller)
        super().run()

    def finish_request(self, conn: Any, fut: Any) -> None:
        # A client let go of for its slowness is closed at once: gthread's graceful close
        # would wait on it in this loop for up to 2 s (serving/slow_peers.py).
        if slow_peers.dropped(conn):
            self.nr_conns -= 1
            slow_peers.close_at_once(conn.sock)
            return
        if _closes(fut):  # gracefully, lingering in the poller (serving/lingering_close.py)
            self.nr_conns -= 1
            self.lingering.start(conn.sock)
            return
        super().finish_request(conn, fut)

    def murder_pending(self) -> None:
        # Called on every turn of the loop, as the connections' other timeouts are kept.
        super().murder_pending()
        self.lingering.expire()

    def murder_keepalived(self, force: bool = False) -> None:
        super().murder_keepalived(force)
        if force:  # the worker's last cleanup
            self.lingering.expire(everything=True)

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
