"""What one process serves from: the catalog's index and the rules beside it, swapped whole
when either changes.

Both are stamped in the database: the catalog by its version (catalog_meta), the rules by
the version of the bundle `flask formats update` wrote (rules_bundle; none: the files
shipped with the code). The holder reads both stamps (one small query) at most every
`check_seconds`, and keeps answering from what it has while the database is away. When
either stamp changes it loads a new index, so that nothing cached from the old catalog or
the old rules answers for the new (runtime.catalog_caches); a rules bundle the layers above
refuse leaves the running rules in place, logged with the reason, and is not tried again
until its stamp changes.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from sqlalchemy import Engine
from sqlalchemy.exc import DBAPIError
from sqlalchemy.orm import Session

from catalog import lookup
from catalog.db import has_schema
from catalog.index import CatalogIndex, CatalogNotLoaded, load_index
from catalog.models import RulesBundle

log = logging.getLogger(__name__)


class Rules(Protocol):
    """How the layers above read the rules a bundle gives, and judge by them."""

    def read(self, bundle: RulesBundle | None, index: CatalogIndex) -> object:
        """The rules of `bundle` (None: those shipped with the code), checked against the
        catalog of `index`; ValueError, saying why, when they cannot be used."""

    def pin(self, rules: object) -> None:
        """Judge by `rules` in this context (a request's, or the loading of an index)."""


@dataclass(frozen=True)
class Served:
    """One catalog index and the rules that were read with it, served together."""

    index: CatalogIndex
    rules: object  # what Rules.read gave; None where no Rules were given
    rules_version: str | None  # the bundle's stamp; None: the rules shipped with the code


class IndexHolder:
    """What one process serves from, swapped whole when the catalog or the rules change."""

    def __init__(self, engine: Engine, check_seconds: float,
                 tables: Sequence[Callable[[CatalogIndex], object]] = (),
                 rules: Rules | None = None) -> None:
        self._engine = engine
        self._check_seconds = check_seconds
        self._tables = tuple(tables)  # built with each index, before it serves (index.caches.table)
        self._rules = rules
        self._served: Served | None = None
        self._refused: str | None = None  # the stamp of a bundle refused, not read again
        self._checked_at = float("-inf")
        self._lock = threading.Lock()

    def current(self) -> CatalogIndex:
        return self.served().index

    def served(self) -> Served:
        served = self._served
        if served is not None and time.monotonic() - self._checked_at < self._check_seconds:
            return served
        with self._lock:
            return self._refresh()

    def _refresh(self) -> Served:
        served = self._served
        if served is not None and time.monotonic() - self._checked_at < self._check_seconds:
            return served  # another thread refreshed while this one waited
        try:
            version, rules_version = self._stamps()
        except DBAPIError:
            if served is None:
                if not has_schema(self._engine):  # the database answers but was never set up
                    raise CatalogNotLoaded("the catalog tables do not exist yet") from None
                raise
            # The index is read-only and complete: keep answering from it while the
            # database is away, and look again on the next check.
            log.warning("catalog version check failed; serving catalog %s",
                        served.index.version)
            self._checked_at = time.monotonic()
            return served
        new_rules = (self._rules is not None and rules_version != self._refused
                     and (served is None or served.rules_version != rules_version))
        if served is None or served.index.version != version or new_rules:
            previous, served = served, self._load(served, version,
                                                  rules_version if new_rules else None,
                                                  new_rules)
            self._served = served
            if previous is not None:  # what was derived from it answers for nothing now
                previous.index.caches.close()
        self._checked_at = time.monotonic()
        return served

    def _load(self, served: Served | None, version: str, rules_version: str | None,
              new_rules: bool) -> Served:
        started = time.perf_counter()
        index = load_index(self._engine)
        rules, stamp = (served.rules, served.rules_version) if served else (None, None)
        if new_rules and self._rules is not None:
            try:
                rules = self._rules.read(self._bundle() if rules_version else None, index)
                stamp = rules_version
                self._refused = None
            except ValueError as error:
                log.error("rules %s refused, serving rules %s: %s", rules_version,
                          (served.rules_version if served else None) or "shipped", error)
                self._refused = rules_version
                if served is None:  # a process starting serves the rules it ships with
                    rules = self._rules.read(None, index)
        if rules is None and self._rules is not None:
            # No bundle named: the shipped rules, held as these are. A request judges by the
            # rules it was served with from start to end (validators.formats.pin); served
            # none, it read the process's, which another thread's swap to a new bundle
            # changed mid-request (an answer with the new rules' version and the old bans).
            rules = self._rules.read(None, index)
        if self._rules is not None:
            self._rules.pin(rules)  # the tables are built by the rules they serve with
        try:
            for build in self._tables:
                index.caches.table(build)
        finally:
            if self._rules is not None:
                self._rules.pin(None)
        log.info("catalog index %s (rules %s) loaded in %.2f s", index.version,
                 stamp or "shipped", time.perf_counter() - started)
        return Served(index, rules, stamp)

    def _stamps(self) -> tuple[str, str | None]:
        with Session(self._engine) as session:
            version, rules_version = lookup.stamps(session)
        if version is None:
            raise CatalogNotLoaded("no catalog has been imported")
        return version, rules_version

    def _bundle(self) -> RulesBundle | None:
        with Session(self._engine) as session:
            bundle = session.get(RulesBundle, 1)
            if bundle is not None:
                session.expunge(bundle)
        return bundle
