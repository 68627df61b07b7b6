"""Errors gunicorn answers itself (a request line or headers too large, a malformed
request) as RFC 9457 problems, like every other error of the service.

gunicorn renders these as HTML in one function, `gunicorn.util.write_error`,
before the app ever sees the request; `install()` puts this writer in its place.
"""

from __future__ import annotations

import json
import socket

import gunicorn.util

from api.problems import PROBLEM_MEDIA_TYPE, TYPE_BASE

_SLUGS = {400: "bad-request", 403: "forbidden", 414: "uri-too-long",
          417: "expectation-failed", 431: "request-header-fields-too-large",
          500: "internal-error", 501: "not-implemented"}


def problem_bytes(status: int, reason: str, message: str) -> bytes:
    """The whole HTTP response: status line, headers and the problem document."""
    detail = message or reason
    if status == 414:
        detail = f"The request line is too long ({message}); send long values in a body."
    elif status >= 500:
        detail = "The server failed to handle this request; it has been logged."
    body = json.dumps({"type": TYPE_BASE + _SLUGS.get(status, "error"), "title": reason,
                       "status": status, "detail": detail}).encode()
    head = (f"HTTP/1.1 {status} {reason}\r\nConnection: close\r\n"
            f"Content-Type: {PROBLEM_MEDIA_TYPE}\r\nContent-Length: {len(body)}\r\n\r\n")
    return head.encode("latin-1") + body


def _write_problem(sock: socket.socket, status_int: int, reason: str, mesg: str) -> None:
    gunicorn.util.write_nonblock(sock, problem_bytes(status_int, reason, mesg))


def install() -> None:
    gunicorn.util.write_error = _write_problem
