"""RFC 9457 problem details for every error the service returns.

Handlers turn HTTP errors, database outages and anything unexpected into
`application/problem+json`; no stack trace or internal path reaches a client.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from flask import Flask, Response, json
from sqlalchemy.exc import DBAPIError, OperationalError
from werkzeug.exceptions import HTTPException, MethodNotAllowed
from werkzeug.http import HTTP_STATUS_CODES

from catalog.index import CatalogNotLoaded

PROBLEM_MEDIA_TYPE = "application/problem+json"
TYPE_BASE = "https://deckjudge.dev/problems/"
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class ProblemType:
    """One kind of error: its status and title; its type URI is TYPE_BASE + its slug."""

    status: int
    title: str


_BAD_REQUEST = "Bad Request"
_NOT_FOUND = "Not Found"
_UNPROCESSABLE = "Unprocessable Content"
_TOO_LARGE = "Content Too Large"
_UNSUPPORTED = "Unsupported Media Type"
_UNAVAILABLE = "Service Unavailable"

# Every problem type the service's own code raises (HTTP errors Werkzeug raises are named
# after their status, `http_error_response`, as HTTP_PROBLEM_TYPES below). openapi.yaml
# lists both, and tests/test_problems.py holds the lists to it.
PROBLEM_TYPES: dict[str, ProblemType] = {
    "invalid-query": ProblemType(400, _BAD_REQUEST),
    "invalid-encoding": ProblemType(400, _BAD_REQUEST),
    "malformed-json": ProblemType(400, _BAD_REQUEST),
    "control-characters": ProblemType(400, _BAD_REQUEST),
    "unknown-format": ProblemType(404, _NOT_FOUND),
    "unknown-product": ProblemType(404, _NOT_FOUND),
    "set-not-found": ProblemType(404, _NOT_FOUND),
    "card-not-found": ProblemType(404, _NOT_FOUND),
    "decklist-too-large": ProblemType(413, _TOO_LARGE),
    "batch-too-large": ProblemType(413, _TOO_LARGE),
    "over-budget": ProblemType(413, _TOO_LARGE),
    "answer-too-large": ProblemType(413, _TOO_LARGE),
    "line-too-long": ProblemType(413, _TOO_LARGE),
    # The organizer's page: a card picked for a line that is not in the list as sent.
    "stale-pick": ProblemType(409, "Conflict"),
    "unsupported-media-type": ProblemType(415, _UNSUPPORTED),
    "invalid-body": ProblemType(422, _UNPROCESSABLE),
    "invalid-entry": ProblemType(422, _UNPROCESSABLE),
    "count-out-of-range": ProblemType(422, _UNPROCESSABLE),
    "not-a-team-format": ProblemType(422, _UNPROCESSABLE),
    # The client closed the connection before its body was whole (nginx's 499): logged,
    # never an error of the service's, and seen only by a client that half-closed.
    "client-closed-request": ProblemType(499, "Client Closed Request"),
    "internal-error": ProblemType(500, "Internal Server Error"),
    "catalog-not-loaded": ProblemType(503, _UNAVAILABLE),
    "database-unavailable": ProblemType(503, _UNAVAILABLE),
    # A request past its time limit (api/middleware/deadlines.py); unlike the two above it comes
    # without Retry-After: sent again, it would run out of time again.
    "deadline-exceeded": ProblemType(503, _UNAVAILABLE),
}

# Errors of HTTP itself, which the servers in front also answer without the app: gunicorn
# (serving/server_errors.py) and nginx (deploy/nginx.conf.j2). One type a status, whichever
# answers (the app's HTTP errors too), so a client reads a 400 the same from each; a 500
# is `internal-error`.
HTTP_PROBLEM_TYPES: dict[str, ProblemType] = {
    "bad-request": ProblemType(400, _BAD_REQUEST),
    "forbidden": ProblemType(403, "Forbidden"),
    "not-found": ProblemType(404, _NOT_FOUND),
    "method-not-allowed": ProblemType(405, "Method Not Allowed"),
    "request-timeout": ProblemType(408, "Request Timeout"),
    "request-entity-too-large": ProblemType(413, "Request Entity Too Large"),
    "uri-too-long": ProblemType(414, "URI Too Long"),
    "expectation-failed": ProblemType(417, "Expectation Failed"),
    "too-many-requests": ProblemType(429, "Too Many Requests"),
    "request-header-fields-too-large": ProblemType(431, "Request Header Fields Too Large"),
    "not-implemented": ProblemType(501, "Not Implemented"),
    "service-unavailable": ProblemType(503, _UNAVAILABLE),
    "gateway-timeout": ProblemType(504, "Gateway Timeout"),
    "http-version-not-supported": ProblemType(505, "HTTP Version Not Supported"),
}

# The same, by status: what gunicorn, nginx and `http_error_response` look up.
HTTP_PROBLEMS_BY_STATUS: dict[int, tuple[str, ProblemType]] = {
    **{kind.status: (slug, kind) for slug, kind in HTTP_PROBLEM_TYPES.items()},
    500: ("internal-error", PROBLEM_TYPES["internal-error"]),
}


class Problem(Exception):
    """An error the client can act on, raised anywhere in a request: a registered type, what
    went wrong, and where (`pointer`, `parameter`, `line`…, as extensions)."""

    def __init__(self, slug: str, detail: str, **extensions: Any) -> None:
        super().__init__(detail)
        self.kind = PROBLEM_TYPES[slug]
        self.slug = slug
        self.detail = detail
        self.extensions = extensions


def problem_document(status: int, slug: str, title: str, detail: str,
                     **extensions: Any) -> dict[str, Any]:
    """A problem as RFC 9457 writes it: type, title, status, detail, then its extensions."""
    return {"type": TYPE_BASE + slug, "title": title, "status": status, "detail": detail,
            **extensions}


def document_of(problem: Problem) -> dict[str, Any]:
    return problem_document(problem.kind.status, problem.slug, problem.kind.title,
                            problem.detail, **problem.extensions)


def problem_response(status: int, slug: str, title: str, detail: str,
                     headers: dict[str, str] | None = None, **extensions: Any) -> Response:
    body = problem_document(status, slug, title, detail, **extensions)
    # A status HTTP does not name (nginx's 499) goes out with its title as the reason.
    line = status if status in HTTP_STATUS_CODES else f"{status} {title}"
    response = Response(json.dumps(body), status=line, mimetype=PROBLEM_MEDIA_TYPE)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def registered_response(slug: str, detail: str, headers: dict[str, str] | None = None,
                        **extensions: Any) -> Response:
    kind = PROBLEM_TYPES[slug]
    return problem_response(kind.status, slug, kind.title, detail, headers, **extensions)


def http_slug(name: str) -> str:
    """The problem slug of an HTTP error, from its reason phrase: "Too Many Requests" is
    `too-many-requests`."""
    return (name or "error").lower().replace(" ", "-")


def http_error_response(error: HTTPException) -> Response:
    status = error.code or 500
    slug, title = http_slug(error.name), error.name
    if status in HTTP_PROBLEMS_BY_STATUS:  # the type gunicorn and nginx give it too
        slug, kind = HTTP_PROBLEMS_BY_STATUS[status]
        title = kind.title
    headers: dict[str, str] = {}
    extensions: dict[str, Any] = {}
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        headers["Allow"] = ", ".join(sorted(error.valid_methods))
        extensions["allowed_methods"] = sorted(error.valid_methods)
    return problem_response(status, slug, title, error.description or error.name,
                            headers, **extensions)


def response_of(problem: Problem) -> Response:
    return Response(json.dumps(document_of(problem)), status=problem.kind.status,
                    mimetype=PROBLEM_MEDIA_TYPE)


def _database_unavailable(error: Exception) -> Response:
    log.warning("database unavailable: %s", error.__class__.__name__)
    return registered_response(
        "database-unavailable", "The card catalog database is not answering; try again shortly.",
        {"Retry-After": "5"})


def _catalog_not_loaded(_error: CatalogNotLoaded) -> Response:
    return registered_response(
        "catalog-not-loaded", "No card catalog is loaded; run `flask catalog import`.",
        {"Retry-After": "30"})


def _unexpected(error: Exception) -> Response:
    log.exception("unhandled error", exc_info=error)
    return registered_response(
        "internal-error", "The server failed to handle this request; it has been logged.")


def init_app(app: Flask) -> None:
    app.register_error_handler(Problem, response_of)
    app.register_error_handler(HTTPException, http_error_response)
    app.register_error_handler(CatalogNotLoaded, _catalog_not_loaded)
    app.register_error_handler(OperationalError, _database_unavailable)
    app.register_error_handler(DBAPIError, _database_unavailable)
    app.register_error_handler(Exception, _unexpected)
