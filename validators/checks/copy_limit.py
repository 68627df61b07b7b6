"""copy-limit: at most N copies of a card, counted by English title; basic Energy exempt.

Legal:   4 Bill BS 91 + 0 other Bill
Illegal: 3 Bill BS 91 + 2 Bill LC 108    (5 cards titled "Bill", from two printings)
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.resolver import ResolvedLine
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "copy-limit"
MESSAGE = "{count} cards titled {title!r}; at most {limit} are allowed"
COPY_LIMIT = Code("copy-limit", "too many copies", (ERROR,), (MESSAGE,))
CODES = (COPY_LIMIT,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    limit = ctx.format.copy_limit
    if limit is None:
        return
    for lines, count in ctx.share.once(CHECK, lambda: _by_title(ctx.known)):
        if count > limit:
            yield Violation.of(COPY_LIMIT, MESSAGE, ctx.format.rule(spec.section),
                               tuple(ctx.ref(line) for line in lines), count=count,
                               title=lines[0].resolution.printings[0].name, limit=limit)


def _by_title(known: list[ResolvedLine]) -> list[tuple[list[ResolvedLine], int]]:
    """The deck's lines grouped by the title their copies count towards, with those copies,
    in the order the titles first come: the deck's, in every format. One pass, so that a
    deck of many titles over the limit costs its lines, not its lines times its titles."""
    lines_of: dict[str, list[ResolvedLine]] = {}
    for line in known:
        title = line.resolution.counted_title  # None: exempt (basic Energy, or its own text)
        if title is not None:
            lines_of.setdefault(title, []).append(line)
    return [(lines, sum(line.entry.copies for line in lines)) for lines in lines_of.values()]
