"""Whether every request thread of this worker is held: the server says when a thread of its
pool takes a request and when it lets it go (serving.draining_worker), and readiness asks
(api.health).

A thread on one request for HELD_SECONDS or more is held: by a client that sends or reads
slowly, or by heavy work (the largest batch of real lists takes half a second). When every
thread of the pool is held, no new request gets a thread soon: readiness says so, so that a
probe or a balancer sends requests elsewhere until one is let go. Outside a server's pool
(tests through Flask's client, the CLI) no thread is ever held.
"""

from __future__ import annotations

import threading
import time

# A thread on one request this long is held (the largest request of real lists takes half
# of it on the shared 2-core machine).
HELD_SECONDS = 1.0

_lock = threading.Lock()
_pool = 0  # the threads requests get; 0 until a server says
_since: dict[int, float] = {}  # a thread's id → when it took its request (monotonic clock)


def serving(threads: int) -> None:
    """This process answers requests on a pool of `threads` threads."""
    global _pool
    _pool = threads


def took() -> None:
    """The calling thread of the pool took a request."""
    with _lock:
        _since[threading.get_ident()] = time.monotonic()


def let_go() -> None:
    """The calling thread is done with its request."""
    with _lock:
        _since.pop(threading.get_ident(), None)


def all_held() -> bool:
    """Every thread of the pool has been on one request for HELD_SECONDS or more."""
    with _lock:
        if not _pool or len(_since) < _pool:
            return False
        held_before = time.monotonic() - HELD_SECONDS
        return all(since <= held_before for since in _since.values())
