"""Decklist lines: what each said, what it resolved to, and the deck's counts."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from catalog import deadline
from catalog.caches import sizes
from catalog.index import CatalogIndex, Printing
from decklist.model import SIDEBOARD, Entry, LineProblem, Reference
from decklist.resolve import UNKNOWN, ResolvedLine, resolution_of, suggestions_of
from validators.judging import ReadDeck

# A name alone can match dozens of cards (75 Pikachu) and each card dozens of printings
# (basic Energy): a line lists at most this many of each, and says how many it left out,
# so that a short line's answer stays short (2.6 KB for "4 Pikachu", against 21 KB listing
# them all); the organizer's page offers as many. GET /v1/cards finds the rest.
MAX_CANDIDATES_SHOWN = 8
MAX_PRINTINGS_SHOWN = 3
MAX_SUGGESTIONS_SHOWN = 5
# Closest names are searched for at most this many unknown lines of one request: the search
# costs 0.15 ms a line where reading a known one costs 0.02 ms (full catalog), and a list of
# made-up names must not cost more than a real one. The lines past it say so.
MAX_NAMES_SEARCHED = 20
_NOT_SEARCHED = (f"closest names are searched for the first {MAX_NAMES_SEARCHED} unknown "
                 "lines of a request; check this one alone, or search GET /v1/cards")
# The lines a deck could not read, listed at most: each has its text and why (a list of a
# thousand junk lines is refused no more than one with ten, and its answer is no larger).
MAX_PROBLEMS_SHOWN = 100


def printing_view(printing: Printing) -> dict[str, Any]:
    return {"id": printing.id, "name": printing.name, "set": printing.set_id,
            "number": printing.number}


def entry_view(entry: Entry) -> dict[str, Any]:
    """What the decklist line itself says."""
    return {"line": entry.line, "text": entry.text, "count": entry.copies,
            "section": entry.section}


def line_heads(lines: Sequence[ResolvedLine]) -> list[bytes]:
    """Each line's own fields (`entry_view`), encoded as the head of `line_json`'s object: once
    per answer, which `format=all` writes in every verdict."""
    return [orjson.dumps(entry_view(line.entry))[:-1] + b"," for line in lines]


def line_json(head: bytes, rest: bytes) -> orjson.Fragment:
    """A decklist line in an answer, as one JSON object: its own fields (`line_heads`), then
    `rest`, which is the same for every line that reads alike (what it resolved to, or its
    standing in a verdict).

    The one place an answer is written from pre-encoded parts: the rest is kept encoded on the
    catalog index and written as it is, and a line's head is encoded once per answer.
    Encoding the rest afresh for every answer would cost a 60-line verdict about 90 µs of
    its 925, and /v1/resolve on 60 lines 60 µs of 595; encoding the heads once rather than
    in each verdict of `format=all` saves an 18-line deck's request about 190 µs of 1,630
    (bench/micro.py)."""
    return orjson.Fragment(head + rest[1:])


def encoded(view: dict[str, Any]) -> bytes:
    """A view to keep encoded for `line_json`, copied to its own size: orjson's bytes keep
    its whole write buffer (about 4 KB, seen with tracemalloc), and a cache of 8,192 short
    views took 32 MiB instead of 2."""
    return bytes(memoryview(orjson.dumps(view)))


class Searches:
    """The closest-name searches one request may still make (MAX_NAMES_SEARCHED)."""

    def __init__(self) -> None:
        self.left = MAX_NAMES_SEARCHED

    def allowed(self, lines: Sequence[ResolvedLine]) -> list[bool]:
        """For each line, whether its view may search closest names: yes for a line that
        needs none, and for the unknown lines that come first while searches are left."""
        allowed = []
        for line in lines:
            wanted = line.resolution.closest_to is not None
            allowed.append(not wanted or self.left > 0)
            self.left -= wanted and self.left > 0
        return allowed


def line_views(index: CatalogIndex, lines: Sequence[ResolvedLine],
               searches: Searches) -> list[orjson.Fragment]:
    """The lines of /v1/resolve's answer: what each says and what it resolved to."""
    return [line_json(head, resolution_json(index, line.entry.reference, search))
            for head, line, search in zip(line_heads(lines), lines, searches.allowed(lines),
                                          strict=True)]


def resolution_json(index: CatalogIndex, reference: Reference, search: bool) -> bytes:
    """What a line's readings resolved to, encoded; the same for every line that reads alike
    (`search`: with the closest names to an unknown one)."""
    return index.memo(_resolution_json, sizes().line_views)(reference, search)


def _resolution_json(index: CatalogIndex, reference: Reference, search: bool) -> bytes:
    deadline.check()  # a line not seen before (a line seen before costs a cache hit)
    return encoded(build_resolution_view(index, reference, search))


def build_resolution_view(index: CatalogIndex, reference: Reference,
                          search: bool) -> dict[str, Any]:
    resolution = index.memo(resolution_of, sizes().resolutions)(reference)
    card = resolution.card
    suggestions = suggestions_of(index, resolution) if search else resolution.suggestions
    notes = list(resolution.notes)
    if not search and resolution.closest_to is not None:
        notes.append(_NOT_SEARCHED)
    view: dict[str, Any] = {
        "status": resolution.status, "match": resolution.method,
        "card": None if card is None else {**printing_view(card), "supertype": card.supertype,
                                           "function_key": card.function_key},
        "candidates": [_group_view(group)
                       for group in resolution.groups[:MAX_CANDIDATES_SHOWN]],
        "notes": notes,
        "suggestions": [{"reason": s.reason, **printing_view(s.printing)}
                        for s in suggestions[:MAX_SUGGESTIONS_SHOWN]],
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
    return {"input_format": deck.decklist.input_format, "counts": deck_counts(deck.lines),
            **problems_view(deck.decklist.problems)}


def resolve_view(index: CatalogIndex, deck: ReadDeck) -> dict[str, Any]:
    """POST /v1/resolve's answer."""
    return {"catalog": {"version": index.version}, **read_deck_view(deck),
            "lines": line_views(index, deck.lines, Searches())}
