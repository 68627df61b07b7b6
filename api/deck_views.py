"""Resolved decklist lines as JSON: plain dicts, built directly (no per-entry schema cost)."""

from __future__ import annotations

import functools
from typing import Any

import orjson

from api.json_provider import encoded, joined
from catalog.index import Printing
from decklist.model import SIDEBOARD, Entry, LineProblem
from decklist.resolve import UNKNOWN, Resolution, ResolvedLine

# Name-only lines can match dozens of printings (basic Energy); list this many per card.
MAX_PRINTINGS_SHOWN = 50
# Resolutions (and resolutions in a format) whose JSON a worker keeps encoded.  They are
# built once per catalog index, so their views are the same for every line that reads alike.
CACHED_VIEWS = 8192


def printing_view(printing: Printing) -> dict[str, Any]:
    return {"id": printing.id, "name": printing.name, "set": printing.set_id,
            "number": printing.number}


def line_view(line: ResolvedLine) -> orjson.Fragment:
    return joined(entry_view(line.entry), _resolution_json(line.resolution))


def entry_view(entry: Entry) -> dict[str, Any]:
    """What the decklist line itself says."""
    return {"line": entry.line, "text": entry.text, "count": entry.count,
            "section": entry.section}


@functools.lru_cache(maxsize=CACHED_VIEWS)
def _resolution_json(resolution: Resolution) -> bytes:
    """What a line resolved to, encoded once: a resolution is computed once per catalog and
    shared by every line that reads alike."""
    return encoded(resolution_view(resolution))


def resolution_view(resolution: Resolution) -> dict[str, Any]:
    """What a line resolved to."""
    card = resolution.card
    return {
        "status": resolution.status, "match": resolution.method,
        "card": None if card is None else {**printing_view(card), "supertype": card.supertype,
                                           "function_key": card.function_key},
        "candidates": [_group_view(group) for group in resolution.groups],
        "notes": list(resolution.notes),
        "suggestions": [{"reason": s.reason, **printing_view(s.printing)}
                        for s in resolution.suggestions],
    }


def _group_view(group: tuple[Printing, ...]) -> dict[str, Any]:
    first = group[0]
    return {"function_key": first.function_key, "name": first.name,
            "supertype": first.supertype, "printing_count": len(group),
            "printings": [printing_view(p) for p in group[:MAX_PRINTINGS_SHOWN]]}


def problem_view(problem: LineProblem) -> dict[str, Any]:
    return {"line": problem.line, "text": problem.text, "code": problem.code,
            "message": problem.message}


def deck_counts(lines: list[ResolvedLine]) -> dict[str, Any]:
    """Cards by supertype in the deck (sideboard apart) and lines by resolution status."""
    by_supertype = {"Pokémon": 0, "Trainer": 0, "Energy": 0}
    counts = {"total": 0, "by_supertype": by_supertype, "unresolved": 0, "sideboard": 0,
              "lines": {"resolved": 0, "ambiguous": 0, "unknown": 0}}
    for line in lines:
        counts["lines"][line.status] += 1
        if line.entry.section == SIDEBOARD:
            counts["sideboard"] += line.entry.count
            continue
        counts["total"] += line.entry.count
        supertype = line.resolution.supertype
        if line.status == UNKNOWN or supertype is None:
            counts["unresolved"] += line.entry.count
        else:
            by_supertype[supertype] += line.entry.count
    return counts
