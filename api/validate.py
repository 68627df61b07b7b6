"""POST /v1/validate, /v1/validate/team and /v1/validate/batch: is this deck (this team,
each of these decks) legal, and why not.

Each handler reads the request (api.requests), asks the domain what it means and what the
verdict is (validators.targets, validators.judging), and renders that (api.views.verdicts).
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from flask import Blueprint, Response
from sqlalchemy.exc import DBAPIError

from api import budget, requests
from api.http_cache import shareable_on_request
from api.problems import Problem
from api.views.lines import Searches
from api.views.verdicts import (
    batch_view,
    deck_judgement_view,
    notice_view,
    team_judgement_view,
)
from catalog import deadline, store
from catalog.index import CatalogIndex, CatalogNotLoaded
from validators.judging import judge_deck, judge_team
from validators.targets import DeckPlan, Notice, TargetError, plan_deck, plan_team

bp = Blueprint("validate", __name__, url_prefix="/v1")
log = logging.getLogger(__name__)


@bp.post("/validate")
@shareable_on_request
def validate_deck() -> dict[str, Any]:
    return deck_answer(store.index(), requests.validate_request())


@bp.post("/validate/team")
def validate_team_decks() -> dict[str, Any]:
    return team_answer(store.index(), requests.team_request())


def deck_answer(index: CatalogIndex, req: requests.ValidateRequest) -> dict[str, Any]:
    """POST /v1/validate's answer to a request; the organizer's page shows the same."""
    plan = _plan(index, req)
    budget.within([_ask(req, plan)])
    return _verdict(index, req, plan, Searches())


def team_answer(index: CatalogIndex, req: requests.TeamRequest) -> dict[str, Any]:
    """POST /v1/validate/team's answer to a request."""
    try:
        plan = plan_team(index, req.format, req.play,
                         [player.pool is not None for player in req.players], req.product)
    except TargetError as error:
        raise requests.target_problem(error) from None
    full = req.detail == requests.FULL
    budget.within([budget.ask(player.deck, player.pool if plan.limited else None, 1, full)
                   for player in req.players])
    judged = judge_team(index, plan, req.players, req.as_of)
    return team_judgement_view(index, judged, _notices(plan.notices, requests.BODY), full=full)


@bp.post("/validate/batch")
def validate_batch() -> Response:
    items = requests.batch_request()
    index = store.index()
    # Every deck is read and planned before any is judged, so a batch over its work limit
    # is refused before it costs the work.
    planned = [_planned(index, item) for item in items]
    budget.within([_ask(item.request, plan) for item, plan in planned
                   if item.request is not None and plan is not None],
                  budget.BATCH_WORK_PER_DECK * len(items), pointer="/decks")
    searches = Searches()  # shared by the batch's decks
    pieces = batch_view(index, ((item.id, _answer(index, item, plan, searches))
                                for item, plan in planned))
    return sent_in_pieces(pieces)


def sent_in_pieces(pieces: list[bytes]) -> Response:
    """A JSON answer already encoded in pieces, sent one after another (chunked) and let go
    as it is sent, so that the body is never joined in memory; held to its bound first."""
    too_large = budget.past_bound(sum(len(piece) for piece in pieces))
    if too_large is not None:
        raise too_large

    left = deque(pieces)
    pieces.clear()

    def each() -> Iterator[bytes]:
        while left:
            yield left.popleft()

    return Response(each(), mimetype="application/json")


def _plan(index: CatalogIndex, req: requests.ValidateRequest) -> DeckPlan:
    try:
        return plan_deck(index, req.formats, req.play, req.pool is not None, req.product)
    except TargetError as error:
        raise requests.target_problem(error, req.sent_in) from None


def _verdict(index: CatalogIndex, req: requests.ValidateRequest, plan: DeckPlan,
             searches: Searches) -> dict[str, Any]:
    judged = judge_deck(index, plan, req.deck, req.pool, req.as_of, req.tournament)
    return deck_judgement_view(index, judged, plan.many, _notices(plan.notices, req.sent_in),
                               req.detail == requests.FULL, searches)


def _planned(index: CatalogIndex,
             item: requests.BatchItem) -> tuple[requests.BatchItem, DeckPlan | None]:
    if item.request is None:
        return item, None
    try:
        return item, _plan(index, item.request)
    except Problem as problem:
        failed = requests.in_deck(problem, item.position)
        return replace(item, request=None, problem=failed), None


def _ask(req: requests.ValidateRequest, plan: DeckPlan) -> budget.Ask:
    return budget.ask(req.deck, req.pool if plan.limited else None, len(plan.targets),
                      req.detail == requests.FULL)


def _answer(index: CatalogIndex, item: requests.BatchItem, plan: DeckPlan | None,
            searches: Searches) -> dict[str, Any] | Problem:
    if item.request is None or plan is None:
        assert item.problem is not None
        return item.problem
    try:
        deadline.check()  # once a deck
        return _verdict(index, item.request, plan, searches)
    except (DBAPIError, CatalogNotLoaded, deadline.DeadlineExceeded):
        # The service's trouble, or the request's time run out, not this deck's: the whole
        # batch is a 503, and its thread goes on with no other deck.
        raise
    except Problem as problem:
        return requests.in_deck(problem, item.position)
    except Exception:  # one deck that breaks the code must not cost the others their answers
        log.exception("batch deck %r failed", item.id)
        return Problem("internal-error", "Checking this deck failed; it has been logged.")


def _notices(notices: tuple[Notice, ...], sent_in: str) -> list[dict[str, str]]:
    return [notice_view(n, requests.located(n.field, sent_in)) for n in notices]
