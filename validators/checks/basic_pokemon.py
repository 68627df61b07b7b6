"""no-basic-pokemon: a deck holds a card it can begin a game with, a Basic Pokémon.

A game begins with a Basic Pokémon put into play from the opening hand; a hand without one
is shown, shuffled back and drawn again until it holds one (DCI Floor Rules 2003 §214–215,
"Basic or Baby Pokémon"; the Pokémon rulebook's setup, on which today's formats and Partner
Battles build). A deck without one can never begin. Counted as one: a Basic or Baby
Pokémon, and a Trainer its text plays as if it were a Basic Pokémon (Clefairy Doll, the
fossils); a line that may be one of several cards counts if any of them is one
(ambiguous-card says the line names several). A deck with a line that was not read or names
no known card is not judged here: that line may be its Basic Pokémon (unreadable-line and
unknown-card say what is wrong with it). In Partner Battles the Partner begins in the
Partner Zone, not the deck (II.2.2): with `partner_apart`, it does not count.

Legal:   1 Pikachu BS 58 and 59 Lightning Energy
Illegal: 8 Bill BS 91 and 52 Water Energy BS 102
"""

from __future__ import annotations

from collections.abc import Iterator

from catalog.index import Printing
from decklist.parsed import PARTNER
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "no-basic-pokemon"
MESSAGE = "the deck has no Basic Pokémon{apart}: a game begins with one from the opening " \
          "hand, so {format} decks hold at least one"
NO_BASIC_POKEMON = Code("no-basic-pokemon", "no Basic Pokémon", (ERROR,), (MESSAGE,))
CODES = (NO_BASIC_POKEMON,)
# The stages a game may begin with; pokemon-tcg-data spells Basic "Basic Stage" in Ascended
# Heroes and the Mega Evolution promos (Erika's Oddish, me2pt5-1).
_STARTS = frozenset({"Basic", "Baby", "Basic Stage"})


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    if ctx.problems or len(ctx.known) < len(ctx.deck):
        return  # a line not read, or of no known card, may be the deck's Basic Pokémon
    partner_apart = bool(spec.params.get("partner_apart"))
    for line in ctx.known:
        if partner_apart and line.entry.section == PARTNER:
            continue
        if any(_starts(printing) for printing in line.resolution.printings):
            return
    yield Violation.of(NO_BASIC_POKEMON, MESSAGE, ctx.format.rule(spec.section),
                       apart=" besides its Partner" if partner_apart else "",
                       format=ctx.format.name)


def _starts(printing: Printing) -> bool:
    """A card a game may begin with in play."""
    return printing.plays_as_basic or (
        printing.supertype == "Pokémon" and not _STARTS.isdisjoint(printing.subtypes))
