"""Stretches of days: the days between two on which some card's standing in a format may
change (a set's release or legal day, a rotation, a ban's start or end).

Every comparison a format's standings make with the date judged is "that day is on or before
it", so every day of a stretch stands every card as its first day does, and standings are
kept per stretch (validators.standing), not per day: a list judged on a day not judged
lately finds its lines' standings warm when another day of its stretch was judged
(speed trick "standings per stretch": docs/performance.md). The days each pool and ban list
of the formats' data changes on are a table built with the index, before any request
(`stretch_days`, catalog.index_holder), so that no request works them out.
"""

from __future__ import annotations

import bisect
import datetime as dt

from catalog.index import CatalogIndex
from runtime.caches import Spec, plain_pair_bytes
from validators.formats import all_formats, deck_rules
from validators.pool import PoolLegality
from validators.records import DeckRules, Legality
from validators.seasons import lineages

# Pools and ban lists made outside the formats' data (an organizer's rules, a test's with a
# ban list of their own): their days are worked out when first judged and kept, as many as
# the rules made of definitions (runtime.caches' `definition_rules`), by the legality's token.
OTHER_DAYS = Spec("definition_rules", plain_pair_bytes)


def stretch_of(index: CatalogIndex, legality: Legality, as_of: dt.date | None) -> dt.date | None:
    """The first day of the stretch `as_of` is in: the latest day on or before it on which a
    standing under `legality` may change. A date before every change is its own stretch; no
    date (today's lists, as they stand) is one too."""
    if as_of is None:
        return None
    days = index.caches.table(stretch_days).get(legality)
    if days is None:
        days = index.caches.kept("stretch days", OTHER_DAYS).get(
            legality.token, changes_of, index, legality)
    at = bisect.bisect_right(days, as_of)
    return days[at - 1] if at else as_of


def stretch_days(index: CatalogIndex) -> dict[Legality, tuple[dt.date, ...]]:
    """The days every pool and ban list of the formats' data changes on: each format's own,
    each team play's, and each season's of every lineage."""
    return {legality: changes_of(index, legality) for legality in _legalities()}


def changes_of(index: CatalogIndex, legality: Legality) -> tuple[dt.date, ...]:
    """Every day on which a card's standing under the pool and bans may change, in order:
    the pool's (PoolLegality.changes) and each ban's start, end and the ends of its windows
    (Ban.status compares the date with nothing else)."""
    days = set(PoolLegality(index, legality.pool, None).changes())
    for ban in legality.banned:
        days.update(day for day in (ban.effective, ban.effective_by, ban.until, ban.until_by)
                    if day is not None)
    return tuple(sorted(days))


def _legalities() -> list[Legality]:
    found = []
    for fmt in all_formats().values():
        if isinstance(fmt, DeckRules):
            found.append(fmt.legality)
        else:
            found += [deck_rules(fmt, play).legality for play in fmt.plays]
    found += [season.rules.legality for lineage in lineages() for season in lineage.seasons]
    return list(dict.fromkeys(found))
