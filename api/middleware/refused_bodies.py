"""A body refused for its size is still read, and thrown away, after the 413 is sent.

The app refuses a body over MAX_BODY_BYTES (by its Content-Length, or once a chunked
one passes the limit) without reading the rest. Closing the connection then, with
the client still sending, makes the kernel reset it: a client that writes its
whole request before it reads (most do) sees a broken pipe instead of the 413.
So after the answer has gone, the rest of the body is read and discarded, as
nginx's lingering close does, up to DRAIN_BYTES and DRAIN_SECONDS; a client that
sends more or slower than that is cut off as before. Behind the production stack
nginx refuses such bodies itself and this never runs.
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from flask import Flask, Response, request
from werkzeug.exceptions import HTTPException, RequestEntityTooLarge

from api.middleware.problems import http_error_response

# At loopback speed 32 MiB arrive well within the time; over 10 Mbit/s the 5 s run out
# first (docs/deploy.md, *Limits*).
DRAIN_BYTES = 32 * 1024 * 1024
DRAIN_SECONDS = 5.0


def drain(environ: dict[str, Any]) -> int:
    """Read and discard what is left of the request's body, within the bounds; returns
    how many bytes were read."""
    stream, sock = environ.get("wsgi.input"), environ.get("gunicorn.socket")
    if stream is None:
        return 0
    previous = sock.gettimeout() if sock is not None else None
    deadline, read = time.monotonic() + DRAIN_SECONDS, 0
    try:
        while read < DRAIN_BYTES and (left := deadline - time.monotonic()) > 0:
            if sock is not None:
                sock.settimeout(left)
            chunk = stream.read(min(65536, DRAIN_BYTES - read))
            if not chunk:
                break
            read += len(chunk)
    # The client stopped or went, or sent what is not HTTP (api/middleware/request_stream.py): done.
    except (OSError, ValueError, HTTPException):
        pass
    finally:
        if sock is not None:
            sock.settimeout(previous)
    return read


def _too_large(error: RequestEntityTooLarge) -> Response:
    response = http_error_response(error)
    response.call_on_close(partial(drain, request.environ))  # once the 413 is sent
    return response


def init_app(app: Flask) -> None:
    app.register_error_handler(RequestEntityTooLarge, _too_large)
