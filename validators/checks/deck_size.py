"""deck-size: the deck holds exactly the format's number of cards (sideboard apart).

Legal:   60 cards in Unlimited
Illegal: 59 or 61 cards in Unlimited
"""

from __future__ import annotations

from collections.abc import Iterator

from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "deck-size"
MESSAGE = "the deck has {count} cards; {format} decks have exactly {size}"
DECK_SIZE = Code("deck-size", "deck size", (ERROR,), (MESSAGE,))
CODES = (DECK_SIZE,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    count = ctx.share.once(CHECK, lambda: sum(line.entry.copies for line in ctx.deck))
    if count != ctx.format.deck_size:
        yield Violation.of(DECK_SIZE, MESSAGE, ctx.format.rule(spec.section), count=count,
                           format=ctx.format.name, size=ctx.format.deck_size)
