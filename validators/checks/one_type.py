"""one-type: every Pokémon in the deck shares one Type (Gym Leader Challenge).

The Types are the printed ones (Printing.types), not attack costs: this is not Partner
Battles' Type Identity (type-identity), which also counts costs and reaches Trainers. A
dual-type Pokémon counts for each of its Types, so it fits a deck of either; Energy and
Trainer cards have no Type here. A Pokémon with no printed Type in the data is left out
rather than guessed.

An organizer's format may name the Types a deck may be (`types`: a Monotype event's nine,
Colorless and Dragon left out) and hold the deck's basic Energy to its Type
(`basic_energy`).

Legal:   Volcarona STS (Grass and Fire) in a Fire deck, and in a Grass deck
Illegal: Eevee (Colorless) with Vaporeon (Water): no one Type is shared by both; with
         `types` Fire and Water, a deck of Eevee alone; with `basic_energy`, Water Energy
         in a Fire deck
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from catalog.index import Printing
from catalog.names import energy_type_of_key
from decklist.canonical import written
from decklist.resolver import ResolvedLine
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, RuleRef, Violation

CHECK = "one-type"
MESSAGE = ("line {line}: {card} is {types}, but the deck's other Pokémon are {deck_type}: "
           "every Pokémon in a {format} deck shares one Type")
NOT_ALLOWED = ("line {line}: {card} is {types}: a {format} deck's one Type is one of "
               "{allowed}")
ENERGY = ("line {line}: {name} is {energy} Energy, but the deck's Pokémon are {deck_type}: "
          "{format} allows basic Energy of the deck's Type only")
ONE_TYPE = Code("one-type", "not the deck's one Type", (ERROR,), (MESSAGE, NOT_ALLOWED, ENERGY))
CODES = (ONE_TYPE,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    """Every Pokémon shares a Type; an organizer's format may name the Types a deck may be
    (`types`) and hold basic Energy to the deck's Type too (`basic_energy`)."""
    allowed = frozenset(spec.params.get("types", ()))
    pokemon = [(line, card) for line in ctx.known
               if (card := line.resolution.card) is not None and card.supertype == "Pokémon"
               and card.types]
    if not pokemon:
        return
    shared = set(pokemon[0][1].types).intersection(*(card.types for _, card in pokemon))
    if allowed:
        shared &= allowed
    rule = ctx.format.rule(spec.section)
    if not shared:
        deck_type = _most_held(pokemon, allowed)
        for line, card in pokemon:
            if deck_type is None or deck_type not in card.types:
                yield _stray(ctx, rule, line, card, deck_type, allowed)
        shared = {deck_type} if deck_type is not None else set()
    if spec.params.get("basic_energy") and shared:
        yield from _energy(ctx, rule, shared)


def _stray(ctx: Context, rule: RuleRef, line: ResolvedLine, card: Printing,
           deck_type: str | None, allowed: frozenset[str]) -> Violation:
    if deck_type is None:  # no Pokémon is of a Type the format allows
        return Violation.of(ONE_TYPE, NOT_ALLOWED, rule, (ctx.ref(line),),
                            line=line.entry.line, name=card.name, id=card.id,
                            card=written(ctx.index, card),
                            types=" and ".join(card.types), format=ctx.format.name,
                            allowed=", ".join(sorted(allowed)))
    return Violation.of(ONE_TYPE, MESSAGE, rule, (ctx.ref(line),), line=line.entry.line,
                        name=card.name, id=card.id,
                        card=written(ctx.index, card), types=" and ".join(card.types),
                        deck_type=deck_type, format=ctx.format.name)


def _energy(ctx: Context, rule: RuleRef, deck_types: set[str]) -> Iterator[Violation]:
    """Each basic Energy line of a Type not the deck's."""
    for line in ctx.known:
        card = line.resolution.card
        if card is None or not card.is_basic_energy:
            continue
        energy = energy_type_of_key(card.search_key)
        if energy is not None and energy not in deck_types:
            yield Violation.of(ONE_TYPE, ENERGY, rule, (ctx.ref(line),), line=line.entry.line,
                               name=card.name, energy=energy,
                               deck_type=" or ".join(sorted(deck_types)),
                               format=ctx.format.name)


def _most_held(pokemon: list[tuple[ResolvedLine, Printing]],
               allowed: frozenset[str] = frozenset()) -> str | None:
    """The Type most of the deck's Pokémon cards have (of those `allowed`, when given): the
    deck's Type, as its lines show it (ties go to the Type met first), so the violations name
    the few lines that stray. None when no Pokémon is of an allowed Type."""
    held: Counter[str] = Counter()
    for line, card in pokemon:
        for energy_type in card.types:
            if not allowed or energy_type in allowed:
                held[energy_type] += line.entry.copies
    return held.most_common(1)[0][0] if held else None
