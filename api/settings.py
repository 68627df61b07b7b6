"""The service's settings: every environment variable the app reads, read in one place at
start-up, each typed and checked (a bad value stops the start with an error naming it).

`Settings.from_environ` reads them; `as_config` gives them as the Flask config keys the
extensions read, which a caller's own config (tests, the CLI's in-process service) may then
override. docs/configuration.md lists every variable.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from api.middleware import compression, deadlines
from runtime.caches import DEFAULT_BUDGET, CacheSizes

T = TypeVar("T")
DEFAULT_MAX_BODY_BYTES = 1024 * 1024  # MAX_BODY_BYTES unset (deploy/stack.py reads it too)


class SettingsError(RuntimeError):
    """An environment variable holds what the service cannot use; the message names it."""


@dataclass(frozen=True)
class Settings:
    # The SQL catalog; by default a SQLite file in the instance folder.
    database_url: str
    # Where `flask catalog import` reads card data when given no source.
    catalog_source: str | None = None
    # How often a worker compares its in-memory index with the catalog's version stamp.
    catalog_check_seconds: float = 2.0
    # How many entries each bounded cache keeps (runtime/caches.py names them).
    cache_sizes: CacheSizes = CacheSizes()
    # The bytes every cache of a worker together may hold, keys and values weighed
    # (runtime/caches.py).
    cache_bytes: int = DEFAULT_BUDGET
    # Larger bodies are refused with 413 before they are read (chunked ones too).
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    # Which origins' pages may call the API from a browser: * or a list
    # (api/middleware/cross_origin.py).
    cors_origins: str = "*"
    # Seconds a cache may reuse a catalog answer without asking again
    # (api/middleware/http_cache.py).
    cache_max_age: int = 300
    # Answer compression, in order of preference; empty for none
    # (api/middleware/compression.py).
    compress_algorithm: str = compression.ALGORITHMS
    # Seconds a request may take before it stops with a deadline-exceeded problem
    # (api/middleware/deadlines.py); None for no limit, as the CLI's in-process checks have.
    request_deadline_seconds: float | None = deadlines.DEFAULT_SECONDS
    # A directory of organizers' format definitions the deployment lists beside deckjudge's
    # own (validators/deployed.py); None for none.
    formats_dir: str | None = None
    # Where a stream's body past 1 MiB waits while its decks are judged
    # (api/validate_stream.py): it needs room for the largest stream a worker thread
    # (docs/deploy.md); None for the system's temporary directory.
    spool_dir: str | None = None

    @classmethod
    def from_environ(cls, environ: Mapping[str, str], instance_path: Path) -> Settings:
        # What a variable left unset gives: the fields' own defaults.
        unset = cls(database_url=f"sqlite:///{instance_path / 'deckjudge.sqlite3'}")

        def read(name: str, parse: Callable[[str], T], default: T) -> T:
            value = environ.get(name)
            if not value:
                return default
            try:
                return parse(value)
            except ValueError as error:
                said = str(error)  # CacheSizes names the variable itself
                raise SettingsError(said if said.startswith(name) else
                                    f"{name}={value!r}: {said}") from None

        return cls(
            database_url=read("DATABASE_URL", str, unset.database_url),
            catalog_source=read("CATALOG_SOURCE", str, unset.catalog_source),
            catalog_check_seconds=read("CATALOG_CHECK_SECONDS", _seconds,
                                       unset.catalog_check_seconds),
            cache_sizes=read("CACHE_SIZES", _cache_sizes, unset.cache_sizes),
            cache_bytes=read("CACHE_BYTES", _positive, unset.cache_bytes),
            max_body_bytes=read("MAX_BODY_BYTES", _positive, unset.max_body_bytes),
            # Taken as set, even empty: an empty CORS_ORIGINS lets no origin in, an empty
            # COMPRESS_ALGORITHM compresses nothing.
            cors_origins=environ.get("CORS_ORIGINS", unset.cors_origins),
            cache_max_age=read("CACHE_MAX_AGE", _whole, unset.cache_max_age),
            compress_algorithm=environ.get("COMPRESS_ALGORITHM", unset.compress_algorithm),
            request_deadline_seconds=deadlines.configured_seconds(
                environ.get("REQUEST_DEADLINE_SECONDS")),
            formats_dir=read("FORMATS_DIR", str, unset.formats_dir),
            spool_dir=read("SPOOL_DIR", _directory, unset.spool_dir),
        )

    def as_config(self) -> dict[str, Any]:
        """The Flask config keys each extension reads."""
        return {
            "DATABASE_URL": self.database_url,
            "CATALOG_SOURCE": self.catalog_source,
            "CATALOG_CHECK_SECONDS": self.catalog_check_seconds,
            "CACHE_SIZES": dataclasses.asdict(self.cache_sizes),
            "CACHE_BYTES": self.cache_bytes,
            "MAX_CONTENT_LENGTH": self.max_body_bytes,
            "CORS_ORIGINS": self.cors_origins,
            "CACHE_MAX_AGE": self.cache_max_age,
            "COMPRESS_ALGORITHM": self.compress_algorithm,
            "REQUEST_DEADLINE_SECONDS": self.request_deadline_seconds,
            "FORMATS_DIR": self.formats_dir,
            "SPOOL_DIR": self.spool_dir,
        }


def _seconds(value: str) -> float:
    seconds = float(value)
    if not 0 <= seconds < float("inf"):
        raise ValueError("must be 0 or more seconds")
    return seconds


def _whole(value: str) -> int:
    number = int(value)
    if number < 0:
        raise ValueError("must be 0 or more")
    return number


def _positive(value: str) -> int:
    number = int(value)
    if number < 1:
        raise ValueError("must be 1 or more")
    return number


def _directory(value: str) -> str:
    if not Path(value).is_dir():
        raise ValueError("must be a directory that exists")
    return value


def _cache_sizes(value: str) -> CacheSizes:
    sizes = json.loads(value)
    if not isinstance(sizes, dict):
        raise ValueError("must be a JSON object of cache sizes")
    return CacheSizes.from_config(sizes)
