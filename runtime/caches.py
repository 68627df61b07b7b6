"""Every bounded cache a worker keeps, and how large each may grow: one place, configured.

A decklist line's meaning depends only on its text and the catalog; a card's standing in a
format only on the format's pool and bans, the date and the catalog. The same lines come
back request after request, so a worker remembers them. What is derived from a catalog
version lives in `CatalogIndex.memo` and dies with that index (a re-import starts empty);
what depends on no catalog (a raw line's reading, a query string's values) lives in a
`ProcessCache`. Every size is bounded so that no mix of requests grows a worker past its
memory goal: with every cache full a worker stays under 175 MB (bench/cache_memory.py,
docs/performance.md). `CACHE_SIZES` in the app's configuration (or the environment, as
JSON) overrides any of them.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class CacheSizes:
    # Process-wide: a raw line's reading (decklist.text); at most 300 characters each.
    raw_lines: int = 8192
    # Process-wide: a query string's loaded values (api.schema); clients repeat a few.
    queries: int = 256
    # Process-wide: organizers' definitions read (api.deck_requests), each up to 64 KiB
    # written; a site sends its own few again and again.
    definitions: int = 16
    # Per catalog: a line's readings → its Resolution (decklist.resolver).
    resolutions: int = 8192
    # Per catalog: formats × stretches of days answered (every format on its default date,
    # and some a client asked for): one FormatStandings each (validators.standing).
    format_dates: int = 16
    # Per format and stretch: a line's standing, and a card's first legal printing.
    standings: int = 4096
    # Per catalog: a resolved line's view, alone (/v1/resolve) or in a format and date.
    line_views: int = 8192
    # Per catalog: what a check found of a card in a format on a date, worded once for every
    # line that names the card (validators.checks.not_legal).
    findings: int = 8192
    # Per catalog: a card's answer with its legalities on a day, encoded (about 2 KB each;
    # api.views.card_answers): enough for every printing legal in Standard.
    card_answers: int = 4096
    # Per catalog: the printings a card search finds, in order (at most the whole catalog's
    # ids, 170 KB; api.card_search).
    card_searches: int = 16

    @classmethod
    def from_config(cls, value: Mapping[str, Any] | None) -> CacheSizes:
        """Sizes from a mapping of field names; an unknown name or a size below 1 is an
        error at start-up, not a cache silently left at its default."""
        if not value:
            return cls()
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(value) - known)
        if unknown:
            raise ValueError(f"CACHE_SIZES: unknown cache(s) {', '.join(unknown)}; caches: "
                             f"{', '.join(sorted(known))}")
        bad = sorted(name for name, size in value.items()
                     if not isinstance(size, int) or isinstance(size, bool) or size < 1)
        if bad:
            raise ValueError(f"CACHE_SIZES: {', '.join(bad)} must be whole numbers above 0")
        return cls(**value)


_sizes = CacheSizes()
_process_caches: list[ProcessCache[Any, Any]] = []


def sizes() -> CacheSizes:
    return _sizes


def configure(new: CacheSizes) -> None:
    """Set every size; process-wide caches start again empty at their new size."""
    global _sizes
    if new == _sizes:
        return
    _sizes = new
    for cache in _process_caches:
        cache.clear()


K = TypeVar("K")
V = TypeVar("V")


class Kept(Generic[K, V]):
    """Values kept by a key their maker need not see: the caller gives the key (plain values)
    and how to make the value from what it already holds, so that nothing is looked up again
    to make it. Bounded by emptying whole when full, which needs no order kept: a look-up is
    one dict `get`, a fraction of what an LRU written in Python costs
    (speed trick "emptied when full": docs/performance.md)."""

    def __init__(self, size: int) -> None:
        self._size = size
        self._values: dict[K, V] = {}

    def peek(self, key: K) -> V | None:
        """The value kept under `key`, if any."""
        return self._values.get(key)

    def get(self, key: K, make: Callable[..., V], *args: Any) -> V:
        """The value kept under `key`, or `make(*args)` kept under it."""
        value = self._values.get(key)
        if value is None:
            value = make(*args)
            if len(self._values) >= self._size:
                self._values.clear()
            self._values[key] = value
        return value


class ProcessCache(Generic[P, R]):
    """A function remembered for the life of the process, in a bounded LRU whose size is
    one of `CacheSizes`. Only for values that depend on no catalog.

    Call `.call`, the LRU itself, not a wrapper whose Python frame every call would pay
    (speed trick "bare LRU call": docs/performance.md)."""

    def __init__(self, function: Callable[P, R], size: Callable[[CacheSizes], int]) -> None:
        self._function = function
        self._size = size
        self.call: Callable[P, R] = functools.lru_cache(size(_sizes))(function)
        _process_caches.append(self)

    def clear(self) -> None:
        self.call = functools.lru_cache(self._size(_sizes))(self._function)
