"""printed-limit: the deck limits a card prints on itself (catalog.printed_limits reads them).

Card text is part of the game's rules, so these hold wherever the card is played, also
where a format lifts the 4-copy rule (Limited, DCI Floor Rules 2003 §231: "not restricted
to four of any one card"). A format may keep to some scopes: Partner Battles III.2 does
not apply rules "that disallow certain cards with different names", so it runs only the
limits on one name (params: {"scopes": ["name"]}).

Legal:   1 Shining Gyarados N3 65; 4 Neo Unown of any letters (up to 4 in all)
Illegal: 2 Shining Gyarados N3 65                        (name-limit)
Illegal: 1 Computer Search BCR 137 + 1 Scramble Switch   (ace-spec-limit)
Illegal: 5 Neo Unown                                     (unown-limit)
Illegal: 2 Volcanion ◇ UNB 31                            (prism-star-limit)
Illegal: 2 Radiant Pokémon                               (radiant-limit)
Illegal: 2 Pokémon ★ ("You can't have more than 1 Pokémon Star in your deck": per deck,
         as printed)                                     (star-limit)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from catalog.index import Printing
from decklist.resolver import ResolvedLine
from validators.context import Context
from validators.records import CITES_CARD, ERROR, CheckSpec, Code, RuleRef, Violation

CHECK = "printed-limit"
MESSAGE = "{count} {what}{title}; {card} allows at most {limit}"


def _code(name: str, title: str) -> Code:
    """A printed limit's code: an error that cites the card's own sentence."""
    return Code(name, title, (ERROR,), (MESSAGE,), CITES_CARD)


@dataclass(frozen=True)
class Limit:
    """One kind of printed limit: its violation code, and how the message names its cards."""

    group: str  # catalog.printed_limits' limit_group
    code: Code
    what: str  # the cards counted, for the message


@dataclass(frozen=True)
class DeckLimit(Limit):
    counts: Callable[[Printing], bool]  # a card the limit counts (with or without the text)


# Deck-wide limits count every card of their kind, whether or not that printing carries the
# sentence (a deck may mix printings of one ACE SPEC, or Neo Unown with later Unown).
DECK_LIMITS = (
    DeckLimit("ACE SPEC", _code("ace-spec-limit", "more than one ACE SPEC"), "ACE SPEC cards",
          lambda p: p.limit_group == "ACE SPEC" or "ACE SPEC" in p.subtypes),
    DeckLimit("Radiant", _code("radiant-limit", "more than one Radiant Pokémon"), "Radiant Pokémon",
          lambda p: p.limit_group == "Radiant" or "Radiant" in p.subtypes),
    DeckLimit("Pokémon Star", _code("star-limit", "more than one Pokémon ★"), "Pokémon ★",
          lambda p: p.limit_group == "Pokémon Star"
          or (p.supertype == "Pokémon" and "★" in p.name)),
    DeckLimit("Unown", _code("unown-limit", "too many Unown"),
          "Basic Pokémon with Unown in their names",
          lambda p: p.supertype == "Pokémon" and "Basic" in p.subtypes
          and "unown" in p.title_key),
)
# Limits on one name count the cards of that title.
NAME_LIMITS = (
    Limit("Prism Star", _code("prism-star-limit", "more than one Prism Star card of a name"),
          "◇ cards named"),
    Limit("name", _code("name-limit", "too many of a name the card limits"), "cards named"),
)
CODES = tuple(limit.code for limit in (*DECK_LIMITS, *NAME_LIMITS))
DECK, NAME = "deck", "name"


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    # A card's own text and the deck's lines decide, and the card is cited, not the format:
    # what is found is the deck's, the same in every format that runs the check.
    scoped = scopes(spec)
    return iter(ctx.share.once((CHECK, scoped), lambda: list(_found(ctx, scoped))))


def scopes(spec: CheckSpec) -> tuple[str, ...]:
    """The scopes of limits the format applies: both, unless its params keep to some."""
    return tuple(spec.params.get("scopes", (DECK, NAME)))


def _found(ctx: Context, scopes: tuple[str, ...]) -> Iterator[Violation]:
    cards = [(line, card) for line in ctx.known if (card := line.resolution.card) is not None]
    setters = [card for _, card in cards if card.limit_group]
    if not setters:
        return  # no card in the deck prints a limit: most decks, so the look is one pass
    if DECK in scopes:
        for deck_limit in DECK_LIMITS:
            yield from _deck_limit(ctx, deck_limit, cards, setters)
    if NAME in scopes:
        for name_limit in NAME_LIMITS:
            yield from _name_limit(ctx, name_limit, cards, setters)


Cards = list[tuple[ResolvedLine, Printing]]


def _deck_limit(ctx: Context, limit: DeckLimit, cards: Cards,
                setters: list[Printing]) -> Iterator[Violation]:
    setter = _strictest([card for card in setters if card.limit_group == limit.group])
    if setter is not None:
        yield from _over(ctx, limit, setter,
                         [line for line, card in cards if limit.counts(card)], "")


def _name_limit(ctx: Context, limit: Limit, cards: Cards,
                setters: list[Printing]) -> Iterator[Violation]:
    mine = [card for card in setters if card.limit_group == limit.group]
    for title in sorted({card.title_key for card in mine}):
        setter = min((card for card in mine if card.title_key == title),
                     key=lambda p: p.limit_max or 0)
        named = [(line, card) for line, card in cards if card.title_key == title]
        yield from _over(ctx, limit, setter, [line for line, _ in named],
                         f" {named[0][1].name!r}")


def _strictest(setters: list[Printing]) -> Printing | None:
    """The printing whose text sets the limit lowest, if any carries it."""
    return min(setters, key=lambda p: p.limit_max or 0, default=None)


def _over(ctx: Context, limit: Limit, setter: Printing, counted: list[ResolvedLine],
          title: str) -> Iterator[Violation]:
    count = sum(line.entry.copies for line in counted)
    maximum = setter.limit_max or 0
    if count > maximum:
        rule = RuleRef(f"{setter.name} ({setter.id})", "card text", setter.limit_text)
        yield Violation.of(limit.code, MESSAGE, rule,
                           tuple(ctx.ref(line) for line in counted), count=count, what=limit.what,
                           title=title, card=f"{setter.name} ({setter.id})", limit=maximum)
