"""Read a catalog in the pokemon-tcg-data layout from a directory, an archive or a URL.

The layout: `sets/en.json` (a list of sets) and `cards/en/<set id>.json`
(the printings of one set).  Every reader yields the raw bytes of each file
by its path in the layout, so the importer checks and hashes the same bytes
whatever the source.
"""

from __future__ import annotations

import io
import os
import tarfile
import tempfile
import zipfile
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Protocol

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

UPSTREAM_URL = "https://raw.githubusercontent.com/PokemonTCG/pokemon-tcg-data/master"
# The same data as one archive: one download rather than one a file.
UPSTREAM_ARCHIVE = ("https://github.com/PokemonTCG/pokemon-tcg-data/archive/refs/heads/"
                    "master.tar.gz")
SETS_PATH = "sets/en.json"
HTTP_TIMEOUT = (10, 60)  # connect, read (seconds)
# A hostile or broken source must not fill memory: no layout file is near this.
MAX_FILE_BYTES = 64 * 1024 * 1024


class SourceError(Exception):
    """The catalog source cannot be read: it names the source and the file."""


class Source(Protocol):
    @property
    def description(self) -> str:
        """Where the source is, as errors name it."""

    def read(self, path: str) -> bytes:
        """The bytes of one layout file, or SourceError naming it."""

    def read_many(self, paths: list[str]) -> Iterator[tuple[str, bytes]]:
        """The bytes of several layout files, in the order asked."""


def card_path(set_id: str) -> str:
    return f"cards/en/{set_id}.json"


def default_source(project_root: Path) -> str:
    """CATALOG_SOURCE, else ../shared/pokemon-tcg-data beside the project, else upstream."""
    configured = os.environ.get("CATALOG_SOURCE")
    if configured:
        return configured
    shared = project_root.parent / "shared" / "pokemon-tcg-data"
    if (shared / SETS_PATH).is_file():
        return str(shared)
    return UPSTREAM_URL


@contextmanager
def open_source(location: str) -> Iterator[Source]:
    """Open a directory, a .tar.gz/.tgz/.zip archive, or an http(s) base or archive URL."""
    lowered = location.lower()
    if lowered.startswith(("http://", "https://")):
        if lowered.endswith((".tar.gz", ".tgz", ".zip")):
            with _downloaded(location) as path, _open_archive(path, location) as source:
                yield source
        else:
            yield HttpSource(location)
        return
    path = Path(location).expanduser()
    if path.is_dir():
        yield DirectorySource(path)
    elif path.is_file() and lowered.endswith((".tar.gz", ".tgz", ".zip")):
        with _open_archive(path, location) as source:
            yield source
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

    @property
    def description(self) -> str:
        return str(self.root)

    def read(self, path: str) -> bytes:
        file = self.root / path
        try:
            if file.stat().st_size > MAX_FILE_BYTES:
                raise SourceError(f"{file}: larger than {MAX_FILE_BYTES} bytes")
            return file.read_bytes()
        except FileNotFoundError:
            raise SourceError(f"{file}: missing from the catalog source") from None
        except OSError as error:
            raise SourceError(f"{file}: {error.strerror}") from None


class ArchiveSource(_SequentialReads):
    """A tar or zip archive; members are read by name, never extracted to disk."""

    def __init__(self, names: dict[str, str], opener: Callable[[str], bytes],
                 description: str) -> None:
        self._names = names  # layout path -> member name
        self._opener = opener
        self._description = description

    @property
    def description(self) -> str:
        return self._description

    def paths(self) -> list[str]:
        """Every file of the layout the archive holds, by its layout path."""
        return sorted(self._names)

    def read(self, path: str) -> bytes:
        member = self._names.get(path)
        if member is None:
            raise SourceError(f"{self.description}: {path} is missing from the archive")
        return self._opener(member)


@contextmanager
def _open_archive(path: Path, description: str) -> Iterator[ArchiveSource]:
    try:
        if str(path).lower().endswith(".zip") or zipfile.is_zipfile(path):
            with zipfile.ZipFile(path) as archive:
                sizes = {i.filename: i.file_size for i in archive.infolist() if not i.is_dir()}
                yield ArchiveSource(_layout_names(sizes, description),
                                    archive.read, description)
        else:
            with tarfile.open(path, "r:*") as tar:
                members = {m.name: m for m in tar.getmembers() if m.isfile()}
                sizes = {name: m.size for name, m in members.items()}

                def read_member(name: str) -> bytes:
                    handle = tar.extractfile(members[name])
                    assert handle is not None  # isfile() members always have data
                    return handle.read()

                yield ArchiveSource(_layout_names(sizes, description), read_member, description)
    except (tarfile.TarError, zipfile.BadZipFile, EOFError, OSError) as error:
        raise SourceError(f"{description}: not a readable archive ({error})") from None


def _layout_names(sizes: dict[str, int], description: str) -> dict[str, str]:
    """Map layout paths to member names; archives often wrap the layout in one top folder."""
    roots = [name[: -len(SETS_PATH)] for name in sizes
             if name == SETS_PATH or name.endswith("/" + SETS_PATH)]
    if not roots:
        raise SourceError(f"{description}: no {SETS_PATH} in the archive")
    root = min(roots, key=len)
    names: dict[str, str] = {}
    for name, size in sizes.items():
        if not name.startswith(root):
            continue
        relative = PurePosixPath(name[len(root):])
        if ".." in relative.parts or relative.is_absolute():
            continue  # never follow a member that climbs out of the layout
        if size > MAX_FILE_BYTES:
            raise SourceError(f"{description}: {relative} is larger than {MAX_FILE_BYTES} bytes")
        names[str(relative)] = name
    return names


def _session() -> requests.Session:
    session = requests.Session()
    retry = Retry(total=4, backoff_factor=0.5, status_forcelist=(429, 500, 502, 503, 504),
                  allowed_methods=("GET",))
    adapter = HTTPAdapter(max_retries=retry, pool_maxsize=8)
    session.mount("http://", adapter)
    session.mount("https://", adapter)
    session.headers["User-Agent"] = "deckjudge-catalog-import"
    return session


def _get(session: requests.Session, url: str) -> bytes:
    try:
        with session.get(url, timeout=HTTP_TIMEOUT, stream=True) as response:
            if response.status_code == 404:
                raise SourceError(f"{url}: not found (404)")
            response.raise_for_status()
            body = io.BytesIO()
            for chunk in response.iter_content(1 << 16):
                body.write(chunk)
                if body.tell() > MAX_FILE_BYTES:
                    raise SourceError(f"{url}: larger than {MAX_FILE_BYTES} bytes")
            return body.getvalue()
    except requests.RequestException as error:
        raise SourceError(f"{url}: {error.__class__.__name__}: {error}") from None


class HttpSource:
    """A base URL under which the layout's files are served (a raw repository URL)."""

    def __init__(self, base_url: str) -> None:
        self.description = base_url.rstrip("/")
        self._session = _session()

    def read(self, path: str) -> bytes:
        return _get(self._session, f"{self.description}/{path}")

    def read_many(self, paths: list[str]) -> Iterator[tuple[str, bytes]]:
        # One file a set: fetch several at once, a round trip each is the cost.
        with ThreadPoolExecutor(max_workers=8) as pool:
            yield from zip(paths, pool.map(self.read, paths), strict=True)


@contextmanager
def _downloaded(url: str) -> Iterator[Path]:
    suffix = ".zip" if url.lower().endswith(".zip") else ".tar.gz"
    with tempfile.TemporaryDirectory(prefix="deckjudge-") as folder:
        target = Path(folder) / f"catalog{suffix}"
        session = _session()
        try:
            with session.get(url, timeout=HTTP_TIMEOUT, stream=True) as response:
                response.raise_for_status()
                with target.open("wb") as out:
                    for chunk in response.iter_content(1 << 20):
                        out.write(chunk)
        except requests.RequestException as error:
            raise SourceError(f"{url}: {error.__class__.__name__}: {error}") from None
        yield target
