"""The request body as the app reads it off the wire, with what can go wrong there said in
HTTP terms rather than as a crash.

gunicorn hands the app a body stream that tells the app nothing when a Content-Length body
ends early (it returns what came, as if that were all), and raises its own exceptions when
a chunked body is cut short (`NoMoreData`) or malformed (a bad chunk size). Left alone,
the first would make a cut decklist read as a whole one, and the others 500s with a
traceback. This middleware wraps the stream for every reader (the API's bodies and the
page's form): a body that stops before its end is Werkzeug's `ClientDisconnected`, and a
chunk gunicorn cannot read is the 4xx gunicorn gives the same fault in a header.

A client that leaves mid-body is no error of the service's: it is answered, and logged,
as 499 `client-closed-request` (nginx's status for it), with nothing in the error log.
Only a client that half-closed its connection can still read that answer.

Reading the body counts against the request's deadline (runtime.deadline): each read waits
on the socket no longer than the time left, so a client that sends part of a body and then
nothing holds a thread no longer than any other request; it is answered 408.
"""

from __future__ import annotations

import math
import socket
from collections.abc import Callable, Iterable, Iterator
from typing import IO, Any, cast

from flask import Flask, Response, request
from gunicorn.http.errors import ParseException
from werkzeug.exceptions import (
    ClientDisconnected,
    HTTPException,
    RequestEntityTooLarge,
    RequestTimeout,
    default_exceptions,
)
from werkzeug.wsgi import LimitedStream

from api.middleware.problems import Problem
from api.middleware.unreadable_requests import refused_status
from runtime import deadline


class WireInput:
    """A body stream whose failures are HTTP errors: a read cut short by the client is
    ClientDisconnected, a chunk that is not HTTP the 4xx gunicorn gives it, a read past the
    request's deadline RequestTimeout."""

    def __init__(self, stream: Any, sock: socket.socket | None = None) -> None:
        self._stream = stream
        self._socket = sock

    def read(self, size: int | None = -1) -> bytes:
        return self._call(self._stream.read, size)

    def readline(self, size: int | None = -1) -> bytes:
        return self._call(self._stream.readline, size)

    def readlines(self, hint: int | None = -1) -> list[bytes]:
        return self._call(self._stream.readlines, hint)

    def __iter__(self) -> Iterator[bytes]:
        return iter(self.readline, b"")

    def _call(self, method: Callable[..., Any], *args: Any) -> Any:
        left = deadline.remaining()
        sock = self._socket if left != math.inf else None
        previous = sock.gettimeout() if sock is not None else None
        if sock is not None:
            sock.settimeout(max(left, 0.001))
        try:
            return method(*args)
        except TimeoutError as error:
            raise RequestTimeout("The body did not come before the request's deadline; "
                                 "nothing was done with the part that came.") from error
        except OSError as error:  # gunicorn's NoMoreData is one, as is a reset connection
            raise ClientDisconnected("The connection closed before the body was whole.") \
                from error
        except ParseException as error:
            raise _http_error(error) from error
        finally:
            if sock is not None:
                sock.settimeout(previous)


def _http_error(error: ParseException) -> HTTPException:
    status = refused_status(error) or 400
    return default_exceptions.get(status, default_exceptions[400])(f"{error}.")


def wrap_input(environ: dict[str, Any]) -> None:
    """Put the checked stream in the request's place; a body with a Content-Length must
    bring all of it (Werkzeug's LimitedStream counts)."""
    stream = WireInput(environ["wsgi.input"], environ.get("gunicorn.socket"))
    length = environ.get("CONTENT_LENGTH", "")
    # LimitedStream reads its stream through `read` alone, which WireInput has.
    environ["wsgi.input"] = (LimitedStream(cast(IO[bytes], stream), int(length))
                             if length.isdigit() else stream)


def _client_closed(_error: ClientDisconnected) -> Response:
    return Problem("client-closed-request", "The client closed the connection before it sent "
                   "the whole body; nothing was done with the part that came.").response()


def init_app(app: Flask) -> None:
    wsgi_app = app.wsgi_app

    def checked_input(environ: dict[str, Any], start_response: Any) -> Iterable[bytes]:
        wrap_input(environ)
        return wsgi_app(environ, start_response)

    app.wsgi_app = checked_input  # type: ignore[method-assign]
    app.register_error_handler(ClientDisconnected, _client_closed)


_BODY_KEY = "deckjudge.body"


def raw_body() -> bytes:
    """The body's bytes: 413 past `request.max_content_length`, when it is chunked too.

    Werkzeug refuses a Content-Length over the limit before reading, but it reads a
    chunked body only up to the limit and hands that back as if it were the whole: a
    JSON body cut there then read as a 400 about its syntax. Reading one byte past the
    limit tells the two apart. (The server ends a chunked body: wsgi.input_terminated.)
    """
    limit = request.max_content_length
    environ = request.environ
    if (request.content_length is not None or limit is None
            or not environ.get("wsgi.input_terminated")):
        return request.get_data()
    if _BODY_KEY not in environ:
        stream, chunks, size = environ["wsgi.input"], [], 0
        while size <= limit and (chunk := stream.read(min(65536, limit + 1 - size))):
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise RequestEntityTooLarge(f"The chunked body is over {limit} bytes.")
        environ[_BODY_KEY] = b"".join(chunks)
    return environ[_BODY_KEY]


def received_bytes() -> int:
    """How many bytes of body the request sent: its Content-Length, or what was read of a
    chunked one."""
    if request.content_length is not None:
        return request.content_length
    return len(request.environ.get(_BODY_KEY, b""))
