"""Named tuples built the fast way, for the values hot loops make once a line."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar, cast

T = TypeVar("T")


def tuple_builder(cls: type[T]) -> Callable[[tuple[Any, ...]], T]:
    """Build a named tuple from a tuple of all its fields, in order, skipping the Python-level
    `__new__` that NamedTuple writes, which nearly doubles a tuple's cost (and a frozen
    dataclass costs several times a named tuple). Requests build one `Entry` and one
    `ResolvedLine` per line, a `Violation` per line a format finds at fault, and a `Verdict`
    per format a deck is judged in, so hot loops build them with this; nothing else should.
    No defaults and no argument checks: pass every field
    (speed trick "tuple builder": docs/performance.md)."""
    return cast(Callable[[tuple[Any, ...]], T], functools.partial(tuple.__new__, cls))
