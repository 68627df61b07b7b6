"""Where one printing stands in a format on a day, as the deck checks would judge a line
naming it, in one closed vocabulary (`STATUSES`) that says whether a deck may hold it: legal
(itself, or through a reprint), under a ban whose day is not established, restricted,
watchlisted; banned, not legal, not yet released, not yet legal; and the most copies a deck
may hold.

A printing's standing comes from the same FormatStandings the checks read (validators.standing:
`of_printing`, a line naming the printing by its id), kept as one table per pool and ban list
and stretch of days (validators.stretches), so that a card's standing in a format on a day is
one look-up: every printing's place in the pool in a byte, the few it takes from another
printing beside (speed trick "legality tables": docs/performance.md).
tests/unit/test_card_legality.py holds each status, and `legal`, to the verdicts of the checks
on every printing of the full catalog.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from catalog.index import CatalogIndex, Printing
from runtime.caches import Spec, plain_bytes
from validators.checks import printed_limit
from validators.engine import effective_date
from validators.formats import all_formats, deck_rules, get_format
from validators.records import (
    CONSTRUCTED,
    Ban,
    DeckRules,
    Legality,
    Restriction,
    TeamFormat,
)
from validators.seasons import in_force
from validators.standing import FormatStandings, standings_for
from validators.stretches import stretch_of
from validators.targets import Target, not_in_force, not_played

LEGAL, NOT_LEGAL, NOT_YET_RELEASED, NOT_YET_LEGAL = (
    "legal", "not_legal", "not_yet_released", "not_yet_legal")
BANNED, BAN_UNCERTAIN, RESTRICTED, WATCHLISTED = (
    "banned", "ban_uncertain", "restricted", "watchlisted")
# A printing's standing, each word with whether a deck may hold the printing (its `legal`):
# the one vocabulary the card answers speak (openapi.yaml's CardLegality.status is held to
# it). Out of the pool on the day, its pool status, banned or not; in it, banned, else under
# a ban whose day is not established (the deck check warns), else on a restriction list
# (legal within its entry), else watchlisted (a warning; not allowed in tournament play),
# else legal.
STATUSES: dict[str, bool] = {
    LEGAL: True, BAN_UNCERTAIN: True, RESTRICTED: True, WATCHLISTED: True,
    BANNED: False, NOT_LEGAL: False, NOT_YET_RELEASED: False, NOT_YET_LEGAL: False}
# Where a printing stands in the pool, before bans and lists: a byte of a LegalityTable.
POOL_STATUSES = (LEGAL, NOT_LEGAL, NOT_YET_RELEASED, NOT_YET_LEGAL)
_CODES = {status: position for position, status in enumerate(POOL_STATUSES)}
# Where a deck's copies of a card are limited, by what.
BY_FORMAT, BY_PRINTED, BY_RESTRICTION = "format", "printed", "restricted"


@dataclass(frozen=True, slots=True)
class Standing:
    """A printing's standing in a format on a day."""

    pool: str  # one of POOL_STATUSES: in the pool (LEGAL) or why not
    via: Printing | None = None  # legal as a printing of this one, when it is another
    legal_from: dt.date | None = None  # not yet released or legal: the day it will be
    ban: Ban | None = None  # banned on the day (the card cannot be played, legal or not)
    unsure: Ban | None = None  # a ban whose standing on the day is not established
    restriction: Restriction | None = None  # its entry on the format's restriction list
    watchlisted: bool = False  # on the format's watchlist

    @property
    def status(self) -> str:
        """The one word of STATUSES that says where it stands."""
        if self.pool != LEGAL:
            return self.pool
        if self.ban is not None:
            return BANNED
        if self.unsure is not None:
            return BAN_UNCERTAIN
        if self.restriction is not None:
            return RESTRICTED
        return WATCHLISTED if self.watchlisted else LEGAL

    @property
    def legal(self) -> bool:
        """Whether a deck may hold it: what its status says."""
        return STATUSES[self.status]


@dataclass(frozen=True, slots=True)
class Limit:
    copies: int
    by: str  # BY_FORMAT, BY_PRINTED or BY_RESTRICTION
    text: str | None = None  # the card's or the list's own words, when they set it


@dataclass(frozen=True, slots=True)
class CardLegality:
    """One printing in one format on one day: its standing, and its copy limit there."""

    format: DeckRules  # the rules in force on the day (a season's, where it has them)
    day: dt.date | None
    standing: Standing
    limit: Limit | None


# What a LegalityTable holds besides its codes and dicts; what a FormatJudge holds.
TABLE_BYTES = 256
JUDGE_BYTES = 160
TABLES = Spec("format_dates", lambda _key, table: table.weight)


class LegalityTable:
    """Every printing's standing under one pool and ban list, on every day of one stretch."""

    def __init__(self, index: CatalogIndex, legality: Legality, day: dt.date | None) -> None:
        standings = standings_for(index, legality, day)
        pool = standings.legality
        self.bans, self.unsure = standings.bans, standings.unsure
        self._codes = bytearray(len(index.printings))
        self._position = positions(index)
        self._vias: dict[str, Printing] = {}
        self._from: dict[str, dt.date | None] = {}
        for position, printing in enumerate(index.printings.values()):
            status, via = pool_status(standings, printing, day)
            if via is not None:
                self._vias[printing.id] = via
            if status in (NOT_YET_RELEASED, NOT_YET_LEGAL):
                self._from.setdefault(printing.set_id, pool.legal_from(printing.set_id))
            self._codes[position] = _CODES[status]
        # What it holds: its codes, its dicts, and the bans it shares with the standings.
        self.weight = TABLE_BYTES + sys.getsizeof(self._codes) + sys.getsizeof(self._vias) + \
            sys.getsizeof(self._from) + standings.ban_weight

    def standing(self, printing: Printing) -> Standing:
        status = POOL_STATUSES[self._codes[self._position[printing.id]]]
        return Standing(status, self._vias.get(printing.id),
                        self._from.get(printing.set_id) if status != LEGAL else None,
                        self.bans.get(printing.function_key),
                        self.unsure.get(printing.function_key))

    def legal(self, printing: Printing) -> bool:
        """In the pool, itself or through a reprint (banned or not)."""
        return self._codes[self._position[printing.id]] == _CODES[LEGAL]


def pool_status(standings: FormatStandings, printing: Printing,
                day: dt.date | None) -> tuple[str, Printing | None]:
    """Where the printing stands in the pool of `standings` on the day (one of
    POOL_STATUSES), and the other printing it is legal as, if it is."""
    card = standings.of_printing(printing)
    if card.legal_via is not None:
        return LEGAL, card.legal_via if card.legal_via.id != printing.id else None
    if not card.released and day is not None:
        return NOT_YET_RELEASED, None
    if standings.legality.waiting(printing) is not None:
        return NOT_YET_LEGAL, None
    return NOT_LEGAL, None


class OneLook:
    """A printing's standing under one pool and ban list on one day, as a LegalityTable
    gives it, looked up for that printing alone: a card's history asks one printing on
    hundreds of days, each a stretch whose table of every printing it would build."""

    def __init__(self, index: CatalogIndex, legality: Legality, day: dt.date | None) -> None:
        self._standings = standings_for(index, legality, day)
        self._day = day
        self.bans, self.unsure = self._standings.bans, self._standings.unsure
        self.weight = TABLE_BYTES  # its object: the standings are their cache's to count

    def standing(self, printing: Printing) -> Standing:
        status, via = pool_status(self._standings, printing, self._day)
        legal_from = self._standings.legality.legal_from(printing.set_id) if status in (
            NOT_YET_RELEASED, NOT_YET_LEGAL) else None
        return Standing(status, via, legal_from, self.bans.get(printing.function_key),
                        self.unsure.get(printing.function_key))

    def legal(self, printing: Printing) -> bool:
        return pool_status(self._standings, printing, self._day)[0] == LEGAL


def positions(index: CatalogIndex) -> dict[str, int]:
    """Each printing's place in the index's order: one map per index, every table shares it."""
    return index.caches.table(_positions)


def _positions(index: CatalogIndex) -> dict[str, int]:
    return {card_id: position for position, card_id in enumerate(index.printings)}


def table(index: CatalogIndex, legality: Legality, as_of: dt.date | None) -> LegalityTable:
    """The table of the stretch `as_of` is in, built once and kept with the standings
    (as many as runtime.caches' `format_dates`)."""
    stretch = stretch_of(index, legality, as_of)
    return index.caches.kept("legality tables", TABLES).get(
        (legality.token, stretch), LegalityTable, index, legality, stretch)


def judges_bytes(key: object, judges: list[FormatJudge]) -> int:
    """What a day's judges hold: each its object, and its table (which the tables' cache may
    have let go of)."""
    return plain_bytes(key) + sys.getsizeof(judges) + sum(
        JUDGE_BYTES + judge.table.weight for judge in judges)


def formats() -> dict[str, DeckRules]:
    """The formats a card has a legality in: every format for one constructed deck, and
    each team format's constructed deck rules. Limited formats have none: their cards are
    whatever the event's product and the player's pool hold. A deployment's formats have
    none either: their rules read the deck (kinds, rarities, a pool of their own), which a
    card's standing alone does not say."""
    found: dict[str, DeckRules] = {}
    for fmt in all_formats().values():
        if isinstance(fmt, TeamFormat):
            if CONSTRUCTED in fmt.plays:
                found[fmt.id] = deck_rules(fmt, CONSTRUCTED)
        elif fmt.play == CONSTRUCTED and fmt.definition is None:
            found[fmt.id] = fmt
    return found


def rules_on(rules: DeckRules, as_of: dt.date | None
             ) -> tuple[DeckRules, dt.date | None] | None:
    """The rules that judge a deck of the format on the day, and the day (the format's own
    default when none is asked); None when the format was not yet played on it (as
    /v1/validate refuses it: validators.targets.not_in_force)."""
    if not_in_force(rules, as_of) is not None:
        return None
    day = effective_date(rules, as_of)
    season = in_force(rules, day)
    return (season.season.rules if season is not None else rules), day


# What a judge looks a printing up in: the stretch's table, or one printing alone.
Look = LegalityTable | OneLook


@dataclass(frozen=True)
class FormatJudge:
    """One format's rules in force on one day, judging a card alone as its checks would: a
    format that runs no pool check (not-legal) takes any card, one with no ban check bans
    none. Made once for a request, then asked of each printing."""

    format_id: str
    rules: DeckRules  # the rules in force on the day (a season's, where it has them)
    day: dt.date | None
    table: Look
    pool: bool  # the format runs not-legal
    bans: bool  # … banned
    unsure: bool  # … ban-uncertain
    # The format's restriction list (when it runs restricted) and watchlist (watchlisted),
    # by the card (function_key) each entry reaches.
    restricted: dict[str, Restriction]
    watchlisted: frozenset[str]

    def standing(self, printing: Printing) -> Standing:
        found = self.table.standing(printing)
        return Standing(found.pool if self.pool else LEGAL,
                        found.via if self.pool else None,
                        found.legal_from if self.pool else None,
                        found.ban if self.bans else None,
                        found.unsure if self.unsure else None,
                        self.restricted.get(printing.function_key),
                        printing.function_key in self.watchlisted)

    def playable(self, printing: Printing) -> bool:
        """Whether a deck may hold it (its standing's `legal`: in the pool and not banned),
        in a look-up, for a card search by legality."""
        if self.pool and not self.table.legal(printing):
            return False
        return not (self.bans and printing.function_key in self.table.bans)

    def legality(self, index: CatalogIndex, printing: Printing) -> CardLegality:
        standing = self.standing(printing)
        limit = limit_of(index, self.rules, printing) if standing.legal else None
        return CardLegality(self.rules, self.day, standing, limit)


def judge(index: CatalogIndex, format_id: str, rules: DeckRules, as_of: dt.date | None,
          look: Callable[[CatalogIndex, Legality, dt.date | None], Look] | None = None
          ) -> FormatJudge | None:
    """The format's judge on the day; None when it was not yet played on it. Its printings
    are looked up in the stretch's table, or with `look` (OneLook: one printing alone)."""
    judged = rules_on(rules, as_of)
    if judged is None:
        return None
    in_force_rules, day = judged
    checks = {spec.code for spec in in_force_rules.checks}
    restricted = {listed.function_key: entry for entry in in_force_rules.restricted
                  if "restricted" in checks and (listed := index.card(entry.card)) is not None}
    watchlisted = frozenset(listed.function_key for card_id in in_force_rules.watchlisted
                            if "watchlisted" in checks
                            and (listed := index.card(card_id)) is not None)
    return FormatJudge(format_id, in_force_rules, day,
                       (look or table)(index, in_force_rules.legality, day),
                       "not-legal" in checks,
                       "banned" in checks, "ban-uncertain" in checks, restricted, watchlisted)


def judges(index: CatalogIndex, as_of: dt.date | None,
           wanted: dict[str, DeckRules] | None = None) -> list[FormatJudge]:
    """The judge of each format (`wanted`, else every format of `formats` that `format=all`
    judges on the day: validators.targets.not_played) played on the day."""
    asked = wanted or {format_id: rules for format_id, rules in formats().items()
                       if not_played(Target(get_format(format_id), rules, None), as_of) is None}
    found = (judge(index, format_id, rules, as_of) for format_id, rules in asked.items())
    return [each for each in found if each is not None]


def legalities(index: CatalogIndex, printing: Printing, as_of: dt.date | None,
               wanted: dict[str, DeckRules] | None = None) -> Iterator[
                   tuple[str, CardLegality]]:
    """The printing's legality in each format (`wanted`, else every format of `formats`)
    played on the day."""
    for each in judges(index, as_of, wanted):
        yield each.format_id, each.legality(index, printing)


def limit_of(index: CatalogIndex, rules: DeckRules, printing: Printing) -> Limit | None:
    """The fewest copies of the card a deck may hold under the rules, and what sets it: the
    format's copy limit by English title, the card's own printed limit (ACE SPEC, Radiant,
    Prism Star…), or a restriction list's entry."""
    found: list[Limit] = []
    exempt = printing.is_basic_energy or printing.copies_unlimited
    if rules.copy_limit is not None and not exempt:
        found.append(Limit(rules.copy_limit, BY_FORMAT))
    if printing.limit_max is not None and _printed_limit_applies(rules, printing):
        found.append(Limit(printing.limit_max, BY_PRINTED, printing.limit_text))
    for restriction in rules.restricted:
        listed = index.card(restriction.card)
        if restriction.max_copies is not None and listed is not None \
                and listed.function_key == printing.function_key:
            found.append(Limit(restriction.max_copies, BY_RESTRICTION, restriction.text))
    return min(found, key=lambda limit: limit.copies) if found else None


def _printed_limit_applies(rules: DeckRules, printing: Printing) -> bool:
    spec = next((spec for spec in rules.checks if spec.code == printed_limit.CHECK), None)
    return spec is not None and printing.limit_scope in printed_limit.scopes(spec)
