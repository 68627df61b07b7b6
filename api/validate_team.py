"""POST /v1/validate/team: is this team legal in a team format, with each player's verdict.

The route reads the team (each player's seat, deck and pool: api.deck_requests) and answers
with what the judging service makes of it (api.judgements).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from api import body, judgements
from api.deck_requests import TeamRequest, team_request
from api.middleware import store
from api.middleware.problems import Problem

bp = Blueprint("team", __name__, url_prefix="/v1")


@bp.post("/validate/team")
def validate_team_decks() -> dict[str, Any]:
    return judgements.team_answer(store.index(), _team_request())


def _team_request() -> TeamRequest:
    if body.body_kind() != body.JSON:
        raise Problem("unsupported-media-type",
                      "Send a team as application/json: {format, players: [{seat, deck}]}.",
                      supported=["application/json"])
    return team_request(body.json_body())
