"""Liveness and readiness probes."""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import Blueprint
from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from api.middleware import store
from api.middleware.problems import Problem
from catalog import lookup
from catalog.models import CatalogMeta
from runtime import held_threads

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():
    """Liveness: the process answers; no database work."""
    return {"status": "ok"}


@bp.get("/readyz")
def readyz():
    """Readiness: 200 only when the database answers, a catalog is loaded, and a thread of
    this worker is free or soon will be (runtime/held_threads.py)."""
    if held_threads.all_held():
        raise Problem("service-unavailable", "Every request thread of this worker has been "
                      f"on one request for {held_threads.HELD_SECONDS:g} s or more (a slow "
                      "client, or heavy work): send requests elsewhere for now."
                      ).with_headers({"Retry-After": "1"})
    session = store.session()
    try:
        meta = lookup.meta(session)
    except DBAPIError:
        session.rollback()
        session.execute(text("SELECT 1"))  # a down database raises again: a 503 outage
        meta = None  # the database answers but has no catalog tables yet
    if meta is None:
        raise Problem("catalog-not-loaded",
                      "No card catalog is loaded; run `flask catalog import`.")
    newest = lookup.newest_set(session)
    return {"status": "ready", "catalog": {
        **catalog_info(meta),
        "newest_set": newest and {"id": newest.id, "name": newest.name,
                                  "series": newest.series,
                                  "release_date": newest.release_date and
                                  newest.release_date.isoformat()}}}


def catalog_info(meta: CatalogMeta) -> dict[str, Any]:
    """The loaded catalog's version stamp, as every response that depends on it names it."""
    return {
        "version": meta.version,
        "imported_at": iso_utc(meta.imported_at),
        "source": meta.source,
        "sets": meta.set_count,
        "cards": meta.card_count,
    }


def iso_utc(moment: dt.datetime) -> str:
    # SQLite hands back naive datetimes; the importer always writes UTC.
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=dt.UTC)
    return moment.isoformat().replace("+00:00", "Z")
