"""Run a format's checks over resolved lines and give the verdict."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from typing import NamedTuple

from catalog.index import CatalogIndex
from decklist.parsed import LineProblem
from decklist.resolver import ResolvedLine
from runtime import deadline
from runtime.tuples import tuple_builder
from validators.checks import get_check
from validators.context import Context
from validators.records import ERROR, DeckRules, Product, Season, Violation
from validators.seasons import in_force
from validators.shared import DeckShare
from validators.standing import LineStanding


class Verdict(NamedTuple):
    """One format's verdict of a deck. A named tuple, built with `tuple_builder`: a deck
    judged in every format builds one a format (speed trick "tuple builder":
    docs/performance.md)."""

    format: DeckRules  # the rules that judged: the season's, where the format has seasons
    as_of: dt.date | None
    catalog_version: str
    violations: tuple[Violation, ...]
    warnings: tuple[Violation, ...]
    # The lines judged, as given, and each one's standing in their order; neither for a
    # verdict to its first error, which an answer shows no line of (`detail=legal_in`).
    lines: Sequence[ResolvedLine]
    line_standings: tuple[LineStanding, ...]
    season: Season | None = None  # the season in force on the date judged

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def standings(self) -> tuple[tuple[ResolvedLine, LineStanding], ...]:
        """Each line with its standing. Paired when asked, by the answers that show them:
        a verdict alone never asks, and never pays for the pairing
        (speed trick "standings paired when asked": docs/performance.md)."""
        return tuple(zip(self.lines, self.line_standings, strict=True))


def validate(index: CatalogIndex, lines: list[ResolvedLine], rules: DeckRules,
             as_of: dt.date | None = None, pool: list[ResolvedLine] | None = None,
             product: Product | None = None, pool_checked_by_team: bool = False,
             tournament: bool = False, problems: Sequence[LineProblem] = (),
             share: DeckShare | None = None, first_error: bool = False) -> Verdict:
    """Every violation of every check the format runs; none stops at the first, unless
    `first_error`: then the checks stop at the first error found (a verdict that says
    whether the deck is legal and what fails first, for `detail=legal_in`).

    `problems` are the deck's lines that were not read as cards (decklist parsing). A format
    with seasons is judged by the rules of the season in force on the date. `share` is what
    the checks of these same lines in other formats have worked out (validators.shared)."""
    deadline.check()  # once a format (a team's: once a player), before its checks run
    effective = effective_date(rules, as_of)
    season = in_force(rules, effective)
    if season is not None:
        rules = season.season.rules
    ctx = Context(rules, effective, index, lines, pool, product, pool_checked_by_team,
                  tournament, tuple(problems), season, share or DeckShare())
    if first_error:
        found = _until_first_error(ctx, rules)
        shown: tuple[Sequence[ResolvedLine], tuple[LineStanding, ...]] = ((), ())
    else:
        found = [violation for spec in rules.checks
                 for violation in get_check(spec.code)(ctx, spec)]
        shown = (lines, ctx.line_standings)
    return _new_verdict((rules, effective, index.version, errors(found), warnings(found),
                         shown[0], shown[1], season.season if season is not None else None))


_new_verdict = tuple_builder(Verdict)


def _until_first_error(ctx: Context, rules: DeckRules) -> list[Violation]:
    """The violations the checks find, in their order, up to the first error."""
    found = []
    for spec in rules.checks:
        for violation in get_check(spec.code)(ctx, spec):
            found.append(violation)
            if violation.severity == ERROR:
                return found
    return found


def effective_date(rules: DeckRules, as_of: dt.date | None) -> dt.date | None:
    """The date a deck is judged on: the one asked for, else the format's default (the day
    of the request, for formats of today's game)."""
    if as_of is not None:
        return as_of
    if rules.as_of_today:
        return dt.date.today()
    return rules.default_as_of


def errors(found: list[Violation]) -> tuple[Violation, ...]:
    return tuple(v for v in found if v.severity == ERROR)


def warnings(found: list[Violation]) -> tuple[Violation, ...]:
    return tuple(v for v in found if v.severity != ERROR)
