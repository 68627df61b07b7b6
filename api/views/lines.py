"""Decklist lines: what each said, what it resolved to, and the deck's counts."""

from __future__ import annotations

from typing import Any

from catalog.caches import sizes
from catalog.index import CatalogIndex, Printing
from decklist.model import SIDEBOARD, Candidate, Entry, LineProblem
from decklist.resolve import UNKNOWN, ResolvedLine, resolution_of
from validators.judging import ReadDeck

# Name-only lines can match dozens of printings (basic Energy); list this many per card.
MAX_PRINTINGS_SHOWN = 50


def printing_view(printing: Printing) -> dict[str, Any]:
    return {"id": printing.id, "name": printing.name, "set": printing.set_id,
            "number": printing.number}


def entry_view(entry: Entry) -> dict[str, Any]:
    """What the decklist line itself says."""
    return {"line": entry.line, "text": entry.text, "count": entry.copies,
            "section": entry.section}


def line_view(index: CatalogIndex, line: ResolvedLine) -> dict[str, Any]:
    return {**entry_view(line.entry), **resolution_view(index, line.entry.candidates)}


def resolution_view(index: CatalogIndex, candidates: tuple[Candidate, ...]) -> dict[str, Any]:
    """What a line's readings resolved to; the same for every line that reads alike."""
    return index.memo(build_resolution_view, sizes().line_views)(candidates)


def build_resolution_view(index: CatalogIndex, candidates: tuple[Candidate, ...]) -> dict[str, Any]:
    resolution = index.memo(resolution_of, sizes().resolutions)(candidates)
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


def deck_counts(lines: tuple[ResolvedLine, ...]) -> dict[str, Any]:
    """Cards by supertype in the deck (sideboard apart) and lines by resolution status."""
    by_supertype = {"Pokémon": 0, "Trainer": 0, "Energy": 0}
    by_status = {"resolved": 0, "ambiguous": 0, "unknown": 0}
    total = unresolved = sideboard = 0
    for line in lines:
        by_status[line.status] += 1
        count = line.entry.copies
        if line.entry.section == SIDEBOARD:
            sideboard += count
            continue
        total += count
        supertype = line.resolution.supertype
        if line.status == UNKNOWN or supertype is None:
            unresolved += count
        else:
            by_supertype[supertype] += count
    return {"total": total, "by_supertype": by_supertype, "unresolved": unresolved,
            "sideboard": sideboard, "lines": by_status}


def read_deck_view(deck: ReadDeck) -> dict[str, Any]:
    """How a decklist was read: its form, its counts and the lines that were not cards."""
    return {"input_format": deck.decklist.input_format, "counts": deck_counts(deck.lines),
            "problems": [problem_view(p) for p in deck.decklist.problems]}


def resolve_view(index: CatalogIndex, deck: ReadDeck) -> dict[str, Any]:
    """POST /v1/resolve's answer."""
    return {"catalog": {"version": index.version}, **read_deck_view(deck),
            "lines": [line_view(index, line) for line in deck.lines]}
