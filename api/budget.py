"""What one request may ask of the service, counted before any of it is done.

A request's work is every line it sends (cards or not, deck and pool, each player's) times
the formats each is checked in, and answering line by line (`detail: full`) weighs
FULL_WEIGHT times a verdict alone: that is what judging costs and what the answer holds.
A request over its budget is refused with a 413 that says its cost, the budget and how to
ask for less, before a line is resolved.

What an answer holds is bounded too (each list it gives is cut short past a documented
length, api.views), and a POST's answer is never larger than ANSWER_FLOOR or ANSWER_RATIO
times the request's bytes, whichever is more: `init_app` holds every answer to that, and
one that would pass it is a 413 that says so instead. Only a list of many lines that each
name many cards, answered line by line, comes near it (500 such names: 1.3 MB).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

from flask import Flask, Response, request

from api.body import received_bytes
from api.problems import Problem, response_of
from decklist.model import Decklist

log = logging.getLogger(__name__)

# Line-formats one request may ask for: a 1,000-line list (the most a list may have) in
# every format, the verdict alone; with every line answered (FULL_WEIGHT), 1,500: a 125-line
# list in every format, or 1,000 lines in one.
MAX_WORK = 12_000
FULL_WEIGHT = 8
# A batch's budget grows with its decks: a 60-line list in every format each (720), or a
# 90-line list in one format answered line by line.
BATCH_WORK_PER_DECK = 720
# The largest answer to a POST: the larger of the floor and the ratio times the request
# (its body and query). The largest a real list gets, in every format line by line, is
# 179 KB (tests/corpus, 395 lists; median 57 times its request); 60 names that each stand
# for several cards ("4 Pikachu"), in every format line by line, about 400 KB.
ANSWER_FLOOR = 512 * 1024
ANSWER_RATIO = 50


@dataclass(frozen=True)
class Ask:
    """What one deck (or player) asks: its lines, deck and pool, in how many formats."""

    lines: int
    formats: int
    full: bool

    @property
    def cost(self) -> int:
        return self.lines * self.formats * (FULL_WEIGHT if self.full else 1)


def ask(deck: Decklist, pool: Decklist | None, formats: int, full: bool) -> Ask:
    return Ask(_lines(deck) + (_lines(pool) if pool is not None else 0), formats, full)


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


def largest_answer(request_bytes: int) -> int:
    return max(ANSWER_FLOOR, ANSWER_RATIO * request_bytes)


def past_bound(size: int) -> Problem | None:
    """The problem an answer of `size` bytes to this request is, past its bound; or None."""
    asked = received_bytes() + len(request.query_string)
    if size <= largest_answer(asked):
        return None
    log.info("an answer of %d bytes to a request of %d bytes passed its bound (%s)", size,
             asked, request.path)
    return Problem("answer-too-large", f"The answer would be {size:,} bytes, more than the "
                   f"{largest_answer(asked):,} an answer to a request of {asked:,} bytes may "
                   "be. Ask for fewer formats, for the verdict alone (detail: verdict), or "
                   "split the request.", limit=largest_answer(asked))


def _held_to_its_bound(response: Response) -> Response:
    # The organizer's page holds its own answers to the bound, to say so as a page.
    if (request.method != "POST" or response.direct_passthrough
            or response.mimetype == "text/html"):
        return response
    size = response.calculate_content_length()
    problem = past_bound(size) if size is not None else None
    return response if problem is None else response_of(problem)


def init_app(app: Flask) -> None:
    """Hold every answer to a POST to its bound (registered after compression: it runs
    first, on the answer's own bytes)."""
    app.after_request(_held_to_its_bound)
