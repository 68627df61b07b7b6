"""POST /v1/validate: is this deck legal, in one format or several, and why not.

The handler reads the request (a text/plain deck with its options in the query, or a JSON
body), asks the domain which formats it means (validators.targets), counts its work against
the budget (api.budget), judges the deck (validators.judging) and renders the verdict
(api.views.verdicts). Team and batch requests build on the same deck flow (api.team,
api.batch), and so does the organizer's page (web.page).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from flask import Blueprint, request
from marshmallow import ValidationError, fields, validate

from api import body, budget
from api.middleware import store
from api.middleware.http_cache import shareable_on_request
from api.schema import (
    BODY,
    FULL,
    NO_STORE,
    PUBLIC,
    QUERY,
    VERDICT,
    JSONBoolean,
    Options,
    Strict,
    StringOrList,
    comma_list,
    load_body,
    load_query,
    located,
    target_problem,
)
from api.views.verdicts import deck_judgement_view, notice_view
from catalog.index import CatalogIndex
from decklist.model import Decklist
from decklist.resolve import Searches
from validators.formats import ORDER, PLAYS
from validators.judging import DeckJudgement, judge_deck
from validators.targets import ALL, DeckPlan, Notice, TargetError, check_formats, plan_deck

bp = Blueprint("validate", __name__, url_prefix="/v1")


class ValidateBody(Options):
    format = StringOrList(len(ORDER) + 1, load_default=ALL)
    deck = fields.Raw(required=True)
    pool = fields.Raw(load_default=None)
    # Partner Battles II.5.3: watchlisted cards are not allowed in tournament decks.
    tournament = JSONBoolean(load_default=False)


def _format_list(value: str) -> None:
    """Format ids separated by commas; ids are looked up later (an unknown one is a 404)."""
    if not all(value.split(",")):
        raise ValidationError(f"Give format ids separated by commas; formats: "
                              f"{', '.join(ORDER)}, {ALL}.")


class ValidateQuery(Strict):
    """POST /v1/validate with a text/plain body: everything else is in the query."""

    format = fields.String(load_default=ALL, validate=[validate.Length(1, 400), _format_list])
    as_of = fields.Date(load_default=None)
    product = fields.String(load_default=None, validate=validate.Length(1, 2000))
    play = fields.String(load_default=None, validate=validate.OneOf(PLAYS))
    tournament = fields.Boolean(load_default=False)
    detail = fields.String(load_default=FULL, validate=validate.OneOf([FULL, VERDICT]))
    # Read by api.middleware.http_cache: `public` lets shared caches keep this answer (JSON
    # bodies too).
    cache = fields.String(load_default=NO_STORE, validate=validate.OneOf([NO_STORE, PUBLIC]))


# One instance each: building a schema deep-copies its fields, work no request should repeat
# (speed trick "shared schemas": docs/performance.md), and load() keeps no state on the
# instance, so threads may share them.
VALIDATE_QUERY, VALIDATE_BODY = ValidateQuery(), ValidateBody()


@dataclass(frozen=True)
class ValidateRequest:
    formats: str | list[str]  # `all`, one id, or several
    play: str | None
    deck: Decklist
    pool: Decklist | None
    product: str | list[str] | None
    as_of: dt.date | None
    tournament: bool
    detail: str  # FULL or VERDICT
    sent_in: str  # BODY or QUERY: where the options were written


@bp.post("/validate")
@shareable_on_request
def validate_deck() -> dict[str, Any]:
    return deck_answer(store.index(), validate_request())


def validate_request() -> ValidateRequest:
    """POST /v1/validate: a text/plain deck with its options in the query, or a JSON body."""
    if body.body_kind() == body.TEXT:
        text = body.text_body()
        args = load_query(VALIDATE_QUERY)
        product = args["product"]
        return ValidateRequest(query_formats(args), args["play"],
                               body.decklist(text, "deck", in_json=False), None,
                               comma_list(product) if product is not None else None,
                               args["as_of"], args["tournament"], args["detail"], QUERY)
    _check_query()
    return validate_body(body.json_body())


def validate_body(sent: Any) -> ValidateRequest:
    """A JSON validation body (alone, or one deck of a batch), read; pointers are into it."""
    loaded = load_body(VALIDATE_BODY, sent)
    pool = loaded["pool"]
    return ValidateRequest(loaded["format"], loaded["play"],
                           body.decklist(loaded["deck"], "deck"),
                           body.decklist(pool, "pool") if pool is not None else None,
                           loaded["product"], loaded["as_of"], loaded["tournament"],
                           loaded["detail"], BODY)


def _check_query() -> None:
    """With a JSON body the body says it all, and the query is not used; a malformed
    query is still refused rather than silently passed over."""
    if request.query_string:
        try:
            check_formats(query_formats(load_query(VALIDATE_QUERY)))
        except TargetError as error:
            raise target_problem(error, QUERY) from None


def query_formats(args: dict[str, Any]) -> str | list[str]:
    """The query's formats as a body would give them, with repeats dropped (a JSON body's
    list may not repeat)."""
    value = comma_list(args["format"])
    return value if isinstance(value, str) else list(dict.fromkeys(value))


def deck_answer(index: CatalogIndex, req: ValidateRequest) -> dict[str, Any]:
    """POST /v1/validate's answer to a request."""
    plan = plan_of(index, req)
    budget.within([ask_of(req, plan)])
    return verdict_of(index, req, plan, Searches())


def deck_judged(index: CatalogIndex, req: ValidateRequest) -> tuple[DeckPlan, DeckJudgement]:
    """The judgement POST /v1/validate answers with, each line offered its suggestions: what
    the organizer's page shows."""
    plan = plan_of(index, req)
    budget.within([budget.ask(req.deck, req.pool if plan.limited else None,
                              len(plan.targets), full=True)])
    return plan, judge_deck(index, plan, req.deck, req.pool, req.as_of, req.tournament,
                            Searches())


def plan_of(index: CatalogIndex, req: ValidateRequest) -> DeckPlan:
    """The formats a request asks its deck to be checked in; a 404 for one there is not."""
    try:
        return plan_deck(index, req.formats, req.play, req.pool is not None, req.product,
                         req.as_of)
    except TargetError as error:
        raise target_problem(error, req.sent_in) from None


def ask_of(req: ValidateRequest, plan: DeckPlan) -> budget.Ask:
    """What the request asks of the budget: its lines, in the formats planned."""
    return budget.ask(req.deck, req.pool if plan.limited else None, len(plan.targets),
                      req.detail == FULL)


def verdict_of(index: CatalogIndex, req: ValidateRequest, plan: DeckPlan,
               searches: Searches) -> dict[str, Any]:
    """The deck judged in the planned formats, as the answer shows it."""
    full = req.detail == FULL
    judged = judge_deck(index, plan, req.deck, req.pool, req.as_of, req.tournament,
                        searches if full else None)
    return deck_judgement_view(index, judged, plan.many, notices(plan.notices, req.sent_in),
                               full)


def notices(found: tuple[Notice, ...], sent_in: str) -> list[dict[str, str]]:
    """What the request sent that was not used, each with where it was written."""
    return [notice_view(notice, located(notice.field, sent_in)) for notice in found]
