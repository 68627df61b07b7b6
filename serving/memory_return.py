"""Memory a large request took, given back to the system when it ends.

Python returns its own small-object arenas when they empty, but what it asks of glibc's
malloc for larger objects (a batch's body, its JSON strings, the pieces of its answer) stays
in the process when freed: the next request may reuse it, the system never gets it back, and
a worker that once answered four large batches keeps their memory. `malloc_trim(0)` hands
the free pages back. It is called after a request that sent a large body, a batch or a
stream, and after any request once the caches have let go of DROPPED_BYTES since the last
trim (lines whose names grow when folded are large texts, let go of as the caches turn
over), on the thread that answered it, once the answer is sent; it costs a few milliseconds
(docs/performance.md, *What a worker remembers*, has the figures).
"""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Callable, Mapping
from typing import Any

from runtime import caches

# A request whose body is at least this large, or a batch or a stream, gives its memory back.
LARGE_BODY_BYTES = 256 * 1024
_WHOLE_DATABASES = ("/v1/validate/batch", "/v1/validate/stream")
# What the caches may let go of between two trims.
DROPPED_BYTES = 4 * 1024 * 1024


def _malloc_trim() -> Callable[[int], Any] | None:
    """glibc's malloc_trim, or None where the C library has none (musl, macOS)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    return getattr(ctypes.CDLL(name), "malloc_trim", None)


_TRIM = _malloc_trim()


_trimmed_at = 0  # what the caches had let go of at the last trim (caches.dropped)


def after(environ: Mapping[str, Any]) -> bool:
    """Give back the free memory after a large request, or once the caches have let go of
    enough (the module); whether it did."""
    global _trimmed_at
    if _TRIM is None:
        return False
    dropped = caches.dropped()
    if not _large(environ) and dropped - _trimmed_at < DROPPED_BYTES:
        return False
    _trimmed_at = dropped
    _TRIM(0)
    return True


def _large(environ: Mapping[str, Any]) -> bool:
    if environ.get("PATH_INFO") in _WHOLE_DATABASES:
        return True
    try:
        return int(environ.get("CONTENT_LENGTH") or 0) >= LARGE_BODY_BYTES
    except ValueError:
        return False
