"""Whether a printing is in a format's card pool on a date, and through which printing."""

from __future__ import annotations

import datetime as dt
import functools
import re

from catalog.caches import sizes
from catalog.index import CatalogIndex, Printing
from catalog.names import basic_energy_type
from validators.model import CardPool

_DIGITS = re.compile(r"\d+")


class PoolLegality:
    """Answers for one format and date; results are cached per printing and per card."""

    def __init__(self, index: CatalogIndex, pool: CardPool, as_of: dt.date | None) -> None:
        self.index = index
        self.pool = pool
        self.as_of = as_of
        self._later_than = _release(index, pool.later_than)
        self._from = _release(index, pool.from_set)
        # Bounded like the standings in front of it: one entry per card outside the pool.
        self._legal_printing = functools.lru_cache(maxsize=sizes().standings)(
            self._first_legal)

    def in_pool(self, printing: Printing) -> bool:
        """The printing itself is allowed: its set, its number, its date, or basic Energy."""
        if printing.is_basic_energy and \
                basic_energy_type(printing.name) in self.pool.exempt_basic_types:
            return self._released(printing.set_id)
        return self.set_in_pool(printing.set_id) and self._number_allowed(printing)

    def set_in_pool(self, set_id: str) -> bool:
        """Some printings of the set are allowed (a promo set may be kept to a number range)."""
        if not self._released(set_id):
            return False
        if self.pool.all_sets or set_id in self.pool.sets:
            return True
        info = self.index.sets[set_id]
        released = info.release_date
        if released is None:
            return False
        if self._from is not None and released >= self._from:
            return True
        return (self._later_than is not None and info.kind == "expansion"
                and released > self._later_than)

    def _released(self, set_id: str) -> bool:
        released = self.index.sets[set_id].release_date
        return self.as_of is None or (released is not None and released <= self.as_of)

    def released(self, printing: Printing) -> bool:
        """The printing existed on the date judged (always, when no date is)."""
        return self._released(printing.set_id)

    def legal_via(self, printing: Printing) -> Printing | None:
        """The printing that makes this one legal: itself, or (reprints) a legal printing of
        the same card with the same wording first; None when the card is not in the pool,
        or when this printing did not exist yet on the date judged: a reprint lends its
        legality only to printings that existed."""
        if self.in_pool(printing):
            return printing
        if not self.pool.reprints_legal or not self.released(printing):
            return None
        return self._legal_printing(printing.function_key, printing.text_fingerprint)

    def _first_legal(self, function_key: str, fingerprint: str) -> Printing | None:
        """A legal printing of the card, one with the same wording first."""
        legal = [p for p in self.index.by_function.get(function_key, ()) if self.in_pool(p)]
        legal.sort(key=lambda p: p.text_fingerprint != fingerprint)
        return legal[0] if legal else None

    def _number_allowed(self, printing: Printing) -> bool:
        bounds = self.pool.promo_numbers.get(printing.set_id)
        if bounds is None:
            return True
        digits = _DIGITS.search(printing.number)
        number = int(digits.group()) if digits else 0
        low, high = bounds
        return number >= low and (high is None or number <= high)


def _release(index: CatalogIndex, set_id: str | None) -> dt.date | None:
    """The release date of the set a pool is anchored on. A catalog without that set (a
    partial import) adds no set by date: the pool errs towards too few cards, never too
    many, so no illegal card passes."""
    info = index.sets.get(set_id) if set_id else None
    return info.release_date if info else None
