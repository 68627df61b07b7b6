"""Where each card stands in one format on one date: legal through which printing, banned.

A card's standing depends only on the format, the date and the catalog, never on the deck
it is in, so it is worked out once per catalog index and shared by every request:
`standings_for` keeps one `FormatStandings` per (format, date) on the index.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from catalog.index import CatalogIndex, Printing
from decklist.resolve import Resolution
from validators.model import FormatDefinition
from validators.pool import PoolLegality

# Formats × dates a worker keeps answers for (the 9 formats on their default dates, and
# some a client asked for), and the distinct line resolutions each keeps: bounded, so no
# mix of requests grows a worker past its memory goal (bench/cache_memory.py).
CACHED_FORMAT_DATES = 16
CACHED_STANDINGS = 4096


@dataclass(frozen=True, slots=True, eq=False)
class CardStanding:
    """One candidate card of a line: legal through which printing, and whether banned.

    Built once per format, date and catalog, and compared by identity: views of it are cached
    by it (api.verdict_views)."""

    printing: Printing
    legal_via: Printing | None
    banned: bool
    released: bool = True  # False: no printing of it existed yet on the date judged

    @property
    def playable(self) -> bool:
        return self.legal_via is not None and not self.banned


@dataclass(frozen=True, slots=True, eq=False)
class LineStanding(Sequence[CardStanding]):
    """A line's candidate cards (one when resolved), best printing first, with what checks
    ask of them all worked out once."""

    cards: tuple[CardStanding, ...]  # every candidate, as the line's resolution lists them
    # The candidates the checks judge: those that existed on the date, when any did ("Potion"
    # in 2003 is not the 2011 card); every one, when none did.
    considered: tuple[CardStanding, ...]
    none_legal: bool  # no considered candidate has a legal printing
    all_banned: bool  # every considered candidate is banned
    all_playable: bool  # every considered candidate is legal and unbanned (False: none)

    @classmethod
    def of(cls, cards: tuple[CardStanding, ...]) -> LineStanding:
        considered = tuple(card for card in cards if card.released) or cards
        return cls(cards, considered, all(card.legal_via is None for card in considered),
                   all(card.banned for card in considered),
                   bool(considered) and all(card.playable for card in considered))

    def __getitem__(self, position):  # type: ignore[override]
        return self.cards[position]

    def __len__(self) -> int:
        return len(self.cards)

    def __iter__(self) -> Iterator[CardStanding]:
        return iter(self.cards)


class FormatStandings:
    """The standings of cards in one format on one date, in one catalog index."""

    def __init__(self, index: CatalogIndex, definition: FormatDefinition,
                 as_of: dt.date | None) -> None:
        self.legality = PoolLegality(index, definition.pool, as_of)
        banned = (index.card(card_id) for card_id in definition.banned)
        self.banned_keys = frozenset(p.function_key for p in banned if p is not None)
        self.of = functools.lru_cache(maxsize=CACHED_STANDINGS)(self._of)

    def _of(self, resolution: Resolution) -> LineStanding:
        """Each candidate card of a resolution (one when resolved), best printing first.

        A name that several cards bear stands only for those that existed on the date
        (LineStanding.considered)."""
        return LineStanding.of(tuple(self._standing(group) for group in resolution.groups))

    def _standing(self, group: tuple[Printing, ...]) -> CardStanding:
        vias = [(p, self.legality.legal_via(p)) for p in group]
        printing, via = next(((p, v) for p, v in vias if v is not None), vias[0])
        released = next((p for p in group if self.legality.released(p)), None)
        if via is None and released is not None:
            printing = released  # the printing shown is one that existed, when one did
        return CardStanding(printing, via, printing.function_key in self.banned_keys,
                            released is not None)


def standings_for(index: CatalogIndex, definition: FormatDefinition,
                  as_of: dt.date | None) -> FormatStandings:
    return index.memo(FormatStandings, CACHED_FORMAT_DATES)(definition, as_of)
