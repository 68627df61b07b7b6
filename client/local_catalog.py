"""The catalog `deckjudge check`, `legal-in` and `fmt` judge with in this process (no --url),
when --database names none, in this order:

1. `$DATABASE_URL`;
2. run from a checkout of deckjudge, the catalog `make run` and `make import` import there:
   the service's own default, `instance/deckjudge.sqlite3` beside app.py, when it holds a
   catalog and `$DECKJUDGE_CACHE` does not choose deckjudge's cache;
3. deckjudge's own catalog in its cache directory (client/catalog_cache.py), imported on
   first use from `$CATALOG_SOURCE`, else the card data beside the checkout
   (../shared/pokemon-tcg-data and ../shared/tcgdex, where the service's import reads
   them), else the public archives.

`deckjudge catalog info|update` work on the catalog of 2 or 3. With none of them there and
the download's host out of reach, a run ends at once, with one line saying what to set.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError

from catalog.importing.importer import Progress
from client.catalog_cache import (
    CACHE_ENV,
    SOURCE_ENV,
    Announce,
    CachedCatalog,
    CacheUnavailable,
    Unreachable,
    card_data_beside,
    checkout,
    first_use_source,
    shared_folder,
)

DATABASE_ENV = "DATABASE_URL"
# The service's SQLite catalog when DATABASE_URL is unset: app.py's instance folder
# (app.PROJECT_ROOT / "instance") and the file api/settings.py names there.
CHECKOUT_CATALOG = ("instance", "deckjudge.sqlite3")
WHAT_TO_SET = ("set DATABASE_URL (or --database) to a catalog database, CATALOG_SOURCE to "
               "card data on disk, or --url to a running deckjudge service")
CHECKOUTS = "the catalog `make run` imported in this checkout"
CACHES = "deckjudge's own catalog"


def checkout_catalog() -> CachedCatalog | None:
    """The catalog file `make run` imports in the checkout deckjudge runs from, whether it
    is there or not; None outside a checkout, or when $DECKJUDGE_CACHE chooses the cache."""
    root = None if os.environ.get(CACHE_ENV) else checkout()
    if root is None:
        return None
    folder, name = CHECKOUT_CATALOG
    return CachedCatalog(root / folder, name)


@dataclass(frozen=True)
class InUse:
    """The catalog used when nothing names one, and whether it is the checkout's."""

    catalog: CachedCatalog
    in_checkout: bool

    @property
    def said(self) -> str:
        return f"{CHECKOUTS if self.in_checkout else CACHES}, {self.catalog.path}"


def in_use() -> InUse:
    """The checkout's catalog when it holds cards, else deckjudge's cache."""
    local = checkout_catalog()
    if local is not None and _holds_cards(local):
        return InUse(local, in_checkout=True)
    return InUse(CachedCatalog.here(), in_checkout=False)


def _holds_cards(catalog: CachedCatalog) -> bool:
    try:
        meta = catalog.info()
    except DBAPIError:  # being imported, or of an older schema: not one to judge with
        return False
    return meta is not None and meta.card_count > 0


def database_url(database: str | None, progress: Progress | None = None,
                 announce: Announce | None = None) -> str:
    """--database, else $DATABASE_URL, else the catalog in use, imported into deckjudge's
    cache on first use. A CacheUnavailable error when there is none to be had."""
    chosen = database or os.environ.get(DATABASE_ENV)
    if chosen:
        return chosen
    used = in_use()
    if not used.in_checkout:
        try:
            used.catalog.ready(first_use_source(), progress, announce)
        except Unreachable as error:
            raise CacheUnavailable(_none_there(used.catalog, str(error))) from None
    return used.catalog.url


def _none_there(cache: CachedCatalog, unreachable: str) -> str:
    """One line: where no catalog was found, why none could be downloaded, what to set."""
    looked = []
    local = checkout_catalog()
    if local is not None:
        looked.append(f"none imported in this checkout ({local.path}: `make import`)")
        root = checkout()
        if not os.environ.get(SOURCE_ENV) and root is not None and \
                card_data_beside(root) is None:
            looked.append(f"no card data in {shared_folder(root)}")
    looked.append(f"none in {cache.folder}")
    return f"no catalog to judge with: {', '.join(looked)}, and {unreachable}; {WHAT_TO_SET}"


def described() -> str:
    """Which catalog a check in this process uses now, for --help."""
    chosen = os.environ.get(DATABASE_ENV)
    if chosen:
        try:
            return f"$DATABASE_URL, {make_url(chosen).render_as_string(hide_password=True)}"
        except ArgumentError:
            return "$DATABASE_URL, which is not a database URL"
    used = in_use()
    try:
        meta = used.catalog.info()
    except DBAPIError:
        meta = None
    if meta is None:
        return (f"{used.said}, not there yet: the first check imports it from "
                f"{first_use_source()}")
    return (f"{used.said} ({meta.card_count} cards, imported "
            f"{meta.imported_at:%Y-%m-%d} from {meta.source})")
