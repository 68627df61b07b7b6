"""The format definitions, one JSON file each, read into typed records."""

from __future__ import annotations

import datetime as dt
import functools
import json
from pathlib import Path
from typing import Any

from validators.model import CardPool, CheckSpec, FormatDefinition

FORMATS_DIR = Path(__file__).resolve().parent
# The order formats are listed and answered in for format=all.
ORDER = ("unlimited", "modified")


class UnknownFormat(KeyError):
    """No format has this id."""


@functools.cache
def all_formats() -> dict[str, FormatDefinition]:
    """Every format, read once per process (the files ship with the code)."""
    return {format_id: _read(FORMATS_DIR / f"{format_id}.json") for format_id in ORDER}


def get_format(format_id: str) -> FormatDefinition:
    try:
        return all_formats()[format_id]
    except KeyError:
        raise UnknownFormat(format_id) from None


def _read(path: Path) -> FormatDefinition:
    raw: dict[str, Any] = json.loads(path.read_bytes())
    pool = raw["pool"]
    return FormatDefinition(
        id=raw["id"], name=raw["name"], version=raw["version"],
        description=raw["description"], document=raw["document"],
        document_date=dt.date.fromisoformat(raw["document_date"]),
        deck_size=raw["deck_size"], copy_limit=raw["copy_limit"],
        pool=CardPool(
            all_sets=pool.get("all_sets", False), sets=tuple(pool.get("sets", ())),
            later_than=pool.get("later_than"),
            promo_numbers={k: (v[0], v[1]) for k, v in pool.get("promo_numbers", {}).items()},
            exempt_basic_types=tuple(pool.get("exempt_basic_types", ())),
            reprints_legal=pool.get("reprints_legal", False)),
        banned=tuple(raw["banned"]),
        default_as_of=dt.date.fromisoformat(raw["default_as_of"]) if raw["default_as_of"]
        else None,
        prizes=raw["prizes"], round_minutes=raw["round_minutes"],
        checks=tuple(CheckSpec(c["code"], c["section"]) for c in raw["checks"]))
