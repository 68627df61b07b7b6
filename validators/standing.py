"""Where each card stands in one format on one date: legal through which printing, banned.

A card's standing depends only on the format's pool and bans, the date and the catalog, never
on the deck it is in, so it is worked out once per catalog index and shared by every request:
`standings_for` keeps one `FormatStandings` per (pool and bans, stretch of days) on the index
(validators.stretches): every day of a stretch stands every card alike, so a deck judged on a
day the worker has not judged before, in a stretch it has, is judged warm.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from typing import Any, NamedTuple

from catalog.identity import title_key
from catalog.index import CatalogIndex, Printing
from decklist.parsed import Reference
from decklist.resolver import NAME, RESOLUTIONS, resolution_of
from runtime.caches import Kept, Memo, Owner, Spec, plain_bytes
from runtime.tuples import tuple_builder
from validators.pool import PoolLegality
from validators.records import ANCIENT_TRAIT, BANNED, FREE, Ban, Legality, of_the_formats
from validators.stretches import stretch_of


class CardStanding(NamedTuple):
    """One candidate card of a line: legal through which printing, and whether banned.

    A named tuple, as `LineStanding`, built by `tuple_builder`: a worker's first sight of a
    line builds one of each in every format it is judged in, where frozen dataclasses took
    several times as long (speed trick "standing tuples": docs/performance.md)."""

    printing: Printing
    legal_via: Printing | None
    banned: bool
    released: bool  # False: no printing of it existed yet on the date judged

    @property
    def playable(self) -> bool:
        return self.legal_via is not None and not self.banned


class LineStanding(NamedTuple):
    """A line's candidate cards (one when resolved), best printing first, with what checks
    ask of them all worked out once (`line_standing`)."""

    cards: tuple[CardStanding, ...]  # every candidate, as the line's resolution lists them
    # The candidates the checks judge: those that existed on the date, when any did ("Potion"
    # in 2003 is not the 2011 card); every one, when none did.
    considered: tuple[CardStanding, ...]
    none_legal: bool  # no considered candidate has a legal printing
    all_banned: bool  # every considered candidate is banned
    all_playable: bool  # every considered candidate is legal and unbanned (False: none)


_new_card = tuple_builder(CardStanding)
_new_line = tuple_builder(LineStanding)


# For a line that names its cards by a name alone: a card's place, newest first.
Newest = Callable[[CardStanding], int]


def line_standing(cards: tuple[CardStanding, ...], by_name: Newest | None = None
                  ) -> LineStanding:
    if len(cards) == 1:  # most lines name one card: what `line_of_several` finds, at once
        card = cards[0]
        return _new_line((cards, cards, card.legal_via is None, card.banned,
                          card.legal_via is not None and not card.banned))
    return line_of_several(cards, by_name)


def line_of_several(cards: tuple[CardStanding, ...], by_name: Newest | None = None
                    ) -> LineStanding:
    """The standing of a line that names several cards. A line that names them by a name
    alone (`by_name`, no set and number said which) stands for those of them legal here
    when any is ("Charizard ex" in Standard is not the 2004 card), else for them all, the
    newest first."""
    considered = tuple(card for card in cards if card.released) or cards
    if by_name is not None:
        considered = tuple(card for card in considered if card.legal_via is not None) \
            or tuple(sorted(considered, key=by_name))
    return _new_line((cards, considered, all(card.legal_via is None for card in considered),
                      all(card.banned for card in considered),
                      bool(considered) and all(card.playable for card in considered)))


# What a line's standing holds of its own: each named tuple (a LineStanding, a CardStanding
# a candidate card) and the tuples of them; the printings are the catalog's.
LINE_STANDING_BYTES = 88
CARD_STANDING_BYTES = 72


def line_standing_bytes(reference: Reference, standing: LineStanding) -> int:
    """What a line's reference and its standing hold."""
    cards = standing.cards
    own = plain_bytes(reference) + LINE_STANDING_BYTES + sys.getsizeof(cards) + \
        CARD_STANDING_BYTES * len(cards)
    if standing.considered is not cards:
        own += sys.getsizeof(standing.considered)
    return own


# What a FormatStandings holds besides its bans and its caches: the object, its pool's
# answers by set once every set is asked of (16 KB on the full catalog), its dicts; and what
# a ban costs a dict of them.
FORMAT_STANDINGS_BYTES = 20 * 1024
BAN_ENTRY_BYTES = 120


def format_standings_bytes(_key: object, standings: FormatStandings) -> int:
    """What a format's standings on a date hold of their own, their caches apart (those
    count as they fill)."""
    return standings.weight


LINE_STANDINGS = Spec("standings", line_standing_bytes)
FORMAT_DATES = Spec("format_dates", format_standings_bytes)


class FormatStandings(Owner):
    """The standings of cards under one pool and ban list on one date, in one catalog index.

    Lines are looked up by their card reference (`Entry.reference`), the key their resolution
    is remembered by, so a line read before costs one dictionary look-up. Its caches count
    towards the budget while the catalog's cache of standings keeps it (runtime.caches.Owner)."""

    def __init__(self, index: CatalogIndex, legality: Legality, as_of: dt.date | None) -> None:
        self.legality = PoolLegality(index, legality.pool, as_of)
        # The bans in force on the date, by the card (function_key) each reaches; and those
        # whose standing on the date is not established (a window stands for a day).
        self.bans: dict[str, Ban] = {}
        self.unsure: dict[str, Ban] = {}
        # An organizer's bans of one printing, by its id, not its reprints'.
        self.printing_bans: dict[str, Ban] = {}
        lifted: list[Ban] = []
        for ban in legality.banned:
            status = ban.status(as_of)
            if status == FREE:
                continue
            if ban.lifts:
                lifted.append(ban)
            elif ban.printing_only:
                self.printing_bans.update((p.id, ban) for p in reached(index, ban))
            else:
                for printing in reached(index, ban):
                    (self.bans if status == BANNED else self.unsure)[printing.function_key] = ban
        for ban in lifted:  # an organizer's unbans lift the base's bans, whatever their order
            for printing in reached(index, ban):
                self.bans.pop(printing.function_key, None)
                self.unsure.pop(printing.function_key, None)
        self._resolution = index.caches.memo(resolution_of, RESOLUTIONS)
        self.of: Memo[LineStanding] = Memo(self._of, LINE_STANDINGS, "line standings")
        # An organizer's bans are its own while it is kept (the rules made of the definition
        # may be let go of before it); the formats' data is kept for good.
        self.ban_weight = BAN_ENTRY_BYTES * (
            len(self.bans) + len(self.unsure) + len(self.printing_bans)) + (
            0 if of_the_formats(legality) else sum(ban.weight() for ban in legality.banned))
        self.weight = FORMAT_STANDINGS_BYTES + self.ban_weight

    def held_caches(self) -> tuple[Kept[Any, Any], ...]:
        return (self.of, *self.legality.held_caches())

    def _of(self, reference: Reference) -> LineStanding:
        """Each candidate card of a line's resolution (one when resolved), best printing
        first. A name that several cards bear stands only for those that existed on the date
        (LineStanding.considered)."""
        resolution = self._resolution(reference)
        by_name = resolution.method == NAME and resolution.unknown_set is None
        return line_standing(tuple(self._standing(group) for group in resolution.groups),
                             self._newest if by_name else None)

    def _newest(self, card: CardStanding) -> int:
        """A card's place among a line's cards, the newest first (by its printing shown)."""
        return -self.legality.index.sets[card.printing.set_id].order

    def of_printing(self, printing: Printing) -> CardStanding:
        """The standing of a line that names this printing alone (by its id)."""
        return self._standing((printing,))

    def _standing(self, group: tuple[Printing, ...]) -> CardStanding:
        if len(group) == 1:  # one printing of the card: it is the one shown
            printing = group[0]
            return _new_card((printing, self.legality.legal_via(printing),
                              self._banned(printing), self.legality.released(printing)))
        return self.standing_of_several(group)

    def standing_of_several(self, group: tuple[Printing, ...]) -> CardStanding:
        """A card of several printings: the one shown is the newest legal here by itself,
        else the newest legal as a reprint, else the newest that existed on the date, else
        the first; a set's printings in their numbers' order."""
        legality = self.legality
        sets = legality.index.sets
        newest_first = sorted(group, key=lambda p: -sets[p.set_id].order)
        printing = next((p for p in newest_first if legality.in_pool(p)), None)
        if printing is not None:
            return _new_card((printing, printing, self._banned(printing), True))
        vias = [(p, legality.legal_via(p)) for p in newest_first]
        printing, via = next(((p, v) for p, v in vias if v is not None), (group[0], None))
        released = next((p for p in newest_first if legality.released(p)), None)
        if via is None and released is not None:
            printing = released  # the printing shown is one that existed, when one did
        return _new_card((printing, via, self._banned(printing), released is not None))

    def _banned(self, printing: Printing) -> bool:
        return printing.function_key in self.bans or (
            bool(self.printing_bans) and printing.id in self.printing_bans)


def reached(index: CatalogIndex, ban: Ban) -> tuple[Printing, ...]:
    """The printings a ban entry names: its card, or every card of the kind it reaches."""
    if ban.reaches == ANCIENT_TRAIT:
        return index.ancient_traits
    if ban.name is not None:
        return titled(index, title_key(ban.name))
    printing = index.card(ban.card) if ban.card else None
    return (printing,) if printing is not None else ()


def standings_for(index: CatalogIndex, legality: Legality,
                  as_of: dt.date | None) -> FormatStandings:
    """The standings on the date: those of the first day of its stretch of days
    (validators.stretches)."""
    stretch = stretch_of(index, legality, as_of)
    return index.caches.kept("format standings", FORMAT_DATES).get(
        (legality.token, stretch), FormatStandings, index, legality, stretch)


def titled(index: CatalogIndex, title: str) -> tuple[Printing, ...]:
    """Every printing of an English title (catalog.identity.title_key), as the copy limit
    counts them: what an organizer's ban by name reaches."""
    return index.caches.table(_by_title).get(title, ())


def _by_title(index: CatalogIndex) -> dict[str, tuple[Printing, ...]]:
    found: dict[str, list[Printing]] = {}
    for printing in index.printings.values():
        found.setdefault(printing.title_key, []).append(printing)
    return {title: tuple(printings) for title, printings in found.items()}
