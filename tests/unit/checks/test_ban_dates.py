"""Every dated change of the Expanded and Gym Leader Challenge ban lists — each ban and each
lifting — judged through the validator the day before, the day of and the day after, on the
full real catalog.

The tables are written here from the announcements (docs/formats.md lists them with their
sources), not read from the format files, and the files are held to them: a day changed in
a file alone fails here. Each row names a printing the ban reaches, often another one than
the file names, since a ban reaches every printing of the card (its function_key)."""

import datetime as dt
from typing import NamedTuple

import pytest

from tests.support.basics import basic_line
from tests.unit.checks.conftest import codes, filler
from validators.formats import deck_rules, get_format
from validators.records import ANCIENT_TRAIT


class Change(NamedTuple):
    card: str  # a printing the ban reaches
    name: str  # the catalog's name for that printing
    banned: str | None  # the first day it is banned; None: from the format's start
    lifted: str | None = None  # the first day it is legal again
    # The day its lifting is known to fall on or after, and the day it was lifted by, where
    # the day itself is not established.
    lifted_window: tuple[str, str] | None = None
    # What the card gets the day before its ban, where that is not nothing: a card banned
    # from the day its own set became legal.
    before: tuple[str, ...] = ()
    reaches: str | None = None  # the entry bans a kind of card; `card` is one of that kind
    # The card is a Basic Pokémon, which the deck begins with: no other is added (a GLC
    # deck's Pokémon share a Type).
    basic: bool = False


NOT_YET_LEGAL = ("not-yet-legal",)
WALLY_LUSAMINE_LIFTED = ("2019-12-09", "2026-02-01")

EXPANDED = [
    Change("xy4-118", "Lysandre's Trump Card", "2015-06-15"),
    Change("bw4-72", "Shiftry", "2015-09-01", lifted="2017-08-18"),
    Change("xy7-74", "Forest of Giant Plants", "2017-08-18"),
    Change("bw5-110", "Archeops", "2017-08-18"),
    Change("bw9-115", "Ghetsis", "2018-08-17"),
    Change("xy7-75a", "Hex Maniac", "2018-08-17"),
    Change("xy9-109", "Puzzle of Time", "2018-08-17"),
    Change("g1-RC27", "Wally", "2018-08-17", lifted_window=WALLY_LUSAMINE_LIFTED),
    Change("xy5-158", "Maxie's Hidden Ball Trick", "2019-02-15"),
    Change("sm8-90", "Unown", "2019-02-15", basic=True),  # DAMAGE
    Change("xy9-98b", "Delinquent", "2019-02-15"),
    Change("sm5-153", "Lusamine", "2019-02-15", lifted_window=WALLY_LUSAMINE_LIFTED),
    # Hidden Fates became legal on 2019-09-06: Jessie & James never was
    Change("sm115-68", "Jessie & James", "2019-09-06", before=NOT_YET_LEGAL),
    Change("smp-SM85", "Marshadow", "2019-11-15", basic=True),
    Change("sm115-60", "Lt. Surge's Strategy", "2019-11-15"),
    Change("sm11-253", "Reset Stamp", "2019-11-15"),
    Change("sm10-165", "Chip-Chip Ice Axe", "2019-11-15"),
    Change("g1-71", "Red Card", "2019-11-15"),
    Change("sm6-83", "Flabébé", "2019-11-15", basic=True),
    Change("sm8-91", "Unown", "2019-11-15", basic=True),  # HAND
    Change("sm10-78", "Mismagius", "2019-11-15"),
    # Cosmic Eclipse became legal on 2019-11-15: the Amulet never was
    Change("sm12-265", "Island Challenge Amulet", "2019-11-15", before=NOT_YET_LEGAL),
    Change("xy2-23", "Milotic", "2020-11-27"),
    Change("sm5-114", "Oranguru", "2020-11-27", basic=True),
    Change("bw5-62", "Sableye", "2020-11-27", basic=True),
    Change("xy6-106", "Shaymin-EX", "2020-11-27", basic=True),
    Change("swsh2-207", "Scoop Up Net", "2024-02-09"),
    Change("sm12-83", "Duskull", "2024-09-27", basic=True),
    Change("swsh10tg-TG02", "Flapple", "2025-10-10"),
    Change("swsh7-185", "Medicham V", "2026-04-10", basic=True),
]

GLC = [
    Change("xy5-121", "Bunnelby", None, lifted="2021-11-16", reaches=ANCIENT_TRAIT, basic=True),
    Change("sm5-114", "Oranguru", "2021-11-16", basic=True),
    Change("xy4-118", "Lysandre's Trump Card", "2021-11-16"),
    Change("xy7-74", "Forest of Giant Plants", "2022-01-10"),
    Change("sm10-165", "Chip-Chip Ice Axe", "2022-06-08"),
    Change("sma-SV85", "Hiker", "2022-06-08"),
    Change("swsh45-21", "Kyogre", "2022-11-11", basic=True),  # the Amazing Rare
    Change("sm11-205", "Pokémon Research Lab", "2023-11-01"),
    Change("smp-SM85", "Marshadow", "2024-09-01", basic=True),
    Change("sm12-83", "Duskull", "2024-09-01", basic=True),
    Change("swsh4-50", "Raikou", "2024-09-01", basic=True),  # the Amazing Rare
    Change("bw4-92", "Double Colorless Energy", "2025-04-24"),  # every printing
    Change("swsh2-209", "Twin Energy", "2025-04-24"),
    Change("xy4-93", "Dimension Valley", "2026-04-20"),
]

TABLES = {"expanded": EXPANDED, "glc": GLC}
BANNED, FREE, UNSURE = ("banned",), (), ("ban-uncertain",)
DAY = dt.timedelta(days=1)


def _rows():
    for format_id, table in TABLES.items():
        yield from ((format_id, change) for change in table)


def _changes():
    """One case per dated change: a ban on its day, or a lifting on its day."""
    for format_id, change in _rows():
        if change.banned is not None:
            yield pytest.param(format_id, change, change.banned, change.before, BANNED,
                               id=f"{format_id}-{change.card}-banned-{change.banned}")
        if change.lifted is not None:
            yield pytest.param(format_id, change, change.lifted, BANNED, FREE,
                               id=f"{format_id}-{change.card}-lifted-{change.lifted}")


def _deck(format_id: str, change: Change) -> str:
    if change.basic:
        return f"1 {change.card}\n" + filler(59)
    return f"1 {change.card}\n" + basic_line(format_id) + filler(58)


def _judged(verdict, format_id, change, *days):
    return [tuple(codes(verdict(_deck(format_id, change), format_id, as_of=day.isoformat())))
            for day in days]


@pytest.mark.parametrize(("format_id", "change", "day", "before", "after"), list(_changes()))
def test_each_change_holds_from_its_own_day(verdict, format_id, change, day, before, after):
    on = dt.date.fromisoformat(day)
    assert _judged(verdict, format_id, change, on - DAY, on, on + DAY) == \
        [before, after, after]


@pytest.mark.parametrize(("format_id", "change"), [
    pytest.param(format_id, change, id=f"{format_id}-{change.card}")
    for format_id, change in _rows() if change.banned is not None])
def test_a_ban_cites_its_day(verdict, format_id, change):
    result = verdict(_deck(format_id, change), format_id, as_of=change.banned)
    [violation] = result.violations
    assert violation.rule.section == f"effective {change.banned}"
    assert violation.message.endswith(f"is banned in {result.format.name} since {change.banned}")


@pytest.mark.parametrize(("format_id", "change"), [
    pytest.param(format_id, change, id=f"{format_id}-{change.card}")
    for format_id, change in _rows() if change.lifted_window is not None])
def test_a_lifting_on_a_day_not_established_is_unsure_inside_its_window(verdict, format_id,
                                                                       change):
    start, end = (dt.date.fromisoformat(day) for day in change.lifted_window)
    assert _judged(verdict, format_id, change, start - DAY, start, end - DAY, end, end + DAY) \
        == [BANNED, UNSURE, UNSURE, FREE, FREE]


@pytest.mark.parametrize(("format_id", "change"), [
    pytest.param(format_id, change, id=f"{format_id}-{change.card}")
    for format_id, change in _rows()])
def test_each_card_the_tables_name_is_that_card_in_the_catalog(full_index, format_id, change):
    printing = full_index.card(change.card)
    assert printing is not None and printing.name == change.name
    assert change.basic == (printing.supertype == "Pokémon" and "Basic" in printing.subtypes)


@pytest.mark.parametrize("format_id", TABLES)
def test_the_format_files_hold_the_tables_dates(full_index, format_id):
    """Each entry of the file is a row of the table, with the same days, and no more."""

    def day(value):
        return dt.date.fromisoformat(value) if value else None

    def window(change):
        return tuple(map(day, change.lifted_window)) if change.lifted_window else (None, None)

    table = {}
    for change in TABLES[format_id]:
        key = change.reaches or full_index.card(change.card).function_key
        start, by = window(change)
        table[key] = (day(change.banned), day(change.lifted) or start, None, by)
    found = {}
    for ban in deck_rules(get_format(format_id)).banned:
        key = ban.reaches or full_index.card(ban.card).function_key
        assert key not in found, ban.card  # one entry per card
        found[key] = (ban.effective, ban.until, ban.effective_by, ban.until_by)
    assert found == table
