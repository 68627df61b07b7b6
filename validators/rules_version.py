"""The version of deckjudge's own rules: a digest of the format files it ships
(validators/formats/*.json), which changes when any of them does. What is built from the
rules and the catalog (the bulk files, api/bulk_files.py) is stamped with it."""

from __future__ import annotations

import functools
import hashlib

from validators.formats import FORMATS_DIR


@functools.cache
def rules_version() -> str:
    """16 hex digits of the sha256 of every shipped format file, by name, in name order."""
    digest = hashlib.sha256()
    for path in sorted(FORMATS_DIR.glob("*.json")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]
