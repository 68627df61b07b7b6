"""The one place answers are written from pre-encoded parts: the views' speed trick.

A decklist line in an answer is one JSON object: its own fields (`heads`, encoded once per
answer), then the rest, which is the same for every line that reads alike in a catalog (what
it resolved to, or where it stands in a format on a date) and is kept encoded on the catalog
index, keyed by plain values (`kept`), made from what the judgement already holds.

Encoding the rest afresh for every answer, and the heads in each verdict of a several-format
answer rather than once, would cost an answer a tenth of its time
(speed trick "encoded lines": docs/performance.md, measured with bench/micro.py).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

import orjson

from catalog.index import CatalogIndex
from decklist.resolver import ResolvedLine
from runtime import deadline
from runtime.caches import Kept, Spec, plain_bytes, text_bytes


def heads(lines: Sequence[ResolvedLine]) -> list[bytes]:
    """Each line's own fields (line, text, count, section), encoded as the head of its
    object: once per answer."""
    return [orjson.dumps({"line": line.entry.line, "text": line.entry.text,
                          "count": line.entry.copies, "section": line.entry.section})[:-1]
            + b"," for line in lines]


def numbers(lines: Sequence[ResolvedLine]) -> list[bytes]:
    """Each line's number alone as the head of its object, where the rest is said elsewhere
    (a several-format answer's standings)."""
    return [b'{"line":%d,' % line.entry.line for line in lines]


def line(head: bytes, rest: bytes) -> orjson.Fragment:
    """A line's object: its head, then the rest (kept bytes, an object of its own)."""
    return orjson.Fragment(head + rest[1:])


def view_bytes(key: object, view: bytes) -> int:
    """What a view's key (plain values: a line's reference, a legality's token, a date…)
    and its bytes hold."""
    return plain_bytes(key) + text_bytes(view)


LINE_VIEWS = Spec("line_views", view_bytes)


def kept(index: CatalogIndex, kind: str) -> Kept[Hashable, bytes]:
    """The encoded views of one kind, kept once per catalog index (in a bounded cache:
    runtime.caches' `line_views`); look one up with `.get(key, make, *args)`, where `make`
    returns `encode(view)`. Keys are plain values: what a key holds is weighed."""
    return index.caches.kept(kind, LINE_VIEWS)


def encode(view: dict[str, Any]) -> bytes:
    """A view to keep, copied to its own size: orjson's bytes keep its whole write buffer,
    many times a short view (speed trick "views at their own size": docs/performance.md,
    seen with tracemalloc)."""
    deadline.check()  # a line not seen before (one seen before costs a look-up)
    return bytes(memoryview(orjson.dumps(view)))
