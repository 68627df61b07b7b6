"""Where a source of card data is read from: a directory, an archive or a URL.

A source's files sit in its own layout (`Layout`: which paths are its files, and the file
that marks the layout's root), which the reader of that source names
(catalog/importing/ptcg_data.py). Every location yields the raw bytes of each file by its
path in the layout, so the reader checks and the importer hashes the same bytes whatever
the location.

A source may be hostile or broken, so every location spends one Budget: bytes of one
file, of all files together, of an archive and what it inflates to, and time
(catalog/importing/import_limits.py). Past any of them the read stops with a SourceError
that names the file and the limit.
"""

from __future__ import annotations

import gzip
import os
import queue
import struct
import tarfile
import tempfile
import threading
import time
import zipfile
import zlib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Protocol, TypeVar

import requests
import urllib3
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from catalog.importing.import_limits import SECONDS_ENV, ImportLimits
from runtime import patterns

HTTP_TIMEOUT = (10, 60)  # connect, read (seconds); never past the import's deadline
_CHUNK = 1 << 16
_HTTP_WORKERS = 8
_T = TypeVar("_T")


# What a reader reports as it goes: (stage, done, total).
Progress = Callable[[str, int, int], None]


class Digest(Protocol):
    """What a reader hashes its files into (a hashlib object)."""

    def update(self, data: bytes, /) -> None: ...

    def hexdigest(self) -> str: ...


@dataclass(frozen=True)
class Layout:
    """The files of one source's layout."""

    # The paths of its files, relative to its root: all an archive reader keeps of an archive.
    files: patterns.Pattern
    # The file at its root; in an archive, the folder of the outermost one is the root.
    marker: str


class SourceError(Exception):
    """The catalog source cannot be read: it names the source and the file."""


class DeadlinePassed(SourceError):
    """The import ran past its deadline."""


class Budget:
    """What one import may still spend: bytes read and time, shared by all its readers."""

    def __init__(self, limits: ImportLimits | None = None) -> None:
        self.limits = limits or ImportLimits()
        self._ends = time.monotonic() + self.limits.seconds
        self._read = 0
        self._lock = threading.Lock()

    def remaining(self) -> float:
        return self._ends - time.monotonic()

    def timeout(self, seconds: float) -> float:
        """A wait of at most `seconds` that ends by the deadline."""
        return max(0.001, min(seconds, self.remaining()))

    def check_time(self, what: str) -> None:
        if self.remaining() <= 0:
            raise DeadlinePassed(f"{what}: the import ran past its deadline of "
                                 f"{self.limits.seconds:g} s ({SECONDS_ENV})")

    def read(self, what: str, chunks: Iterable[bytes], declared: int | None = None) -> bytes:
        """The bytes of one layout file, counted against the limit of one file and of all."""
        cap = self.limits.file_bytes
        if declared is not None:
            _refuse_size(what, declared, cap, "one file")
            self._refuse_total(what, declared)
        body = bytearray()
        for chunk in _capped(what, chunks, cap, "one file", self):
            body += chunk
            with self._lock:
                self._read += len(chunk)
            self._refuse_total(what, 0)
        return bytes(body)

    def _refuse_total(self, what: str, coming: int) -> None:
        cap = self.limits.source_bytes
        if self._read + coming > cap:
            raise SourceError(f"{what}: the source's files hold more than {cap:,} bytes in "
                              f"all, the limit of a catalog source")

    def run(self, work: Callable[[], _T], what: str) -> _T:
        """`work()` on a thread of its own, given up at the deadline wherever it waits (a
        server can drip its headers a byte at a time, which no socket timeout ends)."""
        results: list[_T] = []
        errors: list[BaseException] = []

        def target() -> None:
            try:
                results.append(work())
            except BaseException as error:  # handed to the caller, whatever it is
                errors.append(error)

        # A daemon: a thread left waiting on a server past the deadline must not keep the
        # process alive.
        thread = threading.Thread(target=target, name="deckjudge-catalog-read", daemon=True)
        thread.start()
        thread.join(max(self.remaining(), 0))
        if errors:
            raise errors[0]
        if not results:
            raise DeadlinePassed(f"{what}: not read within the import's deadline of "
                                 f"{self.limits.seconds:g} s ({SECONDS_ENV})")
        return results[0]


def _capped(what: str, chunks: Iterable[bytes], cap: int, of: str,
           budget: Budget) -> Iterator[bytes]:
    """The chunks, until there are more than `cap` bytes of them or the deadline passes."""
    size = 0
    for chunk in chunks:
        budget.check_time(what)
        size += len(chunk)
        if size > cap:
            raise SourceError(f"{what}: larger than {cap:,} bytes, the limit of {of}")
        yield chunk


def _refuse_size(what: str, size: int, cap: int, of: str) -> None:
    if size > cap:
        raise SourceError(f"{what}: {size:,} bytes, more than {cap:,}, the limit of {of}")


class Source(Protocol):
    @property
    def description(self) -> str:
        """Where the source is, as errors name it."""

    def read(self, path: str) -> bytes:
        """The bytes of one layout file, or SourceError naming it."""

    def read_many(self, paths: list[str]) -> Iterator[tuple[str, bytes]]:
        """The bytes of several layout files, in the order asked."""

    def paths(self) -> list[str]:
        """Every layout file the source holds, by its layout path, sorted; SourceError where
        the source cannot be listed (a base URL)."""


@contextmanager
def open_source(location: str, layout: Layout, budget: Budget | None = None
                ) -> Iterator[Source]:
    """Open a directory, a .tar.gz/.tgz/.zip archive, or an http(s) base or archive URL."""
    budget = budget or Budget()
    lowered = location.lower()
    if lowered.startswith(("http://", "https://")):
        if lowered.endswith((".tar.gz", ".tgz", ".zip")):
            with _downloaded(location, budget) as path:
                yield _open_archive(path, location, budget, layout)
        else:
            with _session() as session:
                yield HttpSource(location, budget, session)
        return
    path = Path(location).expanduser()
    if path.is_dir():
        yield DirectorySource(path, budget, layout)
    elif path.is_file() and lowered.endswith((".tar.gz", ".tgz", ".zip")):
        yield _open_archive(path, location, budget, layout)
    else:
        raise SourceError(f"{location}: not a directory, a .tar.gz/.zip archive or an http(s) URL")


class _SequentialReads:
    def read(self, path: str) -> bytes:
        raise NotImplementedError

    def read_many(self, paths: list[str]) -> Iterator[tuple[str, bytes]]:
        for path in paths:
            yield path, self.read(path)


@dataclass
class DirectorySource(_SequentialReads):
    root: Path
    budget: Budget
    layout: Layout

    @property
    def description(self) -> str:
        return str(self.root)

    def paths(self) -> list[str]:
        """The layout's files under the root, its entries counted as an archive's members
        are (a directory can be as hostile as an archive); links are not followed."""
        found: list[str] = []
        entries = 0
        for folder, folders, files in os.walk(self.root):
            self.budget.check_time(str(self.root))
            entries += len(folders) + len(files)
            _refuse_members(str(self.root), entries, self.budget.limits.archive_members)
            relative = Path(folder).relative_to(self.root).as_posix()
            for name in files:
                path = name if relative == "." else f"{relative}/{name}"
                if self.layout.files.fullmatch(path):
                    found.append(path)
        return sorted(found)

    def read(self, path: str) -> bytes:
        file = self.root / path
        try:
            if not file.is_file():  # a FIFO or /dev/zero would never end
                if file.exists():
                    raise SourceError(f"{file}: not a regular file")
                raise SourceError(f"{file}: missing from the catalog source")
            with file.open("rb") as handle:
                return self.budget.read(str(file), iter(lambda: handle.read(_CHUNK), b""))
        except OSError as error:
            raise SourceError(f"{file}: {error.strerror}") from None


class ArchiveSource(_SequentialReads):
    """The layout files of a tar or zip archive, read whole in one pass, never extracted."""

    def __init__(self, files: dict[str, bytes], description: str) -> None:
        self._files = files  # layout path -> bytes
        self._description = description

    @property
    def description(self) -> str:
        return self._description

    def paths(self) -> list[str]:
        """Every file of the layout the archive holds, by its layout path."""
        return sorted(self._files)

    def read(self, path: str) -> bytes:
        body = self._files.get(path)
        if body is None:
            raise SourceError(f"{self.description}: {path} is missing from the archive")
        return body


def _open_archive(path: Path, description: str, budget: Budget,
                  layout: Layout) -> ArchiveSource:
    limits = budget.limits
    try:
        _refuse_size(description, path.stat().st_size, limits.archive_bytes, "an archive")
        if str(path).lower().endswith(".zip") or zipfile.is_zipfile(path):
            members = _zip_members(path, description, budget, layout)
        else:
            members = _tar_members(path, description, budget, layout)
    except (tarfile.TarError, zipfile.BadZipFile, EOFError, OSError, zlib.error) as error:
        raise SourceError(f"{description}: not a readable archive ({error})") from None
    return ArchiveSource(_layout_files(members, description, layout), description)


def _layout_path(name: str, layout: Layout) -> tuple[str, str] | None:
    """(the folder it is in, its layout path) for a member of the layout, else None.

    Archives often wrap the layout in a top folder; a member climbing out (`..`) is never
    one of it."""
    # The parts PurePosixPath would give ("a//b/./c" is a/b/c), split by hand: pathlib costs
    # a second of an import of TCGdex's 42,908 members.
    parts = [part for part in name.split("/") if part and part != "."]
    if ".." in parts or name.startswith("/"):
        return None
    for start in range(len(parts)):
        relative = "/".join(parts[start:])
        if layout.files.fullmatch(relative):
            return "/".join(parts[:start]), relative
    return None


def _layout_files(members: dict[str, bytes], description: str,
                  layout: Layout) -> dict[str, bytes]:
    """The layout files of the folder holding the archive's outermost marker file."""
    placed = {name: found for name in members if (found := _layout_path(name, layout))}
    roots = [root for root, relative in placed.values() if relative == layout.marker]
    if not roots:
        raise SourceError(f"{description}: no {layout.marker} in the archive")
    root = min(roots, key=len)
    return {relative: members[name] for name, (folder, relative) in placed.items()
            if folder == root}


def _zip_members(path: Path, description: str, budget: Budget,
                 layout: Layout) -> dict[str, bytes]:
    limits = budget.limits
    # Counted from the end record before zipfile reads the directory into memory.
    _refuse_members(description, _zip_entries(path), limits.archive_members)
    with zipfile.ZipFile(path) as archive:
        infos = [info for info in archive.infolist() if not info.is_dir()]
        # zipfile never inflates a member past the size the directory declares for it.
        _refuse_inflated(description, sum(info.file_size for info in infos), limits)
        files: dict[str, bytes] = {}
        for info in infos:
            if _layout_path(info.filename, layout) is None:
                continue
            with archive.open(info) as handle:
                files[info.filename] = budget.read(f"{description}: {info.filename}",
                                                   _chunks(handle), info.file_size)
        return files


def _zip_entries(path: Path) -> int:
    """The entries a zip's end record declares (a zip64 one is taken as too many)."""
    with path.open("rb") as handle:
        handle.seek(0, os.SEEK_END)
        tail_size = min(handle.tell(), 65_536 + 22)
        handle.seek(-tail_size, os.SEEK_END)
        tail = handle.read()
    at = tail.rfind(b"PK\x05\x06")
    if at < 0 or len(tail) - at < 22:
        raise zipfile.BadZipFile("no end of central directory record")
    entries = struct.unpack("<H", tail[at + 10:at + 12])[0]
    return entries if entries != 0xFFFF else 1 << 32


def _tar_members(path: Path, description: str, budget: Budget,
                 layout: Layout) -> dict[str, bytes]:
    """The layout members of a tar (gzipped or not), in one pass: member by member, each
    refused by the size its header declares before any of it is inflated."""
    limits = budget.limits
    files: dict[str, bytes] = {}
    declared = 0
    with path.open("rb") as raw:
        gzipped = raw.read(2) == b"\x1f\x8b"
        raw.seek(0)
        inflating: _Readable = gzip.GzipFile(fileobj=raw) if gzipped else raw
        stream = _Inflated(inflating, description, limits.inflated_bytes)
        with tarfile.open(fileobj=stream, mode="r|") as tar:  # type: ignore[call-overload]
            for count, member in enumerate(tar, start=1):
                budget.check_time(description)
                _refuse_members(description, count, limits.archive_members)
                declared += member.size
                _refuse_inflated(description, declared, limits)
                if not member.isfile() or _layout_path(member.name, layout) is None:
                    continue
                handle = tar.extractfile(member)
                assert handle is not None  # isfile() members always have data
                files[member.name] = budget.read(f"{description}: {member.name}",
                                                 _chunks(handle), member.size)
    return files


def _refuse_members(description: str, count: int, cap: int) -> None:
    if count > cap:
        raise SourceError(f"{description}: more than {cap:,} members, the limit of an archive")


def _refuse_inflated(description: str, size: int, limits: ImportLimits) -> None:
    if size > limits.inflated_bytes:
        raise SourceError(f"{description}: its members inflate to more than "
                          f"{limits.inflated_bytes:,} bytes, the limit of an archive")


class _Readable(Protocol):
    def read(self, size: int = -1, /) -> bytes:
        """At most `size` bytes; none at the end."""


class _Inflated:
    """An archive's inflated stream that ends in a SourceError past `cap` bytes: tarfile
    reads headers of its own (pax, long names) that no member size declares."""

    def __init__(self, stream: _Readable, description: str, cap: int) -> None:
        self._stream, self._description, self._cap = stream, description, cap
        self._read = 0

    def read(self, size: int = -1) -> bytes:
        room = self._cap - self._read + 1  # one byte past the cap tells it was passed
        data = self._stream.read(room if size < 0 else min(size, room))
        self._read += len(data)
        if self._read > self._cap:
            raise SourceError(f"{self._description}: inflates to more than {self._cap:,} "
                              f"bytes, the limit of an archive")
        return data


def _chunks(handle: IO[bytes]) -> Iterator[bytes]:
    return iter(lambda: handle.read(_CHUNK), b"")


def _session() -> requests.Session:
    session = requests.Session()
    # A server's Retry-After is not obeyed: it could hold the import for hours.
    retry = Retry(total=4, backoff_factor=0.5, backoff_max=4,
                  status_forcelist=(429, 500, 502, 503, 504), allowed_methods=("GET",),
                  respect_retry_after_header=False)
    adapter = HTTPAdapter(max_retries=retry, pool_maxsize=_HTTP_WORKERS)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    session.headers["User-Agent"] = "deckjudge-catalog-import"
    return session


@contextmanager
def _response(session: requests.Session, url: str,
              budget: Budget) -> Iterator[tuple[Iterator[bytes], int | None]]:
    """A GET of `url`: its body's chunks and the size its Content-Length declares."""
    budget.check_time(url)
    try:
        timeout = (budget.timeout(HTTP_TIMEOUT[0]), budget.timeout(HTTP_TIMEOUT[1]))
        with session.get(url, timeout=timeout, stream=True) as response:
            if response.status_code == 404:
                raise SourceError(f"{url}: not found (404)")
            response.raise_for_status()
            yield _received(response), _content_length(response)
    except (requests.RequestException, urllib3.exceptions.HTTPError) as error:
        raise SourceError(f"{url}: {error.__class__.__name__}: {error}") from None


def _received(response: requests.Response) -> Iterator[bytes]:
    # read1 returns what one receive brings, so a server that drips its body meets the
    # deadline between receives; it decodes a Content-Encoding in bounded steps.
    while chunk := response.raw.read1(_CHUNK, decode_content=True):
        yield chunk


def _content_length(response: requests.Response) -> int | None:
    value = response.headers.get("Content-Length", "")
    return int(value) if value.isdigit() else None


class HttpSource:
    """A base URL under which the layout's files are served (a raw repository URL)."""

    def __init__(self, base_url: str, budget: Budget, session: requests.Session) -> None:
        self.description = base_url.rstrip("/")
        self._budget = budget
        self._session = session

    def paths(self) -> list[str]:
        raise SourceError(f"{self.description}: a base URL cannot be listed; give an archive's "
                          "URL (.tar.gz or .zip) for a source whose files are not named in "
                          "advance")

    def read(self, path: str) -> bytes:
        url = f"{self.description}/{path}"
        with _response(self._session, url, self._budget) as (chunks, declared):
            return self._budget.read(url, chunks, declared)

    def read_many(self, paths: list[str]) -> Iterator[tuple[str, bytes]]:
        """Several at once (a round trip each is the cost), on daemon threads: one waiting
        on a server past the deadline must not keep the process alive."""
        todo: queue.SimpleQueue[int] = queue.SimpleQueue()
        for index in range(len(paths)):
            todo.put(index)
        done: queue.SimpleQueue[tuple[int, bytes | Exception]] = queue.SimpleQueue()
        stop = threading.Event()

        def work() -> None:
            while not stop.is_set():
                try:
                    index = todo.get_nowait()
                except queue.Empty:
                    return
                try:
                    done.put((index, self.read(paths[index])))
                except Exception as error:  # handed to the reader, in order
                    done.put((index, error))

        for _ in range(min(_HTTP_WORKERS, len(paths))):
            threading.Thread(target=work, name="deckjudge-catalog-get", daemon=True).start()
        try:
            yield from _in_order(paths, done)
        finally:
            stop.set()


def _in_order(paths: list[str], done: queue.SimpleQueue[tuple[int, bytes | Exception]]
              ) -> Iterator[tuple[str, bytes]]:
    arrived: dict[int, bytes | Exception] = {}
    for index, path in enumerate(paths):
        while index not in arrived:
            finished, outcome = done.get()
            arrived[finished] = outcome
        outcome = arrived.pop(index)
        if isinstance(outcome, Exception):
            raise outcome
        yield path, outcome


@contextmanager
def _downloaded(url: str, budget: Budget) -> Iterator[Path]:
    suffix = ".zip" if url.lower().endswith(".zip") else ".tar.gz"
    with tempfile.TemporaryDirectory(prefix="deckjudge-") as folder:
        target = Path(folder) / f"catalog{suffix}"
        cap = budget.limits.archive_bytes
        with _session() as session, _response(session, url, budget) as (chunks, declared), \
                target.open("wb") as out:
            if declared is not None:
                _refuse_size(url, declared, cap, "an archive")
            for chunk in _capped(url, chunks, cap, "an archive", budget):
                out.write(chunk)
        yield target
