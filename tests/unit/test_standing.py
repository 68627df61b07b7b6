"""Where a card stands: a line that names one printing of one card, the commonest, is stood
by a shorter way than several; both give one answer."""

from __future__ import annotations

import datetime as dt
import random

from catalog.index import Printing
from validators.formats import deck_rules, get_format
from validators.records import Ban, Legality
from validators.seasons import in_force
from validators.standing import FormatStandings, line_of_several, line_standing, standings_for
from validators.stretches import changes_of, stretch_days, stretch_of
from validators.targets import ALL, plan_deck

# Days on which the formats' pools, waiting periods and bans differ: a printing released,
# waiting, rotated, reprinted or banned on one of them is so on another not.
DAYS = (None, dt.date(2003, 6, 1), dt.date(2015, 6, 1), dt.date(2024, 6, 1))


def test_one_printing_stands_as_the_general_way_stands_it(full_index):
    printings = list(full_index.printings.values())[::23]  # every set, about 900 printings
    compared = banned = unreleased = not_legal = 0
    for format_id in ("modified", "standard", "expanded", "glc", "unlimited"):
        rules = deck_rules(get_format(format_id))
        for day in DAYS:
            standings = FormatStandings(full_index, rules.legality, day)
            for printing in printings:
                one = standings._standing((printing,))
                assert one == standings.standing_of_several((printing,)), printing.id
                assert line_standing((one,)) == line_of_several((one,)), printing.id
                compared += 1
                banned += one.banned
                unreleased += not one.released
                not_legal += one.legal_via is None
    # the sample reaches every kind of standing the short way gives
    assert compared > 10_000 and banned and unreleased and not_legal


def _days(changes: tuple[dt.date, ...], rng: random.Random) -> list[dt.date]:
    """Days to judge on: some at random from 1998 to 2027, and around some change days (the
    day itself opens a stretch, the day before ends one)."""
    days = [dt.date(1998, 1, 1) + dt.timedelta(days=rng.randrange(365 * 29)) for _ in range(8)]
    for day in rng.sample(changes, min(4, len(changes))):
        days += [day, day - dt.timedelta(days=1), day + dt.timedelta(days=1)]
    return days


def _stood(standings: FormatStandings, printing: Printing) -> tuple[object, ...]:
    return (standings._standing((printing,)), standings.legality.waiting(printing),
            printing.function_key in standings.unsure)


def test_every_day_of_a_stretch_stands_every_card_as_its_first_day(full_index):
    """A verdict on any day is judged with the standings of its stretch's first day: for each
    pool and ban list, on random days and days around its changes, the two stand a sample of
    every set's printings alike, bans and windows included."""
    rng = random.Random(20261126)
    printings = list(full_index.printings.values())[::53]  # every set, about 380 printings
    judged = moved = 0
    for legality, changes in stretch_days(full_index).items():
        assert changes == changes_of(full_index, legality)
        for day in _days(changes, rng):
            first = stretch_of(full_index, legality, day)
            assert first is not None and first <= day
            assert not [c for c in changes if first < c <= day], (day, first)
            on_day = FormatStandings(full_index, legality, day)
            on_first = FormatStandings(full_index, legality, first)
            assert on_day.bans == on_first.bans and on_day.unsure == on_first.unsure, day
            for printing in printings:
                assert _stood(on_day, printing) == _stood(on_first, printing), (day, printing.id)
            judged += 1
            moved += first != day
    # most days judged are not their stretch's first: the two standings compared differ in date
    assert judged > 400 and moved > judged // 2


def test_days_of_one_stretch_share_one_standings_and_a_change_day_opens_another(full_index):
    modified = deck_rules(get_format("modified")).legality
    changes = changes_of(full_index, modified)
    change = changes[len(changes) // 2]
    before = standings_for(full_index, modified, change - dt.timedelta(days=1))
    assert standings_for(full_index, modified, change) is not before
    assert standings_for(full_index, modified, change) is standings_for(
        full_index, modified, change + dt.timedelta(days=1))
    # before the first change, a day is a stretch of its own; without a day, so is the list now
    early = changes[0] - dt.timedelta(days=30)
    assert stretch_of(full_index, modified, early) == early
    assert stretch_of(full_index, modified, None) is None


def test_every_format_judged_on_any_day_finds_its_days_in_the_table(full_index):
    """The table built with the index holds the pool and bans of every format (and season)
    the planner judges a deck in; a pool made elsewhere is worked out when judged."""
    table = stretch_days(full_index)
    for day in (None, dt.date(2000, 1, 1), dt.date(2003, 8, 31), dt.date(2012, 5, 1),
                dt.date(2019, 11, 15), dt.date(2025, 6, 1)):
        for target in plan_deck(full_index, ALL, None, False, None, day).targets:
            season = in_force(target.rules, day)
            rules = season.season.rules if season is not None else target.rules
            assert rules.legality in table, (day, target.format.id)
    modified = deck_rules(get_format("modified")).legality
    banned_day = dt.date(2002, 7, 1)
    own = Legality(modified.pool, (Ban("base1-4", effective=banned_day),))
    assert own not in table
    assert stretch_of(full_index, own, banned_day + dt.timedelta(days=1)) == banned_day
    before = stretch_of(full_index, own, banned_day - dt.timedelta(days=1))
    assert before is not None and before < banned_day
