"""The cache's "is a catalog there?" look, on files another run is still making: Python's
sqlite3 commits each DDL statement of a migration on its own, so a run that looks while
another migrates can find catalog_meta without its later columns."""

from __future__ import annotations

from alembic import command
from sqlalchemy import inspect

from catalog.db import alembic_config, make_engine
from client.catalog_cache import CachedCatalog
from tests.support.paths import MINI_CARDS, MINI_CATALOG


def _half_migrated(cache: CachedCatalog) -> None:
    """The cache's file with the first migrations applied, as another run's import leaves it
    for a moment: catalog_meta exists, its image_origins column not yet."""
    cache.folder.mkdir(parents=True)
    engine = make_engine(cache.url)
    config = alembic_config(cache.url)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")
    columns = {column["name"] for column in inspect(engine).get_columns("catalog_meta")}
    engine.dispose()
    assert "image_origins" not in columns


def test_a_half_migrated_file_is_not_a_catalog_and_gets_imported(tmp_path):
    cache = CachedCatalog(tmp_path / "cache")
    _half_migrated(cache)
    said: list[str] = []
    result = cache.ready(str(MINI_CATALOG), announce=said.append)
    assert result is not None and result.card_count == MINI_CARDS
    assert said == [f"no catalog in {cache.folder} yet: importing it once from {MINI_CATALOG}"]
    meta = cache.info()
    assert meta is not None and meta.card_count == MINI_CARDS
    assert cache.ready(str(MINI_CATALOG)) is None  # there now: nothing to do
