"""The catalog database as the web app sees it: one engine per process, a session per request."""

from __future__ import annotations

from flask import Flask, current_app, g
from sqlalchemy import Engine
from sqlalchemy.orm import Session

from catalog.db import make_engine

_EXTENSION = "deckjudge.engine"


def init_app(app: Flask) -> None:
    """Create the engine (it connects lazily) and close each request's session."""
    app.extensions[_EXTENSION] = make_engine(app.config["DATABASE_URL"])
    app.teardown_appcontext(_close_session)


def engine() -> Engine:
    return current_app.extensions[_EXTENSION]


def session() -> Session:
    """The request's session, opened on first use."""
    if "db_session" not in g:
        g.db_session = Session(engine())
    return g.db_session


def _close_session(_error: BaseException | None) -> None:
    db_session = g.pop("db_session", None)
    if db_session is not None:
        db_session.close()
