"""POST /v1/validate/batch's answer, streamed: each deck judged, encoded and sent in turn.

The answer is the decks' answers in the order sent, each under the id it gave: its verdict as
/v1/validate answers it, or its problem. Nothing is held but the deck being answered: a deck
is judged when the server asks for its piece, after it sent the one before, and the piece is
let go once sent, so a worker's memory does not grow with the batch.

Two bounds hold the answer (api.middleware.answer_bound):
- each deck's verdict, the bound that deck would have alone (on its own JSON's bytes): past
  it, the deck gets its `answer-too-large` problem in its place;
- the whole answer, the batch's bound (`largest_batch_answer` of the batch's bytes).
A batch may also run out of time, or lose its catalog. From the deck where one of these
stops it, every deck left is answered with a short problem in its place, and the answer's
`stopped` names that deck and the reason. Room for those short problems is kept from the
start, so the whole answer never passes the batch's bound.
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, NamedTuple, Protocol, TypeVar

import orjson
from sqlalchemy.exc import DBAPIError

from api.middleware import answer_bound
from api.middleware.deadlines import exceeded_problem
from api.middleware.problems import Problem
from api.views import catalog_ref
from catalog.index import CatalogNotLoaded
from runtime.deadline import DeadlineExceeded

log = logging.getLogger(__name__)

# The most a deck left unanswered takes, besides its id and its place, with its comma: its
# piece is small and of a fixed form (`_left_piece`), so room for every deck's is kept from
# the start.
LEFT_PIECE_BYTES = 320
# The answer's closing: its counts, and what stopped it (`_tail`).
TAIL_BYTES = 1024


class BatchDeck(Protocol):
    """A deck as a batch holds it (api.validate_batch): its id, its place in the body, its own
    bytes, and how a problem of it is put in its place in the batch."""

    @property
    def id(self) -> str | None: ...

    @property
    def position(self) -> int: ...

    @property
    def size(self) -> int: ...

    def in_place(self, problem: Problem) -> Problem: ...


Answer = dict[str, Any] | Problem
Deck = TypeVar("Deck", bound=BatchDeck)


class Piece(NamedTuple):
    """One deck's answer, encoded: a verdict (`answered`) or a problem."""

    data: bytes
    answered: bool


class Stop(NamedTuple):
    """Where a batch stopped (the first deck not judged, by its place) and why."""

    position: int
    problem: Problem


# What stops a whole batch rather than one deck: the request's time, or the service's trouble.
STOPPING = (DeadlineExceeded, DBAPIError, CatalogNotLoaded)


def batch_answer(version: str, decks: Iterable[Deck], judge: Callable[[Deck], Answer],
                 bound: int) -> Iterator[bytes]:
    """The answer's pieces, each deck judged (`judge`) only when its piece is asked for, the
    whole at most `bound` bytes. `judge` answers a deck's own trouble as its problem, and
    raises one of STOPPING for what stops the batch."""
    left = deque(decks)
    head = orjson.dumps({"catalog": catalog_ref(version)})[:-1] + b',"results":['
    yield head
    room = bound - len(head) - TAIL_BYTES - sum(left_bytes(deck) for deck in left)
    answered = failed = 0
    stop: Stop | None = None
    while left:
        deck = left.popleft()
        room += left_bytes(deck)  # the room kept for it is for whatever answers it now
        judged = _judged(deck, judge, room, bound) if stop is None else stop
        if isinstance(judged, Stop):
            stop = judged
            judged = _left_piece(deck, stop)
        answered += judged.answered
        failed += not judged.answered
        room -= len(judged.data) + 1  # and its comma
        yield judged.data if answered + failed == 1 else b"," + judged.data
    yield _tail(answered, failed, stop)


def left_bytes(deck: BatchDeck) -> int:
    """The most the piece of a deck left unanswered takes (`_left_piece`)."""
    return LEFT_PIECE_BYTES + len(orjson.dumps(deck.id)) + len(str(deck.position))


def _judged(deck: Deck, judge: Callable[[Deck], Answer], room: int,
            bound: int) -> Piece | Stop:
    """A deck's piece, judged; or where and why the batch stops at it: no room left for
    its answer, or one of STOPPING. `judge` answers a deck that breaks the code with its
    problem (api.judgements' one error policy, `guarded`)."""
    try:
        piece = _piece(deck, judge(deck))
    except STOPPING as error:
        return Stop(deck.position, stopping_problem(error))
    if len(piece.data) + 1 > room:
        return Stop(deck.position, _past_batch_bound(bound))
    return piece


def _piece(deck: BatchDeck, answer: Answer) -> Piece:
    """A deck's answer encoded: its verdict, within the bound it would have alone; or its
    problem."""
    if isinstance(answer, Problem):
        return _problem_piece(deck, answer)
    data = orjson.dumps({"id": deck.id, "status": 200, "verdict": answer})
    too_large = answer_bound.past_bound_of(len(data), deck.size, "deck")
    if too_large is None:
        return Piece(data, True)
    return _problem_piece(deck, deck.in_place(too_large))


def _problem_piece(deck: BatchDeck, problem: Problem) -> Piece:
    return Piece(orjson.dumps({"id": deck.id, "status": problem.kind.status,
                               "problem": problem.document()}), False)


def _left_piece(deck: BatchDeck, stop: Stop) -> Piece:
    """What a deck the batch stopped before is answered with: the stop's kind, in short."""
    problem = Problem(stop.problem.slug, f"Not checked: the batch stopped at deck "
                      f"{stop.position} (see `stopped`).", pointer=f"/decks/{deck.position}")
    return _problem_piece(deck, problem)


def stopping_problem(error: Exception) -> Problem:
    if isinstance(error, DeadlineExceeded):
        return exceeded_problem(error)
    if isinstance(error, CatalogNotLoaded):
        return Problem("catalog-not-loaded", "No card catalog is loaded; run `flask catalog "
                       "import`.")
    log.warning("database unavailable during a batch: %s", error.__class__.__name__)
    return Problem("database-unavailable", "The card catalog database stopped answering; "
                   "try again shortly.")


def _past_batch_bound(bound: int) -> Problem:
    return Problem("answer-too-large", f"The batch's answer would pass the {bound:,} bytes "
                   "a batch of its size may be answered with. Send the decks left in another "
                   "batch, or ask for less of each: the verdict alone (detail: verdict) or "
                   "fewer formats.", limit=bound)


def _tail(answered: int, failed: int, stop: Stop | None) -> bytes:
    tail: dict[str, Any] = {"decks": answered + failed, "answered": answered, "failed": failed}
    if stop is not None:
        tail["stopped"] = {"at": stop.position, "problem": stop.problem.document()}
    return b"]," + orjson.dumps(tail)[1:]
