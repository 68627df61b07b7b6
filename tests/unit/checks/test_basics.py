"""The Basic Pokémon tests/support/basics.py gives the test decks: each a plain Basic
Pokémon, legal in its format on every day it stands for, naming no card in a warning."""

import datetime as dt

import pytest

from tests.support import basics
from tests.unit.checks.conftest import filler, partner_deck
from validators.seasons import lineages


def _days_of_the_constructed_lineage():
    """Each row of basics.CONSTRUCTED on its first and last day, and on the first possible
    day of each season it stands through."""
    [lineage] = [found for found in lineages() if "standard" in found.formats]
    starts = [dt.date.fromisoformat(day) for day, _ in basics.CONSTRUCTED]
    ends = [later - dt.timedelta(days=1) for later in starts[1:]] + [dt.date.today()]
    for start, end in zip(starts, ends, strict=True):
        days = {start, end} | {season.first_possible for season in lineage.seasons
                               if start <= season.first_possible <= end}
        yield from sorted(days)


@pytest.mark.parametrize("day", list(_days_of_the_constructed_lineage()), ids=str)
def test_the_constructed_basic_of_each_day_is_legal_that_day(verdict, full_index, day):
    for format_id in ("standard", "modified"):
        card = basics.basic(format_id, day)
        printing = full_index.card(card)
        assert printing.supertype == "Pokémon" and "Basic" in printing.subtypes
        result = verdict(f"1 {card}\n" + filler(59), format_id, as_of=day.isoformat())
        assert result.violations == (), (card, result.violations)
        assert all(not warning.cards for warning in result.warnings), result.warnings


@pytest.mark.parametrize(("format_id", "days"), [
    ("unlimited", ("1999-01-09", None)), ("2v2-casual", (None,)),
    ("partner-battles", (None,)), ("expanded", ("2014-08-18", None)),
    ("glc", ("2021-07-14", None)),
])
def test_the_basic_of_each_other_format_is_legal_from_its_first_day(verdict, full_index,
                                                                     format_id, days):
    card = basics.basic(format_id)
    printing = full_index.card(card)
    assert printing.supertype == "Pokémon" and "Basic" in printing.subtypes
    deck = (partner_deck("Entei OBF 30", basic=f"1 {card}") if format_id == "partner-battles"
            else f"1 {card}\n" + filler(59))
    for day in days:
        result = verdict(deck, format_id, as_of=day)
        assert result.violations == () and not any(w.cards for w in result.warnings), day
