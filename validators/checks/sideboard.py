"""sideboard: Pokémon tournaments allow no sideboard.

Legal:   a list with no Sideboard section
Illegal: Sideboard: 2 Gust of Wind
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.parsed import SIDEBOARD
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "sideboard"
MESSAGE = "the list has a sideboard of {count} cards; no sideboards are allowed"
SIDEBOARD_CODE = Code("sideboard", "sideboard", (ERROR,), (MESSAGE,))
CODES = (SIDEBOARD_CODE,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    lines = ctx.share.once(CHECK, lambda: [line for line in ctx.lines
                                           if line.entry.section == SIDEBOARD])
    if lines:
        yield Violation.of(SIDEBOARD_CODE, MESSAGE, ctx.format.rule(spec.section),
                           tuple(ctx.ref(line) for line in lines),
                           count=sum(line.entry.copies for line in lines))
