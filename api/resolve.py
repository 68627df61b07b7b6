"""POST /v1/resolve: a decklist in, every line resolved to printings with its diagnostics."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from api import deck_input
from api.deck_views import deck_counts, line_view, problem_view
from api.problems import Problem
from catalog import store
from decklist.resolve import resolve

bp = Blueprint("resolve", __name__, url_prefix="/v1")


@bp.post("/resolve")
def resolve_deck():
    value, pointer = _deck_value()
    deck = deck_input.decklist(value, "deck", pointer)
    index = store.index()
    lines = resolve(index, deck.entries)
    return {
        "catalog": {"version": index.version},
        "input_format": deck.input_format,
        "counts": deck_counts(lines),
        "lines": [line_view(line) for line in lines],
        "problems": [problem_view(problem) for problem in deck.problems],
    }


def _deck_value() -> tuple[Any, str]:
    """The decklist sent, and its JSON pointer in the body."""
    if deck_input.body_kind() == deck_input.TEXT:
        return deck_input.text_body(), ""
    body = deck_input.json_body()
    if isinstance(body, list):
        return body, ""
    if not isinstance(body, dict) or set(body) != {"deck"}:
        unknown = sorted(set(body) - {"deck"}) if isinstance(body, dict) else []
        detail = (f"Unknown field(s): {', '.join(unknown)}." if unknown
                  else "Send {\"deck\": <text or entries>} or an array of entries.")
        raise Problem(422, "invalid-body", "Unprocessable Content", detail, pointer="")
    return body["deck"], "/deck"
