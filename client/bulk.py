"""`deckjudge catalog bulk`: a bulk file (GET /v1/bulk) downloaded, from a service or built
by this process's catalog.

From a service, a download already whole under the same ETag is not fetched again, and one
cut off is resumed where it stopped (Range, with If-Range: the rest only if the file is still
the same; else the whole of the new one). The file is written beside its target and put in
its place once whole and of the size the list gives.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from client.services import LocalService, RemoteService, ServiceUnavailable

KINDS = ("printings", "cards", "formats")
_CHUNK = 1 << 16


@dataclass(frozen=True)
class Downloaded:
    path: Path
    listed: dict[str, Any]  # the file's entry in GET /v1/bulk
    fetched: bool  # False: the file there was already this one


def download(service: RemoteService | LocalService, kind: str, target: Path) -> Downloaded:
    """The bulk file `kind` of the service, at `target`."""
    listed = _listed(service, kind)
    etag_file = target.with_name(target.name + ".etag")
    if target.exists() and _read(etag_file) == listed["etag"] \
            and target.stat().st_size == listed["size"]:
        return Downloaded(target, listed, False)
    partial = target.with_name(target.name + ".part")
    start = partial.stat().st_size if partial.exists() and _read(etag_file) == listed["etag"] \
        else 0
    etag_file.write_text(listed["etag"])
    status, chunks = _get(service, listed["url"], start, listed["etag"])
    with open(partial, "ab" if status == 206 else "wb") as out:
        for chunk in chunks:
            out.write(chunk)
    size = partial.stat().st_size
    if size != listed["size"]:
        raise ServiceUnavailable(f"the download of {listed['url']} stopped at {size:,} of "
                                 f"{listed['size']:,} bytes; run it again to resume it")
    os.replace(partial, target)
    return Downloaded(target, listed, True)


def _read(path: Path) -> str | None:
    return path.read_text().strip() if path.exists() else None


def _listed(service: RemoteService | LocalService, kind: str) -> dict[str, Any]:
    if isinstance(service, RemoteService):
        status, body = service.get_json("/v1/bulk")
    else:
        with service.app.test_client() as client:
            answer = client.get("/v1/bulk")
            status, body = answer.status_code, answer.get_json(silent=True)
    if status != 200 or not isinstance(body, dict):
        raise ServiceUnavailable(f"{service.where} did not list its bulk files (HTTP {status})")
    found = [item for item in body.get("items", []) if item.get("kind") == kind]
    if not found:
        raise ServiceUnavailable(f"{service.where} has no bulk file {kind!r}")
    return dict(found[0])


def _get(service: RemoteService | LocalService, path: str, start: int,
         etag: str) -> tuple[int, Iterable[bytes]]:
    """The file's status and bytes, from `start` where it is still `etag`'s."""
    headers = {"Range": f"bytes={start}-", "If-Range": f'"{etag}"'} if start else {}
    if isinstance(service, RemoteService):
        return service.download(path, headers, _CHUNK)
    client = service.app.test_client()
    answer = client.get(path, headers=headers, buffered=False)
    return answer.status_code, _closing(answer)


def _closing(answer: Any) -> Iterator[bytes]:
    try:
        yield from answer.iter_encoded()
    finally:
        answer.close()
