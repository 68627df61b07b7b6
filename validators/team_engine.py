"""Check a team: its seats, each player's deck, and pools the teammates share."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from dataclasses import dataclass

from catalog.index import CatalogIndex
from decklist.parsed import LineProblem
from decklist.resolver import ResolvedLine
from validators.allocation import shortfalls
from validators.checks import not_in_pool
from validators.checks import team as team_check
from validators.context import deck_lines
from validators.engine import Verdict, errors, validate, warnings
from validators.records import (
    SHARED_POOL,
    DeckRules,
    Product,
    TeamFormat,
    TeamPlay,
    Violation,
)


@dataclass(frozen=True)
class Player:
    seat: str
    lines: list[ResolvedLine]
    pool: list[ResolvedLine] | None = None
    problems: tuple[LineProblem, ...] = ()  # the deck's lines that could not be read


@dataclass(frozen=True)
class TeamVerdict:
    format: TeamFormat
    play: TeamPlay
    as_of: dt.date | None
    catalog_version: str
    violations: tuple[Violation, ...]  # the team's own: seats, shared pools
    warnings: tuple[Violation, ...]
    players: tuple[tuple[Player, Verdict], ...]

    @property
    def legal(self) -> bool:
        return not self.violations and all(verdict.legal for _, verdict in self.players)


def validate_team(index: CatalogIndex, team: TeamFormat, play: str, players: list[Player],
                  as_of: dt.date | None = None, product: Product | None = None,
                  rules: DeckRules | None = None) -> TeamVerdict:
    """The team and each player's deck, judged by the play's deck rules, or by `rules`
    (an organizer's, validators.targets.plan_team) in their place."""
    team_play = team.plays[play]
    shared = team_play.pool == SHARED_POOL
    verdicts = [validate(index, player.lines, rules or team_play.deck, as_of,
                         None if shared else player.pool, product, pool_checked_by_team=shared,
                         problems=player.problems)
                for player in players]
    found = list(team_check.check(team, [player.seat for player in players]))
    if shared:
        found.extend(_shared_pool(team, team_play, players))
    return TeamVerdict(
        format=team, play=team_play, as_of=verdicts[0].as_of if verdicts else as_of,
        catalog_version=index.version, violations=errors(found), warnings=warnings(found),
        players=tuple(zip(players, verdicts, strict=True)))


def _shared_pool(team: TeamFormat, team_play: TeamPlay,
                 players: list[Player]) -> Iterator[Violation]:
    """Teammates may trade while building: both decks together come from both pools."""
    rule = team.rule(team_play.section)
    given = [player for player in players if player.pool is not None]
    if not given:
        yield Violation.of(not_in_pool.POOL_NOT_CHECKED, not_in_pool.UNCHECKED_MESSAGE, rule)
        return
    pool: list[ResolvedLine] = []
    for player in given:
        assert player.pool is not None
        pool.extend(player.pool)
        yield from not_in_pool.unknown_pool_lines(player.pool, rule, player.seat)
    decks = [(player.seat, line) for player in players for line in deck_lines(player.lines)]
    for shortfall in shortfalls([line for _, line in decks], pool):
        seat, line = decks[shortfall.position]
        yield not_in_pool.violation(line, shortfall.found, rule, seat)
