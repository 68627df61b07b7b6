"""X-Request-ID: honour the caller's id (or make one), return it, and log it.

A load balancer or client that sends an id sees it come back and can find the
request in the access log; one that does not gets a fresh id to quote.
"""

from __future__ import annotations

import uuid

from flask import Flask, Response, g, request

from runtime import patterns

HEADER = "X-Request-ID"
ENVIRON_KEY = "deckjudge.request_id"  # read by the gunicorn access log
# Ids are echoed into headers and logs, so only short, plain ones are taken as given.
ACCEPTED = patterns.compile(r"[A-Za-z0-9._:@/+=-]{1,128}")


def _assign() -> None:
    given = request.headers.get(HEADER, "")
    g.request_id = given if ACCEPTED.fullmatch(given) else uuid.uuid4().hex
    request.environ[ENVIRON_KEY] = g.request_id


def _echo(response: Response) -> Response:
    request_id = g.get("request_id")
    if request_id:
        response.headers[HEADER] = request_id
    return response


def init_app(app: Flask) -> None:
    app.before_request(_assign)
    app.after_request(_echo)
