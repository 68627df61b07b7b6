"""The caches derived from one loaded catalog, held in one place for every layer.

A line's resolution, a card's standing in a format, a finding's wording, a view's JSON, the
export map: each depends only on its key and the catalog it was made from. Each layer keeps
them here, under its own function or name, in the `CatalogCaches` made with the catalog's
index (`index.caches`): a re-import swaps the index and its holder together, so nothing made
from one catalog answers for another, and the new holder starts empty (the old one is
closed, its bytes given back to the budget). The holder knows nothing of cards; its subject
is whatever the layers derive from (the index).

`runtime.caches` says how large each may grow, and the budget of bytes they share.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from runtime.caches import Kept, Memo, Spec

T = TypeVar("T")


class CatalogCaches:
    """Every cache derived from one subject (a loaded catalog), for as long as it serves."""

    def __init__(self, subject: Any) -> None:
        self._subject = subject
        self._memos: dict[Any, Kept[Any, Any]] = {}
        self._tables: dict[Any, Any] = {}
        self._lock = threading.Lock()
        self._open = True

    def memo(self, function: Callable[..., T], spec: Spec) -> Memo[T]:
        """`function(subject, *args)`, remembered in a bounded cache of its kind."""
        cached = self._memos.get(function)
        if cached is None:
            cached = self._made(function, lambda: Memo(
                functools.partial(function, self._subject), spec, function.__name__,
                registered=self._open))
        return cached  # type: ignore[return-value]

    def kept(self, name: str, spec: Spec) -> Kept[Any, Any]:
        """The values kept under `name` (runtime.caches.Kept)."""
        found = self._memos.get(name)
        if found is None:
            found = self._made(name, lambda: Kept(spec, name, registered=self._open))
        return found

    def _made(self, name: Any, make: Callable[[], Kept[Any, Any]]) -> Kept[Any, Any]:
        with self._lock:  # one cache a name: a second would count twice towards the budget
            found = self._memos.get(name)
            if found is None:
                found = self._memos[name] = make()
                if not self._open:
                    found.close()
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
        """Empty every cache memo() and kept() keep (benchmarks use it to time a cold worker)."""
        for cache in list(self._memos.values()):
            cache.clear()

    def close(self) -> None:
        """Let go of every cache's values, and keep none from now on: the catalog was
        replaced, and requests still on it finish without filling caches nobody will read."""
        with self._lock:
            self._open = False
            for cache in self._memos.values():
                cache.close()
