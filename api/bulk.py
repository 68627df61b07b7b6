"""GET /v1/bulk and /v1/bulk/{kind}: the bulk files (api/bulk_files.py), listed and served."""

from __future__ import annotations

import datetime as dt
import hashlib
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, current_app, jsonify, send_file, url_for

from api import bulk_files
from api.bulk_files import BulkFile
from api.middleware import store
from api.middleware.http_cache import public
from api.middleware.problems import Problem
from catalog import lookup
from catalog.db import snapshot_session

bp = Blueprint("bulk", __name__, url_prefix="/v1")


@bp.get("/bulk")
def list_bulk() -> Response:
    files = _ready()
    stamp = files[0].stamp
    body = {"catalog_version": stamp.catalog, "rules_version": stamp.rules,
            "legalities_day": stamp.day.isoformat(),
            "items": [_listed(each) for each in files]}
    response = jsonify(body)
    return _cached(response)


@bp.get("/bulk/<kind>")
def get_bulk(kind: str) -> Response:
    if kind not in bulk_files.KINDS:
        raise Problem("not-found", f"No bulk file {kind!r}; there are: "
                      f"{', '.join(bulk_files.KINDS)} (GET /v1/bulk lists them).")
    found = next(each for each in _ready() if each.kind == kind)
    # Werkzeug answers If-None-Match, If-Range and Range from the file and this ETag.
    response = send_file(found.path, mimetype="application/gzip", as_attachment=True,
                         download_name=found.name, etag=_etag(found), conditional=True,
                         max_age=None)
    return _cached(response)


def _ready() -> list[BulkFile]:
    """The bulk files of the catalog the index holds, built first where they are not."""
    index = store.index()
    with snapshot_session(store.engine()) as session:
        if lookup.version(session) != index.version:
            # A re-import has committed and this worker's index has not followed yet.
            raise Problem("database-unavailable", "The catalog is being replaced: ask "
                          "again in a few seconds.").with_headers({"Retry-After": "5"})
        folder = current_app.config.get("BULK_DIR") or Path(current_app.instance_path) / "bulk"
        return bulk_files.ready(Path(folder), index, session)


def _listed(found: BulkFile) -> dict[str, Any]:
    return {"kind": found.kind, "description": bulk_files.KINDS[found.kind],
            "url": url_for("bulk.get_bulk", kind=found.kind), "name": found.name,
            "media_type": "application/gzip", "content_type": found.content_type,
            "size": found.size, "items": found.items, "etag": _etag(found),
            "catalog_version": found.stamp.catalog, "rules_version": found.stamp.rules,
            "legalities_day": found.stamp.day.isoformat(), "built_at": found.built_at}


def _etag(found: BulkFile) -> str:
    """One file's validator: its kind and stamp (a file of one stamp is always the same
    bytes)."""
    return hashlib.sha256(found.path.name.encode()).hexdigest()[:32]


def _cached(response: Response) -> Response:
    """Kept by caches for CACHE_MAX_AGE, no later than the day's end (when its legalities
    are another day's)."""
    response.headers["Cache-Control"] = public(dt.date.today())
    return response
