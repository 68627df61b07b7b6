"""The full catalog's SQLite import, kept between runs of `make test-fast`.

An import of the real data takes seconds, and the fast loop would pay them every run. The
import is kept under a key made of everything it depends on: the card data's content, every
file of catalog/ and migrations/, and the versions of SQLAlchemy, Alembic and SQLite. A
change to any of them makes a new key, so the kept file is what an import by the code as it
is now would write. The full run (`make test`) never keeps one: it imports afresh.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
from collections.abc import Callable, Sequence
from pathlib import Path

import alembic
import sqlalchemy
from filelock import FileLock

from tests.support.card_data import folder_digest

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# What an import reads besides the card data: the catalog's code and data, the schema.
IMPORT_CODE = ("catalog", "migrations")


def key(sources: Sequence[Path]) -> str:
    """What names an import of `sources` (folders of a layout, or archives) by the code as
    it is now."""
    total = hashlib.sha256()
    for source in sources:
        total.update(folder_digest(source).encode() if source.is_dir()
                     else hashlib.sha256(source.read_bytes()).digest())
    for room in IMPORT_CODE:
        for path in sorted((PROJECT_ROOT / room).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                total.update(f"{path.relative_to(PROJECT_ROOT).as_posix()}\0".encode())
                total.update(hashlib.sha256(path.read_bytes()).digest())
    total.update(f"{sqlalchemy.__version__} {alembic.__version__} {sqlite3.sqlite_version}"
                 .encode())
    return total.hexdigest()[:16]


def copy(source: Path, target: Path) -> None:
    """Copy a SQLite database whole (its write-ahead log included) with SQLite's backup."""
    reading, writing = sqlite3.connect(source), sqlite3.connect(target)
    try:
        reading.backup(writing)
    finally:
        reading.close()
        writing.close()


def kept_import(folder: Path, sources: Sequence[Path], target: Path,
                make: Callable[[Path], object]) -> None:
    """Make `target` a SQLite file of `sources` imported: a copy of the import kept in
    `folder` under its key, else `make(path)` imports it there and it is kept (only the
    newest is: an older key cannot come back without its code)."""
    kept = folder / f"full-{key(sources)}.sqlite3"
    if not kept.is_file():
        folder.mkdir(parents=True, exist_ok=True)
        with FileLock(str(folder / "import.lock")):
            if not kept.is_file():
                fresh = folder / f".import-{os.getpid()}.sqlite3"
                make(fresh)
                copy(fresh, kept.with_suffix(".partial"))
                kept.with_suffix(".partial").rename(kept)
                for old in folder.glob("*.sqlite3*"):
                    if old != kept:
                        old.unlink()
    copy(kept, target)
