"""ambiguous-card: a name-only line whose candidate cards differ in legality.

With the parameter `any_difference` (Partner Battles), any line naming several cards is
ambiguous: which card it is decides Type Identity and the singleton rule.

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
ANY_MESSAGE = ("line {line}: {text!r} names {cards} different cards; in {format} which card it "
               "is matters, so give its set and number")


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    for line in ctx.deck:
        if line.status != AMBIGUOUS:
            continue
        standings = ctx.standings(line)
        strict = bool(spec.params.get("any_difference"))
        if strict or len({standing.playable for standing in standings}) > 1:
            message = ANY_MESSAGE if strict else MESSAGE
            yield Violation(CODE, SEVERITY, message.format(
                line=line.entry.line, text=line.entry.text, cards=len(standings),
                format=ctx.format.name), ctx.format.rule(spec.section), (card_ref(line),))
