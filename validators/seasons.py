"""The seasons of a format: which deck rules were in force on a day, and since when.

A lineage is one format's history, its seasons in order of their first day, each the deck
rules of its time under its name then, citing where they come from. Modified and Standard
are one lineage (Modified was renamed Standard in 2014), so either id judges a day by the
season in force that day. The data is validators/formats/seasons.json; looking a day up is
a bisection over a few dozen dates, and each season's rules are built once per process.
"""

from __future__ import annotations

import bisect
import dataclasses
import datetime as dt
import functools
import json
from dataclasses import dataclass
from typing import Any

from validators.definitions import Definition
from validators.derived import derive, kept
from validators.formats import (
    FORMATS_DIR,
    builtin_formats,
    card_pool,
    checks,
    dated_ban,
    family,
)
from validators.records import Announcement, DeckRules


@dataclass(frozen=True, eq=False)  # one object a season: compared by identity
class Season:
    """One season of a lineage: its deck rules, from `effective` on. When the sources give
    no day, `window_from` is the earliest it can have begun and `effective` the day it was
    certainly in force."""

    id: str
    format: str  # the format id it was played as (modified, standard)
    name: str
    effective: dt.date
    window_from: dt.date | None
    source: Announcement
    note: str | None
    rules: DeckRules

    @property
    def first_possible(self) -> dt.date:
        return self.window_from or self.effective


@dataclass(frozen=True)
class DatedRule:
    """A deck-building rule of a lineage and the day it began: `code` is the check that
    enforces it; a rule a card prints on itself began with its `first_printing`."""

    id: str
    name: str
    code: str
    effective: dt.date
    first_printing: str | None
    source: Announcement
    note: str


@dataclass(frozen=True, eq=False)
class InForce:
    """The season that judges a day, and the one that may already have begun on it (the
    day is inside that season's window): the same season when it is the lineage's first."""

    season: Season
    pending: Season | None


@dataclass(frozen=True, eq=False)
class Lineage:
    id: str
    name: str
    formats: tuple[str, ...]
    seasons: tuple[Season, ...]
    days: tuple[dt.date, ...]  # each season's `effective`, for bisection
    rules: tuple[DatedRule, ...]  # the deck-building rules that began in its history

    @property
    def first_day(self) -> dt.date:
        return self.seasons[0].first_possible

    def on(self, day: dt.date) -> InForce | None:
        """The season in force on `day`; None before the lineage's first possible day."""
        at = bisect.bisect_right(self.days, day)
        if at == 0:
            first = self.seasons[0]
            return InForce(first, first) if day >= first.first_possible else None
        following = self.seasons[at] if at < len(self.seasons) else None
        pending = (following if following is not None and following.window_from is not None
                   and day >= following.window_from else None)
        return InForce(self.seasons[at - 1], pending)


def lineage_of(format_id: str) -> Lineage | None:
    return _by_format().get(format_id)


def in_force(rules: DeckRules, day: dt.date | None) -> InForce | None:
    """The season of the rules' format on the day (None: the format has no seasons, or no
    day is judged, or the day is before its first). Only a format's own rules have seasons:
    rules made from them (a test's, with a ban list of its own) are judged as they are."""
    if rules.definition is not None:
        return _organizers(rules.definition, day)
    lineage = _by_format().get(rules.id)
    if lineage is None or day is None or builtin_formats().get(rules.id) is not rules:
        return None
    return lineage.on(day)


def _organizers(definition: Definition, day: dt.date | None) -> InForce | None:
    """An organizer's format on the day: its base's season then, changed as it says."""
    base = builtin_formats().get(definition.base)
    found = in_force(base, day) if isinstance(base, DeckRules) else None
    if found is None:
        return None
    pending = found.pending
    return InForce(_changed(definition, found.season),
                   _changed(definition, pending) if pending is not None else None)


def _changed(definition: Definition, season: Season) -> Season:
    return kept(("season", definition.hash, id(season)), season,
                lambda: dataclasses.replace(season, rules=derive(definition, season.rules)))


def lineages() -> tuple[Lineage, ...]:
    return tuple(dict.fromkeys(_by_format().values()))


@functools.cache
def _by_format() -> dict[str, Lineage]:
    raw = json.loads((FORMATS_DIR / "seasons.json").read_bytes())
    found: dict[str, Lineage] = {}
    for entry in raw["lineages"]:
        seasons = tuple(_season(item, entry.get("deck")) for item in entry["seasons"])
        lineage = Lineage(entry["id"], entry["name"], tuple(entry["formats"]), seasons,
                          tuple(season.effective for season in seasons),
                          tuple(_rule(item) for item in entry.get("rules", ())))
        found.update((format_id, lineage) for format_id in lineage.formats)
    return found


def _season(raw: dict[str, Any], deck: dict[str, Any] | None) -> Season:
    window = raw.get("effective_window")
    effective = dt.date.fromisoformat(window[1] if window else raw["effective"])
    said = raw["source"]
    source = Announcement(said["title"], said["date"], said["url"])
    if "rules" in raw:
        rules = builtin_formats()[raw["rules"]]
        assert isinstance(rules, DeckRules), raw["rules"]
    else:
        assert deck is not None, f"{raw['id']}: a season of its own needs the lineage's deck"
        base = builtin_formats()[raw["format"]]
        assert isinstance(base, DeckRules), raw["format"]
        rules = _own_rules(raw, deck, source, base)
    return Season(raw["id"], raw["format"], raw.get("name", rules.name), effective,
                  dt.date.fromisoformat(window[0]) if window else None, source,
                  raw.get("note"), rules)


def _rule(raw: dict[str, Any]) -> DatedRule:
    said = raw["source"]
    return DatedRule(raw["id"], raw["name"], raw["code"],
                     dt.date.fromisoformat(raw["effective"]), raw.get("first_printing"),
                     Announcement(said["title"], said["date"], said["url"]), raw["note"])


def _own_rules(raw: dict[str, Any], deck: dict[str, Any], source: Announcement,
               base: DeckRules) -> DeckRules:
    """A season's deck rules: the lineage's deck rules with the season's pool and bans,
    under its name, citing its source; judged on the day asked (no default day)."""
    return dataclasses.replace(
        base, name=raw["name"], version=raw["id"], description=raw["note"],
        document=source.title, document_date=_day(source.date), document_reaches=None,
        deck_size=deck["deck_size"], copy_limit=deck["copy_limit"],
        pool=card_pool(raw["pool"]), banned=tuple(dated_ban(b) for b in raw.get("banned", ())),
        default_as_of=None, as_of_today=False, prizes=deck.get("prizes"), round_minutes=None,
        checks=checks(deck["checks"], None), organizer_notes=None,
        families=tuple(family(entry) for entry in deck.get("families", ())))


def _day(text: str) -> dt.date | None:
    """A source's date when it names a day (some give only a month or a year)."""
    return dt.date.fromisoformat(text) if len(text) == 10 else None
