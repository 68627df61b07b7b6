"""What one request may ask of the service, counted before any of it is done.

A request's work is every line it sends (cards or not, deck and pool, each player's) times
the formats each is checked in, and answering line by line (`detail: full`) weighs
FULL_WEIGHT times a verdict alone: that is what judging costs and what the answer holds.
A request over its budget is refused with a 413 that says its cost, the budget and how to
ask for less, before a line is resolved.

What an answer holds is bounded too: api.views cuts each list short past a documented
length, and api.middleware.answer_bound holds every answer to a POST to its bound.
"""

from __future__ import annotations

from dataclasses import dataclass

from api.middleware.problems import Problem
from decklist.parsed import Decklist
from validators.definitions import Definition

# Line-formats one request may ask for: a 1,000-line list (the most a list may have) in
# every format, the verdict alone; with every line answered (FULL_WEIGHT), 1,500: a 125-line
# list in every format, or 1,000 lines in one.
MAX_WORK = 12_000
FULL_WEIGHT = 8
# A batch's budget grows with its decks: a 60-line list in every format each (720), or a
# 90-line list in one format answered line by line.
BATCH_WORK_PER_DECK = 720



# An organizer's definition weighs a unit for every DEFINITION_BYTES of its canonical form:
# reading it and making its rules cost about as much as judging that many lines (bench/
# micro.py, "an organizer's format"); its largest (64 KiB) is 1,024 units.
DEFINITION_BYTES = 64


@dataclass(frozen=True)
class Ask:
    """What one deck (or player) asks: its lines, deck and pool, in how many formats, and
    the units its organizers' definitions weigh."""

    lines: int
    formats: int
    full: bool
    definitions: int = 0

    @property
    def cost(self) -> int:
        return self.lines * self.formats * (FULL_WEIGHT if self.full else 1) + self.definitions


def ask(deck: Decklist, pool: Decklist | None, formats: int, full: bool,
        definitions: tuple[Definition, ...] = ()) -> Ask:
    return Ask(_lines(deck) + (_lines(pool) if pool is not None else 0), formats, full,
               sum(len(d.canonical) // DEFINITION_BYTES + 1 for d in definitions))


def _lines(deck: Decklist) -> int:
    """Every line answered for: card lines and lines that are not cards alike."""
    return len(deck.entries) + len(deck.problems)


def within(asks: list[Ask], budget: int = MAX_WORK, pointer: str | None = None) -> None:
    """Refuse work over `budget` (413 over-budget), saying what it costs and how to split."""
    cost = sum(a.cost for a in asks)
    if cost <= budget:
        return
    lines = sum(a.lines for a in asks)
    formats = max(a.formats for a in asks)
    weight = f" × {FULL_WEIGHT} for every line answered (detail: full)" if any(
        a.full for a in asks) else ""
    where = {"pointer": pointer} if pointer is not None else {}
    raise Problem("over-budget",
                  f"This request asks for {cost:,} units of work ({lines:,} lines × up to "
                  f"{formats} formats{weight}); a request may ask for {budget:,}. Ask for "
                  "fewer formats, for the verdict alone (detail: verdict), or split the "
                  "decklist over several requests.", budget=budget, cost=cost, **where)
