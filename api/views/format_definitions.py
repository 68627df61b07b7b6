"""Formats: the definitions the validator runs, with the sets and cards they name."""

from __future__ import annotations

import datetime as dt
from typing import Any

from api.views import iso_date
from api.views.season_refs import lineage_view
from api.views.verdicts import definition_ref
from catalog.index import CatalogIndex
from validators.records import (
    REACHES,
    Announcement,
    Ban,
    DeckRules,
    Family,
    Format,
    Rotation,
)
from validators.seasons import lineage_of
from validators.standing import standings_for


def format_view(fmt: Format, index: CatalogIndex) -> dict[str, Any]:
    if isinstance(fmt, DeckRules):
        lineage = lineage_of(fmt.id)
        return {"kind": "singles", **deck_rules_view(fmt, index),
                "lineage": lineage_view(lineage) if lineage is not None else None}
    return {
        "kind": "team", "id": fmt.id, "name": fmt.name, "version": fmt.version,
        "description": fmt.description, "document": _document(fmt),
        "seats": list(fmt.seats), "seats_section": fmt.seats_section,
        "plays": {play: {"prizes": p.prizes, "round_minutes": p.round_minutes, "pool": p.pool,
                         "section": p.section, "deck_rules": deck_rules_view(p.deck, index)}
                  for play, p in fmt.plays.items()},
    }


def deck_rules_view(rules: DeckRules, index: CatalogIndex) -> dict[str, Any]:
    pool = rules.pool
    legality = standings_for(index, rules.legality, rules.default_as_of).legality
    return {
        "id": rules.id, "name": rules.name, "version": rules.version,
        "description": rules.description, "document": _document(rules), "play": rules.play,
        "deck_size": rules.deck_size, "copy_limit": rules.copy_limit,
        "default_as_of": iso_date(rules.default_as_of),
        "as_of_is_request_day": rules.as_of_today,
        "card_pool": {
            "all_sets": pool.all_sets,
            "legal_sets": [_set_view(index, set_id, pool.promo_numbers.get(set_id),
                                     legality.legal_from(set_id))
                           for set_id in index.sets if legality.set_in_pool(set_id)],
            "basic_energy_from_any_set": list(pool.exempt_basic_types),
            "reprints_legal": pool.reprints_legal,
            "legal_after_fridays": pool.legal_fridays,
            "rotations": [_rotation_view(rotation) for rotation in pool.rotations],
        },
        "banned": [_ban_view(index, ban) for ban in rules.banned],
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
        "families": [_family_view(family) for family in rules.families],
        "organizer_notes": rules.organizer_notes,
        **({"definition": definition_ref(rules.definition)}
           if rules.definition is not None else {}),
    }


def _rotation_view(rotation: Rotation) -> dict[str, Any]:
    return {"effective": iso_date(rotation.effective), "from_mark": rotation.from_mark,
            "announcement": _announcement_view(rotation.announcement), "note": rotation.note}


def _ban_view(index: CatalogIndex, ban: Ban) -> dict[str, Any]:
    listed = (_listed_card(index, ban.card) if ban.card else
              {"id": None, "name": ban.name or REACHES.get(ban.reaches or ""),
               "function_key": None})
    organizers: dict[str, Any] = {}
    if ban.rule is not None:  # an organizer's entry: what it reaches, and whether it lifts
        organizers = {"by": "printing" if ban.printing_only else "name" if ban.name
                      else "kind" if ban.reaches else "card", "lifts": ban.lifts}
    return {**listed, **organizers, "reaches": ban.reaches, "effective": iso_date(ban.effective),
            "until": iso_date(ban.until), "effective_by": iso_date(ban.effective_by),
            "until_by": iso_date(ban.until_by), "note": ban.note,
            "announcement": _announcement_view(ban.announcement) if ban.announcement else None}


def _family_view(family: Family) -> dict[str, Any]:
    return {"id": family.id, "names": list(family.names), "rule": family.rule,
            "effective": iso_date(family.effective), "until": iso_date(family.until),
            "note": family.note, "source": _announcement_view(family.source)}


def _announcement_view(said: Announcement) -> dict[str, str]:
    return {"title": said.title, "date": said.date, "url": said.url}


def _set_view(index: CatalogIndex, set_id: str, numbers: tuple[int, int | None] | None,
              legal_from: dt.date | None) -> dict[str, Any]:
    info = index.sets[set_id]
    view: dict[str, Any] = {"id": set_id, "name": info.name,
                            "release_date": iso_date(info.release_date),
                            "legal_from": iso_date(legal_from)}
    if numbers is not None:
        view["numbers"] = {"from": numbers[0], "to": numbers[1]}
    return view


def _listed_card(index: CatalogIndex, card_id: str) -> dict[str, Any]:
    printing = index.card(card_id)
    return {"id": card_id, "name": printing.name if printing else None,
            "function_key": printing.function_key if printing else None}


def _document(fmt: Format) -> dict[str, Any]:
    view = {"title": fmt.document, "date": iso_date(fmt.document_date),
            "reaches": iso_date(fmt.document_reaches)}
    if isinstance(fmt, DeckRules) and fmt.definition is not None \
            and "url" in fmt.definition.fields:
        view["url"] = fmt.definition.fields["url"]
    return view
