"""The checks every reader of card data makes of the values it reads, each refusing with an
error that names the file, the record and the field.

A source may be hostile or broken: every string is bounded in length, every list in items,
every row checked against the SQL column it is written to, each by a limit of
catalog/importing/import_limits.py.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Iterable
from typing import Any

from sqlalchemy import Integer, String

from catalog.importing.import_limits import MAX_LIST_ITEMS, MAX_NAME_CHARS, MAX_TEXT_CHARS
from catalog.models import Base

# A string's limit, as the error names it.
NAME = (MAX_NAME_CHARS, "a name")
TEXT = (MAX_TEXT_CHARS, "a text")
_INT_RANGE = range(-2**31, 2**31)  # an integer column's, on PostgreSQL


class CatalogImportError(Exception):
    """The source data is bad; the message names the file and the card."""


def refuse_count(where: str, what: str, count: int, cap: int, of: str) -> None:
    if count > cap:
        raise CatalogImportError(f"{where}: {count:,} {what}, more than {cap:,}, the limit "
                                 f"of {of}")


def load_json(body: bytes, path: str) -> Any:
    try:
        return json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CatalogImportError(f"{path}: malformed JSON ({error})") from None


def check_unique(ids: Iterable[str], where: str, what: str) -> None:
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            raise CatalogImportError(f"{where}: {what} id {item!r} appears twice")
        seen.add(item)


def require(raw: Any, key: str, where: str) -> str:
    value = raw.get(key) if isinstance(raw, dict) else None
    if not isinstance(value, str) or not value.strip():
        raise CatalogImportError(f"{where}: missing or empty {key!r}")
    return string(value.strip(), repr(key), where, NAME) or ""


def string(value: Any, label: str, where: str, limit: tuple[int, str]) -> str | None:
    """A string of at most the limit's characters, or None; anything else is refused."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise CatalogImportError(f"{where}: {label} must be a string")
    cap, kind = limit
    if len(value) > cap:
        raise CatalogImportError(f"{where}: {label} is {len(value):,} characters, more than "
                                 f"{cap:,}, the limit of {kind}")
    return value


def optional(raw: dict[str, Any], key: str, where: str,
             limit: tuple[int, str] = NAME) -> str | None:
    """An optional string field: None when missing or empty."""
    return string(raw.get(key), repr(key), where, limit) or None


def records(raw: dict[str, Any], key: str, where: str,
            fields: dict[str, tuple[int, str]]) -> list[dict[str, Any]]:
    """A list of objects, each with only the string fields named (as far as it has them)."""
    found = []
    for number, value in enumerate(items_of(raw, key, where), start=1):
        label = f"{key!r} #{number}"
        found.append(kept(record(value, label, where), label, where, fields))
    return found


def kept(item: dict[str, Any], label: str, where: str,
         fields: dict[str, tuple[int, str]]) -> dict[str, Any]:
    """The string fields named, as far as the object has them."""
    return {name: string(item[name], f"{label} {name!r}", where, limit)
            for name, limit in fields.items() if name in item}


def record(value: Any, label: str, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CatalogImportError(f"{where}: {label} must be an object")
    return value


def strings(raw: dict[str, Any], key: str, where: str,
            limit: tuple[int, str] = NAME) -> list[str]:
    return [string(value, f"{key!r} #{number}", where, limit) or ""
            for number, value in enumerate(items_of(raw, key, where), start=1)]


def items_of(raw: dict[str, Any], key: str, where: str) -> list[Any]:
    return items(raw.get(key), repr(key), where)


def items(value: Any, label: str, where: str) -> list[Any]:
    """A list of at most MAX_LIST_ITEMS items; a missing one is empty."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise CatalogImportError(f"{where}: {label} must be a list")
    refuse_count(where, f"items in {label}", len(value), MAX_LIST_ITEMS, "a list on a card")
    return value


def pokedex(value: Any, label: str, where: str) -> list[int]:
    """National Pokédex numbers, each a whole number from 1 to 9999; a fraction (TCGdex's
    384.1 for a δ Rayquaza) is its species' number."""
    found = []
    for item in items(value, label, where):
        if isinstance(item, float) and 1 <= item < 10_000:
            item = int(item)
        if not isinstance(item, int) or isinstance(item, bool) or not 1 <= item < 10_000:
            raise CatalogImportError(f"{where}: {label} must hold whole numbers from 1 to "
                                     "9999")
        found.append(item)
    return found


def integer(value: Any) -> int | None:
    return value if isinstance(value, int) else None


def mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


@functools.cache
def _columns(model: type[Base]) -> tuple[dict[str, int], tuple[str, ...]]:
    """A table's sized string columns with their sizes, and its integer columns."""
    columns = model.__table__.columns
    return ({c.key: c.type.length for c in columns
             if isinstance(c.type, String) and c.type.length},
            tuple(c.key for c in columns if isinstance(c.type, Integer)))


def fitted(row: dict[str, Any], model: type[Base], where: str) -> dict[str, Any]:
    """The row, when every value fits its column: PostgreSQL would refuse one that does
    not in the middle of the write, and SQLite would keep it whatever its size."""
    sizes, integers = _columns(model)
    for key, size in sizes.items():
        value = row.get(key)
        if isinstance(value, str) and len(value) > size:
            raise CatalogImportError(f"{where}: {key!r} is {len(value):,} characters, more "
                                     f"than its column's {size}")
    for key in integers:
        value = row.get(key)
        if isinstance(value, int) and value not in _INT_RANGE:
            raise CatalogImportError(f"{where}: {key!r} is out of its column's range")
    return row
