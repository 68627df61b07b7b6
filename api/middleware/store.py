"""The catalog as the web app sees it: one engine and one in-memory index per process.

Requests that list or show catalog records use a SQL session; resolving and validating
decklists read the in-memory index (catalog.index_holder, current to within
CATALOG_CHECK_SECONDS), so a re-import, or a rules bundle written by `flask formats
update`, reaches running workers without a restart, and most requests touch no database
at all. A request is given one index and the rules read with it, and keeps them to its end.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from flask import Flask, current_app, g, has_request_context
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from catalog import lookup
from catalog.db import make_engine, snapshot_session
from catalog.index import CatalogIndex
from catalog.index_holder import IndexHolder, Rules, Served

_ENGINE = "deckjudge.engine"
_INDEX = "deckjudge.index"
_RULES = "deckjudge.rules"


def init_app(app: Flask, tables: Sequence[Callable[[CatalogIndex], object]] = (),
             rules: Rules | None = None) -> None:
    """Create the engine (it connects lazily) and close each request's session. `tables`
    are what the layers above derive from a whole catalog: each index is loaded with them
    built, so that the server's parent builds them before it forks its workers. `rules`
    read the rules bundle the database names, and pin a request's."""
    app.extensions[_ENGINE] = make_engine(app.config["DATABASE_URL"])
    app.extensions[_INDEX] = IndexHolder(app.extensions[_ENGINE],
                                         float(app.config["CATALOG_CHECK_SECONDS"]), tables,
                                         rules)
    app.extensions[_RULES] = rules
    app.teardown_appcontext(_close_session)


def after_fork(app: Flask) -> None:
    """In a forked worker: forget pooled connections inherited from the parent.

    close=False leaves the parent's sockets alone; the worker opens its own.
    """
    app.extensions[_ENGINE].dispose(close=False)


def warm(app: Flask) -> None:
    """Load the catalog index now rather than on the first request."""
    app.extensions[_INDEX].current()


def warm_before_fork(app: Flask) -> None:
    """Load the index in a server's parent process, then close the connections that loaded
    it: workers forked from it start with the index (shared with the parent until written),
    and no connection crosses the fork."""
    warm(app)
    app.extensions[_ENGINE].dispose()


def engine() -> Engine:
    return current_app.extensions[_ENGINE]


def index() -> CatalogIndex:
    """The in-memory catalog index, current to within CATALOG_CHECK_SECONDS. In a request,
    the first index it is given, and the rules read with it, are the ones its answer is
    made from to its end (`answer_version`, `rules_version`)."""
    if not has_request_context():
        return current_app.extensions[_INDEX].current()
    served: Served | None = g.get("served")
    if served is None:
        served = g.served = current_app.extensions[_INDEX].served()
        g.index_version = served.index.version
        rules = current_app.extensions[_RULES]
        if rules is not None:
            rules.pin(served.rules)
    return served.index


def rules_version() -> str:
    """The stamp of the rules bundle this request's answer was judged by ("" for the rules
    shipped with the code, which the build's own digest stands for)."""
    if "served" not in g:
        index()
    return g.served.rules_version or ""


def session() -> Session:
    """The request's session, opened on first use: every read of it sees one snapshot of
    the catalog (catalog.db.snapshot_session)."""
    if "db_session" not in g:
        g.db_session = snapshot_session(engine())
    return g.db_session


def answer_version() -> str:
    """The version of the catalog this request's answer was made from, for its ETag: the
    one its session reads, in the same snapshot as the answer (a re-import may have
    committed since, before the index follows); else that of the index it was given. Read
    once a request: a view that asks for it opens its session first."""
    answered = g.get("answer_version")
    if answered is None:
        answered = g.answer_version = _answer_version()
    return answered


def _answer_version() -> str:
    db_session = g.get("db_session")
    if db_session is not None:
        version = lookup.version(db_session)
        if version is not None:
            return version
    return g.get("index_version") or index().version


def _close_session(_error: BaseException | None) -> None:
    if g.pop("served", None) is not None and current_app.extensions[_RULES] is not None:
        current_app.extensions[_RULES].pin(None)
    db_session = g.pop("db_session", None)
    if db_session is not None:
        db_session.close()
