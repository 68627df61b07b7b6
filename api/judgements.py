"""The judging service: a deck or a team asked of the API judged, from its request to its
answer. The formats it means are planned (validators.targets), its work counted before any
is done (api.work_budget), it is judged (validators.judging) and shown (api.views). The
routes (validate, team, batch) and the organizer's page call it; each route only reads its
request and writes its answer.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import replace
from typing import Any, NamedTuple

from api import work_budget
from api.deck_requests import KEPT_A_REQUEST, DeckRequest, TeamRequest
from api.schema import BODY, FULL, LEGAL_IN, located, target_problem
from api.views.across_formats import deck_judgement_view, legal_in_view
from api.views.team_verdicts import team_judgement_view
from api.views.verdicts import notice_view
from catalog.index import CatalogIndex
from decklist.resolver import Searches
from validators.judging import DeckJudgement, TeamJudgement, judge_deck, judge_team
from validators.targets import (
    ALL,
    NOT_IN_FORCE,
    DeckPlan,
    Notice,
    SetNotInCatalog,
    TargetError,
    TeamPlan,
    plan_deck,
    plan_team,
)


def deck_answer(index: CatalogIndex, req: DeckRequest) -> dict[str, Any]:
    """POST /v1/validate's answer to a request."""
    plan = deck_plan(index, req)
    work_budget.within([deck_ask(req, plan)])
    return deck_verdict(index, req, plan, Searches())


def deck_judged(index: CatalogIndex, req: DeckRequest,
                choose: Callable[[DeckJudgement | None], list[str]] | None = None
                ) -> PageJudgement:
    """What the organizer's page shows for a request: its formats judged as POST
    /v1/validate judges them, each line offered its suggestions, and the deck in every
    format to its first error (detail legal_in). The second is left out (None) when the
    two together would pass the request's budget and the first alone does not. With
    `choose`, the formats shown are those it chooses from the second (the request names
    as many, which its budget counts)."""
    plan = deck_plan(index, req)
    asked = work_budget.ask(req.deck, req.pool if plan.limited else None, len(plan.targets),
                            full=True)
    every = replace(req, formats=ALL, detail=LEGAL_IN)
    every_plan = deck_plan(index, every)
    across_ask = deck_ask(every, every_plan)
    with_across = asked.cost + across_ask.cost <= work_budget.MAX_WORK
    work_budget.within([asked, across_ask] if with_across else [asked])
    across = judge_deck(index, every_plan, req.deck, req.pool, req.as_of, req.tournament,
                        first_error=True, language=req.language,
                        preview=previewed(index, req)) if with_across else None
    if choose is not None:
        req = replace(req, formats=choose(across))
        plan = deck_plan(index, req)
    judged = judge_deck(index, plan, req.deck, req.pool, req.as_of, req.tournament,
                        Searches(), language=req.language, preview=previewed(index, req))
    left_out = tuple(notice for notice in every_plan.notices if notice.code == NOT_IN_FORCE)
    return PageJudgement(plan, judged, across, left_out if across is not None else ())


class PageJudgement(NamedTuple):
    plan: DeckPlan
    judged: DeckJudgement  # in the formats asked, in full
    across: DeckJudgement | None  # in every format, each to its first error; None: no room
    left_out: tuple[Notice, ...] = ()  # the formats `across` leaves out, not played that day


def deck_plan(index: CatalogIndex, req: DeckRequest,
              plans: dict[Hashable, DeckPlan] | None = None) -> DeckPlan:
    """The formats a request asks its deck to be checked in; a 404 for one there is not.
    `plans` keeps those already made for a request of many decks, which mostly ask alike
    (speed trick "plans kept for a request": docs/performance.md)."""
    key = (_plain(req.formats), req.play, req.pool is not None, _plain(req.product),
           req.as_of, req.definitions)
    found = plans.get(key) if plans is not None else None
    if found is not None:
        return found
    try:
        found = plan_deck(index, req.formats, req.play, req.pool is not None, req.product,
                          req.as_of, req.definitions)
    except TargetError as error:
        raise target_problem(error, req.sent_in) from None
    if plans is not None:
        if len(plans) >= KEPT_A_REQUEST:
            plans.clear()
        plans[key] = found
    return found


def _plain(value: str | list[str] | None) -> str | tuple[str, ...] | None:
    return tuple(value) if isinstance(value, list) else value


def deck_ask(req: DeckRequest, plan: DeckPlan) -> work_budget.Ask:
    """What the request asks of the budget: its lines, in the formats planned."""
    return work_budget.ask(req.deck, req.pool if plan.limited else None, len(plan.targets),
                           req.detail == FULL, req.definitions)


def deck_verdict(index: CatalogIndex, req: DeckRequest, plan: DeckPlan,
                 searches: Searches) -> dict[str, Any]:
    """The deck judged in the planned formats, as the answer shows it."""
    if req.detail == LEGAL_IN:
        judged = judge_deck(index, plan, req.deck, req.pool, req.as_of, req.tournament,
                            first_error=True, language=req.language,
                            preview=previewed(index, req))
        return legal_in_view(index, judged, notices(plan.notices, req.sent_in))
    full = req.detail == FULL
    judged = judge_deck(index, plan, req.deck, req.pool, req.as_of, req.tournament,
                        searches if full else None, language=req.language,
                        preview=previewed(index, req))
    return deck_judgement_view(index, judged, plan.many, notices(plan.notices, req.sent_in),
                               full)


def previewed(index: CatalogIndex, req: DeckRequest) -> tuple[str, ...]:
    """The sets of Japan's a request previews, by their catalog ids; a 404 `set-not-found`
    for a code no set of Japan's in the catalog has."""
    found = []
    for code in req.preview:
        set_id = index.japanese_set(code)
        if set_id is None:
            raise target_problem(SetNotInCatalog(
                f"The catalog has no set of Japan's with the code {code!r} to preview.",
                "preview", sorted(index.sets[set_id].code or set_id
                                  for set_id in index.japanese_codes.values())), req.sent_in)
        found.append(set_id)
    return tuple(sorted(set(found)))


def notices(found: tuple[Notice, ...], sent_in: str) -> list[dict[str, str]]:
    """What the request sent that was not used, each with where it was written."""
    return [notice_view(notice, located(notice.field, sent_in)) for notice in found]


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
                         req.as_of, req.definitions)
    except TargetError as error:
        raise target_problem(error) from None
    work_budget.within([work_budget.ask(player.deck, player.pool if plan.limited else None,
                                        1, full, req.definitions if at == 0 else ())
                        for at, player in enumerate(req.players)])
    return plan, judge_team(index, plan, req.players, req.as_of, Searches() if full else None,
                            req.language)
