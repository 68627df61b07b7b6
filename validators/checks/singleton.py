"""singleton: no two cards of the deck, the Partner included, are one card (I.3.3).

I.3.3 lists what can make two cards differ: Name, Pokémon Type, HP, Retreat Cost,
Weakness, Resistance, Ancient Trait, Ability (Pokémon Power, Poké-Power, Poké-Body) or
Attack.  Pokémon are one card when they share a function_key, which holds all of these, an
attack's effect included (catalog.gameplay).  Of these a Trainer or Energy card has only its
Name, so two of one title are one card, whatever their text.  Exempt: basic Energy (I.3.3.1), and
cards whose own printed text lets or makes you play several at once, up to that number
(I.3.3.2): every copy must be a printing that carries the text.

Legal:   Pikachu BS 58 and Pikachu LC 86 (one name, different attacks); 2 Ho-Oh LEGEND;
         Unown UF A and Unown UF R (one attack name and cost, different effects)
Illegal: Bill BS 91 and Bill LC 108 (one card); Potion BS 94 and Potion SVI 188 (one
         name); 3 Ho-Oh LEGEND
"""

from __future__ import annotations

from collections.abc import Iterator

from catalog.index import Printing
from decklist.resolver import ResolvedLine
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "singleton"
MESSAGE = ("{count} copies of {name} ({ids}) count as one card; a Partner Battles deck holds "
           "{allowed}")
SINGLETON = Code("singleton", "not singleton", (ERROR,), (MESSAGE,))
CODES = (SINGLETON,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    # Lines grouped by the card I.3.3 compares, in one pass: a deck of many repeated cards
    # costs its lines, not its lines times its cards.
    by_card: dict[str, list[tuple[ResolvedLine, Printing]]] = {}
    for line in ctx.known:
        card = line.resolution.card  # None when ambiguous: ambiguous-card asks which printing
        if card is not None and not card.is_basic_energy:
            by_card.setdefault(_one_card(card), []).append((line, card))
    for found in by_card.values():
        count = sum(line.entry.copies for line, _ in found)
        if count < 2:
            continue  # one copy is always allowed: most of a deck, and no need to look closer
        allowed = allowed_copies([card for _, card in found])
        if allowed is not None and count > allowed:
            ids = ", ".join(dict.fromkeys(card.id for _, card in found))
            yield Violation.of(SINGLETON, MESSAGE, ctx.format.rule(spec.section),
                               tuple(ctx.ref(line) for line, _ in found), count=count,
                               name=found[0][1].name, ids=ids, allowed=_allowed_words(allowed))


def _one_card(card: Printing) -> str:
    """What I.3.3 compares: the whole card for a Pokémon, the name for anything else."""
    return card.function_key if card.supertype == "Pokémon" else f"title:{card.title_key}"


def allowed_copies(printings: list[Printing]) -> int | None:
    """How many copies these printings of one card may make up; None: any number."""
    if all(p.copies_unlimited for p in printings):
        return None
    together = [p.play_together for p in printings]
    if all(together):
        return min(n for n in together if n)
    return 1  # a printing without the text: the exception does not reach it


def _allowed_words(allowed: int) -> str:
    return "one copy of a card" if allowed == 1 else f"at most {allowed}, as its text allows"
