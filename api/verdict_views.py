"""Verdicts and format definitions as JSON: plain dicts, built directly."""

from __future__ import annotations

import datetime as dt
import functools
from typing import Any

import orjson

from api.deck_views import CACHED_VIEWS, deck_counts, entry_view, printing_view, resolution_view
from api.json_provider import encoded, joined
from catalog.index import CatalogIndex
from decklist.resolve import Resolution, ResolvedLine
from validators.engine import Verdict
from validators.model import CardRef, Format, FormatDefinition, Violation
from validators.standing import CardStanding, LineStanding, standings_for
from validators.team import TeamVerdict


def verdict_view(verdict: Verdict, fmt: Format, play: str | None) -> dict[str, Any]:
    """One deck's verdict in one format (for a team format: one of its plays)."""
    lines = [line for line, _ in verdict.standings]
    return {
        "legal": verdict.legal,
        "format": format_ref(fmt, verdict.format, play),
        "as_of": _date(verdict.as_of),
        "catalog": {"version": verdict.catalog_version},
        "counts": deck_counts(lines),
        "violations": [violation_view(v) for v in verdict.violations],
        "warnings": [violation_view(v) for v in verdict.warnings],
        "cards": [_card_view(line, standings) for line, standings in verdict.standings],
    }


def team_verdict_view(verdict: TeamVerdict) -> dict[str, Any]:
    play = verdict.play
    return {
        "legal": verdict.legal,
        "format": format_ref(verdict.format, play.deck, play.play),
        "as_of": _date(verdict.as_of),
        "catalog": {"version": verdict.catalog_version},
        "prizes": play.prizes,
        "round_minutes": play.round_minutes,
        "violations": [violation_view(v) for v in verdict.violations],
        "warnings": [violation_view(v) for v in verdict.warnings],
        "players": [{"seat": player.seat, **verdict_view(player_verdict, verdict.format,
                                                         play.play)}
                    for player, player_verdict in verdict.players],
    }


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
            "message": violation.message, "rule": rule,
            "cards": [_card_ref_view(card) for card in violation.cards]}


def _card_ref_view(card: CardRef) -> dict[str, Any]:
    view: dict[str, Any] = {"line": card.line, "name": card.name, "id": card.id,
                            "count": card.count}
    if card.seat is not None:
        view["seat"] = card.seat
    if card.source != "deck":
        view["source"] = card.source
    return view


def _card_view(line: ResolvedLine, standings: LineStanding) -> orjson.Fragment:
    return joined(entry_view(line.entry), _standing_json(line.resolution, standings))


@functools.lru_cache(maxsize=CACHED_VIEWS)
def _standing_json(resolution: Resolution, standings: LineStanding) -> bytes:
    """What a line resolved to and where its cards stand, encoded once: both are built once
    per catalog (and format and date) and compared by identity, so every response with such
    a line shares it."""
    view = resolution_view(resolution)
    first = standings.considered[0] if len(standings.considered) == 1 else None
    return encoded({
        **view,
        "candidates": [{**group, "legal_via": _via(standing), "banned": standing.banned}
                       for group, standing in zip(view["candidates"], standings, strict=True)],
        "legal_via": _via(first),
        "banned": first.banned if first else None,
        "playable": standings.all_playable,
    })


def _via(standing: CardStanding | None) -> dict[str, Any] | None:
    if standing is None or standing.legal_via is None:
        return None
    return printing_view(standing.legal_via)


def format_view(fmt: Format, index: CatalogIndex) -> dict[str, Any]:
    if isinstance(fmt, FormatDefinition):
        return {"kind": "singles", **deck_rules_view(fmt, index)}
    return {
        "kind": "team", "id": fmt.id, "name": fmt.name, "version": fmt.version,
        "description": fmt.description, "document": _document(fmt),
        "seats": list(fmt.seats), "seats_section": fmt.seats_section,
        "plays": {play: {"prizes": p.prizes, "round_minutes": p.round_minutes, "pool": p.pool,
                         "section": p.section, "deck_rules": deck_rules_view(p.deck, index)}
                  for play, p in fmt.plays.items()},
    }


def deck_rules_view(rules: FormatDefinition, index: CatalogIndex) -> dict[str, Any]:
    pool = rules.pool
    legality = standings_for(index, rules, rules.default_as_of).legality
    return {
        "id": rules.id, "name": rules.name, "version": rules.version,
        "description": rules.description, "document": _document(rules), "play": rules.play,
        "deck_size": rules.deck_size, "copy_limit": rules.copy_limit,
        "default_as_of": _date(rules.default_as_of),
        "card_pool": {
            "all_sets": pool.all_sets,
            "legal_sets": [_set_view(index, set_id, pool.promo_numbers.get(set_id))
                           for set_id in index.sets if legality.set_in_pool(set_id)],
            "basic_energy_from_any_set": list(pool.exempt_basic_types),
            "reprints_legal": pool.reprints_legal,
        },
        "banned": [_listed_card(index, card_id) for card_id in rules.banned],
        "prizes": rules.prizes, "round_minutes": rules.round_minutes,
        "checks": [{"code": c.code, "section": c.section} for c in rules.checks],
        "products": [{"id": p.id, "name": p.name, "section": p.section,
                      "boosters": [{"set": s, "packs": n} for s, n in p.boosters]}
                     for p in rules.products],
        "partner": None if rules.partner is None else {
            "ineligible": [{"subtype": subtype, "why": why}
                           for subtype, why in rules.partner.ineligible]},
        "restricted": [{**_listed_card(index, r.card), "restriction": r.text,
                        "max_copies": r.max_copies, "partner_allowed": r.partner_allowed}
                       for r in rules.restricted],
        "watchlisted": [_listed_card(index, card_id) for card_id in rules.watchlisted],
        "organizer_notes": rules.organizer_notes,
    }


def _set_view(index: CatalogIndex, set_id: str,
              numbers: tuple[int, int | None] | None) -> dict[str, Any]:
    info = index.sets[set_id]
    view: dict[str, Any] = {"id": set_id, "name": info.name,
                            "release_date": _date(info.release_date)}
    if numbers is not None:
        view["numbers"] = {"from": numbers[0], "to": numbers[1]}
    return view


def _listed_card(index: CatalogIndex, card_id: str) -> dict[str, Any]:
    printing = index.card(card_id)
    return {"id": card_id, "name": printing.name if printing else None,
            "function_key": printing.function_key if printing else None}


def _document(fmt: Format) -> dict[str, Any]:
    return {"title": fmt.document, "date": _date(fmt.document_date),
            "reaches": _date(fmt.document_reaches)}


def _date(value: dt.date | None) -> str | None:
    return value.isoformat() if value else None

