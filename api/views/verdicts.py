"""Verdicts: one deck in one format, a deck in several, a team; in full or the verdict only."""

from __future__ import annotations

import datetime as dt
from typing import Any

from api.problems import Problem, document_of
from api.views import iso_date
from api.views.lines import (
    build_resolution_view,
    deck_counts,
    encoded,
    line_heads,
    line_json,
    printing_view,
    problem_view,
    read_deck_view,
)
from catalog import deadline
from catalog.caches import sizes
from catalog.index import CatalogIndex
from decklist.model import Reference
from validators.engine import Verdict
from validators.judging import DeckJudgement, TeamJudgement
from validators.model import CardRef, Format, FormatDefinition, Legality, Violation
from validators.standing import CardStanding, standings_for
from validators.targets import Notice, Target


def deck_judgement_view(index: CatalogIndex, judged: DeckJudgement, many: bool,
                        notices: list[dict[str, str]], full: bool) -> dict[str, Any]:
    """POST /v1/validate's answer: one verdict, or (`many`) one per format asked."""
    deck = judged.deck
    head: dict[str, Any] = {"input_format": deck.decklist.input_format,
                            "problems": [problem_view(p) for p in deck.decklist.problems],
                            "notices": notices}
    if judged.pool is not None:
        head["pool"] = read_deck_view(judged.pool)
    counts = deck_counts(deck.lines)  # the same in every format
    heads = line_heads(deck.lines) if full else None
    verdicts = [verdict_view(index, target, verdict, counts, heads)
                for target, verdict in judged.verdicts]
    if not many:
        return {**verdicts[0], **head}
    return {"legal_in": list(judged.legal_in), "catalog": {"version": index.version},
            "counts": counts, **head, "verdicts": verdicts}


def batch_view(index: CatalogIndex,
               answers: list[tuple[str | None, dict[str, Any] | Problem]]) -> dict[str, Any]:
    """POST /v1/validate/batch's answer: each deck's verdict (as /v1/validate answers it) or
    its problem, in the order sent, under the id it gave."""
    results = [{"id": deck_id, "status": 200, "verdict": answer}
               if not isinstance(answer, Problem) else
               {"id": deck_id, "status": answer.kind.status, "problem": document_of(answer)}
               for deck_id, answer in answers]
    failed = sum(1 for _, answer in answers if isinstance(answer, Problem))
    return {"catalog": {"version": index.version}, "decks": len(answers),
            "answered": len(answers) - failed, "failed": failed, "results": results}


def team_judgement_view(index: CatalogIndex, judged: TeamJudgement,
                        notices: list[dict[str, str]], full: bool) -> dict[str, Any]:
    verdict = judged.verdict
    play = verdict.play
    players = []
    for (player, player_verdict), deck, pool in zip(verdict.players, judged.decks,
                                                     judged.pools, strict=True):
        view = {"seat": player.seat,
                **verdict_view(index, Target(verdict.format, play.deck, play.play),
                               player_verdict, deck_counts(deck.lines),
                               line_heads(deck.lines) if full else None),
                "input_format": deck.decklist.input_format,
                "problems": [problem_view(p) for p in deck.decklist.problems]}
        if pool is not None:
            view["pool"] = read_deck_view(pool)
        players.append(view)
    return {
        "legal": verdict.legal,
        "format": format_ref(verdict.format, play.deck, play.play),
        "as_of": iso_date(verdict.as_of),
        "catalog": {"version": verdict.catalog_version},
        "prizes": play.prizes,
        "round_minutes": play.round_minutes,
        "violations": [violation_view(v) for v in verdict.violations],
        "warnings": [violation_view(v) for v in verdict.warnings],
        "players": players,
        "notices": notices,
    }


def verdict_view(index: CatalogIndex, target: Target, verdict: Verdict,
                 counts: dict[str, Any], heads: list[bytes] | None) -> dict[str, Any]:
    """One deck's verdict in one format (for a team format: one of its plays). `counts` are
    the deck's; `heads` its lines' (`line_heads`) for the full answer, or None for the verdict
    alone, with no line-by-line `cards`."""
    deadline.check()  # once a format (a team's: once a player)
    view = {
        "legal": verdict.legal,
        "format": format_ref(target.format, verdict.format, target.play),
        "as_of": iso_date(verdict.as_of),
        "catalog": {"version": verdict.catalog_version},
        "counts": counts,
        "violations": [violation_view(v) for v in verdict.violations],
        "warnings": [violation_view(v) for v in verdict.warnings],
    }
    if heads is not None:
        standing_json = index.memo(_standing_json, sizes().line_views)
        legality, as_of = verdict.format.legality, verdict.as_of
        view["cards"] = [line_json(head, standing_json(legality, as_of, line.entry.reference))
                         for head, (line, _) in zip(heads, verdict.standings, strict=True)]
    return view


def format_ref(fmt: Format, rules: FormatDefinition, play: str | None) -> dict[str, Any]:
    """Which format answered: its id, and for a team format the play and deck rules."""
    ref: dict[str, Any] = {"id": fmt.id, "name": fmt.name, "version": fmt.version,
                           "play": play or rules.play}
    if rules.id != fmt.id:
        ref["deck_rules"] = rules.id
    return ref


def violation_view(violation: Violation) -> dict[str, Any]:
    rule = {"document": violation.rule.document, "section": violation.rule.section}
    if violation.rule.text is not None:
        rule["text"] = violation.rule.text
    return {"code": violation.code, "severity": violation.severity,
            "message": violation.message,
            "arguments": {name: value if isinstance(value, str | int) else str(value)
                          for name, value in violation.args},
            "rule": rule, "cards": [_card_ref_view(card) for card in violation.cards]}


def notice_view(notice: Notice, at: dict[str, str]) -> dict[str, str]:
    return {"code": notice.code, "detail": notice.detail, **at}


def _card_ref_view(card: CardRef) -> dict[str, Any]:
    view: dict[str, Any] = {"line": card.line, "name": card.name, "id": card.id,
                            "count": card.count}
    if card.seat is not None:
        view["seat"] = card.seat
    if card.source != "deck":
        view["source"] = card.source
    return view


def _standing_json(index: CatalogIndex, legality: Legality, as_of: dt.date | None,
                   reference: Reference) -> bytes:
    deadline.check()  # a line not seen before in this format and date
    return encoded(_standing_view(index, legality, as_of, reference))


def _standing_view(index: CatalogIndex, legality: Legality, as_of: dt.date | None,
                   reference: Reference) -> dict[str, Any]:
    """What a line resolved to and where its cards stand under a pool and bans on a date:
    the same for every line that reads alike."""
    # Built afresh: the standing is kept encoded, and keeping the resolution's view as a
    # dict as well took 9 MiB more with every cache full (bench/cache_memory.py).
    view = build_resolution_view(index, reference)
    standings = standings_for(index, legality, as_of).of(reference)
    first = standings.considered[0] if len(standings.considered) == 1 else None
    return {
        **view,
        "candidates": [{**group, "legal_via": _via(standing), "banned": standing.banned}
                       for group, standing in zip(view["candidates"], standings.cards,
                                                  strict=True)],
        "legal_via": _via(first),
        "banned": first.banned if first else None,
        "playable": standings.all_playable,
    }


def _via(standing: CardStanding | None) -> dict[str, Any] | None:
    if standing is None or standing.legal_via is None:
        return None
    return printing_view(standing.legal_via)
