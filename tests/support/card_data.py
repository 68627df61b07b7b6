"""The real card data the suite reads: ../shared/pokemon-tcg-data (or $DECKJUDGE_SHARED_DATA)
where it is, as in CI; otherwise the same snapshot, downloaded once into deckjudge's cache
directory from a pinned archive and checked against a pinned digest of its content.

The snapshot is the one ../shared/pokemon-tcg-data/README.md names: commit 4e0f8e4 of the
mirror that tracks pokemon-tcg-data daily (2026-02-01). Its English files are byte for byte
those of ../shared (tests/e2e/test_card_data.py holds the pin to that).

The digest is of the content, not of the archive's bytes: GitHub builds archives on request
and does not promise the same compressed bytes forever; the files inside are what the
suite depends on. `$DECKJUDGE_TEST_DATA_ARCHIVE` and `$DECKJUDGE_TEST_DATA_DIGEST` name
another archive (a mirror, or the tests of this module).
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from filelock import FileLock

from catalog.importing.locations import ArchiveSource, SourceError, open_source
from catalog.importing.ptcg_data import LAYOUT as PTCG_DATA

PINNED_COMMIT = "4e0f8e4df091208760164e1235d9f216166e23e2"
PINNED_ARCHIVE = ("https://github.com/Veraatversus/pokemon-tcg-data/archive/"
                  f"{PINNED_COMMIT}.tar.gz")
PINNED_DIGEST = "80c7cf4f6fb33c415100e97376704e014c8fd74e89fe14d409797b1c77b50ab9"
# The files of the layout the suite reads (the reader's own; the archive holds other
# languages as well).
LAYOUT = PTCG_DATA.files


class CardDataUnavailable(Exception):
    """The pinned card data could not be provisioned."""


@dataclass(frozen=True)
class Pin:
    archive: str
    digest: str

    @classmethod
    def configured(cls) -> Pin:
        return cls(os.environ.get("DECKJUDGE_TEST_DATA_ARCHIVE", PINNED_ARCHIVE),
                   os.environ.get("DECKJUDGE_TEST_DATA_DIGEST", PINNED_DIGEST))

    @property
    def name(self) -> str:
        """The folder it is kept in: one per pinned content."""
        return self.digest[:16]


def digest(files: Iterable[tuple[str, bytes]]) -> str:
    """One sha256 over the layout files: each path with the sha256 of its bytes, in order."""
    total = hashlib.sha256()
    for path, data in sorted(files):
        total.update(f"{path}\0{hashlib.sha256(data).hexdigest()}\n".encode())
    return total.hexdigest()


def folder_digest(root: Path) -> str:
    """The digest of the layout files under a folder (as ../shared holds them)."""
    paths = (file.relative_to(root).as_posix() for file in root.rglob("*.json"))
    return digest((path, (root / path).read_bytes()) for path in paths
                  if LAYOUT.fullmatch(path))


def provisioned(cache: Path, pin: Pin) -> Path:
    """The pinned card data in `cache`, downloaded and checked on first use.

    The folder appears whole or not at all (written beside it, then renamed), and a lock
    makes runs started at once download it once.
    """
    target = cache / "test-data" / pin.name / "pokemon-tcg-data"
    if target.is_dir():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(target.parent / "download.lock")):
        if not target.is_dir():
            _download(pin, target)
    return target


def _download(pin: Pin, target: Path) -> None:
    try:
        with open_source(pin.archive, PTCG_DATA) as source:
            if not isinstance(source, ArchiveSource):
                raise CardDataUnavailable(f"{pin.archive}: not an archive")
            files = [(path, source.read(path)) for path in source.paths()
                     if LAYOUT.fullmatch(path)]
    except SourceError as error:
        raise CardDataUnavailable(str(error)) from None
    found = digest(files)
    if found != pin.digest:
        raise CardDataUnavailable(f"{pin.archive}: its card data has digest {found}, "
                                  f"not the pinned {pin.digest}")
    staging = Path(tempfile.mkdtemp(prefix=".partial-", dir=target.parent))
    try:
        for path, data in files:
            file = staging / path
            file.parent.mkdir(parents=True, exist_ok=True)
            file.write_bytes(data)
        staging.rename(target)
    finally:
        shutil.rmtree(staging, ignore_errors=True)
