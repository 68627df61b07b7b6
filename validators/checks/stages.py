"""stages: every Pokémon is of a stage the format allows (an organizer's rule: "Basic
Pokémon only"). A Pokémon's stages are its data's subtypes among validators.vocabulary's
STAGES; a Pokémon with none of them (the data leaves it out) is not judged.

Legal:   Pikachu PAL 62 (Basic) under stages Basic
Illegal: Raichu PAL 64 (Stage 1) under stages Basic
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.canonical import written
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation
from validators.vocabulary import STAGES

CHECK = "stages"
MESSAGE = "line {line}: {card} is {stage}: {format} allows {allowed} Pokémon"
STAGE = Code("stages", "stage not allowed", (ERROR,), (MESSAGE,))
CODES = (STAGE,)
_STAGES = frozenset(STAGES)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    allowed = frozenset(spec.params["allowed"])
    words = ", ".join(spec.params["allowed"])
    rule = ctx.format.rule(spec.section)
    for line in ctx.known:
        card = line.resolution.card
        if card is None or card.supertype != "Pokémon":
            continue  # ambiguous: ambiguous-card asks for the printing
        stages = [subtype for subtype in card.subtypes if subtype in _STAGES]
        if stages and not allowed.intersection(stages):
            yield Violation.of(STAGE, MESSAGE, rule, (ctx.ref(line),), line=line.entry.line,
                               name=card.name, id=card.id,
                               card=written(ctx.index, card), stage=" ".join(stages),
                               format=ctx.format.name, allowed=words)
