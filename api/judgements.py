"""The judging service: a deck or a team asked of the API judged, from its request to its
answer. The formats it means are planned (validators.targets), its work counted before any
is done (api.work_budget), it is judged (validators.judging) and shown (api.views). The
routes (validate, team, batch, stream) and the organizer's page call it; each route only
reads its request and writes its answer.

A deck takes one path whichever route sent it: read (`read_deck`: a /v1/validate body, as
api.deck_requests reads it), planned and held to the work one request may ask (`planned`),
judged and shown (`answered`). `judge_one_deck` takes a deck of a request of many decks
along the whole path under one error policy (`guarded`): the deck's own trouble is its
problem, in its place; what stops the whole request (one of STOPPING) is raised. A batch
takes the same steps under the same policy, planning every deck before it judges any.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, replace
from typing import Any, NamedTuple, TypeVar

from api import work_budget
from api.deck_requests import KEPT_A_REQUEST, DeckRequest, TeamRequest, deck_request
from api.middleware.problems import Problem
from api.schema import BODY, FULL, LEGAL_IN, VERDICT, located, target_problem
from api.views import catalog_ref
from api.views.across_formats import deck_judgement_view, legal_in_view
from api.views.batches import STOPPING
from api.views.change_views import change_view
from api.views.team_verdicts import team_judgement_view
from api.views.verdicts import notice_view
from catalog.index import CatalogIndex
from decklist.resolver import Searches
from runtime import deadline
from validators.changes import with_catalog
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
from validators.verdict_changes import compared, concerning, differing

log = logging.getLogger(__name__)
T = TypeVar("T")
MAX_ID = 200  # characters of a deck's id in a request of many decks


@dataclass(frozen=True)
class Bulk:
    """How a request of many decks takes each: the detail a deck is answered with unless it
    asks for another, and the details it may ask for."""

    name: str
    detail: str
    details: tuple[str, ...]


# A batch answers the verdict alone unless a deck asks for more; a stream answers whether the
# deck is legal in each format (legal_in) unless it asks for its verdict, and `full` is for
# /v1/validate and the batch.
IN_A_BATCH = Bulk("batch", VERDICT, (FULL, VERDICT, LEGAL_IN))
IN_A_STREAM = Bulk("stream", LEGAL_IN, (LEGAL_IN, VERDICT))


class PlannedDeck(NamedTuple):
    """A deck read and planned, within the work one request may ask: ready to be judged."""

    request: DeckRequest
    plan: DeckPlan


Answer = dict[str, Any] | Problem


def judge_one_deck(index: CatalogIndex, sent: Mapping[str, Any], bulk: Bulk = IN_A_BATCH,
                   plans: dict[Hashable, DeckPlan] | None = None,
                   read: dict[bytes, dict[str, Any]] | None = None,
                   searches: Searches | None = None) -> Answer:
    """One deck of a request of many (its JSON object: a /v1/validate body, its `id` left
    out), read, planned, held to the work one request may ask, judged and shown as the
    batch shows it; or its problem, its pointer within the deck. Raises one of STOPPING for
    what stops the whole request (its time, the service's trouble). `plans` and `read` keep
    what the request's decks share (`deck_plan`, api.deck_requests), and `searches` the
    catalog's searches."""
    return guarded(lambda: answered(index, planned(index, read_deck(sent, bulk, read), plans),
                                    searches if searches is not None else Searches()),
                   sent.get("id"))


def guarded(step: Callable[[], T], deck_id: object) -> T | Problem:
    """A step of one deck's path under the one error policy of a request of many decks: the
    deck's own problem is returned, as is an internal-error problem (logged) for a deck that
    breaks the code, which must not cost the others their answers; what stops the whole
    request (STOPPING) is raised."""
    try:
        return step()
    except Problem as problem:
        return problem
    except STOPPING:
        raise
    except Exception:
        log.exception("deck %r failed", deck_id)
        return Problem("internal-error", "Checking this deck failed; it has been logged.")


def sent_id(sent: Mapping[str, Any]) -> str:
    """A deck's `id` in a request of many decks; a problem at /id when it has none fit to
    find its answer by."""
    given = sent.get("id")
    if not isinstance(given, str) or not 0 < len(given) <= MAX_ID:
        raise Problem("invalid-body", f"Each deck needs an `id`: a string of 1 to {MAX_ID} "
                      "characters, to find its answer by.", pointer="/id")
    return given


def read_deck(sent: Mapping[str, Any], bulk: Bulk,
              read: dict[bytes, dict[str, Any]] | None = None) -> DeckRequest:
    """A deck of a request of many from its JSON object, read as /v1/validate reads a body
    (its `id` left out), with the bulk's detail unless it asks for one the bulk allows."""
    req = deck_request({"detail": bulk.detail, **{k: v for k, v in sent.items() if k != "id"}},
                       read)
    if req.detail not in bulk.details:
        raise Problem("invalid-body", f"A {bulk.name} answers each deck with detail "
                      f"{' or '.join(bulk.details)}; ask /v1/validate or the batch for every "
                      "line.", pointer="/detail")
    return req


def planned(index: CatalogIndex, req: DeckRequest,
            plans: dict[Hashable, DeckPlan] | None = None) -> PlannedDeck:
    """The deck with the formats it is checked in, held to the work one request may ask
    before any is done (twice over with `changed_since`: it is judged on both days)."""
    plan = deck_plan(index, req, plans)
    ask = deck_ask(req, plan)
    work_budget.within([ask, ask] if req.changed_since is not None else [ask])
    return PlannedDeck(req, plan)


def answered(index: CatalogIndex, deck: PlannedDeck, searches: Searches) -> dict[str, Any]:
    """The planned deck judged, as the answer shows it, if the request still has the time."""
    deadline.check()  # once a deck
    if deck.request.changed_since is not None:
        return since_answer(index, deck, searches)
    return deck_verdict(index, deck.request, deck.plan, searches)


def since_answer(index: CatalogIndex, deck: PlannedDeck, searches: Searches) -> dict[str, Any]:
    """A deck asked `changed_since` a day: judged on that day and on the day asked, answered
    in full only where a format's verdict differs, with the changes between the two days that
    concern it (validators.verdict_changes); else a short answer that it is unchanged."""
    req, plan = deck.request, deck.plan
    since = req.changed_since
    assert since is not None
    until = req.as_of or dt.date.today()
    preview = previewed(index, req)
    now = judge_deck(index, plan, req.deck, req.pool, req.as_of, req.tournament,
                     language=req.language, preview=preview)
    try:  # the formats as they were on that day: `all` may name others, or none played
        then_plan: DeckPlan | None = deck_plan(index, replace(req, as_of=since))
    except Problem:
        then_plan = None
    then = None if then_plan is None else judge_deck(
        index, then_plan, req.deck, req.pool, since, req.tournament, language=req.language,
        preview=preview)
    differ = differing(compared(then), compared(now))
    if not differ:
        return {"unchanged": True, "changed_since": since.isoformat(),
                "legal_in": list(now.legal_in),
                "catalog": catalog_ref(index.version)}
    answer = deck_verdict(index, req, plan, searches)
    changes = concerning(index.caches.table(with_catalog), index, now, differ, since, until)
    answer["changed"] = {"since": since.isoformat(), "formats": list(differ),
                         "changes": [change_view(change, index) for change in changes]}
    return answer


def deck_answer(index: CatalogIndex, req: DeckRequest) -> dict[str, Any]:
    """POST /v1/validate's answer to a request."""
    return answered(index, planned(index, req), Searches())


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
