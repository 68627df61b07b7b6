"""POST /v1/validate and /v1/validate/team: is this deck (this team) legal, and why not.

Each handler reads the request (api.requests), asks the domain what it means and what the
verdict is (validators.targets, validators.judging), and renders that (api.views.verdicts).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from api import requests
from api.views.verdicts import deck_judgement_view, notice_view, team_judgement_view
from catalog import store
from validators.judging import judge_deck, judge_team
from validators.targets import Notice, TargetError, plan_deck, plan_team

bp = Blueprint("validate", __name__, url_prefix="/v1")


@bp.post("/validate")
def validate_deck() -> dict[str, Any]:
    req = requests.validate_request()
    index = store.index()
    try:
        plan = plan_deck(index, req.formats, req.play, req.pool is not None, req.product)
    except TargetError as error:
        raise requests.target_problem(error, req.sent_in) from None
    judged = judge_deck(index, plan, req.deck, req.pool, req.as_of, req.tournament)
    return deck_judgement_view(index, judged, plan.many,
                               _notices(plan.notices, req.sent_in),
                               full=req.detail == requests.FULL)


@bp.post("/validate/team")
def validate_team_decks() -> dict[str, Any]:
    req = requests.team_request()
    index = store.index()
    try:
        plan = plan_team(index, req.format, req.play,
                         [player.pool is not None for player in req.players], req.product)
    except TargetError as error:
        raise requests.target_problem(error) from None
    judged = judge_team(index, plan, req.players, req.as_of)
    return team_judgement_view(index, judged, _notices(plan.notices, requests.BODY),
                               full=req.detail == requests.FULL)


def _notices(notices: tuple[Notice, ...], sent_in: str) -> list[dict[str, str]]:
    return [notice_view(n, requests.located(n.field, sent_in)) for n in notices]
