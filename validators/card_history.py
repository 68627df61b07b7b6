"""A printing's standing in a format over time: the stretches of days it stands alike, from
its card's first release to the last change the service knows (validators.card_legality
judges each day; validators.stretches says which days can change it).

A standing can change only on a day some pool or ban list of the format's rules changes on
(`changes_of`, for the format's own rules and each of its seasons'), or on a season's first
day; so the printing is judged on those days alone, each standing for every day up to the
next, and the days it stands alike on are made one stretch. A stretch is the status word and
`legal` of the card answers (`STATUSES`); its `until` is the first day of the next one, or
None where no change is known after it.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from catalog.index import CatalogIndex, Printing
from validators.card_legality import OneLook, judge
from validators.records import DeckRules
from validators.seasons import lineage_of
from validators.stretches import changes_of


@dataclass(frozen=True)
class Stretch:
    """The days from `since` up to `until` (None: no change known) the printing stands alike
    on: its status (card_legality.STATUSES) and whether a deck may hold it."""

    since: dt.date
    until: dt.date | None
    status: str
    legal: bool


def history(index: CatalogIndex, format_id: str, rules: DeckRules,
            printing: Printing) -> tuple[Stretch, ...]:
    """The printing's stretches in the format, from its card's first release on; none when
    the format was never played on a day it could be judged."""
    first = _first_release(index, printing)
    days = [day for day in _change_days(index, rules) if first is None or
            day > first]
    if first is not None:
        days.insert(0, first)
    found: list[Stretch] = []
    for day in days:
        judged = judge(index, format_id, rules, day, OneLook)
        if judged is None:  # not yet played that day
            continue
        standing = judged.standing(printing)
        if found and (found[-1].status, found[-1].legal) == (standing.status, standing.legal):
            continue
        if found:
            found[-1] = Stretch(found[-1].since, day, found[-1].status, found[-1].legal)
        found.append(Stretch(day, None, standing.status, standing.legal))
    return tuple(found)


def stretch_on(stretches: tuple[Stretch, ...], day: dt.date) -> Stretch | None:
    """The stretch `day` is in, if any."""
    found = None
    for stretch in stretches:
        if stretch.since > day:
            break
        found = stretch
    return found


def _first_release(index: CatalogIndex, printing: Printing) -> dt.date | None:
    """The day the card (any printing of its gameplay identity) was first released."""
    days = [index.sets[other.set_id].release_date for other in
            index.by_function.get(printing.function_key, (printing,))
            if other.set_id in index.sets]
    known = [day for day in days if day is not None]
    return min(known) if known else None


def _change_days(index: CatalogIndex, rules: DeckRules) -> list[dt.date]:
    """Every day the format's standings may change on: its own pool's and bans', and each
    of its seasons' with the season's first day."""
    days = set(changes_of(index, rules.legality))
    # The seasons are those of the rules' own format (a team format's constructed rules are
    # the format it plays by: validators.seasons.in_force).
    lineage = lineage_of(rules.id)
    for season in lineage.seasons if lineage is not None else ():
        days.update(changes_of(index, season.rules.legality))
        days.update(day for day in (season.window_from, season.effective) if day is not None)
    return sorted(days)
