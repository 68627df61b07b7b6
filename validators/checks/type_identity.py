"""type-identity: every card's Type Identity lies within the Partner's (I.2, I.3.1).

A Pokémon's identity is its Types plus the basic Energy Types of its attack costs;
Colorless and Dragon are none; a non-Pokémon card has none (catalog.identity.type_identity).

Legal:   Partner Rayquaza-EX (Dragon; {R}{L} costs) and a Fire Pokémon
Illegal: Partner Charizard (Fire) and a Dragon Pokémon whose attack costs {L}
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.canonical import written
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "type-identity"
MESSAGE = ("line {line}: {card} has {outside} in its Type Identity, outside the "
           "Partner's ({partner})")
TYPE_IDENTITY = Code("type-identity", "outside the Partner's Type Identity", (ERROR,), (MESSAGE,))
CODES = (TYPE_IDENTITY,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    partner = ctx.partner
    if partner is None:
        return  # no single Partner: partner-missing says so, and there is nothing to compare
    allowed = set(partner.type_identity)
    for line in ctx.known:
        card = line.resolution.card
        if card is None:
            continue  # an ambiguous line: ambiguous-card asks for the printing
        if allowed.issuperset(card.type_identity):
            continue
        outside = [energy_type for energy_type in card.type_identity if energy_type not in allowed]
        if outside:
            yield Violation.of(TYPE_IDENTITY, MESSAGE, ctx.format.rule(spec.section),
                               (ctx.ref(line),), line=line.entry.line, name=card.name, id=card.id,
                               card=written(ctx.index, card),
                               outside=", ".join(outside),
                               partner=", ".join(partner.type_identity) or "no Type")
