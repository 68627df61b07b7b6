"""Tell a JSON decklist from a text one and parse it."""

from __future__ import annotations

import json
from typing import Any

from decklist.json_list import parse_json
from decklist.model import Decklist, LineProblem
from decklist.text import parse_text


def parse(body: str | list[Any]) -> Decklist:
    """Parse a decklist given as text (any export form) or as already-decoded JSON entries."""
    if isinstance(body, list):
        return parse_json(body)
    stripped = body.lstrip("\ufeff \t\r\n")
    if stripped.startswith("["):
        try:
            return parse_json(json.loads(stripped))
        except json.JSONDecodeError as error:
            deck = Decklist(input_format="json")
            deck.problems.append(LineProblem(error.lineno, "", f"malformed JSON: {error.msg} "
                                             f"(line {error.lineno}, column {error.colno})",
                                             "malformed-json"))
            return deck
    return parse_text(body)
