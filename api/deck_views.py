"""Resolved decklist lines as JSON: plain dicts, built directly (no per-entry schema cost)."""

from __future__ import annotations

from typing import Any

from catalog.index import Printing
from decklist.model import SIDEBOARD, LineProblem
from decklist.resolve import UNKNOWN, ResolvedLine

# Name-only lines can match dozens of printings (basic Energy); list this many per card.
MAX_PRINTINGS_SHOWN = 50


def printing_view(printing: Printing) -> dict[str, Any]:
    return {"id": printing.id, "name": printing.name, "set": printing.set_id,
            "number": printing.number}


def line_view(line: ResolvedLine) -> dict[str, Any]:
    entry = line.entry
    view: dict[str, Any] = {
        "line": entry.line, "text": entry.text, "count": entry.count, "section": entry.section,
        "status": line.status, "match": line.method,
    }
    card = line.card
    view["card"] = None if card is None else {**printing_view(card),
                                              "supertype": card.supertype,
                                              "function_key": card.function_key}
    view["candidates"] = [_group_view(group) for group in line.groups]
    view["notes"] = line.notes
    view["suggestions"] = [{"reason": s.reason, **printing_view(s.printing)}
                           for s in line.suggestions]
    return view


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
        supertype = line.supertype
        if line.status == UNKNOWN or supertype is None:
            counts["unresolved"] += line.entry.count
        else:
            by_supertype[supertype] += line.entry.count
    return counts
