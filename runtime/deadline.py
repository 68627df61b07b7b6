"""The time the request being served must be answered by, for every layer to check as it goes.

Work whose length grows with its input (a decklist's lines, the formats asked, a batch's
decks, the page's rows) calls `check()` between its steps; past the deadline it raises
DeadlineExceeded, and the API answers a `deadline-exceeded` problem (api/middleware/deadlines.py
sets the deadline when a request starts). It lives in the lowest layer so that the decklist,
validators, api and web layers may all check it.

Outside a request there is no deadline unless the caller sets one (`within`): imports, the
CLI's in-process checks and tests run as long as they take.

The deadline is a context variable, not a global: gunicorn's gthread worker serves each
request on a thread of its own, so each thread sees its own request's deadline. Those
threads are reused, so whoever sets a deadline resets it when the request ends, errors
included (`start` and `end`, or `within`).
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from typing import NamedTuple


class Deadline(NamedTuple):
    ends: float  # on time.monotonic()'s clock, which no change of the wall clock moves
    seconds: float  # the limit it was set with, for the message


_NONE = Deadline(math.inf, math.inf)
_current: ContextVar[Deadline] = ContextVar("deckjudge_deadline", default=_NONE)


class DeadlineExceeded(Exception):
    """The request ran past its time limit: the same request would take as long again."""

    def __init__(self, seconds: float) -> None:
        super().__init__(f"the request ran past its time limit of {seconds:g} s")
        self.seconds = seconds


def check() -> None:
    """Raise DeadlineExceeded when the current request is past its deadline.

    A context variable's read and a clock's, cheap but not free (docs/deploy.md gives what
    bench/micro.py measures): call it once a line, a format or a deck, not in an inner loop."""
    deadline = _current.get()
    if time.monotonic() >= deadline.ends:
        raise DeadlineExceeded(deadline.seconds)


def remaining() -> float:
    """Seconds left before the current request's deadline (infinite with none; 0 past it)."""
    return max(_current.get().ends - time.monotonic(), 0.0)


def current() -> Deadline:
    """The current request's deadline, to carry into work that outlives its handler (an
    answer streamed after the handler returned: `resumed`)."""
    return _current.get()


@contextmanager
def resumed(deadline: Deadline) -> Iterator[None]:
    """Run the block under a deadline taken earlier with `current`: a streamed answer is
    made after the request's own deadline was reset, and still ends by that deadline."""
    token = _current.set(deadline)
    try:
        yield
    finally:
        _current.reset(token)


def start(seconds: float) -> Token[Deadline]:
    """Give the work from here on `seconds` to finish; `end` with the token undoes it."""
    return _current.set(Deadline(time.monotonic() + seconds, seconds))


def end(token: Token[Deadline]) -> None:
    """Put back the deadline there was before `start` (outside a request: none)."""
    _current.reset(token)


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """Run the block with a deadline `seconds` from now."""
    token = start(seconds)
    try:
        yield
    finally:
        end(token)
