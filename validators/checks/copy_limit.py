"""copy-limit: at most N copies of a card, counted by English title; basic Energy exempt.

Legal:   4 Bill BS 91 + 0 other Bill
Illegal: 3 Bill BS 91 + 2 Bill LC 108    (5 cards titled "Bill", from two printings)
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.resolve import ResolvedLine
from validators.context import Context
from validators.model import ERROR, CheckSpec, Code, Violation

CHECK = "copy-limit"
MESSAGE = "{count} cards titled {title!r}; at most {limit} are allowed"
COPY_LIMIT = Code("copy-limit", (ERROR,), (MESSAGE,))
CODES = (COPY_LIMIT,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    limit = ctx.format.copy_limit
    if limit is None:
        return
    copies = ctx.share.once(CHECK, lambda: _by_title(ctx.known))
    for title, count in copies.items():
        if count > limit:
            lines = [line for line in ctx.known if line.resolution.counted_title == title]
            yield Violation.of(COPY_LIMIT, MESSAGE, ctx.format.rule(spec.section),
                               tuple(ctx.ref(line) for line in lines), count=count,
                               title=lines[0].resolution.printings[0].name, limit=limit)


def _by_title(known: list[ResolvedLine]) -> dict[str, int]:
    """The deck's copies by the title they count towards: the deck's, in every format."""
    copies: dict[str, int] = {}
    for line in known:
        title = line.resolution.counted_title  # None: exempt (basic Energy, or its own text)
        if title is not None:
            copies[title] = copies.get(title, 0) + line.entry.copies
    return copies
