"""The current catalog index of one process, swapped whole when the catalog changes.

The index is rebuilt when the catalog's version stamp changes: the holder checks the stamp
(one small query) at most every `check_seconds`, and keeps answering from the index it has
while the database is away.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from catalog import lookup
from catalog.db import has_schema
from catalog.index import CatalogIndex, CatalogNotLoaded, load_index

log = logging.getLogger(__name__)


class IndexHolder:
    """The current index of one process, swapped whole when the catalog changes."""

    def __init__(self, engine: Engine, check_seconds: float,
                 tables: Sequence[Callable[[CatalogIndex], object]] = ()) -> None:
        self._engine = engine
        self._check_seconds = check_seconds
        self._tables = tuple(tables)  # built with each index, before it serves (index.caches.table)
        self._index: CatalogIndex | None = None
        self._checked_at = float("-inf")
        self._lock = threading.Lock()

    def current(self) -> CatalogIndex:
        index = self._index
        if index is not None and time.monotonic() - self._checked_at < self._check_seconds:
            return index
        with self._lock:
            return self._refresh()

    def _refresh(self) -> CatalogIndex:
        index = self._index
        if index is not None and time.monotonic() - self._checked_at < self._check_seconds:
            return index  # another thread refreshed while this one waited
        try:
            version = self._stamp()
        except DBAPIError:
            if index is None:
                if not has_schema(self._engine):  # the database answers but was never set up
                    raise CatalogNotLoaded("the catalog tables do not exist yet") from None
                raise
            # The index is read-only and complete: keep answering from it while the
            # database is away, and look again on the next check.
            log.warning("catalog version check failed; serving catalog %s", index.version)
            self._checked_at = time.monotonic()
            return index
        if index is None or index.version != version:
            started = time.perf_counter()
            index = load_index(self._engine)
            for build in self._tables:
                index.caches.table(build)
            log.info("catalog index %s loaded in %.2f s", index.version,
                     time.perf_counter() - started)
            previous, self._index = self._index, index
            if previous is not None:  # what was derived from it answers for nothing now
                previous.caches.close()
        self._checked_at = time.monotonic()
        return index

    def _stamp(self) -> str:
        with Session(self._engine) as session:
            version = lookup.version(session)
        if version is None:
            raise CatalogNotLoaded("no catalog has been imported")
        return version
