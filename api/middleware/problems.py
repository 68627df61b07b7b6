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
    http: bool = False  # one of HTTP's own: gunicorn and nginx answer it too, by its status


_BAD_REQUEST = "Bad Request"
_NOT_FOUND = "Not Found"
_UNPROCESSABLE = "Unprocessable Content"
_TOO_LARGE = "Content Too Large"
_UNSUPPORTED = "Unsupported Media Type"
_UNAVAILABLE = "Service Unavailable"

# Every problem type an answer can have: the service's own, then HTTP's. openapi.yaml lists
# them all, and tests/api/test_problems.py holds the list to it.
PROBLEM_TYPES: dict[str, ProblemType] = {
    "invalid-query": ProblemType(400, _BAD_REQUEST),
    "invalid-encoding": ProblemType(400, _BAD_REQUEST),
    "malformed-json": ProblemType(400, _BAD_REQUEST),
    "control-characters": ProblemType(400, _BAD_REQUEST),
    "unknown-format": ProblemType(404, _NOT_FOUND),
    "unknown-product": ProblemType(404, _NOT_FOUND),
    # A format asked for on a day before it was first played: no such format that day.
    "not-in-force": ProblemType(404, _NOT_FOUND),
    "set-not-found": ProblemType(404, _NOT_FOUND),
    "card-not-found": ProblemType(404, _NOT_FOUND),
    "decklist-too-large": ProblemType(413, _TOO_LARGE),
    "batch-too-large": ProblemType(413, _TOO_LARGE),
    "over-budget": ProblemType(413, _TOO_LARGE),
    "answer-too-large": ProblemType(413, _TOO_LARGE),
    "line-too-long": ProblemType(413, _TOO_LARGE),
    # The organizer's page: a card picked for a line that is not in the list as sent.
    "stale-pick": ProblemType(409, "Conflict"),
    # An organizer's definition whose parts contradict each other, or whose id is taken.
    "definition-conflict": ProblemType(409, "Conflict"),
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
    # No room left where a stream's body waits while it is judged (api/validate_stream.py).
    "storage-full": ProblemType(503, _UNAVAILABLE),
}

# Errors of HTTP itself, which the servers in front also answer without the app: gunicorn
# (serving/server_errors.py) and nginx (deploy/nginx.conf.j2). One type a status, whichever
# answers (the app's HTTP errors too), so a client reads a 400 the same from each; a 500
# is `internal-error`.
PROBLEM_TYPES.update({
    "bad-request": ProblemType(400, _BAD_REQUEST, http=True),
    "forbidden": ProblemType(403, "Forbidden", http=True),
    "not-found": ProblemType(404, _NOT_FOUND, http=True),
    "method-not-allowed": ProblemType(405, "Method Not Allowed", http=True),
    "request-timeout": ProblemType(408, "Request Timeout", http=True),
    "request-entity-too-large": ProblemType(413, "Request Entity Too Large", http=True),
    "uri-too-long": ProblemType(414, "URI Too Long", http=True),
    "precondition-failed": ProblemType(412, "Precondition Failed", http=True),
    "range-not-satisfiable": ProblemType(416, "Range Not Satisfiable", http=True),
    "expectation-failed": ProblemType(417, "Expectation Failed", http=True),
    "too-many-requests": ProblemType(429, "Too Many Requests", http=True),
    "request-header-fields-too-large": ProblemType(431, "Request Header Fields Too Large",
                                                   http=True),
    "not-implemented": ProblemType(501, "Not Implemented", http=True),
    "service-unavailable": ProblemType(503, _UNAVAILABLE, http=True),
    "gateway-timeout": ProblemType(504, "Gateway Timeout", http=True),
    "http-version-not-supported": ProblemType(505, "HTTP Version Not Supported", http=True),
})
# An error of HTTP itself by its status: what gunicorn, nginx and the app's HTTP errors say.
HTTP_SLUGS: dict[int, str] = {
    **{kind.status: slug for slug, kind in PROBLEM_TYPES.items() if kind.http},
    500: "internal-error",
}


class Problem(Exception):
    """An error the client can act on, raised anywhere in a request: a registered type, what
    went wrong, and where (`pointer`, `parameter`, `line`…, as extensions); `headers` are
    those its answer carries. The one builder of problem documents: the app's answers,
    gunicorn's refusals and nginx's own errors are all made of one."""

    def __init__(self, slug: str, detail: str, **extensions: Any) -> None:
        super().__init__(detail)
        self.kind = PROBLEM_TYPES[slug]
        self.slug = slug  # "" for a status with no type of ours (`of_status`)
        self.detail = detail
        self.extensions = extensions
        self.headers: dict[str, str] = {}

    @classmethod
    def of_status(cls, status: int, detail: str, reason: str = "",
                  **extensions: Any) -> Problem:
        """An error of HTTP itself, by its status: the type registered for it, or for a
        status with none `about:blank` titled with its reason phrase (RFC 9457, 4.2.1)."""
        slug = HTTP_SLUGS.get(status)
        if slug is not None:
            return cls(slug, detail, **extensions)
        problem = cls("internal-error", detail, **extensions)
        problem.kind = ProblemType(status, reason or HTTP_STATUS_CODES.get(status, "Error"))
        problem.slug = ""
        return problem

    def with_headers(self, headers: dict[str, str]) -> Problem:
        """The problem, its answer carrying these headers too (Retry-After, Allow)."""
        self.headers.update(headers)
        return self

    def document(self) -> dict[str, Any]:
        """The problem as RFC 9457 writes it: type, title, status, detail, its extensions."""
        kind = TYPE_BASE + self.slug if self.slug else "about:blank"
        return {"type": kind, "title": self.kind.title, "status": self.kind.status,
                "detail": self.detail, **self.extensions}

    def response(self) -> Response:
        """The problem as the app answers it."""
        status = self.kind.status
        # A status HTTP does not name (nginx's 499) goes out with its title as the reason.
        line = status if status in HTTP_STATUS_CODES else f"{status} {self.kind.title}"
        response = Response(json.dumps(self.document()), status=line,
                            mimetype=PROBLEM_MEDIA_TYPE)
        for name, value in self.headers.items():
            response.headers[name] = value
        return response


def http_error_response(error: HTTPException) -> Response:
    """An HTTP error Werkzeug raises (404, 405, 413…), answered as its problem."""
    headers: dict[str, str] = {}
    extensions: dict[str, Any] = {}
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        headers["Allow"] = ", ".join(sorted(error.valid_methods))
        extensions["allowed_methods"] = sorted(error.valid_methods)
    return Problem.of_status(error.code or 500, error.description or error.name, error.name,
                             **extensions).with_headers(headers).response()


def _response_of(problem: Problem) -> Response:
    return problem.response()


def _database_unavailable(error: Exception) -> Response:
    log.warning("database unavailable: %s", error.__class__.__name__)
    return Problem("database-unavailable", "The card catalog database is not answering; try "
                   "again shortly.").with_headers({"Retry-After": "5"}).response()


def _catalog_not_loaded(_error: CatalogNotLoaded) -> Response:
    return Problem("catalog-not-loaded", "No card catalog is loaded; run `flask catalog "
                   "import`.").with_headers({"Retry-After": "30"}).response()


def _unexpected(error: Exception) -> Response:
    log.exception("unhandled error", exc_info=error)
    return Problem("internal-error", "The server failed to handle this request; it has been "
                   "logged.").response()


def _made_by_the_framework(response: Response) -> Response:
    """An error answer the framework made rather than raised, made a problem like every
    other: Werkzeug answers a static file's failed If-Match with 412 and the file itself.
    The organizer's page answers its own errors as pages (text/html)."""
    if response.status_code < 400 or response.mimetype in (PROBLEM_MEDIA_TYPE, "text/html"):
        return response
    status = response.status_code
    reason = HTTP_STATUS_CODES.get(status, "Error")
    detail = _FRAMEWORK_DETAILS.get(status, f"{reason}.")
    response.close()  # a file it was to send is closed, not left to the collector
    return Problem.of_status(status, detail, reason).with_headers(
        {"Cache-Control": "no-store"}).response()


_FRAMEWORK_DETAILS = {412: "A precondition of the request (If-Match, If-Unmodified-Since) does "
                           "not hold for this resource."}


def init_app(app: Flask) -> None:
    app.register_error_handler(Problem, _response_of)
    app.register_error_handler(HTTPException, http_error_response)
    app.register_error_handler(CatalogNotLoaded, _catalog_not_loaded)
    app.register_error_handler(OperationalError, _database_unavailable)
    app.register_error_handler(DBAPIError, _database_unavailable)
    app.register_error_handler(Exception, _unexpected)


def init_framework_answers(app: Flask) -> None:
    """Make every error answer a view returned a problem (registered after the other
    after_request functions, so that it runs first, on the view's own answer)."""
    app.after_request(_made_by_the_framework)
