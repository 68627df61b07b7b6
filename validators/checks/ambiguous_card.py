"""ambiguous-card: a name-only line whose candidate cards differ in legality.

Legal:   4 Bill             (every Bill is one card, and it is legal)
Illegal: 4 Charizard        (in Modified: some Charizards are legal, some not)
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.resolve import AMBIGUOUS
from validators.context import Context, card_ref
from validators.model import ERROR, CheckSpec, Violation

CODE = "ambiguous-card"
SEVERITY = ERROR
MESSAGE = ("line {line}: {text!r} names {cards} different cards that differ in legality here; "
           "give its set and number")


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    for line in ctx.deck:
        if line.status != AMBIGUOUS:
            continue
        standings = ctx.standings(line)
        if len({standing.playable for standing in standings}) > 1:
            yield Violation(CODE, SEVERITY, MESSAGE.format(
                line=line.entry.line, text=line.entry.text, cards=len(standings)),
                ctx.format.rule(spec.section), (card_ref(line),))
