"""rarity: every card of the deck is printed at a rarity the format allows (an organizer's
rule: a "Pauper" format of Commons and Uncommons). Basic Energy is exempt.

The printing the line names is judged: a card printed as a Common in one set and a Rare in
another is a Common only in the first; with `any_printing`, a card is in when any printing
of it (its gameplay identity) is of an allowed rarity, as "Pauper" events read it. `cards`
are printings allowed whatever their rarity (an event's named exceptions). Rarities compare
as the data spells them, case and spaces aside ("Double Rare", "DoubleRare"). A printing
whose rarity the data leaves out is not judged here, and says so.

Legal:   Pikachu PAL 62 (Common) under rarities Common, Uncommon
Illegal: Pikachu ex SSP 57 (Double Rare) under rarities Common, Uncommon
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.canonical import written
from validators.context import Context
from validators.records import ERROR, WARNING, CheckSpec, Code, Violation

CHECK = "rarity"
MESSAGE = "line {line}: {card} is printed {rarity}: {format} allows {allowed}"
UNKNOWN_MESSAGE = ("line {line}: {card} has no rarity in the catalog: its rarity is not "
                   "checked")
RARITY = Code("rarity", "rarity not allowed", (ERROR, WARNING), (MESSAGE, UNKNOWN_MESSAGE))
CODES = (RARITY,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    params = spec.params
    allowed = {folded(rarity) for rarity in params["allowed"]}
    words = ", ".join(params["allowed"])
    excepted = frozenset(params.get("cards", ()))
    rule = ctx.format.rule(spec.section)
    for line in ctx.known:
        card = line.resolution.card
        if card is None or card.is_basic_energy or card.id in excepted:
            continue  # ambiguous: ambiguous-card asks for the printing
        if params.get("any_printing") and any(
                p.rarity is not None and folded(p.rarity) in allowed
                for p in ctx.index.by_function.get(card.function_key, ())):
            continue
        if card.rarity is None or card.rarity == "None":
            yield Violation.of(RARITY, UNKNOWN_MESSAGE, rule, (ctx.ref(line),), WARNING,
                               line=line.entry.line, name=card.name, id=card.id,
                               card=written(ctx.index, card))
        elif folded(card.rarity) not in allowed:
            yield Violation.of(RARITY, MESSAGE, rule, (ctx.ref(line),), ERROR,
                               line=line.entry.line, name=card.name, id=card.id,
                               card=written(ctx.index, card),
                               rarity=card.rarity, format=ctx.format.name, allowed=words)


def folded(rarity: str) -> str:
    return "".join(rarity.casefold().split())
