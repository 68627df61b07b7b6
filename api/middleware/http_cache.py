"""What HTTP caches may keep: catalog answers by catalog and rules version, nothing else.

A GET whose answer depends only on the catalog, the format data and this build's code (a
`catalog_resource`) carries a strong ETag made from the version of the catalog the answer
was read from (api.middleware.store.answer_version: its body and its ETag come from one catalog,
even while a re-import commits), the version of the rules bundle it was judged by
(api.middleware.store.rules_version) and the build, and `Cache-Control: public,
max-age=CACHE_MAX_AGE`. A re-import, a rules update or a new build changes the ETag, so a
cache that revalidates never keeps an answer from another catalog or other rules; one that
does not may serve it for up to max-age (docs/deploy.md says how to choose it).

Its preconditions are judged here, as RFC 9110 13.2.2 orders them, against the ETag the
client was sent (flask-compress adds the coding to it: `"…:zstd"`; the ETag without it
matches too): If-Match first, which fails with a 412 `precondition-failed` problem unless it
names that ETag or is `*`; then If-None-Match, a 304 when it names it (weakly) or is `*`.
Werkzeug's own evaluation is not used: it fails `If-Match: *` and answers its 412 with the
whole body.

Every other answer (a verdict, a resolution, a problem, a probe) is `no-store`: verdicts
hold a client's deck, and nothing but the client should keep them. A request may opt in
where a view is `shareable_on_request`: with `cache=public` in its query (checked by the
view's query schema) its answer is `public, max-age=CACHE_MAX_AGE` too. A verdict depends
on nothing but the request, the catalog and the build, so a cache that keys on the whole
request (a reverse proxy caching POSTs by body) may serve it again.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import TypeVar

from flask import Flask, Response, current_app, g, request
from werkzeug.http import parse_etags

from api.middleware import store
from api.middleware.problems import Problem

View = TypeVar("View", bound=Callable[..., object])
_MARK = "catalog_resource"
_SHAREABLE = "shareable_on_request"
_ROOT = Path(__file__).resolve().parent.parent.parent  # above the packages
# The contract. In a checkout api/openapi.yaml links to the top-level file; an installed
# package carries a copy (pyproject.toml's package data).
CONTRACT = _ROOT / "api" / "openapi.yaml"
# What a catalog answer is made by besides the catalog: the code and data files of these
# packages, and the contract.
_BUILD_SOURCES = ("api", "catalog", "decklist", "runtime", "validators")


def catalog_resource(view: View) -> View:
    """Mark a GET view whose answer depends only on the catalog, the formats and the build."""
    setattr(view, _MARK, True)
    return view


def shareable_on_request(view: View) -> View:
    """Mark a view whose answer the request may let shared caches keep (`cache=public`)."""
    setattr(view, _SHAREABLE, True)
    return view


@cache
def build_id() -> str:
    """A digest of the code and data files that render answers: it changes with any edit,
    where the package's version number would not."""
    digest = hashlib.sha256()
    files = sorted(path for package in _BUILD_SOURCES
                   for pattern in ("*.py", "*.json")
                   for path in (_ROOT / package).rglob(pattern))
    for path in [*files, CONTRACT]:
        digest.update(path.name.encode() if path == CONTRACT else
                      path.relative_to(_ROOT).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def catalog_etag(catalog_version: str, day: dt.date | None = None, rules: str = "") -> str:
    """The strong validator of every catalog answer of this build on this catalog and these
    rules (an ETag is per URL, so one value serves them all), and on the day, for an answer
    judged on the day it was asked (`judged_today`)."""
    judged = f"\0{day.isoformat()}" if day else ""
    return hashlib.sha256(f"{build_id()}\0{catalog_version}\0{rules}{judged}".encode()
                          ).hexdigest()[:32]


def judged_today() -> dt.date:
    """Mark the answer as one judged on the day it is asked (a card's legality with no
    `as_of`): its ETag names the day, and a cache keeps it no later than the day's end.
    Returns the day."""
    today = dt.date.today()
    g.catalog_answer_day = today
    return today


def _cache_headers(response: Response) -> Response:
    if response.status_code == 200:
        view = current_app.view_functions.get(request.endpoint or "")
        if _is_catalog_answer(response):
            day = g.get("catalog_answer_day")
            response.set_etag(catalog_etag(store.answer_version(), day,
                                           store.rules_version()))
            response.headers["Cache-Control"] = public(day)
            return response
        # The query is parsed (request.args) only when it may hold the option
        # (speed trick "cache option on demand": docs/performance.md).
        if (getattr(view, _SHAREABLE, False) and b"cache=" in request.query_string
                and request.args.get("cache") == "public"):
            response.headers["Cache-Control"] = public()
            return response
    if "Cache-Control" not in response.headers:  # static files say their own
        # Set as text: werkzeug's cache_control object parses and rebuilds the header.
        response.headers["Cache-Control"] = "no-store"
    return response


def _is_catalog_answer(response: Response) -> bool:
    view = current_app.view_functions.get(request.endpoint or "")
    return (response.status_code == 200 and request.method in ("GET", "HEAD")
            and getattr(view, _MARK, False))


def public(day: dt.date | None = None) -> str:
    """The Cache-Control of an answer caches may keep: CACHE_MAX_AGE, and for an answer of
    `day`'s, no later than its end."""
    most = current_app.config["CACHE_MAX_AGE"]
    if day is not None:  # an answer of today's: kept no later than the day's end
        now = dt.datetime.now()
        ends = dt.datetime.combine(day + dt.timedelta(days=1), dt.time())
        most = max(0, min(most, int((ends - now).total_seconds())))
    return f"public, max-age={most}"


def _preconditions(response: Response) -> Response:
    """A catalog answer's If-Match and If-None-Match, judged against the ETag it carries
    (the module)."""
    if not _is_catalog_answer(response):
        return response
    etag, _ = response.get_etag()
    if etag is None:
        return response
    sent = (etag, etag.split(":", 1)[0])  # as sent, and without a coding flask-compress added
    if_match = request.headers.get("If-Match")
    if if_match is not None:
        held = parse_etags(if_match)
        if not any(held.contains(tag) for tag in sent):
            return Problem("precondition-failed", "If-Match names no ETag of this answer: "
                           "the catalog or the build has changed since. Ask again without "
                           "it for the current answer.", etag=f'"{etag}"').with_headers(
                {"Cache-Control": "no-store"}).response()
    if_none_match = request.headers.get("If-None-Match")
    if if_none_match is not None:
        held = parse_etags(if_none_match)
        if any(held.contains_weak(tag) for tag in sent):
            response.status_code = 304  # the same answer, sent without its body
    return response


def init_app(app: Flask) -> None:
    """The caching headers, set on the answer before it is compressed (flask-compress adds
    the coding to the ETag)."""
    build_id()  # read the files once, at start
    app.after_request(_cache_headers)


def init_preconditions(app: Flask) -> None:
    """Preconditions, judged on the answer after it is compressed (registered before
    compression: after_request functions run last-registered first)."""
    app.after_request(_preconditions)
