"""Whether a printing is in a format's card pool on a date, and through which printing."""

from __future__ import annotations

import datetime as dt
import functools
import sys
from collections.abc import Callable
from typing import Any

from catalog.index import CatalogIndex, Printing
from catalog.names import energy_type_of_key
from catalog.regulation_marks import RANK
from runtime import patterns
from runtime.caches import Kept, Memo, Owner, Spec
from validators.records import CardPool

_DIGITS = patterns.compile(r"\d+")
# The Type of a basic Energy printing, by its search key: the catalog's few dozen basic
# Energy names, each matched once rather than on every first sight of the printing in every
# format, where a hit costs a fraction of a match (speed trick "basic Energy by key":
# docs/performance.md). Only printings' keys reach it.
_energy_type = functools.lru_cache(maxsize=256)(energy_type_of_key)


def _key_alone(key: object, _printing: object) -> int:
    """A key of the catalog's texts (the tuple is the cache's own) and a printing."""
    return sys.getsizeof(key)


LEGAL_PRINTINGS = Spec("standings", _key_alone)


class PoolLegality(Owner):
    """Answers for one format and date; results are cached per printing and per card."""

    def __init__(self, index: CatalogIndex, pool: CardPool, as_of: dt.date | None) -> None:
        self.index = index
        self.pool = pool
        self.as_of = as_of
        self._later_than = _release(index, pool.later_than)
        self._from = _release(index, pool.from_set)
        rotation = pool.rotation_on(as_of)
        # By regulation mark: the place of the first legal mark on the date in the game's
        # order (None: before the first rotation by marks, when no printing is legal by its
        # mark).
        self._from_rank = RANK[rotation.from_mark] if rotation else None
        # Bounded like the standings in front of it: one entry per card outside the pool.
        self._legal_printing: Memo[Printing | None] = Memo(self._first_legal,
                                                           LEGAL_PRINTINGS, "legal printings")
        # By set, what the date makes of it: a few hundred sets, each worked out once, since
        # its legal day is date arithmetic (speed trick "sets worked out once":
        # docs/performance.md).
        self._sets_legal_yet: dict[str, bool] = {}
        self._sets_released: dict[str, bool] = {}

    def held_caches(self) -> tuple[Kept[Any, Any], ...]:
        return (self._legal_printing,)

    def in_pool(self, printing: Printing) -> bool:
        """The printing itself is allowed: its set, its number, its date, or basic Energy."""
        return self._legal_yet(printing.set_id) and self._chosen(printing)

    def _chosen(self, printing: Printing) -> bool:
        """The format takes the printing, whatever the day judged: by its text, its Energy
        Type, its regulation mark, or its set and number."""
        if self.pool.tournament_cards_only and not printing.for_tournaments:
            return False
        if printing.is_basic_energy and \
                _energy_type(printing.search_key) in self.pool.exempt_basic_types:
            return True
        if self.pool.rotations:
            return self.mark_legal(printing.regulation_mark)
        return self.set_chosen(printing.set_id) and self._number_allowed(printing)

    def mark_legal(self, mark: str | None) -> bool:
        """The mark is legal on the date (whatever the set's own waiting period): the
        rotation's first legal mark or one after it in the game's order (catalog.
        regulation_marks, whose marks alone the catalog holds)."""
        return mark is not None and self._from_rank is not None \
            and RANK.get(mark, -1) >= self._from_rank

    def set_in_pool(self, set_id: str) -> bool:
        """Some printings of the set are allowed (a promo set may be kept to a number range)."""
        return self._legal_yet(set_id) and self.set_chosen(set_id)

    def waiting(self, printing: Printing) -> dt.date | None:
        """The day a released printing becomes legal, when only its set's waiting period keeps
        it out of the pool today (a set in stores, not yet legal); else None."""
        legal_from = self.legal_from(printing.set_id)
        if self.as_of is None or legal_from is None or legal_from <= self.as_of \
                or not self.released(printing):
            return None
        return legal_from if self._chosen(printing) else None

    def set_chosen(self, set_id: str) -> bool:
        """The format takes the set (by list, kind, date or mark), whatever the day judged."""
        if set_id in self.pool.excluded_sets:
            return False
        if self.pool.rotations:
            return any(self.mark_legal(mark) for mark in self._marks_of(set_id))
        if self.pool.all_sets or set_id in self.pool.sets:
            return True
        info = self.index.sets[set_id]
        released = self._release_of(set_id)
        if released is None:
            return False
        if self._from is not None and released >= self._from:
            return True
        return (self._later_than is not None and info.kind == "expansion"
                and released > self._later_than)

    def _released(self, set_id: str) -> bool:
        return self._reached(self._sets_released, set_id, self._release_of)

    def _reached(self, memo: dict[str, bool], set_id: str,
                 day: Callable[[str], dt.date | None]) -> bool:
        """Whether the set's `day` is on or before the date judged (always, when no date is),
        worked out once per set in `memo`."""
        found = memo.get(set_id)
        if found is None:
            when = day(set_id)
            found = memo[set_id] = self.as_of is None or (when is not None and when <= self.as_of)
        return found

    def _release_of(self, set_id: str) -> dt.date | None:
        """The set's release date; for a set the data gives none (the MEP promos), its
        official legality date stands for it: it was out by then."""
        return self.index.sets[set_id].release_date or self.pool.legal_dates.get(set_id)

    def _legal_yet(self, set_id: str) -> bool:
        """The set is legal on the date: released, and past its waiting period if the format
        has one (a set in stores is available, but legal only from its legality date)."""
        return self._reached(self._sets_legal_yet, set_id, self.legal_from)

    def legal_from(self, set_id: str) -> dt.date | None:
        """The day the set becomes legal: its official date, else the given Friday or number
        of days after its release, else its release."""
        if set_id in self.pool.legal_dates:
            return self.pool.legal_dates[set_id]
        released = self.index.sets[set_id].release_date
        if released is None or self.pool.legal_days:
            return released and released + dt.timedelta(days=self.pool.legal_days)
        if not self.pool.legal_fridays:
            return released
        first_friday = released + dt.timedelta(days=(4 - released.weekday()) % 7 or 7)
        return first_friday + dt.timedelta(weeks=self.pool.legal_fridays - 1)

    def changes(self) -> frozenset[dt.date]:
        """Every day on which a printing's standing in the pool may change: a set's release
        and its legal day, and a rotation. Whatever the date judged, the pool compares it
        with these days only (each as "on or before"), so two dates with none of them
        between stand every printing alike."""
        days = {rotation.effective for rotation in self.pool.rotations}
        for set_id in self.index.sets:
            days.update(day for day in (self._release_of(set_id), self.legal_from(set_id))
                        if day is not None)
        return frozenset(days)

    def _marks_of(self, set_id: str) -> frozenset[str]:
        return _set_marks(self.index).get(set_id, frozenset())

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


def _marks_of_index(index: CatalogIndex) -> dict[str, frozenset[str]]:
    found: dict[str, set[str]] = {}
    for printing in index.printings.values():
        if printing.regulation_mark:
            found.setdefault(printing.set_id, set()).add(printing.regulation_mark)
    return {set_id: frozenset(marks) for set_id, marks in found.items()}


def _set_marks(index: CatalogIndex) -> dict[str, frozenset[str]]:
    """The regulation marks each set's printings carry (worked out once per index)."""
    return index.caches.table(_marks_of_index)


def _release(index: CatalogIndex, set_id: str | None) -> dt.date | None:
    """The release date of the set a pool is anchored on. A catalog without that set (a
    partial import) adds no set by date: the pool errs towards too few cards, never too
    many, so no illegal card passes."""
    info = index.sets.get(set_id) if set_id else None
    return info.release_date if info else None
