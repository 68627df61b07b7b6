"""POST /v1/validate/team: is this team legal in a team format, with each player's verdict.

The team is read (each player's seat, deck and pool), its formats and plays looked up
(validators.targets), its work counted (api.budget), judged (validators.judging) and
rendered (api.views.verdicts).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from flask import Blueprint
from marshmallow import fields, validate

from api import body, budget
from api.middleware import store
from api.middleware.problems import Problem
from api.schema import BODY, FULL, MAX_TEXT, Options, Strict, load_body, target_problem
from api.validate import notices
from api.views.verdicts import team_judgement_view
from catalog.index import CatalogIndex
from decklist.resolve import Searches
from validators.judging import Seat, TeamJudgement, judge_team
from validators.targets import TargetError, TeamPlan, plan_team

bp = Blueprint("team", __name__, url_prefix="/v1")
MAX_PLAYERS = 8  # a team is two; a few more get a `team` violation, not a 422


class _Player(Strict):
    seat = fields.String(required=True, validate=validate.Length(1, 20))
    deck = fields.Raw(required=True)
    pool = fields.Raw(load_default=None)


class TeamBody(Options):
    format = fields.String(required=True, validate=validate.Length(1, MAX_TEXT))  # no `all`
    players = fields.List(fields.Nested(_Player), required=True,
                          validate=validate.Length(1, MAX_PLAYERS))


TEAM_BODY = TeamBody()  # one instance: building a schema deep-copies its fields


@dataclass(frozen=True)
class TeamRequest:
    format: str
    play: str | None
    players: list[Seat]
    product: str | list[str] | None
    as_of: dt.date | None
    detail: str


@bp.post("/validate/team")
def validate_team_decks() -> dict[str, Any]:
    return team_answer(store.index(), team_request())


def team_request() -> TeamRequest:
    if body.body_kind() != body.JSON:
        raise Problem("unsupported-media-type",
                      "Send a team as application/json: {format, players: [{seat, deck}]}.",
                      supported=["application/json"])
    return team_body(body.json_body())


def team_body(sent: Any) -> TeamRequest:
    """A JSON team body, read; pointers are into it."""
    loaded = load_body(TEAM_BODY, sent)
    players = [Seat(
        player["seat"], body.decklist(player["deck"], f"players/{position}/deck"),
        body.decklist(player["pool"], f"players/{position}/pool")
        if player["pool"] is not None else None)
        for position, player in enumerate(loaded["players"])]
    return TeamRequest(loaded["format"], loaded["play"], players, loaded["product"],
                       loaded["as_of"], loaded["detail"])


def team_answer(index: CatalogIndex, req: TeamRequest) -> dict[str, Any]:
    """POST /v1/validate/team's answer to a request."""
    full = req.detail == FULL
    plan, judged = team_judged(index, req, full)
    return team_judgement_view(index, judged, notices(plan.notices, BODY), full=full)


def team_judged(index: CatalogIndex, req: TeamRequest,
                full: bool = True) -> tuple[TeamPlan, TeamJudgement]:
    """The team's judgement; `full`, each line offered its suggestions (the organizer's page
    shows it so)."""
    try:
        plan = plan_team(index, req.format, req.play,
                         [player.pool is not None for player in req.players], req.product,
                         req.as_of)
    except TargetError as error:
        raise target_problem(error) from None
    budget.within([budget.ask(player.deck, player.pool if plan.limited else None, 1, full)
                   for player in req.players])
    return plan, judge_team(index, plan, req.players, req.as_of, Searches() if full else None)
