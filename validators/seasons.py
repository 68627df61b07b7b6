"""The seasons of a format: which deck rules were in force on a day, and since when.

A lineage is one format's history, its seasons in order of their first day, each the deck
rules of its time under its name then, citing where they come from. Modified and Standard
are one lineage (Modified was renamed Standard in 2014), so either id judges a day by the
season in force that day. The data is validators/formats/seasons.json, read with the
formats (validators.formats.reader); looking a day up is a bisection over a few dozen
dates, and an organizer's format's season is its base's, changed, made once and kept.
"""

from __future__ import annotations

import dataclasses
import datetime as dt

from validators.derived import derive, kept
from validators.formats import in_use
from validators.records import DeckRules, Definition, InForce, Lineage, Season


def lineage_of(format_id: str) -> Lineage | None:
    return in_use().lineages.get(format_id)


def in_force(rules: DeckRules, day: dt.date | None) -> InForce | None:
    """The season of the rules' format on the day (None: the format has no seasons, or no
    day is judged, or the day is before its first). Only a format's own rules have seasons:
    rules made from them (a test's, with a ban list of its own) are judged as they are."""
    if rules.definition is not None:
        return _organizers(rules.definition, day)
    formats = in_use()
    lineage = formats.lineages.get(rules.id)
    if lineage is None or day is None or formats.own.get(rules.id) is not rules:
        return None
    return lineage.on(day)


def organizers_rules(definition: Definition, base: DeckRules, day: dt.date | None) -> DeckRules:
    """The deck rules an organizer's definition holds a deck to on the day: its base's
    season's then (or its base's own, where it has no seasons), changed as it says; the
    rules the engine judges by (`in_force`), made once and kept."""
    found = in_force(base, day)
    return derive(definition, found.season.rules, base) if found is not None else \
        derive(definition, base)


def _organizers(definition: Definition, day: dt.date | None) -> InForce | None:
    """An organizer's format on the day: its base's season then, changed as it says."""
    base = in_use().own.get(definition.base)
    if not isinstance(base, DeckRules):
        return None
    found = in_force(base, day)
    if found is None:
        return None
    pending = found.pending
    return InForce(_changed(definition, found.season, base),
                   _changed(definition, pending, base) if pending is not None else None)


def _changed(definition: Definition, season: Season, base: DeckRules) -> Season:
    return kept(("season", definition.hash, id(season)), season,
                lambda: dataclasses.replace(season, rules=derive(definition, season.rules,
                                                                 base)))


def lineages() -> tuple[Lineage, ...]:
    return tuple(dict.fromkeys(in_use().lineages.values()))
