"""JSON decklists: `[{"count": 4, "id": "neo1-14"}, {"count": 2, "name": "Bill", "set": "LC",
"number": "108"}, {"count": 1, "id": "base1-4", "partner": true}]`.

An entry's position (1-based) stands for its line number in diagnostics.
"""

from __future__ import annotations

from typing import Any

from decklist.card_lines import tidy_name
from decklist.parsed import (
    CONTROL_CHARACTERS,
    MAIN,
    MAX_ENTRIES,
    MAX_LINE_COUNT,
    PARTNER,
    SIDEBOARD,
    Candidate,
    Decklist,
    DecklistTooLarge,
    Entry,
    LineProblem,
)
from runtime import patterns

MAX_TEXT = 200
# Blank as both Python and JSON Schema (ECMA) regexes read it: each counts one space
# character the other does not (U+0085, U+FEFF).
_BLANK = patterns.compile(r"[\s\u0085\ufeff]*\Z")
_KEYS = frozenset({"count", "id", "name", "set", "number", "partner", "sideboard"})
_TEXTS = ("id", "name", "set", "number")  # the text fields, in the order `text` joins them


def parse_json(data: Any) -> Decklist:
    deck = Decklist(input_format="json")
    if not isinstance(data, list):
        deck.problems.append(LineProblem(0, type(data).__name__,
                                         "a JSON decklist is an array of entries",
                                         "invalid-entry"))
        return deck
    if len(data) > MAX_ENTRIES:
        raise DecklistTooLarge(f"a decklist may have at most {MAX_ENTRIES} entries, this one "
                               f"has {len(data)}", MAX_ENTRIES + 1)
    for position, item in enumerate(data, start=1):
        entry = _entry(position, item)
        if isinstance(entry, LineProblem):
            deck.problems.append(entry)
        else:
            deck.entries.append(entry)
    texts = {**{entry.line: entry.text for entry in deck.entries},
             **{problem.line: problem.text for problem in deck.problems}}
    deck.written = tuple(texts[position] for position in sorted(texts))
    return deck


def _entry(position: int, item: Any) -> Entry | LineProblem:
    if not isinstance(item, dict):
        return _invalid(position, item, "an entry must be an object")
    if not _KEYS.issuperset(item):
        return _invalid(position, item, f"unknown field(s): {named(set(item) - _KEYS)}")
    count = _whole(item.get("count"))
    if type(count) is not int or not 1 <= count <= MAX_LINE_COUNT:
        return _invalid(position, item,
                        f"count must be a whole number from 1 to {MAX_LINE_COUNT}")
    texts = [_number_text(item.get(key)) if key == "number" else item.get(key)
             for key in _TEXTS]
    for key, value in zip(_TEXTS, texts, strict=True):
        if (value is not None or key in item) and not _plain_text(value):
            return _invalid(position, item,
                            f"{key} must be a non-empty string of at most {MAX_TEXT} "
                            "characters, with no control characters")
    card_id, name, set_code, number = texts
    if not card_id and not name and not (set_code and number):
        return _invalid(position, item, "an entry needs an id, a name, or a set and number")
    for flag in ("partner", "sideboard"):
        if flag in item and not isinstance(item[flag], bool):
            return _invalid(position, item, f"{flag} must be true or false")
    section = PARTNER if item.get("partner") else SIDEBOARD if item.get("sideboard") else MAIN
    candidate = Candidate(name=tidy_name(name) if name else None, set_code=_strip(set_code),
                          number=_strip(number), card_id=_strip(card_id))
    return Entry(position, count, " ".join(text for text in texts if text), section,
                 candidate)


def named(keys: set[str], most: int = 5) -> str:
    """Keys a client sent that are not known, for a message: the first few, each clipped,
    and how many more (an object of 50,000 keys is not echoed whole)."""
    shown = [key if len(key) <= 40 else key[:40] + "…" for key in sorted(keys)[:most]]
    more = f" and {len(keys) - most:,} more" if len(keys) > most else ""
    return ", ".join(shown) + more


def _whole(value: Any) -> Any:
    """JSON has one number type: 4.0 is the integer 4; anything else is left as it is."""
    return int(value) if isinstance(value, float) and value.is_integer() else value


def _number_text(value: Any) -> Any:
    """A card number some exporters write as a JSON number (Limitless's `"number": 60`) is
    read as its digits; anything else is left for the text check to judge."""
    value = _whole(value)
    if type(value) is int and 0 <= value < 100_000:
        return str(value)
    return value


def _plain_text(value: Any) -> bool:
    return (isinstance(value, str) and len(value) <= MAX_TEXT and not _BLANK.match(value)
            and not CONTROL_CHARACTERS.search(value))


def _invalid(position: int, item: Any, message: str) -> LineProblem:
    return LineProblem(position, str(item)[:MAX_TEXT], message, "invalid-entry")


def _strip(value: str | None) -> str | None:
    return value.strip() if value else None
