"""partner-ineligible: the Partner is a whole Pokémon card with its own full layout (I.1.1).

Legal:   Partner: Charizard ex (Type, HP, attacks, Weakness, Resistance, Retreat)
Illegal: Partner: Ho-Oh LEGEND (half a card), a BREAK or LV.X card, a V-UNION piece,
         a Trainer, or a Pokémon the catalog gives no Type, HP or attack/ability
"""

from __future__ import annotations

from collections.abc import Iterator

from catalog.index import Printing
from decklist.canonical import written
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, PartnerRules, Violation

CHECK = "partner-ineligible"
MESSAGE = "line {line}: {card} cannot be the Partner: {why}"
PARTNER_INELIGIBLE = Code("partner-ineligible", "Partner not allowed", (ERROR,), (MESSAGE,))
CODES = (PARTNER_INELIGIBLE,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    partner, rules = ctx.partner, ctx.format.partner
    if partner is None or rules is None:
        return
    why = reason(partner, rules)
    if why:
        line = ctx.partner_lines[0]
        yield Violation.of(PARTNER_INELIGIBLE, MESSAGE, ctx.format.rule(spec.section),
                           (ctx.ref(line),), line=line.entry.line, name=partner.name,
                           id=partner.id,
                           card=written(ctx.index, partner), why=why)


def reason(printing: Printing, rules: PartnerRules) -> str | None:
    """Why the printing cannot be a Partner, or None when it can."""
    if printing.supertype != "Pokémon":
        return f"it is a {printing.supertype} card, not a Pokémon"
    for subtype, why in rules.ineligible:
        if subtype in printing.subtypes:
            return why
    if not printing.has_full_layout:
        return "the catalog gives it no Type, HP, or attack or ability of its own (I.1.1)"
    return None
