"""The caches derived from one loaded catalog, held in one place for every layer.

A line's resolution, a card's standing in a format, a finding's wording, a view's JSON, the
export map: each depends only on its key and the catalog it was made from. Each layer keeps
them here, under its own function or name, in the `CatalogCaches` made with the catalog's
index (`index.caches`): a re-import swaps the index and its holder together, so nothing made
from one catalog answers for another, and the new holder starts empty. The holder knows
nothing of cards; its subject is whatever the layers derive from (the index).

`runtime.caches` says how large each may grow.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from runtime.caches import Kept

T = TypeVar("T")


class CatalogCaches:
    """Every cache derived from one subject (a loaded catalog), for as long as it serves."""

    def __init__(self, subject: Any) -> None:
        self._subject = subject
        self._memos: dict[Any, Any] = {}
        self._tables: dict[Any, Any] = {}

    def memo(self, function: Callable[..., T], maxsize: int) -> Callable[..., T]:
        """`function(subject, *args)`, remembered in a bounded, thread-safe LRU."""
        cached = self._memos.get(function)
        if cached is None:
            cached = self._memos.setdefault(
                function,
                functools.lru_cache(maxsize=maxsize)(functools.partial(function, self._subject)))
        return cached

    def kept(self, name: str, size: int) -> Kept[Any, Any]:
        """The values kept under `name` (runtime.caches.Kept)."""
        found = self._memos.get(name)
        if found is None:
            found = self._memos.setdefault(name, Kept(size))
        return found

    def table(self, build: Callable[[Any], T]) -> T:
        """`build(subject)`: a table derived from the whole catalog (decklist's export map,
        the days a format's standings change), built once; forget() keeps it. The server
        builds those it names before any request (catalog.index_holder)."""
        found = self._tables.get(build)
        if found is None:
            found = self._tables.setdefault(build, build(self._subject))
        return found

    def built(self, build: Callable[[Any], object]) -> bool:
        """Whether `table(build)` has been built."""
        return build in self._tables

    def forget(self) -> None:
        """Drop every value memo() and kept() keep (benchmarks use it to time a cold worker)."""
        self._memos.clear()
