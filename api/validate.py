"""POST /v1/validate and /v1/validate/team: is this deck (this team) legal, and why not."""

from __future__ import annotations

from typing import Any

from flask import Blueprint

from api import validate_input
from api.deck_views import deck_counts, problem_view
from api.verdict_views import team_verdict_view, verdict_view
from catalog import store
from catalog.index import CatalogIndex
from decklist.model import Decklist
from decklist.resolve import ResolvedLine, resolve
from validators.engine import validate
from validators.model import LIMITED
from validators.team import Player, validate_team

bp = Blueprint("validate", __name__, url_prefix="/v1")


@bp.post("/validate")
def validate_deck():
    req = validate_input.validate_request()
    index = store.index()
    lines = resolve(index, req.deck.entries)
    pool = _resolved(index, req.pool)
    verdicts = []
    for target in req.targets:
        limited = target.rules.play == LIMITED
        product = (validate_input.product_for(index, target.rules, req.product)
                   if limited and req.product is not None else None)
        verdict = validate(index, lines, target.rules, req.as_of,
                           pool if limited else None, product, tournament=req.tournament,
                           problems=req.deck.problems)
        verdicts.append(verdict_view(verdict, target.format, target.play))
    head: dict[str, Any] = {"input_format": req.deck.input_format,
                            "problems": [problem_view(p) for p in req.deck.problems],
                            "notices": [_notice_view(n) for n in req.notices]}
    if req.pool is not None and pool is not None:
        head["pool"] = _pool_view(req.pool, pool)
    if not req.many:
        return {**verdicts[0], **head}
    return {"legal_in": [v["format"]["id"] for v in verdicts if v["legal"]],
            "catalog": {"version": index.version}, "counts": deck_counts(lines), **head,
            "verdicts": verdicts}


@bp.post("/validate/team")
def validate_team_decks():
    req = validate_input.team_request()
    index = store.index()
    rules = req.format.plays[req.play].deck
    product = (validate_input.product_for(index, rules, req.product)
               if req.product is not None else None)
    players = [Player(p.seat, resolve(index, p.deck.entries), _resolved(index, p.pool),
                      tuple(p.deck.problems))
               for p in req.players]
    verdict = validate_team(index, req.format, req.play, players, req.as_of, product)
    body = team_verdict_view(verdict)
    body["notices"] = [_notice_view(n) for n in req.notices]
    for view, asked, player in zip(body["players"], req.players, players, strict=True):
        view["input_format"] = asked.deck.input_format
        view["problems"] = [problem_view(p) for p in asked.deck.problems]
        if asked.pool is not None and player.pool is not None:
            view["pool"] = _pool_view(asked.pool, player.pool)
    return body


def _notice_view(notice: validate_input.Notice) -> dict[str, str]:
    return {"code": notice.code, "detail": notice.detail, **notice.at}


def _resolved(index: CatalogIndex, deck: Decklist | None) -> list[ResolvedLine] | None:
    return resolve(index, deck.entries) if deck is not None else None


def _pool_view(pool: Decklist, lines: list[ResolvedLine]) -> dict[str, Any]:
    """What the pool resolved to: its counts and the lines that could not be read."""
    return {"input_format": pool.input_format, "counts": deck_counts(lines),
            "problems": [problem_view(p) for p in pool.problems]}
