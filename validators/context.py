"""What every check reads: the format, the date, the resolved lines and their legality."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass, field

from catalog.index import CatalogIndex, Printing
from decklist.parsed import PARTNER, SIDEBOARD, LineProblem
from decklist.resolver import UNKNOWN, ResolvedLine
from validators.records import CardRef, DeckRules, InForce, Product
from validators.shared import DeckShare, card_ref
from validators.standing import FormatStandings, LineStanding, standings_for

__all__ = ["Context", "card_ref", "deck_lines", "is_basic_energy"]

Standings = tuple[tuple[LineStanding, ...], list[tuple[ResolvedLine, LineStanding]],
                  list[tuple[ResolvedLine, LineStanding]]]


@dataclass
class Context:
    format: DeckRules
    as_of: dt.date | None
    index: CatalogIndex
    lines: list[ResolvedLine]
    pool: list[ResolvedLine] | None = None  # Limited: the cards the player opened or drafted
    product: Product | None = None  # Limited: the boosters handed out
    pool_checked_by_team: bool = False  # teammates share pools: the team check counts them
    tournament: bool = False  # Partner Battles: watchlisted cards are not allowed
    problems: tuple[LineProblem, ...] = ()  # the deck's lines that could not be read
    season: InForce | None = None  # the season in force on the date, for a format with seasons
    # What every format's checks of these lines share (validators.shared); one of its own
    # when the lines are judged in this format alone.
    share: DeckShare = field(default_factory=DeckShare)
    # The deck's lines (all but the sideboard's), and those that name a known card: worked
    # out once, when made, as plain fields rather than cached properties, whose lock
    # (Python 3.11) each costs a request (speed trick "plain-field facts":
    # docs/performance.md).
    deck: list[ResolvedLine] = field(init=False)
    known: list[ResolvedLine] = field(init=False)
    # The lines' standings in the format on the date, looked up when a check first asks:
    # a format whose first error needs none (a Limited deck's size, a Partner missing) never
    # looks them up (speed trick "standings when asked": docs/performance.md).
    _looked_up: Standings | None = field(init=False)
    _standings: FormatStandings | None = field(init=False)

    def __post_init__(self) -> None:
        self.deck, self.known = self.share.once("deck lines", self._lines)
        self._looked_up = None
        self._standings = None

    @property
    def standings(self) -> FormatStandings:
        """The format's standings on the date, found when first asked."""
        found = self._standings
        if found is None:
            found = self._standings = standings_for(self.index, self.format.legality,
                                                    self.as_of)
        return found

    @property
    def line_standings(self) -> tuple[LineStanding, ...]:
        """Each line's standing, in the order of `lines`."""
        return self._standings_of_lines()[0]

    @property
    def deck_standings(self) -> list[tuple[ResolvedLine, LineStanding]]:
        """The lines of `deck`, each with its standing."""
        return self._standings_of_lines()[1]

    @property
    def known_standings(self) -> list[tuple[ResolvedLine, LineStanding]]:
        """The lines of `known`, each with its standing."""
        return self._standings_of_lines()[2]

    def known_standings_in_turn(self) -> Iterator[tuple[ResolvedLine, LineStanding]]:
        """`known_standings`, each line's looked up as it is read: a check that the verdict
        stops at its first error looks up no more lines than it read
        (speed trick "standings in turn": docs/performance.md). Read to its end, it keeps
        them all."""
        standings = self.standings
        found = self._looked_up or self.share.made(standings)
        if found is not None:
            self._looked_up = found
            yield from found[2]
            return
        of = standings.of
        looked = []
        for line in self.known:
            standing = of(line.entry.reference)
            looked.append(standing)
            yield line, standing
        self._looked_up = self.share.once(
            standings, lambda: _standings(standings, self.lines, self.known, looked))

    def _standings_of_lines(self) -> Standings:
        found = self._looked_up
        if found is None:
            # Formats of one pool, ban list and date (Modified and its team formats) stand
            # each line alike: the deck's share looks them up once.
            standings = self.standings
            found = self._looked_up = self.share.once(
                standings, lambda: _standings(standings, self.lines, [], []))
        return found

    def _lines(self) -> tuple[list[ResolvedLine], list[ResolvedLine]]:
        deck = deck_lines(self.lines)
        return deck, [line for line in deck if line.resolution.status != UNKNOWN]

    def ref(self, line: ResolvedLine) -> CardRef:
        """A line of the deck as a violation names it (card_ref), made once per deck."""
        return self.share.ref(line)

    @property
    def partner_lines(self) -> list[ResolvedLine]:
        return [line for line in self.lines if line.entry.section == PARTNER]

    @property
    def partner(self) -> Printing | None:
        """The deck's one Partner, when the list names exactly one known card as Partner."""
        lines = self.partner_lines
        if len(lines) == 1 and lines[0].entry.copies == 1:
            return lines[0].resolution.card
        return None


def _standings(standings: FormatStandings, lines: list[ResolvedLine],
               known: list[ResolvedLine], looked: list[LineStanding]) -> Standings:
    """Each line's standing, and the deck's and known lines' with theirs; `looked` holds
    those of the first of the `known` lines, looked up already."""
    of = standings.of
    found: list[LineStanding] = []
    at = 0  # the next of the known lines looked up already
    for line in lines:
        if at < len(looked) and line is known[at]:
            found.append(looked[at])
            at += 1
        else:
            found.append(of(line.entry.reference))
    line_standings = tuple(found)
    deck = [(line, standing) for line, standing in zip(lines, line_standings, strict=True)
            if line.entry.section != SIDEBOARD]
    return line_standings, deck, [(line, standing) for line, standing in deck
                                  if line.resolution.status != UNKNOWN]


def deck_lines(lines: list[ResolvedLine]) -> list[ResolvedLine]:
    """The lines that make up the deck: everything but a sideboard."""
    return [line for line in lines if line.entry.section != SIDEBOARD]


def is_basic_energy(line: ResolvedLine) -> bool:
    """Every candidate is basic Energy: Limited players may add any number of them."""
    printings = line.resolution.printings
    return bool(printings) and all(p.is_basic_energy for p in printings)
