"""JSON views: one module per resource, each building plain dicts and lists from domain values.

Views of what depends only on a catalog version (a line's resolution, its standing in a
format and date) are kept in the catalog's cache holder (runtime.catalog_caches) and must
never be changed by the caller: a response copies what it adds to.

May import: api.middleware, catalog, decklist, validators, runtime.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from validators.formats import in_use


def catalog_ref(version: str) -> dict[str, Any]:
    """The catalog an answer was made from, and the rules bundle it was judged by."""
    return {"version": version, "rules": in_use().version}


def iso_date(value: dt.date | None) -> str | None:
    return value.isoformat() if value else None
