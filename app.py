"""The deckjudge application factory: `gunicorn 'app:create_app()'`."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from flask import Flask
from flask.helpers import get_debug_flag

from api import (
    cards,
    formats,
    health,
    resolve,
    spec,
    validate,
    validate_batch,
    validate_stream,
    validate_team,
)
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
from api.settings import Settings
from decklist.exports import exports
from runtime import caches
from validators import deployed
from validators.stretches import stretch_days
from web import page

PROJECT_ROOT = Path(__file__).resolve().parent

# The app's extensions, in the order they are installed, which matters twice over. Hooks
# that run before a request run in this order; those that run after it (after_request) run
# last-installed first, so, on a view's answer, in turn: an error the framework made becomes
# a problem; the answer is held to its bound; the caching headers are set; it is compressed
# (flask-compress adds the coding to the ETag); its preconditions are judged on that ETag;
# the headers of the extensions above are added.
EXTENSIONS: tuple[Callable[[Flask], None], ...] = (
    # Built with each index, before it serves: the export form read in advance, and the
    # days each format's pool and bans change on.
    functools.partial(store.init_app, tables=(exports, stretch_days)),
    problems.init_app,
    # First of the hooks that run before a request: its deadline counts all of its work.
    deadlines.init_app,
    refused_bodies.init_app,
    request_stream.init_app,
    security_headers.init_app,
    request_ids.init_app,
    cross_origin.init_app,
    http_cache.init_preconditions,
    compression.init_app,
    http_cache.init_app,
    answer_bound.init_app,
    problems.init_framework_answers,
)
BLUEPRINTS = (health.bp, cards.bp, resolve.bp, formats.bp, validate.bp, validate_team.bp,
              validate_batch.bp, validate_stream.bp, spec.bp, spec.docs_bp, page.bp)


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """Build the app: its settings (the environment's, then `config`'s), its extensions in
    their order, its endpoints and its command line."""
    # No app-wide static folder: the page serves its own files (web/static, at /static/).
    app = Flask(__name__, instance_path=str(PROJECT_ROOT / "instance"), static_folder=None)
    settings = Settings.from_environ(os.environ, Path(app.instance_path))
    app.config.from_mapping(settings.as_config())
    if config:
        app.config.from_mapping(config)
    _refuse_debug(app)
    caches.configure(caches.CacheSizes.from_config(app.config["CACHE_SIZES"]),
                     app.config["CACHE_BYTES"])
    deployed.configure(app.config.get("FORMATS_DIR"))
    app.json = OrjsonProvider(app)
    app.json.sort_keys = False
    for install in EXTENSIONS:
        install(app)
    for blueprint in BLUEPRINTS:
        app.register_blueprint(blueprint)
    app.cli.add_command(catalog_cli)
    return app


def _refuse_debug(app: Flask) -> None:
    """deckjudge has no debug mode: Werkzeug's debugger runs code for whoever sees its page,
    and a stray FLASK_DEBUG=1 in production must stop the service, not expose it."""
    if get_debug_flag() or app.config.get("DEBUG"):
        raise RuntimeError("deckjudge does not run in debug mode; unset FLASK_DEBUG (and "
                           "DEBUG). Errors are logged with their traceback instead.")
