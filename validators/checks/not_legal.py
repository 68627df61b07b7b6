"""not-legal: every card is in the format's card pool (sets, promo numbers, dates).

Legal:   4 Bill LC 108 in Modified
Legal:   1 Charizard BS 4 in Modified: a previously printed copy of Legendary Collection's
         Charizard (legal via base6-3; reworded, so a reprint-wording warning)
Illegal: 4 Electabuzz BS 20 in Modified: no legal printing of that card
Illegal: 1 Charizard CEL 4 in Modified on 2003-08-31 (not-yet-released): a printing that did
         not exist on the date judged is not legal, even as a reprint of a legal card
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.resolve import RESOLVED, ResolvedLine
from validators.context import Context, card_ref
from validators.model import ERROR, WARNING, CheckSpec, Violation
from validators.standing import CardStanding

CODE = "not-legal"
UNRELEASED_CODE = "not-yet-released"
UNRELEASED_MESSAGE = ("line {line}: {name} ({id}) was not yet released on {date}: {set} came out "
                      "{released}")
SEVERITY = ERROR
MESSAGE = "line {line}: {name} ({id}) is not in the {format} card pool"
WORDING_CODE = "reprint-wording"
WORDING_MESSAGE = ("line {line}: {id} is legal as a printing of {via}, whose wording differs; "
                   "the legal printing's text is the one that counts")


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    for line, standings in ctx.known_standings:
        if standings.none_legal:
            yield _not_legal(ctx, spec, line, standings.considered[0])
        elif line.resolution.status == RESOLVED:
            standing = standings.cards[0]
            via = standing.legal_via
            if via is not None and via.text_fingerprint != standing.printing.text_fingerprint:
                yield Violation.of(WORDING_CODE, WARNING, WORDING_MESSAGE,
                                   ctx.format.rule(spec.section), (card_ref(line),),
                                   line=line.entry.line, id=standing.printing.id, via=via.id)


def _not_legal(ctx: Context, spec: CheckSpec, line: ResolvedLine,
               standing: CardStanding) -> Violation:
    shown = standing.printing
    rule = ctx.format.rule(spec.section)
    if not standing.released and ctx.as_of is not None:
        info = ctx.index.sets[shown.set_id]
        released = info.release_date.isoformat() if info.release_date else "on no known date"
        return Violation.of(UNRELEASED_CODE, SEVERITY, UNRELEASED_MESSAGE, rule, (card_ref(line),),
                            line=line.entry.line, name=shown.name, id=shown.id,
                            date=ctx.as_of.isoformat(), set=info.name, released=released)
    return Violation.of(CODE, SEVERITY, MESSAGE, rule, (card_ref(line),), line=line.entry.line,
                        name=shown.name, id=shown.id, format=ctx.format.name)
