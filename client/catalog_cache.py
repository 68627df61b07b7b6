"""The catalog `deckjudge check` uses when nothing names one: an SQLite file in the user's
cache directory, imported on first use, then reused with no network.

- Where: `$DECKJUDGE_CACHE`, else the platform's cache directory for deckjudge
  (platformdirs: ~/.cache/deckjudge on Linux, ~/Library/Caches/deckjudge on macOS,
  %LOCALAPPDATA%\\deckjudge\\Cache on Windows).
- From: `$CATALOG_SOURCE`, else the public archives of pokemon-tcg-data and TCGdex; an
  update imports again from the sources the catalog there came from, unless `--source` or
  `$CATALOG_SOURCE` names others. A local source is recorded as an absolute path, so that
  an update run from another folder finds it.
- Safe when several runs start at once (pre-commit runs hooks in parallel across
  repositories): a file lock lets one of them import while the others wait, and the
  import itself replaces the catalog in one transaction, as the service's does.
- Never stuck: the import under the lock has the service's limits and deadline
  (catalog/importing/import_limits.py; CATALOG_IMPORT_SECONDS, 600 s unless set), so the lock is
  held no longer than that, and a run waits for it that long and LOCK_SLACK_SECONDS more.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import platformdirs
from filelock import FileLock, Timeout
from sqlalchemy.exc import DBAPIError

from catalog.db import make_engine
from catalog.importing import ptcg_data, tcgdex_data
from catalog.importing.import_limits import ImportLimits
from catalog.importing.importer import (
    CatalogImportError,
    ImportResult,
    Progress,
    import_catalog,
    loaded_meta,
)
from catalog.importing.sources import Sources, parse
from catalog.models import CatalogMeta

CACHE_ENV = "DECKJUDGE_CACHE"
SOURCE_ENV = "CATALOG_SOURCE"
# Both sources' public archives, as the service's import reads them (docs/catalog-sources.md).
UPSTREAM = Sources(ptcg_data.UPSTREAM_ARCHIVE, tcgdex_data.UPSTREAM_ARCHIVE).description
# Another run importing the catalog: wait for it rather than import twice. Its import ends
# by the deadline; this much longer lets it roll back a write the deadline cut short.
LOCK_SLACK_SECONDS = 300


Announce = Callable[[str], None]


class CacheUnavailable(Exception):
    """The cached catalog could not be made ready (no source, a failed import, a lock)."""


def cache_dir() -> Path:
    chosen = os.environ.get(CACHE_ENV)
    return Path(chosen) if chosen else platformdirs.user_cache_path("deckjudge",
                                                                  appauthor=False)


def default_source() -> str:
    return os.environ.get(SOURCE_ENV) or UPSTREAM


@dataclass(frozen=True)
class CachedCatalog:
    """The catalog file in a cache directory, and the lock that guards its imports."""

    folder: Path

    @classmethod
    def here(cls) -> CachedCatalog:
        return cls(cache_dir())

    @property
    def path(self) -> Path:
        return self.folder / "catalog.sqlite3"

    @property
    def url(self) -> str:
        return f"sqlite:///{self.path}"

    def info(self) -> CatalogMeta | None:
        """What is loaded, or None (no file yet, or no catalog in it)."""
        if not self.path.is_file():
            return None
        engine = make_engine(self.url)
        try:
            return loaded_meta(engine)
        finally:
            engine.dispose()

    def ready(self, source: str | None = None, progress: Progress | None = None,
              announce: Announce | None = None) -> ImportResult | None:
        """Make sure a catalog is loaded: import one on first use (None when one was)."""
        if self._loaded():
            return None
        limits = _limits()
        with self._lock(limits):
            if self._loaded():  # another run imported it while this one waited
                return None
            if announce:
                announce(f"no catalog in {self.folder} yet: importing it once from "
                         f"{source or default_source()}")
            return self._import(source, progress, force=False, limits=limits)

    def _loaded(self) -> bool:
        """Whether a whole catalog is there. A file that cannot be read as one is not: its
        import may be under way in another run, its migrations half applied (catalog_meta
        made, a later column not yet: seen as "no such column"), or it is older than this
        deckjudge. Under the lock, the import brings it to the current schema."""
        try:
            return self.info() is not None
        except DBAPIError:
            return False

    def update(self, source: str | None = None, progress: Progress | None = None,
               force: bool = False) -> ImportResult:
        """Import again: from `source`, else $CATALOG_SOURCE, else the source the catalog
        came from. Unchanged data is skipped, and a catalog that lost more than a fifth of
        the cards refused (unless forced)."""
        limits = _limits()
        with self._lock(limits):
            return self._import(source or self.update_source(), progress, force, limits)

    def update_source(self) -> str:
        """Where an update reads from when no source is given."""
        if os.environ.get(SOURCE_ENV):
            return default_source()
        meta = self.info()
        return meta.source if meta is not None else default_source()

    def _import(self, source: str | None, progress: Progress | None,
                force: bool, limits: ImportLimits) -> ImportResult:
        engine = make_engine(self.url)
        try:
            return import_catalog(engine, _absolute(source or default_source()), force=force,
                                  progress=progress, limits=limits)
        except CatalogImportError as error:
            raise CacheUnavailable(f"the catalog could not be imported: {error}") from None
        finally:
            engine.dispose()

    @contextmanager
    def _lock(self, limits: ImportLimits) -> Iterator[None]:
        self.folder.mkdir(parents=True, exist_ok=True)
        lock = FileLock(str(self.folder / "catalog.lock"))
        wait = limits.seconds + LOCK_SLACK_SECONDS
        try:
            lock.acquire(timeout=wait)
        except Timeout:
            raise CacheUnavailable(f"another deckjudge has been importing the catalog for "
                                   f"{wait:g} s ({lock.lock_file}); try again") from None
        try:
            yield
        finally:
            lock.release()


def _absolute(source: str) -> str:
    """The sources a location names, each local file or folder as an absolute path (the
    catalog records it), each URL as it is."""
    named = parse(source)
    return Sources(*(None if where is None else _absolute_one(where)
                     for where in (named.ptcg, named.tcgdex))).description


def _absolute_one(where: str) -> str:
    if where.lower().startswith(("http://", "https://")):
        return where
    return str(Path(where).expanduser().absolute())


def _limits() -> ImportLimits:
    try:
        return ImportLimits.from_environ()
    except ValueError as error:
        raise CacheUnavailable(str(error)) from None
