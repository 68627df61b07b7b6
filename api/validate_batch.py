"""POST /v1/validate/batch: many decks in one request, each answered as it would be alone.

The batch's shape and size are checked as a whole; each deck (a /v1/validate JSON body with
an id) is read and planned on its own, so that one bad deck is a problem in its place and
not the batch's. Every deck is planned before any is judged: a deck over the work one
request may ask is refused in its place, and a batch over its own budget as a whole, before
either costs the work. Then the answer streams (api.views.batches): each deck judged as
/v1/validate judges it when its turn to be sent comes. Each deck takes the steps of
api.judgements' one path for a deck (read, planned, answered), each under its one error
policy (`judgements.guarded`).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from dataclasses import dataclass, replace
from typing import Any

import orjson
from flask import Blueprint, Response, request
from marshmallow import fields, validate

from api import body, judgements, work_budget
from api.deck_requests import DeckRequest
from api.middleware import answer_bound, store
from api.middleware.problems import Problem
from api.schema import Strict, load_body
from api.views.batches import Answer, batch_answer
from catalog.index import CatalogIndex
from decklist.resolver import Searches
from runtime import deadline
from validators.formats import in_use, pin
from validators.targets import DeckPlan

bp = Blueprint("batch", __name__, url_prefix="/v1")
# At most this many decks, and limits that grow with their number (its work too:
# api.work_budget). A deck's own limits (lines, entries) are the same as alone; a deck that
# needs more than its share of the body is sent alone to /v1/validate.
MAX_BATCH_DECKS = 500
BATCH_BYTES_PER_DECK = 16 * 1024  # a 60-card list is 1-2 KB as text, 2-3 KB as entries
# The most a batch's body may be in all, whatever its decks: what a worker holds while it
# answers is many times the body read as JSON entries (its JSON values, and as much again of
# decklists: docs/limits.md), and the manifest's pod holds four batches at once.
MAX_BATCH_BYTES = 4 * 1024 * 1024
MAX_ID = judgements.MAX_ID


class BatchBody(Strict):
    # Any item is taken: one that is not a deck is answered in its place (`_batch_item`).
    decks = fields.List(fields.Raw(allow_none=True), required=True,
                        validate=validate.Length(min=1))


BATCH_BODY = BatchBody()  # one instance: building a schema deep-copies its fields


@dataclass(frozen=True)
class BatchItem:
    """One deck of a batch: its id (None when it gave none) and its request, or the problem
    that stopped it being read, with pointers into the whole batch body."""

    position: int  # in the body's `decks`
    id: str | None
    request: DeckRequest | None
    problem: Problem | None
    size: int = 0  # the deck's own bytes, as JSON: its answer's bound is the one it has alone
    plan: DeckPlan | None = None  # the formats it is checked in, once planned

    def in_place(self, problem: Problem) -> Problem:
        return in_deck(problem, self.position)


@bp.post("/validate/batch")
def validate_batch() -> Response:
    items = batch_request()
    index = store.index()
    plans: dict[Hashable, DeckPlan] = {}  # the decks of a batch mostly ask alike
    planned = [_planned(index, item, plans) for item in items]
    work_budget.within([judgements.deck_ask(item.request, item.plan) for item in planned
                        if item.request is not None and item.plan is not None],
                       work_budget.BATCH_WORK_PER_DECK * len(items), pointer="/decks")
    searches = Searches()  # shared by the batch's decks
    bound = answer_bound.largest_batch_answer(answer_bound.request_bytes())
    # Out of time before any deck is judged, the batch is a 503 as a whole; once its answer
    # is under way, the decks left are answered in their place (api.views.batches).
    deadline.check()
    return streamed(batch_answer(index.version, planned,
                                 lambda item: _answer(index, item, searches), bound))


def batch_request() -> list[BatchItem]:
    """POST /v1/validate/batch: {"decks": [{id, …a /v1/validate body}, …]}. The batch's
    shape and size are checked as a whole; each deck is read on its own, so one bad deck
    is a problem in its place and not the batch's."""
    request.max_content_length = MAX_BATCH_BYTES  # before reading
    if body.body_kind() != body.JSON:
        raise Problem("unsupported-media-type",
                      "Send a batch as application/json: {\"decks\": [{\"id\", \"deck\", …}]}.",
                      supported=["application/json"])
    if request.query_string:
        first = request.query_string.split(b"&", 1)[0].split(b"=", 1)[0]
        raise Problem("invalid-query", "A batch takes no query: each deck gives its own "
                      "options in the body.", parameter=first.decode(errors="replace"))
    whole = body.json_body()
    # Counted before the schema reads the list: 8 MiB of `0,` is four million items, which
    # marshmallow takes seconds to look at (docs/limits.md).
    decks = whole.get("decks") if isinstance(whole, dict) else None
    if isinstance(decks, list) and len(decks) > MAX_BATCH_DECKS:
        raise Problem("batch-too-large", f"A batch holds at most {MAX_BATCH_DECKS} decks; this "
                      f"one has {len(decks)}.", pointer="/decks", limit=MAX_BATCH_DECKS)
    sent = load_body(BATCH_BODY, whole)["decks"]
    del whole, decks  # the decks' JSON is held by `sent` alone, and let go as each is read
    size = len(body.raw_body())
    allowed = min(len(sent) * BATCH_BYTES_PER_DECK, MAX_BATCH_BYTES)
    if size > allowed:
        raise Problem("batch-too-large", f"A batch may take {BATCH_BYTES_PER_DECK} bytes a deck "
                      f"and {MAX_BATCH_BYTES} in all, {allowed} for its {len(sent)}; this one "
                      f"is {size} bytes. Send a larger deck alone to /v1/validate, or the "
                      "decks in several batches.", pointer="/decks", limit=allowed)
    seen: dict[str, int] = {}
    read: dict[bytes, dict[str, Any]] = {}  # the decks of a batch mostly send alike
    items = []
    for position in range(len(sent)):
        items.append(_batch_item(position, sent[position], seen, read))
        # A deck's JSON weighs about what its decklist does (docs/limits.md): let go as it
        # is read, the two are never held whole at once.
        sent[position] = None
    return items


def _batch_item(position: int, sent: Any, seen: dict[str, int],
                read: dict[bytes, dict[str, Any]]) -> BatchItem:
    given = sent.get("id") if isinstance(sent, dict) else None
    deck_id = given if isinstance(given, str) and 0 < len(given) <= MAX_ID else None

    def read_it() -> DeckRequest:
        if not isinstance(sent, dict):
            raise Problem("invalid-body", "Each deck of a batch is a JSON object.", pointer="")
        own = judgements.sent_id(sent)
        if own in seen:
            raise Problem("invalid-body", f"The id {own!r} is deck {seen[own]}'s "
                          "already; each deck needs its own.", pointer="/id")
        seen[own] = position
        return judgements.read_deck(sent, judgements.IN_A_BATCH, read)

    found = judgements.guarded(read_it, deck_id)
    if isinstance(found, Problem):
        return BatchItem(position, deck_id, None, in_deck(found, position))
    return BatchItem(position, deck_id, found, None, len(orjson.dumps(sent)))


def in_deck(problem: Problem, position: int) -> Problem:
    """A problem of one deck of a batch, as the batch has it: its pointer made whole."""
    at = f"/decks/{position}{problem.extensions.get('pointer', '')}"
    return Problem(problem.slug, problem.detail, **{**problem.extensions, "pointer": at})


def _planned(index: CatalogIndex, item: BatchItem,
             plans: dict[Hashable, DeckPlan]) -> BatchItem:
    """The deck with the formats it is checked in, or its problem in its place: a formats
    problem, or work past what one request may ask (checked before any is done)."""
    if item.request is None:
        return item
    req = item.request
    found = judgements.guarded(lambda: judgements.planned(index, req, plans), item.id)
    if isinstance(found, Problem):
        return replace(item, request=None, problem=in_deck(found, item.position))
    return replace(item, plan=found.plan)


def _answer(index: CatalogIndex, item: BatchItem, searches: Searches) -> Answer:
    """A deck's verdict, or its own problem; what stops the whole batch (its time, the
    service's trouble) is raised, for api.views.batches to answer."""
    if item.request is None or item.plan is None:
        assert item.problem is not None
        return item.problem
    deck = judgements.PlannedDeck(item.request, item.plan)
    found = judgements.guarded(lambda: judgements.answered(index, deck, searches), item.id)
    return in_deck(found, item.position) if isinstance(found, Problem) else found


def streamed(pieces: Iterator[bytes]) -> Response:
    """An answer sent piece by piece (chunked) as `pieces` makes them, under the request's
    deadline, which its handler has returned from by then; each piece is let go once sent.
    The answer holds itself to its bounds (api.views.batches), and its decks are judged by
    the rules the request was given, though the process swaps to others meanwhile."""
    answer_bound.held_in_parts()
    until = deadline.current()
    rules = in_use()

    def each() -> Iterator[bytes]:
        pin(rules)
        try:
            with deadline.resumed(until):
                yield from pieces
        finally:
            pin(None)

    return Response(each(), mimetype="application/json")
