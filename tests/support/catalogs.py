"""Catalogs for tests: real databases imported from card data, and card data served as
users fetch it."""

from __future__ import annotations

import tarfile
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy import Engine, func, select
from sqlalchemy.orm import Session

from catalog.db import make_engine
from catalog.importing.importer import import_catalog
from catalog.index import CatalogIndex, load_index
from catalog.models import INTERNATIONAL, Card, Set
from tests.support.servers import static_http


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def imported_db(url: str, source: Path | str) -> str:
    """Import `source` (a location, or several: catalog.importing.sources) into the
    database at `url`; returns the URL."""
    engine = make_engine(url)
    import_catalog(engine, str(source))
    engine.dispose()
    return url


def index_of(url: str) -> CatalogIndex:
    """The in-memory index a worker builds from the catalog at `url`."""
    engine = make_engine(url)
    try:
        return load_index(engine)
    finally:
        engine.dispose()  # else its pooled connection is left for the garbage collector


def counts(engine: Engine) -> tuple[int, int]:
    """How many international sets and cards the catalog in `engine` holds (Japan's sets
    and printings are apart: models.JapaneseCard)."""
    with Session(engine) as session:
        return (session.scalar(select(func.count()).select_from(Set)
                               .where(Set.region == INTERNATIONAL)) or 0,
                session.scalar(select(func.count()).select_from(Card)) or 0)


def layout_archive(source: Path, target: Path) -> Path:
    """The card data at `source` as one archive (.tar.gz, or .zip by its name), wrapped in
    one top folder as GitHub's archives are."""
    if target.suffix == ".zip":
        with zipfile.ZipFile(target, "w") as archive:
            for path in source.rglob("*"):
                archive.write(path, "pokemon-tcg-data-master/" + str(path.relative_to(source)))
    else:
        with tarfile.open(target, "w:gz") as archive:
            archive.add(source, arcname="pokemon-tcg-data-master")
    return target


@contextmanager
def served_layout(source: Path, folder: Path) -> Iterator[tuple[str, list[str]]]:
    """The card data at `source` as an archive on a loopback HTTP server, as users fetch
    it: its URL, and the list of paths requested of the server (to count downloads)."""
    folder.mkdir(parents=True, exist_ok=True)
    layout_archive(source, folder / "pokemon-tcg-data.tar.gz")
    requested: list[str] = []
    with static_http(folder, requested) as base:
        yield f"{base}/pokemon-tcg-data.tar.gz", requested


def ids(resolved) -> list[str]:
    """The ids of a resolution's printings."""
    return [printing.id for printing in resolved.printings]
