"""unknown-card: every line must name a card the catalog knows.

Legal:   4 Pikachu BS 58
Illegal: 4 Pikachoo        (no such card: the deck cannot be shown legal)
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.resolver import UNKNOWN
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "unknown-card"
MESSAGE = "line {line}: {text!r} is not a card in the catalog; its legality cannot be checked"
UNKNOWN_CARD = Code("unknown-card", (ERROR,), (MESSAGE,))
CODES = (UNKNOWN_CARD,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    unknown = ctx.share.once(CHECK, lambda: [line for line in ctx.deck
                                             if line.resolution.status == UNKNOWN])
    for line in unknown:
        yield Violation.of(UNKNOWN_CARD, MESSAGE, ctx.format.rule(spec.section),
                           (ctx.ref(line),), line=line.entry.line, text=line.entry.text)
