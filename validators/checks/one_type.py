"""one-type: every Pokémon in the deck shares one Type (Gym Leader Challenge).

The Types are the printed ones (Printing.types), not attack costs: this is not Partner
Battles' Type Identity (type-identity), which also counts costs and reaches Trainers. A
dual-type Pokémon counts for each of its Types, so it fits a deck of either; Energy and
Trainer cards have no Type here. A Pokémon with no printed Type in the data is left out
rather than guessed.

Legal:   Volcarona STS (Grass and Fire) in a Fire deck, and in a Grass deck
Illegal: Eevee (Colorless) with Vaporeon (Water): no one Type is shared by both
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from catalog.index import Printing
from decklist.resolver import ResolvedLine
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "one-type"
MESSAGE = ("line {line}: {name} ({id}) is {types}, but the deck's other Pokémon are {deck_type}: "
           "every Pokémon in a {format} deck shares one Type")
ONE_TYPE = Code("one-type", (ERROR,), (MESSAGE,))
CODES = (ONE_TYPE,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    pokemon = [(line, card) for line in ctx.known
               if (card := line.resolution.card) is not None and card.supertype == "Pokémon"
               and card.types]
    if not pokemon:
        return
    shared = set(pokemon[0][1].types).intersection(*(card.types for _, card in pokemon))
    if shared:
        return
    deck_type = _most_held(pokemon)
    for line, card in pokemon:
        if deck_type not in card.types:
            yield Violation.of(ONE_TYPE, MESSAGE, ctx.format.rule(spec.section),
                               (ctx.ref(line),), line=line.entry.line, name=card.name,
                               id=card.id, types=" and ".join(card.types), deck_type=deck_type,
                               format=ctx.format.name)


def _most_held(pokemon: list[tuple[ResolvedLine, Printing]]) -> str:
    """The Type most of the deck's Pokémon cards have: the deck's Type, as its lines show it
    (ties go to the Type met first), so the violations name the few lines that stray."""
    held: Counter[str] = Counter()
    for line, card in pokemon:
        for energy_type in card.types:
            held[energy_type] += line.entry.copies
    return held.most_common(1)[0][0]
