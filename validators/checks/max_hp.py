"""max-hp: no Pokémon of more HP than the format allows (an organizer's rule). A Pokémon
whose HP the data leaves out is not judged, and says so.

Legal:   Pikachu PAL 62 (70 HP) under at most 120 HP
Illegal: Charizard ex OBF 125 (330 HP) under at most 120 HP
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.canonical import written
from validators.context import Context
from validators.records import ERROR, WARNING, CheckSpec, Code, Violation

CHECK = "max-hp"
MESSAGE = "line {line}: {card} has {hp} HP: {format} allows at most {most}"
UNKNOWN_MESSAGE = "line {line}: {card} has no HP in the catalog: its HP is not checked"
MAX_HP = Code("max-hp", "HP over the limit", (ERROR, WARNING), (MESSAGE, UNKNOWN_MESSAGE))
CODES = (MAX_HP,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    most = int(spec.params["hp"])
    rule = ctx.format.rule(spec.section)
    for line in ctx.known:
        card = line.resolution.card
        if card is None or card.supertype != "Pokémon":
            continue  # ambiguous: ambiguous-card asks for the printing
        if card.hp is None:
            yield Violation.of(MAX_HP, UNKNOWN_MESSAGE, rule, (ctx.ref(line),), WARNING,
                               line=line.entry.line, name=card.name, id=card.id,
                               card=written(ctx.index, card))
        elif card.hp > most:
            yield Violation.of(MAX_HP, MESSAGE, rule, (ctx.ref(line),), ERROR,
                               line=line.entry.line, name=card.name, id=card.id,
                               card=written(ctx.index, card), hp=card.hp,
                               format=ctx.format.name, most=most)
