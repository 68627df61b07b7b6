"""The health probes' own lane: a probe is answered on a thread kept for it, never behind
the requests that fill a worker's threads.

Two batches that run to the 20 s deadline hold both threads of a worker, and a probe that
waits its turn behind them waits far past its timeout: a legitimate load had pods restarted
(docs/deploy.md). So the
worker (serving/draining_worker.py) looks at a request's first bytes before it hands the
request to a thread, without taking them off the socket, and gives a probe to the thread of
its path: liveness (`/healthz`) and readiness (`/readyz`) one each, so that a readiness
probe waiting on a database that does not answer never holds up liveness, and an outage does
not restart pods. Everything else goes to gthread's pool, as before.

A request is a probe only when its whole head has arrived and it has no body: a GET or HEAD
of one of PROBE_PATHS, with no Content-Length but 0 and no Transfer-Encoding. Its thread
then never waits on a client: a slow sender of `GET /healthz` goes to the common pool, as
any slow request does. A client that sends probes on purpose gets them answered, one at a
time; they cost what a probe costs.
"""

from __future__ import annotations

import socket

from runtime import patterns

# The probes, by the path their request line names.
PROBE_PATHS = (b"/healthz", b"/readyz")
# The most of a request looked at: a probe's head is a few hundred bytes (Kubernetes' is
# about 120); one longer than this is not taken for a probe.
PEEK_BYTES = 2048

# A request line of a probe, and where its head ends.
_LINE = patterns.compile(r"(?:GET|HEAD) (/healthz|/readyz)(?:\?[^ ]*)? HTTP/1\.[01]\r\n")
_BODY_HEADER = patterns.compile(r"\r\n(?:transfer-encoding|content-length[ \t]*:[ \t]*0*[1-9])",
                                ignore_case=True)


def probe_of(sock: socket.socket) -> bytes | None:
    """The path of the probe waiting whole on `sock` (PROBE_PATHS), or None: not a probe,
    not all of it here yet, or nothing to read."""
    # Python waits for a socket with a timeout to be readable before any recv, MSG_DONTWAIT
    # or not: a connection handed over with its next request already read ahead (its bytes
    # in gunicorn's buffer, none on the socket) held the worker's main loop for the write
    # timeout its answer had left set. The look is made without a timeout, which is put back.
    timeout = sock.gettimeout()
    sock.settimeout(0.0)
    try:
        waiting = sock.recv(PEEK_BYTES, socket.MSG_PEEK)
    except OSError:
        return None
    finally:
        sock.settimeout(timeout)
    end = waiting.find(b"\r\n\r\n")
    if end < 0:
        return None
    head = waiting[:end + 2].decode("latin-1")
    found = _LINE.match(head)
    if found is None or _BODY_HEADER.search(head) is not None:
        return None
    return found.group(1).encode()
