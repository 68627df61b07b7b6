"""What a card search finds: the printings matching its filters and legality, in order.

The catalog's filters are read by SQL (catalog.lookup.matching_ids) and legality by the
formats' tables (validators.card_legality); the ids found are kept on the index by the
search's plain values, so the next page of a search, and the same search from another
client, is a slice (speed trick "encoded cards": docs/performance.md). Kept only while the
database and the index hold one catalog (api.views.card_answers.CatalogRead).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import sys
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy.orm import Session

from api.views.card_answers import CatalogRead
from api.views.card_legalities import playable_in
from catalog import lookup
from catalog.index import CatalogIndex, Printing
from catalog.lookup import CardFilters
from runtime.caches import Spec, plain_bytes


@dataclass(frozen=True)
class CardSearch:
    filters: CardFilters
    legal_in: tuple[str, ...] = ()  # legal and unbanned in each of these formats
    not_legal_in: tuple[str, ...] = ()  # … in none of these
    as_of: dt.date | None = None  # None: each format on its own default day


def found(read: CatalogRead, search: CardSearch) -> tuple[str, ...]:
    """The ids of every printing the search finds, in the catalog's order (set release, set,
    collector number)."""
    # A search with no date is one of today's: its formats' default days move with it.
    key = (search, dt.date.today())
    ids = read.kept("card searches", CARD_SEARCHES).peek(key)
    if ids is None:
        ids = _find(read.session, read.index, search)
        # Asked again once the database is open: read from another catalog, the ids are
        # this request's alone (CatalogRead.kept).
        read.kept("card searches", CARD_SEARCHES).get(key, _same, ids)
    return ids


def _same(ids: tuple[str, ...]) -> tuple[str, ...]:
    return ids


def _search_bytes(key: tuple[CardSearch, dt.date], ids: tuple[str, ...]) -> int:
    """What a search's key holds (its filters, a query's values) and its ids' tuple (the
    ids are the catalog's)."""
    search, today = key
    return SEARCH_BYTES + plain_bytes(dataclasses.astuple(search)) + plain_bytes(today) + \
        sys.getsizeof(ids)


# What a search's key holds besides its values: its objects (CardSearch, CardFilters).
SEARCH_BYTES = 512
CARD_SEARCHES = Spec("card_searches", _search_bytes)


def _find(session: Session, index: CatalogIndex, search: CardSearch) -> tuple[str, ...]:
    legal = playable_in(index, list(search.legal_in), search.as_of)
    illegal = playable_in(index, list(search.not_legal_in), search.as_of)
    ids = lookup.matching_ids(session, search.filters)
    if not (legal or illegal):
        return tuple(_shared(index, card_id) for card_id in ids)
    return tuple(printing.id for printing in _printings(index, ids)
                 if _passes(printing, legal, illegal))


def _shared(index: CatalogIndex, card_id: str) -> str:
    """The index's own string for the id where it has one: a kept search then holds
    references, not 21,010 copies."""
    printing = index.printings.get(card_id)
    return printing.id if printing is not None else card_id


def _printings(index: CatalogIndex, ids: list[str]) -> list[Printing]:
    # The database and the index of one catalog hold the same ids; during a re-import a
    # printing the index does not know yet has no legality to pass.
    return [printing for printing in map(index.printings.get, ids) if printing is not None]


def _passes(printing: Printing, legal: list[Callable[[Printing], bool]],
            illegal: list[Callable[[Printing], bool]]) -> bool:
    return all(test(printing) for test in legal) and not any(test(printing) for test in illegal)
