"""Tell a JSON decklist from a text one and parse it."""

from __future__ import annotations

from typing import Any

from decklist import strict_json
from decklist.json_list import parse_json
from decklist.parsed import Decklist, LineProblem
from decklist.text import parse_text


def parse(body: str | list[Any]) -> Decklist:
    """Parse a decklist given as text (any export form) or as already-decoded JSON entries."""
    if isinstance(body, list):
        return parse_json(body)
    stripped = body.lstrip("\ufeff \t\r\n")
    if stripped.startswith("["):
        try:
            return parse_json(strict_json.loads(stripped))
        except strict_json.JsonFault as fault:
            skipped = body.count("\n", 0, len(body) - len(stripped))  # blank lines before it
            deck = Decklist(input_format="json")
            deck.problems.append(LineProblem((fault.line or 1) + skipped, "",
                                             f"malformed JSON: {fault.message}",
                                             "malformed-json"))
            return deck
    return parse_text(body)
