"""The bulk files: the whole catalog with its legalities on one day, for a site that mirrors it.

Three files, each gzip: every printing once with its legalities on the day (`printings`,
NDJSON: one card answer of GET /v1/cards a line), every card (gameplay identity) once as its
newest printing with its other printings' ids (`cards`, as GET /v1/cards?unique=cards
answers), and deckjudge's format definitions (`formats`, the JSON of GET /v1/formats for its
own formats). They are built for one stamp, the catalog's version, the version of the
rules in use (validators.formats.in_use) and the day, the first time an instance is asked
for them that day, into its BULK_DIR, under a lock of that folder: the workers of an instance (and
instances sharing the folder) build them once, the others wait for them. A build streams:
500 printings are read, judged and written at a time, so a worker holds no more of a file
than that. Files of other stamps left a day are then removed.
"""

from __future__ import annotations

import datetime as dt
import fcntl
import gzip
import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

import orjson
from sqlalchemy.orm import Session

from api.card_search import one_a_card
from api.views.card_answers import card_answer, with_others
from api.views.format_definitions import format_view
from catalog import lookup
from catalog.index import CatalogIndex
from catalog.lookup import CardFilters
from runtime import deadline
from validators import card_legality
from validators.formats import builtin_formats, in_use

PRINTINGS, CARDS, FORMATS = "printings", "cards", "formats"
KINDS = {
    PRINTINGS: "Every printing once, with its legality in every format on the day: one card "
               "answer of GET /v1/cards a line (NDJSON), in the catalog's order.",
    CARDS: "Every card (gameplay identity) once, as its newest printing, with its other "
           "printings' ids (`other_printings`, newest first): GET /v1/cards?unique=cards, a "
           "card a line (NDJSON).",
    FORMATS: "deckjudge's own format definitions, as GET /v1/formats gives them (one JSON "
             "document).",
}
_NAMES = {PRINTINGS: "printings.ndjson.gz", CARDS: "cards.ndjson.gz", FORMATS: "formats.json.gz"}
_CONTENT = {PRINTINGS: "application/x-ndjson", CARDS: "application/x-ndjson",
            FORMATS: "application/json"}
_BATCH = 500  # printings read, judged and written at a time
# A build's time limit: many times a full catalog's (docs/performance.md, *The bulk files
# and the picker*).
BUILD_SECONDS = 300.0
KEPT_SECONDS = 86_400.0  # a file of another stamp, left this long, is removed


@dataclass(frozen=True)
class Stamp:
    """What a bulk file was built from: the catalog's and the rules' versions, and the day
    of its legalities."""

    catalog: str
    rules: str
    day: dt.date

    def path(self, folder: Path, kind: str) -> Path:
        return folder / f"{self.catalog}-{self.rules}-{self.day.isoformat()}-{_NAMES[kind]}"

    def manifest(self, folder: Path) -> Path:
        return folder / f"{self.catalog}-{self.rules}-{self.day.isoformat()}.json"


@dataclass(frozen=True)
class BulkFile:
    kind: str
    path: Path
    name: str  # the file's name as a download names it
    stamp: Stamp
    size: int
    items: int
    built_at: str
    content_type: str  # what the gzip holds


def rules_version() -> str:
    """The version of the rules this request judges by (the bundle's stamp)."""
    return in_use().version


def stamp_of(index: CatalogIndex, day: dt.date | None = None) -> Stamp:
    return Stamp(index.version, rules_version(), day or dt.date.today())


def ready(folder: Path, index: CatalogIndex, session: Session,
          day: dt.date | None = None) -> list[BulkFile]:
    """The bulk files of the index's catalog, the rules and the day, built first where they
    are not yet (the module). `session` reads the index's catalog."""
    stamp = stamp_of(index, day)
    manifest = stamp.manifest(folder)
    if not manifest.exists():
        folder.mkdir(parents=True, exist_ok=True)
        with _locked(folder), deadline.within(BUILD_SECONDS):
            if not manifest.exists():  # another worker built them while this one waited
                _build(folder, stamp, index, session)
    built = json.loads(manifest.read_bytes())
    return [BulkFile(kind, stamp.path(folder, kind), _NAMES[kind], stamp,
                     built["sizes"][kind], built["items"][kind], built["built_at"],
                     _CONTENT[kind]) for kind in KINDS]


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    with open(folder / ".lock", "a+b") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        yield


def _build(folder: Path, stamp: Stamp, index: CatalogIndex, session: Session) -> None:
    """Write every file of the stamp, then its manifest (what says they are whole), then
    remove those of other stamps."""
    judges = card_legality.judges(index, None)
    ids = [card_id for card_id in lookup.matching_ids(session, CardFilters())
           if card_id in index.printings]
    fronts, others = one_a_card(index, [index.printings[card_id] for card_id in ids])
    items = {
        PRINTINGS: _write(stamp.path(folder, PRINTINGS), _lines(session, index, judges, ids)),
        # Each card's line is its newest printing's, in the same order: read back, not judged
        # again.
        CARDS: _write(stamp.path(folder, CARDS),
                      _fronts(stamp.path(folder, PRINTINGS), {p.id for p in fronts}, others)),
        FORMATS: _write(stamp.path(folder, FORMATS), [orjson.dumps(
            {"items": [format_view(fmt, index) for fmt in builtin_formats().values()],
             "catalog": {"version": index.version}})]),
    }
    built = {"items": items, "built_at": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
             "sizes": {kind: stamp.path(folder, kind).stat().st_size for kind in KINDS}}
    _replace(stamp.manifest(folder), lambda out: out.write(orjson.dumps(built)))
    _tidy(folder, {stamp.manifest(folder).name,
                   *(stamp.path(folder, kind).name for kind in KINDS)})


def _tidy(folder: Path, keep: set[str]) -> None:
    """Remove the files of other stamps no one has built for a day: an instance on another
    catalog, sharing the folder through a re-import, still serves its own."""
    stale = dt.datetime.now().timestamp() - KEPT_SECONDS
    for old in folder.iterdir():
        if old.name not in keep and old.name != ".lock" and old.is_file() \
                and old.stat().st_mtime < stale:
            old.unlink(missing_ok=True)


def _lines(session: Session, index: CatalogIndex, judges: list[card_legality.FormatJudge],
           ids: list[str]) -> Iterator[bytes]:
    """Each printing's answer, one line each, read and judged 500 at a time."""
    for start in range(0, len(ids), _BATCH):
        deadline.check()
        for card in lookup.cards_by_id(session, ids[start:start + _BATCH]):
            yield orjson.dumps(card_answer(index, judges, card)) + b"\n"
        session.expunge_all()  # the batch's rows go with it


def _fronts(printings: Path, fronts: set[str], others: dict[str, tuple[str, ...]]
            ) -> Iterator[bytes]:
    """The lines of the printings file that are cards' newest printings, in its order, each
    with its card's other printings."""
    with gzip.open(printings, "rb") as lines:
        for line in lines:
            card_id = orjson.loads(line)["id"]
            if card_id in fronts:
                yield with_others(line.rstrip(b"\n"), others[card_id]) + b"\n"


def _write(path: Path, lines: Iterable[bytes]) -> int:
    """Write the lines, gzip, to `path` whole or not at all; how many there were."""
    count = 0

    def write(out: IO[bytes]) -> None:
        nonlocal count
        # No name or time in the gzip header: the same content is the same bytes.
        with gzip.GzipFile(filename="", mode="wb", fileobj=out, compresslevel=6,
                           mtime=0) as packed:
            for line in lines:
                packed.write(line)
                count += 1

    _replace(path, write)
    return count


def _replace(path: Path, write: Any) -> None:
    """Write a file beside `path`, then put it in its place in one step."""
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".building-")
    try:
        with os.fdopen(handle, "wb") as out:
            write(out)
        os.chmod(temporary, 0o644)  # served by any process of the instance's user or group
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
