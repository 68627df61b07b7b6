"""Decklists played at sanctioned events (tests/corpus/README.md, *Played at sanctioned
events*): each list as its source published it, one file a list; `events.json` gives each
event's name, days, format, the deckjudge format and day it is judged in, and its source (a
list taken from another source names its own);
`known_errors.json` the lines that are wrong in the source itself, each with its evidence.

A list is the source's text as pasted (`.txt`) or the source's card objects (`.json`): a
Limitless/RK9 decklist `{"pokemon": [...], "trainer": [...], "energy": [...]}` or a flat
array, each object `{count, name, set, number}` as published. deckjudge reads the objects
as JSON deck entries, in their sections' order.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
EVENTS: dict[str, dict[str, Any]] = json.loads((HERE / "events.json").read_text(encoding="utf-8"))
KNOWN_ERRORS: list[dict[str, Any]] = json.loads(
    (HERE / "known_errors.json").read_text(encoding="utf-8"))["errors"]
SECTIONS = ("pokemon", "trainer", "energy")


@dataclass(frozen=True)
class PlayedList:
    """One published list, with the format and day it is judged in."""

    name: str  # its path under tests/corpus/played
    event: str  # a key of events.json
    format: str  # the deckjudge format id
    day: str  # the event's first day
    deck: str | list[dict[str, Any]]  # text as pasted, or its card objects in order


def played() -> Iterator[PlayedList]:
    """Every list of every event, in events.json's order."""
    for key, event in EVENTS.items():
        for name in event["lists"]:
            yield PlayedList(name, key, event["deckjudge_format"], event["judged_on"],
                             published(name))


def published(name: str) -> str | list[dict[str, Any]]:
    """A list as published: its text, or its card objects in their sections' order."""
    text = (HERE / name).read_text(encoding="utf-8")
    if not name.endswith(".json"):
        return text
    cards = json.loads(text)
    return cards if isinstance(cards, list) else [card for section in SECTIONS
                                                  for card in cards.get(section, [])]
