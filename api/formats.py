"""GET /v1/formats and /v1/formats/{id}: the format definitions the validator runs."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from api.middleware import store
from api.middleware.http_cache import catalog_resource
from api.schema import target_problem
from api.views import catalog_ref
from api.views.format_definitions import format_view
from validators.formats import all_formats, get_format
from validators.targets import unknown_format

bp = Blueprint("formats", __name__, url_prefix="/v1")


@bp.get("/formats")
@catalog_resource
def list_formats() -> dict[str, Any]:
    index = store.index()
    return {"items": [format_view(fmt, index) for fmt in all_formats().values()],
            "catalog": catalog_ref(index.version)}


@bp.get("/formats/<format_id>")
@catalog_resource
def get_one(format_id: str) -> dict[str, Any]:
    # The index first: with it come the rules this request is answered by (store.index
    # pins them), which a worker loads anew when a rules update's stamp is new. Looked up
    # before, the format was the process's rules', and the answer the old bans under the
    # new rules' version.
    index = store.index()
    try:
        fmt = get_format(format_id)
    except KeyError:
        raise target_problem(unknown_format(format_id, list(all_formats()), field="")) from None
    return {**format_view(fmt, index), "catalog": catalog_ref(index.version)}
