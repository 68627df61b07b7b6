"""The format a list most likely targets: the one the page shows line by line when no
format is ticked, chosen among the formats of today's game as they were played on the day
judged (docs/page.md, "Formats shown").

1. Gym Leader Challenge, when the deck is legal in it: a deck of singletons of one Type
   without a Rule Box is built for GLC, and no Standard deck is that by chance.
2. Else the newest of Standard and Expanded in which most of its cards (by count, of the
   lines read as a card) are in the card pool on the day, banned or not: a 2026 list is a
   Standard list, even one with a line that names a rotated card or several cards (which
   the deck's verdict then shows); a list of Black & White's cards an Expanded one. An
   illegal list is not taken for GLC: its cards alone do not tell a GLC deck.
3. Else the first format the summary finds it legal in (an old list: Unlimited), else the
   first of today's game played on the day, else the summary's first.

Standard on a day before 2014 was played as Modified: each is taken as its lineage's id
that day, the one the summary judges.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from catalog.index import CatalogIndex
from decklist.resolver import ResolvedLine
from validators import card_legality
from validators.engine import effective_date
from validators.formats import get_format
from validators.judging import DeckJudgement
from validators.records import DeckRules
from validators.seasons import in_force
from validators.targets import not_in_force

GLC = "glc"
# Today's game, newest pool first: the formats a list's cards point to (2.).
BY_CARDS = ("standard", "expanded")


def likely_format(index: CatalogIndex, across: DeckJudgement | None,
                  lines: Sequence[ResolvedLine], as_of: dt.date | None) -> str:
    """The id of the format the deck most likely targets; `across` is its standing in every
    format played on the day (None: there was no room to judge it so)."""
    judged = {target.format.id: verdict.legal
              for target, verdict in across.verdicts} if across is not None else {}
    if judged.get(GLC):
        return GLC
    played = [format_id for format_id in (played_as(f, as_of) for f in BY_CARDS)
              if (format_id in judged if across is not None else _in_force(format_id, as_of))]
    for format_id in played:
        if _mostly_in_pool(index, format_id, lines, as_of):
            return format_id
    fallback = [*(format_id for format_id, legal in judged.items() if legal), *played, *judged]
    return fallback[0] if fallback else BY_CARDS[0]


def _in_force(format_id: str, as_of: dt.date | None) -> bool:
    rules = get_format(format_id)
    return isinstance(rules, DeckRules) and not_in_force(rules, as_of) is None


def played_as(format_id: str, as_of: dt.date | None) -> str:
    """The id a format of a lineage was played as on the day (Standard in 2010: modified)."""
    rules = get_format(format_id)
    assert isinstance(rules, DeckRules)
    season = in_force(rules, effective_date(rules, as_of))
    return season.season.format if season is not None else format_id


def _mostly_in_pool(index: CatalogIndex, format_id: str, lines: Sequence[ResolvedLine],
                    as_of: dt.date | None) -> bool:
    """Whether more than half the deck's cards read (by count) are in the format's card pool
    on the day, banned or not (validators.card_legality)."""
    rules = get_format(format_id)
    assert isinstance(rules, DeckRules)
    judge = card_legality.judge(index, format_id, rules, as_of)
    cards = [(line.resolution.card, line.entry.copies) for line in lines
             if line.resolution.card is not None]
    if judge is None or not cards:
        return False
    in_pool = sum(copies for card, copies in cards if judge.table.legal(card))
    return in_pool * 2 > sum(copies for _, copies in cards)
