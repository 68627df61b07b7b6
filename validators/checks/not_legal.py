"""not-legal: every card is in the format's card pool (sets, promo numbers, dates).

Legal:   4 Bill LC 108 in Modified
Legal:   1 Charizard BS 4 in Modified: a previously printed copy of Legendary Collection's
         Charizard (legal via base6-3; reworded, so a reprint-wording warning)
Illegal: 4 Electabuzz BS 20 in Modified: no legal printing of that card
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.resolve import RESOLVED
from validators.context import Context, card_ref
from validators.model import ERROR, WARNING, CheckSpec, Violation

CODE = "not-legal"
SEVERITY = ERROR
MESSAGE = "line {line}: {name} ({id}) is not in the {format} card pool"
WORDING_CODE = "reprint-wording"
WORDING_MESSAGE = ("line {line}: {id} is legal as a printing of {via}, whose wording differs; "
                   "the legal printing's text is the one that counts")


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    for line in ctx.known:
        standings = ctx.standings(line)
        if standings.none_legal:
            shown = standings[0].printing
            yield Violation(CODE, SEVERITY, MESSAGE.format(
                line=line.entry.line, name=shown.name, id=shown.id, format=ctx.format.name),
                ctx.format.rule(spec.section), (card_ref(line),))
        elif line.status == RESOLVED:
            standing = standings[0]
            via = standing.legal_via
            if via is not None and via.text_fingerprint != standing.printing.text_fingerprint:
                yield Violation(WORDING_CODE, WARNING, WORDING_MESSAGE.format(
                    line=line.entry.line, id=standing.printing.id, via=via.id),
                    ctx.format.rule(spec.section), (card_ref(line),))
