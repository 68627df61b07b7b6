"""deckjudge's own catalog, which `deckjudge check` uses when nothing names a catalog and no
checkout's catalog is there (client/local_catalog.py): an SQLite file in the user's cache
directory, imported on first use, then reused with no network.

- Where: `$DECKJUDGE_CACHE`, else the platform's cache directory for deckjudge
  (platformdirs: ~/.cache/deckjudge on Linux, ~/Library/Caches/deckjudge on macOS,
  %LOCALAPPDATA%\\deckjudge\\Cache on Windows).
- From: `$CATALOG_SOURCE`; else, run from a checkout of deckjudge, the card data beside it
  where the service's import reads it (../shared/pokemon-tcg-data and ../shared/tcgdex);
  else the public archives of pokemon-tcg-data and TCGdex. An update imports again from
  the sources the catalog there came from, unless `--source` or `$CATALOG_SOURCE` names
  others. A local source is recorded as an absolute path, so that an update run from
  another folder finds it.
- Offline, quickly: before a download, one connection to each host it needs is tried
  (CONNECT_SECONDS at most), so that an unreachable host ends the run at once instead of
  after the import's retries.
- Safe when several runs start at once (pre-commit runs hooks in parallel across
  repositories): a file lock lets one of them import while the others wait, and the
  import itself replaces the catalog in one transaction, as the service's does.
- Never stuck: the import under the lock has the service's limits and deadline
  (catalog/importing/import_limits.py; CATALOG_IMPORT_SECONDS, 600 s unless set), so the lock is
  held no longer than that, and a run waits for it that long and LOCK_SLACK_SECONDS more.
"""

from __future__ import annotations

import importlib.util
import os
import socket
import tomllib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import platformdirs
import requests
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
from catalog.importing.sources import Sources, parse, shared_tcgdex
from catalog.models import CatalogMeta

CACHE_ENV = "DECKJUDGE_CACHE"
SOURCE_ENV = "CATALOG_SOURCE"
# Both sources' public archives, as the service's import reads them (docs/catalog-sources.md).
UPSTREAM = Sources(ptcg_data.UPSTREAM_ARCHIVE, tcgdex_data.UPSTREAM_ARCHIVE).description
# Another run importing the catalog: wait for it rather than import twice. Its import ends
# by the deadline; this much longer lets it roll back a write the deadline cut short.
LOCK_SLACK_SECONDS = 300
# The one connection tried to each host a download needs, before the import, whose own
# requests are retried four times with backoff when a host cannot be reached.
CONNECT_SECONDS = 5.0


Announce = Callable[[str], None]


class CacheUnavailable(Exception):
    """The cached catalog could not be made ready (no source, a failed import, a lock)."""


class Unreachable(CacheUnavailable):
    """A host the source is downloaded from cannot be reached: nothing was imported."""


def cache_dir() -> Path:
    chosen = os.environ.get(CACHE_ENV)
    return Path(chosen) if chosen else platformdirs.user_cache_path("deckjudge",
                                                                  appauthor=False)


def default_source() -> str:
    """What is downloaded when nothing beside a checkout is read: $CATALOG_SOURCE, else both
    public archives."""
    return os.environ.get(SOURCE_ENV) or UPSTREAM


def first_use_source() -> str:
    """Where a catalog imported on first use is read from: $CATALOG_SOURCE; else the card
    data beside the checkout deckjudge runs from; else both public archives."""
    if os.environ.get(SOURCE_ENV):
        return default_source()
    return card_data_beside(checkout()) or UPSTREAM


def checkout() -> Path | None:
    """The checkout of deckjudge this code runs from: the folder of the app module (app.py,
    whose instance folder holds the service's SQLite catalog) when it holds deckjudge's
    pyproject.toml; None for an installed deckjudge (a pre-commit hook, the GitHub Action)."""
    spec = importlib.util.find_spec("app")
    if spec is None or not spec.origin:
        return None
    root = Path(spec.origin).resolve().parent
    try:
        project = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    return root if project.get("project", {}).get("name") == "deckjudge" else None


def shared_folder(root: Path) -> Path:
    """Where the service's import finds the card data beside a checkout
    (catalog/importing/sources.py, default_source)."""
    return root.parent / "shared"


def card_data_beside(root: Path | None) -> str | None:
    """The sources beside the checkout, as the service's import reads them by default:
    ../shared/pokemon-tcg-data and ../shared/tcgdex, the one not there downloaded from its
    public archive; None when neither is there."""
    if root is None:
        return None
    shared = shared_folder(root)
    ptcg = shared / "pokemon-tcg-data"
    has_ptcg = (ptcg / ptcg_data.SETS_PATH).is_file()
    tcgdex = shared_tcgdex(shared / "tcgdex")
    if not has_ptcg and tcgdex is None:
        return None
    return Sources(str(ptcg) if has_ptcg else ptcg_data.UPSTREAM_ARCHIVE,
                   str(tcgdex) if tcgdex else tcgdex_data.UPSTREAM_ARCHIVE).description


@dataclass(frozen=True)
class CachedCatalog:
    """A catalog file in a folder, and the lock that guards its imports: deckjudge's cache, or
    the catalog a checkout's `make run` imported (client/local_catalog.py)."""

    folder: Path
    name: str = "catalog.sqlite3"

    @classmethod
    def here(cls) -> CachedCatalog:
        return cls(cache_dir())

    @property
    def path(self) -> Path:
        return self.folder / self.name

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
        """Make sure a catalog is loaded: import one on first use (None when one was), from
        `source`, else first_use_source(). A host it downloads from that cannot be reached
        is an Unreachable error before anything is announced or imported."""
        if self.loaded():
            return None
        limits = _limits()
        named = source or first_use_source()
        with self._lock(limits):
            if self.loaded():  # another run imported it while this one waited
                return None
            _reach(named)
            if announce:
                announce(f"no catalog in {self.folder} yet: importing it once from {named}")
            return self._import(named, progress, force=False, limits=limits)

    def loaded(self) -> bool:
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
        named = source or self.update_source()
        with self._lock(limits):
            _reach(named)
            return self._import(named, progress, force, limits)

    def update_source(self) -> str:
        """Where an update reads from when no source is given."""
        if os.environ.get(SOURCE_ENV):
            return default_source()
        meta = self.info()
        return meta.source if meta is not None else first_use_source()

    def _import(self, source: str, progress: Progress | None,
                force: bool, limits: ImportLimits) -> ImportResult:
        engine = make_engine(self.url)
        try:
            return import_catalog(engine, _absolute(source), force=force,
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


def _reach(source: str) -> None:
    """Try one connection to each host `source` downloads from (or to the proxy the
    environment names for it): an Unreachable error when one cannot be made."""
    try:
        named = parse(source)
    except CatalogImportError:
        return  # the import says what is wrong with it
    for where in (named.ptcg, named.tcgdex):
        if where is None or not where.lower().startswith(("http://", "https://")):
            continue
        proxy = requests.utils.select_proxy(where, requests.utils.get_environ_proxies(where))
        if proxy and "://" not in proxy:
            proxy = f"http://{proxy}"
        try:
            wanted, target = urlsplit(where).hostname, urlsplit(proxy or where)
            host = target.hostname
            port = target.port or (443 if target.scheme == "https" else 80)
        except ValueError:
            continue  # not a URL a connection can be tried to: the import says so
        if not host:
            continue
        try:
            socket.create_connection((host, port), timeout=CONNECT_SECONDS).close()
        except OSError as error:
            through = f" through the proxy {host}:{port}" if proxy else ""
            raise Unreachable(f"{wanted} cannot be reached{through} to download the card "
                              f"data ({_why(error)})") from None


def _why(error: OSError) -> str:
    if isinstance(error, TimeoutError):
        return f"no answer within {CONNECT_SECONDS:g} s"
    said = error.strerror or str(error) or error.__class__.__name__
    return said[:1].lower() + said[1:]


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
