"""RFC 9457 problem details for every error the service returns.

Handlers turn HTTP errors, database outages and anything unexpected into
`application/problem+json`; no stack trace or internal path reaches a client.
"""

from __future__ import annotations

import logging
from typing import Any

from flask import Flask, Response, json
from sqlalchemy.exc import DBAPIError, OperationalError
from werkzeug.exceptions import HTTPException, MethodNotAllowed

from catalog.index import CatalogNotLoaded

PROBLEM_MEDIA_TYPE = "application/problem+json"
TYPE_BASE = "https://deckjudge.dev/problems/"
log = logging.getLogger(__name__)


class Problem(Exception):
    """An error the client can act on, raised anywhere in a request."""

    def __init__(self, status: int, slug: str, title: str, detail: str,
                 **extensions: Any) -> None:
        super().__init__(detail)
        self.status = status
        self.slug = slug
        self.title = title
        self.detail = detail
        self.extensions = extensions


def problem_response(status: int, slug: str, title: str, detail: str,
                     headers: dict[str, str] | None = None, **extensions: Any) -> Response:
    body = {"type": TYPE_BASE + slug, "title": title, "status": status, "detail": detail}
    body.update(extensions)
    response = Response(json.dumps(body), status=status, mimetype=PROBLEM_MEDIA_TYPE)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def _http_error(error: HTTPException) -> Response:
    status = error.code or 500
    slug = (error.name or "error").lower().replace(" ", "-")
    headers: dict[str, str] = {}
    extensions: dict[str, Any] = {}
    if isinstance(error, MethodNotAllowed) and error.valid_methods:
        headers["Allow"] = ", ".join(sorted(error.valid_methods))
        extensions["allowed_methods"] = sorted(error.valid_methods)
    return problem_response(status, slug, error.name, error.description or error.name,
                            headers, **extensions)


def _problem(error: Problem) -> Response:
    return problem_response(error.status, error.slug, error.title, error.detail,
                            **error.extensions)


def _database_unavailable(error: Exception) -> Response:
    log.warning("database unavailable: %s", error.__class__.__name__)
    return problem_response(503, "database-unavailable", "Service Unavailable",
                            "The card catalog database is not answering; try again shortly.",
                            {"Retry-After": "5"})


def _catalog_not_loaded(_error: CatalogNotLoaded) -> Response:
    return problem_response(503, "catalog-not-loaded", "Service Unavailable",
                            "No card catalog is loaded; run `flask catalog import`.",
                            {"Retry-After": "30"})


def _unexpected(error: Exception) -> Response:
    log.exception("unhandled error", exc_info=error)
    return problem_response(500, "internal-error", "Internal Server Error",
                            "The server failed to handle this request; it has been logged.")


def init_app(app: Flask) -> None:
    app.register_error_handler(Problem, _problem)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(CatalogNotLoaded, _catalog_not_loaded)
    app.register_error_handler(OperationalError, _database_unavailable)
    app.register_error_handler(DBAPIError, _database_unavailable)
    app.register_error_handler(Exception, _unexpected)
