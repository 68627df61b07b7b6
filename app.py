"""The deckjudge application factory: `gunicorn 'app:create_app()'`."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from flask import Flask
from flask.helpers import get_debug_flag

from api import batch, cards, formats, health, resolve, spec, team, validate
from api.commands import catalog_cli
from api.middleware import (
    answer_bound,
    compression,
    cross_origin,
    deadlines,
    http_cache,
    problems,
    refused_bodies,
    request_ids,
    request_stream,
    security_headers,
    store,
)
from api.middleware.json_provider import OrjsonProvider
from decklist.exports import exports
from runtime import caches
from validators.stretches import stretch_days
from web import page

PROJECT_ROOT = Path(__file__).resolve().parent


def create_app(config: dict[str, Any] | None = None) -> Flask:
    """Build the app: config, database engine, blueprints, error handlers, CLI."""
    # No app-wide static folder: the page serves its own files (web/static, at /static/).
    app = Flask(__name__, instance_path=str(PROJECT_ROOT / "instance"), static_folder=None)
    app.config.from_mapping(
        DATABASE_URL=os.environ.get("DATABASE_URL")
        or f"sqlite:///{Path(app.instance_path) / 'deckjudge.sqlite3'}",
        CATALOG_SOURCE=os.environ.get("CATALOG_SOURCE"),
        # How often a worker compares its in-memory index with the catalog's version stamp.
        CATALOG_CHECK_SECONDS=float(os.environ.get("CATALOG_CHECK_SECONDS", "2")),
        # How many entries each bounded cache keeps (runtime/caches.py names them): JSON,
        # e.g. {"line_views": 4096}; what is not named keeps its default.
        CACHE_SIZES=json.loads(os.environ.get("CACHE_SIZES") or "{}"),
        # Larger bodies are refused with 413 before they are read (chunked ones too).
        MAX_CONTENT_LENGTH=int(os.environ.get("MAX_BODY_BYTES", str(1024 * 1024))),
        # Which origins' pages may call the API from a browser: * or a list
        # (api/middleware/cross_origin.py).
        CORS_ORIGINS=os.environ.get("CORS_ORIGINS", "*"),
        # Seconds a cache may reuse a catalog answer without asking again
        # (api/middleware/http_cache.py).
        CACHE_MAX_AGE=int(os.environ.get("CACHE_MAX_AGE", "300")),
        # Answer compression, in order of preference; empty for none
        # (api/middleware/compression.py).
        COMPRESS_ALGORITHM=os.environ.get("COMPRESS_ALGORITHM", compression.ALGORITHMS),
        # Seconds a request may take before it stops with a deadline-exceeded problem
        # (api/middleware/deadlines.py); None for no limit, as the CLI's in-process checks have.
        REQUEST_DEADLINE_SECONDS=deadlines.configured_seconds(
            os.environ.get("REQUEST_DEADLINE_SECONDS")),
    )
    if config:
        app.config.from_mapping(config)
    _refuse_debug(app)
    caches.configure(caches.CacheSizes.from_config(app.config["CACHE_SIZES"]))
    app.json = OrjsonProvider(app)
    app.json.sort_keys = False
    # Built with each index, before it serves: the export form read in advance, and the days
    # each format's pool and bans change on.
    store.init_app(app, tables=(exports, stretch_days))
    problems.init_app(app)
    # First of the hooks that run before a request: its deadline counts all of its work.
    deadlines.init_app(app)
    refused_bodies.init_app(app)
    request_stream.init_app(app)
    security_headers.init_app(app)
    request_ids.init_app(app)
    cross_origin.init_app(app)
    # after_request functions run last-registered first. So, on a view's answer, in turn:
    # an error the framework made becomes a problem; the answer is held to its bound; the
    # caching headers are set; it is compressed (flask-compress adds the coding to the
    # ETag); its preconditions are judged on that ETag; the headers above are added.
    http_cache.init_preconditions(app)
    compression.init_app(app)
    http_cache.init_app(app)
    answer_bound.init_app(app)
    problems.init_framework_answers(app)
    for blueprint in (health.bp, cards.bp, resolve.bp, formats.bp, validate.bp, team.bp,
                      batch.bp, spec.bp, spec.docs_bp, page.bp):
        app.register_blueprint(blueprint)
    app.cli.add_command(catalog_cli)
    return app


def _refuse_debug(app: Flask) -> None:
    """deckjudge has no debug mode: Werkzeug's debugger runs code for whoever sees its page,
    and a stray FLASK_DEBUG=1 in production must stop the service, not expose it."""
    if get_debug_flag() or app.config.get("DEBUG"):
        raise RuntimeError("deckjudge does not run in debug mode; unset FLASK_DEBUG (and "
                           "DEBUG). Errors are logged with their traceback instead.")
