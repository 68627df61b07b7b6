"""rule-box: no card with a Rule Box (Gym Leader Challenge), nor of the kinds the format
treats as one (ACE SPEC).

Which cards have a Rule Box is the format's parameter, by the data's subtypes: `kinds` mark
a Pokémon with one (EX, GX, V, ex, BREAK, Radiant…), and `card_kinds` any card (Prism Star
Trainers and Energy; ACE SPEC); the rule kind no-rule-box gives Gym Leader Challenge's
(validators.vocabulary) where a format names none. Subtypes rather than
rule text, because the data leaves the rule text out of some Pokémon ex.

Legal:   Raichu (Basic Pokémon, no Rule Box); Bunnelby PRC 121 (an Ancient Trait is no Rule Box)
Illegal: Pikachu ex SSP 57; Lusamine ◇ (a Prism Star Supporter); Prime Catcher (ACE SPEC)
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.canonical import written
from validators.checks.kind_limit import of_kinds
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "rule-box"
MESSAGE = "line {line}: {card} is {kind}: {format} allows no Rule Box cards"
RULE_BOX = Code("rule-box", "Rule Box card", (ERROR,), (MESSAGE,))
CODES = (RULE_BOX,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    for line, card, kind in of_kinds(ctx, spec):
        yield Violation.of(RULE_BOX, MESSAGE, ctx.format.rule(spec.section), (ctx.ref(line),),
                           line=line.entry.line, name=card.name, id=card.id,
                           card=written(ctx.index, card), kind=kind,
                           format=ctx.format.name)
