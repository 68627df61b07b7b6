"""POST /v1/resolve: a decklist in, every line resolved to printings with its diagnostics."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask import Blueprint

from api import body, work_budget
from api.middleware import store
from api.middleware.problems import Problem
from api.views.deck_lines import resolve_view
from decklist.json_list import named
from decklist.parsed import Decklist
from decklist.resolver import Searches
from validators.judging import read

bp = Blueprint("resolve", __name__, url_prefix="/v1")


@dataclass(frozen=True)
class ResolveRequest:
    deck: Decklist


@bp.post("/resolve")
def resolve_deck() -> dict[str, Any]:
    req = resolve_request()
    index = store.index()
    work_budget.within([work_budget.ask(req.deck, None, 1, full=True)])  # every line answered
    return resolve_view(index, read(index, req.deck, Searches()))


def resolve_request() -> ResolveRequest:
    """POST /v1/resolve: text, an array of entries, or {"deck": …}."""
    if body.body_kind() == body.TEXT:
        return ResolveRequest(body.decklist(body.text_body(), "deck", in_json=False))
    sent = body.json_body()
    if isinstance(sent, list):
        return ResolveRequest(body.decklist(sent, "deck", ""))
    if not isinstance(sent, dict) or set(sent) != {"deck"}:
        unknown = set(sent) - {"deck"} if isinstance(sent, dict) else set()
        detail = (f"Unknown field(s): {named(unknown)}." if unknown
                  else "Send {\"deck\": <text or entries>} or an array of entries.")
        raise Problem("invalid-body", detail, pointer="")
    return ResolveRequest(body.decklist(sent["deck"], "deck", "/deck"))
