"""Every dated change deckjudge knows of its formats, oldest first: made from the format data
(a FormatSet), so that every rules bundle has its own list, and, for the sets of the catalog
that wait to become legal, from the catalog too (`with_catalog`).

A change is one thing that took effect on one day in one format: a card banned or unbanned,
a rotation to a regulation mark, a season beginning with its own pool, a set made legal on
an official day, a deck-building rule or family rule beginning or ending, a deck size
changing between seasons. Each names the cards or sets it concerns and the source that
announced it, where the data gives one. GET /v1/changes lists them (api.changes).
"""

from __future__ import annotations

import datetime as dt
import functools
from dataclasses import dataclass

from catalog.index import CatalogIndex
from validators.formats import in_use
from validators.pool import PoolLegality
from validators.records import REACHES, Announcement, Ban, CardPool, DeckRules, FormatSet, Lineage

# The kinds of change, in the order one day's changes of one format are listed.
ROTATION, POOL, SET_LEGAL, BAN, UNBAN, RULE, DECK_SIZE, CATALOG_SETS = (
    "rotation", "pool", "set-legal", "ban", "unban", "rule", "deck-size", "catalog-sets")
KINDS = (CATALOG_SETS, ROTATION, POOL, SET_LEGAL, BAN, UNBAN, RULE, DECK_SIZE)


@dataclass(frozen=True)
class Change:
    """One change to one format, in force from `effective` (at the latest `effective_by`,
    where the day is not established)."""

    kind: str  # one of KINDS
    format: str | None  # None: every format (a catalog import)
    effective: dt.date
    summary: str  # what changed, in a sentence for people
    source: Announcement | None  # who announced it; its date is the day it was announced
    cards: tuple[str, ...] = ()  # card ids (a printing that names the card)
    sets: tuple[str, ...] = ()  # set ids
    effective_by: dt.date | None = None

    @property
    def order(self) -> tuple[dt.date, str, int, tuple[str, ...], tuple[str, ...]]:
        return (self.effective, self.format or "", KINDS.index(self.kind), self.cards,
                self.sets)


@functools.lru_cache(maxsize=2)  # the set judged in, and the one before it while it swaps
def changes(formats: FormatSet) -> tuple[Change, ...]:
    """Every dated change of `formats`' own formats and their seasons, oldest first, each
    once."""
    found: dict[tuple[object, ...], Change] = {}
    for format_id, fmt in formats.own.items():
        if isinstance(fmt, DeckRules):
            _add(found, _of_rules(format_id, fmt))
    for lineage in dict.fromkeys(formats.lineages.values()):
        _add(found, _of_lineage(lineage))
    return tuple(sorted(found.values(), key=lambda change: change.order))


def _add(found: dict[tuple[object, ...], Change], more: list[Change]) -> None:
    # A ban a season's rules repeat from its format's is one change, listed once.
    for change in more:
        found.setdefault((change.kind, change.format, change.effective, change.cards,
                          change.sets), change)


def _of_rules(format_id: str, rules: DeckRules) -> list[Change]:
    """A format's dated bans and unbans, rotations, official legal days and family rules."""
    found = [change for entry in rules.banned for change in _of_ban(format_id, entry)]
    for rotation in rules.pool.rotations:
        found.append(Change(ROTATION, format_id, rotation.effective,
                            f"Regulation mark {rotation.from_mark} and later are legal."
                            + (f" {rotation.note}" if rotation.note else ""),
                            rotation.announcement))
    for set_id, day in rules.pool.legal_dates.items():
        found.append(Change(SET_LEGAL, format_id, day, "The set becomes legal.", None,
                            sets=(set_id,)))
    for family in rules.families:
        names = " and ".join(family.names)
        found.append(Change(RULE, format_id, family.effective,
                            f"{names} are one name ({family.rule}).", family.source))
        if family.until is not None:
            found.append(Change(RULE, format_id, family.until,
                                f"{names} are separate names again.", family.source))
    return found


def _of_ban(format_id: str, entry: Ban) -> list[Change]:
    # A ban of a card says which by `cards`; one of a kind of card, in its words.
    what = entry.name or REACHES.get(entry.reaches or "", entry.reaches or "")
    cards = (entry.card,) if entry.card else ()
    found = []
    if entry.effective is not None:
        found.append(Change(BAN, format_id, entry.effective,
                            f"{what} banned." if what else "Banned.",
                            entry.announcement, cards, effective_by=entry.effective_by))
    if entry.until is not None:
        found.append(Change(UNBAN, format_id, entry.until,
                            f"{what} unbanned." if what else "Unbanned.",
                            entry.announcement, cards, effective_by=entry.until_by))
    return found


def _of_lineage(lineage: Lineage) -> list[Change]:
    """Each season's start (a pool change, or a deck size change), the bans its rules date,
    and the deck-building rules that began in the lineage's history."""
    found: list[Change] = []
    size: int | None = None
    for season in lineage.seasons:
        rules = season.rules
        found.append(Change(POOL, season.format, season.first_possible,
                            f"{season.name} begins." + (f" {season.note}" if season.note
                                                        else ""),
                            season.source,
                            effective_by=season.effective if season.window_from else None))
        if size is not None and rules.deck_size != size:
            found.append(Change(DECK_SIZE, season.format, season.effective,
                                f"Decks are {rules.deck_size} cards.", season.source))
        size = rules.deck_size
        found += _of_rules(season.format, rules)
    for rule in lineage.rules:
        found.append(Change(RULE, lineage.formats[0], rule.effective,
                            f"{rule.name}. {rule.note}", rule.source))
    return found


def with_catalog(index: CatalogIndex) -> tuple[Change, ...]:
    """The changes of the formats in use, and the day each set of `index`'s catalog becomes
    legal in a format that makes sets wait (`legal_fridays`, `legal_days`), oldest first. A
    table of the index (index.caches.table): an index is served with one set of rules."""
    found: dict[tuple[object, ...], Change] = {
        (c.kind, c.format, c.effective, c.cards, c.sets): c for c in changes(in_use())}
    for lineage in dict.fromkeys(in_use().lineages.values()):
        _add(found, _sets_legal(lineage, index))
    return tuple(sorted(found.values(), key=lambda change: change.order))


def _sets_legal(lineage: Lineage, index: CatalogIndex) -> list[Change]:
    """Each set released in a season whose pool makes sets wait, legal on the day its rules
    give (a day the format data gives itself is listed from the data)."""
    found = []
    seasons = lineage.seasons
    for at, season in enumerate(seasons):
        pool = season.rules.pool
        if not (pool.legal_fridays or pool.legal_days):
            continue
        end = seasons[at + 1].first_possible if at + 1 < len(seasons) else None
        for set_id, info in index.sets.items():
            released = info.release_date
            if (released is None or released < season.first_possible
                    or (end is not None and released >= end) or set_id in pool.legal_dates):
                continue
            day = PoolLegality(index, pool, released).legal_from(set_id)
            if day is not None and PoolLegality(index, pool, day).set_chosen(set_id):
                found.append(Change(SET_LEGAL, season.format, day,
                                    f"The set becomes legal, {_waiting(pool)}.", None,
                                    sets=(set_id,)))
    return found


def _waiting(pool: CardPool) -> str:
    if pool.legal_days:
        return f"{pool.legal_days} days after its release"
    ordinal = {1: "first", 2: "second", 3: "third"}.get(pool.legal_fridays,
                                                       f"{pool.legal_fridays}th")
    return f"the {ordinal} Friday after its release"


def imported(day: dt.date, version: str, sets: tuple[str, ...]) -> Change:
    """A catalog import that added sets, on the day it was made."""
    return Change(CATALOG_SETS, None, day,
                  f"The catalog import {version} adds {len(sets)} "
                  f"set{'s' if len(sets) > 1 else ''}.", None, sets=sets)
