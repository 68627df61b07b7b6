"""A request's decklists judged: resolved against the catalog, then checked in each target.

The API calls one function per endpoint (`judge_deck`, `judge_team`) with what the
request asked (validators.targets) and renders what it returns; nothing here knows HTTP.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from catalog.index import CatalogIndex
from decklist.languages import ENGLISH, read_lines
from decklist.parsed import Decklist
from decklist.resolver import ResolvedLine, Searches, Suggested
from validators.engine import Verdict, validate
from validators.shared import DeckShare
from validators.targets import DeckPlan, Target, TeamPlan
from validators.team_engine import Player, TeamVerdict, validate_team


@dataclass(frozen=True)
class ReadDeck:
    """A decklist as the client sent it, what its lines resolved to, and, when the answer
    shows them, what each line is offered in place of a card it did not name."""

    decklist: Decklist
    lines: tuple[ResolvedLine, ...]
    suggested: tuple[Suggested, ...] | None = None  # by line, when asked for
    language: str = ENGLISH  # the language its names were read in (decklist.languages)


@dataclass(frozen=True)
class DeckJudgement:
    deck: ReadDeck
    pool: ReadDeck | None  # the Limited pool, when one was sent and is used
    verdicts: tuple[tuple[Target, Verdict], ...]  # in the order the formats were asked

    @property
    def legal_in(self) -> tuple[str, ...]:
        return tuple(target.format.id for target, verdict in self.verdicts if verdict.legal)


@dataclass(frozen=True)
class Seat:
    """One player of a team as asked: a seat, a deck, maybe a pool."""

    seat: str
    deck: Decklist
    pool: Decklist | None


@dataclass(frozen=True)
class TeamJudgement:
    verdict: TeamVerdict
    decks: tuple[ReadDeck, ...]  # each player's, in the order given
    pools: tuple[ReadDeck | None, ...]  # each player's pool, when sent and used


def read(index: CatalogIndex, decklist: Decklist, searches: Searches | None = None,
         language: str | None = None) -> ReadDeck:
    """A decklist's lines resolved in `language`, or in the one its lines are written in
    (None: detected); with `searches`, each offered its suggestions (closest names searched
    while the request's searches last)."""
    resolved, read_in = read_lines(index, decklist.entries, language)
    lines = tuple(resolved)
    return ReadDeck(decklist, lines,
                    searches.suggest(index, lines) if searches is not None else None, read_in)


def judge_deck(index: CatalogIndex, plan: DeckPlan, deck: Decklist, pool: Decklist | None,
               as_of: dt.date | None, tournament: bool,
               searches: Searches | None = None, first_error: bool = False,
               language: str | None = None, preview: tuple[str, ...] = ()) -> DeckJudgement:
    """The deck (and its pool, where a format is Limited) judged in every planned format;
    with `searches`, its lines offered their suggestions, for an answer line by line; with
    `first_error`, each format judged until its first error only. The lines are read in
    `language`, or in the one detected (None); `preview` names sets of Japan's judged as
    released."""
    read_deck = read(index, deck, searches, language)
    read_pool = read(index, pool, None, language or read_deck.language) \
        if pool is not None and plan.limited else None
    # Formats that play by one set of deck rules (Multiplay builds decks as Modified does)
    # share one verdict: the same rules, lines and date give the same one.
    judged: dict[tuple[int, int], Verdict] = {}
    lines, share = list(read_deck.lines), DeckShare()  # one list: the share is of these lines
    verdicts = []
    for target in plan.targets:
        product = target.product if target.limited else None
        key = (id(target.rules), id(product))
        verdict = judged.get(key)
        if verdict is None:
            verdict = judged[key] = validate(
                index, lines, target.rules, as_of,
                list(read_pool.lines) if read_pool and target.limited else None, product,
                tournament=tournament, problems=deck.problems, share=share,
                first_error=first_error, preview=preview)
        verdicts.append((target, verdict))
    return DeckJudgement(read_deck, read_pool, tuple(verdicts))


def judge_team(index: CatalogIndex, plan: TeamPlan, seats: list[Seat],
               as_of: dt.date | None, searches: Searches | None = None,
               language: str | None = None) -> TeamJudgement:
    decks = tuple(read(index, seat.deck, searches, language) for seat in seats)
    pools = tuple(read(index, seat.pool, None, language or deck.language)
                  if seat.pool is not None and plan.limited else None
                  for seat, deck in zip(seats, decks, strict=True))
    players = [Player(seat.seat, list(deck.lines), list(pool.lines) if pool else None,
                      tuple(seat.deck.problems))
               for seat, deck, pool in zip(seats, decks, pools, strict=True)]
    verdict = validate_team(index, plan.team, plan.play, players, as_of, plan.target.product,
                            plan.target.rules)
    return TeamJudgement(verdict, decks, pools)
