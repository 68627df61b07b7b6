"""Engine set-up and schema migration for the catalog database."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Engine, create_engine, event, inspect
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

if TYPE_CHECKING:
    from alembic.config import Config

MIGRATIONS_DIR = Path(__file__).resolve().parent.parent / "migrations"


def make_engine(url: str) -> Engine:
    """Create an engine; SQLite gets WAL so readers keep serving during an import.

    Nothing is created on disk: a SQLite file's folder is made by the first write
    (`upgrade`), so that reading, or an import that fails, leaves no folder behind."""
    if make_url(url).get_backend_name() != "sqlite":
        return create_engine(url, pool_pre_ping=True, future=True)
    engine = create_engine(url, connect_args={"timeout": 30})
    event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def _sqlite_pragmas(dbapi_connection: Any, _record: object) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets readers see the last committed catalog while an import writes.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def snapshot_session(engine: Engine) -> Session:
    """A session whose every read sees one snapshot of the catalog, taken at its first: what
    is read in several queries (a card, then its printings; the index's four; an answer and
    the version its ETag names) never mixes the catalog before an import's commit with the
    one after it. PostgreSQL's default, read committed, takes a snapshot a statement, so each
    transaction of the session is made repeatable read; pysqlite reads outside any
    transaction, so on SQLite each is a transaction of its own, which WAL gives a snapshot
    at its first read. Either is the transaction's first statement."""
    session = Session(engine)
    first = _SNAPSHOT_STATEMENTS.get(engine.dialect.name)
    if first is not None:
        event.listen(session, "after_begin",
                     lambda _session, _transaction, connection: connection.exec_driver_sql(first))
    return session


_SNAPSHOT_STATEMENTS = {"sqlite": "BEGIN",
                        "postgresql": "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"}


def alembic_config(url: str) -> Config:
    """An Alembic config pointing at migrations/ and the given database."""
    # Alembic (and Mako and Pygments behind it) is imported by what migrates, an import or
    # `flask catalog upgrade`, not by every worker that reads the catalog
    # (speed trick "alembic when migrating": docs/performance.md).
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def sqlite_file(engine: Engine) -> Path | None:
    """The file of a SQLite database, or None (another database, or one in memory)."""
    database = engine.url.database
    if engine.url.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return None
    return Path(database)


@contextlib.contextmanager
def removed_if_failed(engine: Engine) -> Iterator[None]:
    """Around the first write of a SQLite file: should it fail, take the file and the
    folders made for it away again, so that a failed import leaves nothing new on disk."""
    path = sqlite_file(engine)
    if path is None or path.exists():
        yield
        return
    made = [folder for folder in (path.parent, *path.parent.parents) if not folder.exists()]
    try:
        yield
    except BaseException:
        engine.dispose()
        for suffix in ("", "-wal", "-shm", "-journal"):
            path.with_name(path.name + suffix).unlink(missing_ok=True)
        for folder in made:  # the innermost first; one that holds anything else stays
            with contextlib.suppress(OSError):
                folder.rmdir()
        raise


def upgrade(engine: Engine) -> None:
    """Bring the schema to the newest migration (the schema exists only through them)."""
    path = sqlite_file(engine)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
    from alembic import command  # as alembic_config imports its Config

    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def has_schema(engine: Engine) -> bool:
    """Whether the catalog tables exist (a SQLite file that does not is not created)."""
    path = sqlite_file(engine)
    if path is not None and not path.is_file():
        return False
    return inspect(engine).has_table("catalog_meta")
