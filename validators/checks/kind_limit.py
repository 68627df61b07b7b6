"""kind-limit: at most N cards of some kinds (an organizer's rule: Rule Box Pokémon ≤ 2,
no ACE SPEC, Single Prize Pokémon only).

The kinds are the data's subtypes, as rule-box reads them: `kinds` reach a Pokémon,
`card_kinds` any card. Copies count, across lines and printings (with
`per_name`, those of each English title apart: "at most 2 copies of each Rule Box
Pokémon"); `max` 0 allows none, and then each line is named on its own. `what` words the
kinds, when the rule has a name of its own ("Pokémon that give more than one Prize card").

Legal:   2 Pikachu ex SSP 57 under "Rule Box Pokémon ≤ 2"; Radiant Greninja under Single
         Prize only (a Rule Box, one Prize)
Illegal: 3 Pikachu ex SSP 57 under "Rule Box Pokémon ≤ 2"; 1 Prime Catcher under no ACE SPEC
"""

from __future__ import annotations

from collections.abc import Iterator

from catalog.index import Printing
from decklist.canonical import written
from decklist.resolver import ResolvedLine
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "kind-limit"
NONE_MESSAGE = "line {line}: {card} is {kind}: {format} allows no {what}"
MESSAGE = "{count} {what} ({names}); {format} allows at most {max}"
KIND_LIMIT = Code("kind-limit", "too many of a kind", (ERROR,), (NONE_MESSAGE, MESSAGE))
CODES = (KIND_LIMIT,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    params = spec.params
    kinds = (*sorted(params["kinds"]), *sorted(params["card_kinds"]))
    what = params.get("what") or f"{', '.join(kinds)} cards"
    found = list(of_kinds(ctx, spec))
    most = int(params["max"])
    rule = ctx.format.rule(spec.section)
    if most == 0:
        for line, card, kind in found:
            yield Violation.of(KIND_LIMIT, NONE_MESSAGE, rule, (ctx.ref(line),),
                               line=line.entry.line, name=card.name, id=card.id,
                               card=written(ctx.index, card), kind=kind,
                               format=ctx.format.name, what=what)
        return
    groups: dict[str, list[tuple[ResolvedLine, Printing, str]]] = {}
    for each in found:  # one group, or one an English title (`per_name`)
        groups.setdefault(each[1].title_key if params.get("per_name") else "", []).append(each)
    for group in groups.values():
        count = sum(line.entry.copies for line, _, _ in group)
        if count > most:
            names = ", ".join(dict.fromkeys(card.name for _, card, _ in group))
            yield Violation.of(KIND_LIMIT, MESSAGE, rule,
                               tuple(ctx.ref(line) for line, _, _ in group), count=count,
                               what=what, names=names, format=ctx.format.name, max=most)


def of_kinds(ctx: Context, spec: CheckSpec) -> Iterator[tuple[ResolvedLine, Printing, str]]:
    """Each known line whose card is of the check's kinds, with the kind as a phrase (an
    ambiguous line is left to ambiguous-card, which asks for the printing)."""
    pokemon_kinds = frozenset(spec.params["kinds"])
    card_kinds = frozenset(spec.params["card_kinds"])
    for line in ctx.known:
        card = line.resolution.card
        if card is not None and (kind := kind_of(card, pokemon_kinds, card_kinds)) is not None:
            yield line, card, kind


def kind_of(card: Printing, pokemon_kinds: frozenset[str],
            card_kinds: frozenset[str]) -> str | None:
    """The first subtype of the card among the kinds, as a phrase; None when none is."""
    for subtype in card.subtypes:
        if subtype in card_kinds or (card.supertype == "Pokémon" and subtype in pokemon_kinds):
            return f"{'an' if subtype[0] in 'AEIOUaeiou' else 'a'} {subtype} card"
    return None
