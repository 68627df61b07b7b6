"""POST /v1/resolve: a decklist in, every line resolved to printings with its diagnostics."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from api import budget, requests
from api.views.lines import resolve_view
from catalog import store
from validators.judging import read

bp = Blueprint("resolve", __name__, url_prefix="/v1")


@bp.post("/resolve")
def resolve_deck() -> dict[str, Any]:
    req = requests.resolve_request()
    index = store.index()
    budget.within([budget.ask(req.deck, None, 1, full=True)])  # every line answered
    return resolve_view(index, read(index, req.deck))
