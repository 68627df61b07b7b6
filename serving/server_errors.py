"""Requests gunicorn refuses before the app sees them, answered as RFC 9457 problems and
logged like every other request.

gunicorn refuses what it cannot read (a bad request line, a header it will not take,
framing it cannot trust: two Content-Lengths, one beside Transfer-Encoding, a Transfer-
Encoding it does not know) in its worker's `handle_error`. That writes an HTML page, and
logs the request only once its headers were read, through the access logger, whose
failure there would leave the client with no answer at all. The worker (serving/draining_worker.py)
hands these refusals to `refuse()` instead: a problem document, then one access-log line
with the status sent, the method and path when they were read, and no request id (the
app never saw the request). Errors of gunicorn's own (a 500) stay gunicorn's, written by
`install()`'s problem writer in place of `gunicorn.util.write_error`.
"""

from __future__ import annotations

import datetime as dt
import json
import socket
from types import SimpleNamespace
from typing import Any

import gunicorn.util
from gunicorn.http.errors import InvalidHeader

from api.middleware.problems import PROBLEM_MEDIA_TYPE, Problem
from api.middleware.security_headers import DEFAULT_POLICY, NOSNIFF
from api.middleware.unreadable_requests import refusal_detail, refused_status


def problem_bytes(status: int, detail: str, reason: str = "") -> bytes:
    """The whole HTTP response: status line, headers and the problem document. A status
    with no type of ours is `about:blank`, titled with its reason (RFC 9457, 4.2.1)."""
    problem = Problem.of_status(status, detail, reason)
    body = json.dumps(problem.document()).encode()
    head = (f"HTTP/1.1 {status} {problem.kind.title}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_MEDIA_TYPE}\r\nContent-Length: {len(body)}\r\n"
            f"Cache-Control: no-store\r\nX-Content-Type-Options: {NOSNIFF}\r\n"
            f"Content-Security-Policy: {DEFAULT_POLICY}\r\n\r\n")
    return head.encode("latin-1") + body


def refuse(log: Any, req: Any, sock: socket.socket, addr: Any, error: BaseException) -> bool:
    """Answer and log a request gunicorn refused; False, doing nothing, for an error that is
    the server's own. `log` is the worker's logger (serving/access_log.py), `req` what was read
    of the request (None when not even its headers were), `addr` the client's address."""
    status = refused_status(error)
    if status is None:
        return False
    started = dt.datetime.now()
    if req is None and isinstance(error, InvalidHeader):
        req = error.req  # what was read before a framing header was refused, or None
    address = addr[0] if addr else ""  # none on a Unix socket
    log.warning("Invalid request from ip=%s: %s", address, error)
    answer = problem_bytes(status, refusal_detail(status, error))
    try:
        gunicorn.util.write_nonblock(sock, answer)
        sent = len(answer)
    except OSError:  # the client went already
        sent = 0
    log.access(SimpleNamespace(status=status, sent=sent), req, _environ(req, address),
               dt.datetime.now() - started)
    return True


def _environ(req: Any, address: str) -> dict[str, str]:
    """The WSGI names the access log reads, for what was read of a refused request."""
    if req is None:
        return {"REMOTE_ADDR": address}
    environ = {"REMOTE_ADDR": address, "REQUEST_METHOD": req.method,
               "PATH_INFO": gunicorn.util.unquote_to_wsgi_str(req.path),
               "QUERY_STRING": req.query}
    agent = next((value for name, value in req.headers if name == "USER-AGENT"), None)
    if agent is not None:
        environ["HTTP_USER_AGENT"] = agent
    return environ


def _write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    detail = ("The server failed to handle this request; it has been logged."
              if status_int >= 500 else mesg or reason)
    gunicorn.util.write_nonblock(sock, problem_bytes(status_int, detail, reason))


def install() -> None:
    """Make gunicorn's own error page (a 500, or an SSL refusal) a problem document."""
    gunicorn.util.write_error = _write_problem
