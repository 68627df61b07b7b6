"""Decklist lines: what each said, what it resolved to, and the deck's counts, rendered from
what the judgement holds (validators.judging.ReadDeck)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.views import catalog_ref, encoded
from catalog.index import CatalogIndex, Printing
from decklist.parsed import SIDEBOARD, LineProblem
from decklist.resolver import MAX_NAMES_SEARCHED, UNKNOWN, Resolution, ResolvedLine, Suggested
from validators.judging import ReadDeck

# A name alone can match dozens of cards (75 Pikachu) and each card dozens of printings
# (basic Energy): a line lists at most this many of each, and says how many it left out,
# so that a short line's answer stays short (2.6 KB for "4 Pikachu", against 21 KB listing
# them all); the organizer's page offers as many. GET /v1/cards finds the rest.
MAX_CANDIDATES_SHOWN = 8
MAX_PRINTINGS_SHOWN = 3
MAX_SUGGESTIONS_SHOWN = 5
_NOT_SEARCHED = (f"closest names are searched for the first {MAX_NAMES_SEARCHED} unknown "
                 "lines of a request; check this one alone, or search GET /v1/cards")
# The lines a deck could not read, listed at most: each has its text and why (a list of a
# thousand junk lines is refused no more than one with ten, and its answer is no larger).
MAX_PROBLEMS_SHOWN = 100


def printing_view(printing: Printing) -> dict[str, Any]:
    return {"id": printing.id, "name": printing.name, "set": printing.set_id,
            "number": printing.number}


def readings(index: CatalogIndex, lines: Sequence[ResolvedLine],
             suggested: Sequence[Suggested]) -> list[bytes]:
    """What each line resolved to, encoded (api.views.encoded): the same for every line that
    reads alike and was offered its closest names alike."""
    kept = encoded.kept(index, "readings")
    return [kept.get((line.entry.reference, offered.searched), _reading_bytes,
                     line.resolution, offered)
            for line, offered in zip(lines, suggested, strict=True)]


def _reading_bytes(resolution: Resolution, suggested: Suggested) -> bytes:
    return encoded.encode(reading_view(resolution, suggested))


def reading_view(resolution: Resolution, suggested: Suggested,
                 shown: Printing | None = None) -> dict[str, Any]:
    """What a line resolved to; `shown` is the printing a format shows for a line that
    names no printing (validators.standing), in place of the resolution's first."""
    card = resolution.card if shown is None or resolution.card is None else shown
    notes = list(resolution.notes)
    if not suggested.searched:
        notes.append(_NOT_SEARCHED)
    view: dict[str, Any] = {
        "status": resolution.status, "match": resolution.method,
        "card": None if card is None else {**printing_view(card), "supertype": card.supertype,
                                           "function_key": card.function_key},
        "candidates": [_group_view(group)
                       for group in resolution.groups[:MAX_CANDIDATES_SHOWN]],
        "notes": notes,
        "suggestions": [{"reason": s.reason, **printing_view(s.printing)}
                        for s in suggested.suggestions[:MAX_SUGGESTIONS_SHOWN]],
    }
    if len(resolution.groups) > MAX_CANDIDATES_SHOWN:
        view["candidates_omitted"] = len(resolution.groups) - MAX_CANDIDATES_SHOWN
    return view


def _group_view(group: tuple[Printing, ...]) -> dict[str, Any]:
    first = group[0]
    return {"function_key": first.function_key, "name": first.name,
            "supertype": first.supertype, "printing_count": len(group),
            "printings": [printing_view(p) for p in group[:MAX_PRINTINGS_SHOWN]]}


def problem_view(problem: LineProblem) -> dict[str, Any]:
    return {"line": problem.line, "text": problem.text, "code": problem.code,
            "message": problem.message}


def problems_view(problems: Sequence[LineProblem]) -> dict[str, Any]:
    """A deck's `problems`, the first MAX_PROBLEMS_SHOWN of them, and how many more."""
    view: dict[str, Any] = {"problems": [problem_view(p)
                                         for p in problems[:MAX_PROBLEMS_SHOWN]]}
    if len(problems) > MAX_PROBLEMS_SHOWN:
        view["problems_omitted"] = len(problems) - MAX_PROBLEMS_SHOWN
    return view


def deck_counts(lines: tuple[ResolvedLine, ...]) -> dict[str, Any]:
    """Cards by supertype in the deck (sideboard apart) and lines by resolution status."""
    by_supertype = {"Pokémon": 0, "Trainer": 0, "Energy": 0}
    by_status = {"resolved": 0, "ambiguous": 0, "unknown": 0}
    total = unresolved = sideboard = 0
    for entry, resolution in lines:
        status = resolution.status
        by_status[status] += 1
        count = entry.copies
        if entry.section == SIDEBOARD:
            sideboard += count
            continue
        total += count
        supertype = resolution.supertype
        if status == UNKNOWN or supertype is None:
            unresolved += count
        else:
            by_supertype[supertype] += count
    return {"total": total, "by_supertype": by_supertype, "unresolved": unresolved,
            "sideboard": sideboard, "lines": by_status}


def read_deck_view(deck: ReadDeck) -> dict[str, Any]:
    """How a decklist was read: its form, its counts and the lines that were not cards."""
    return {"input_format": deck.decklist.input_format, "input_language": deck.language,
            "counts": deck_counts(deck.lines),
            **problems_view(deck.decklist.problems)}


def resolve_view(index: CatalogIndex, deck: ReadDeck) -> dict[str, Any]:
    """POST /v1/resolve's answer: what each line says and what it resolved to."""
    assert deck.suggested is not None  # read with its suggestions
    return {"catalog": catalog_ref(index.version), **read_deck_view(deck),
            "lines": [encoded.line(head, rest) for head, rest in zip(
                encoded.heads(deck.lines), readings(index, deck.lines, deck.suggested),
                strict=True)]}
