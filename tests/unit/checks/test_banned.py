import dataclasses
import datetime as dt

import pytest

from tests.support.basics import basic_line
from tests.unit.checks.conftest import codes, filler, partner_deck
from validators.formats import get_format
from validators.records import Announcement, Ban


@pytest.mark.parametrize(("line", "format_id", "fires"), [
    ("1 _____'s Pikachu PR 24", "unlimited", True),
    ("1 Ancient Mew", "unlimited", True),            # the supplement's movie promo
    ("1 Slowking N1 14", "modified", True),
    ("1 Slowking N1 14", "unlimited", False),
    ("1 Sneasel N1 25", "modified", True),
    ("1 Slowpoke N1 55", "modified", False),
])
def test_ban_lists(verdict, line, format_id, fires):
    result = verdict(line + "\n" + filler(59), format_id)
    assert ("banned" in codes(result)) is fires


def test_a_ban_reaches_every_printing_of_the_card(verdict, full_index):
    # The ban names basep-24; Celebrations' Classic Collection reprinted it as cel25c-24_A.
    reprint = full_index.card("cel25c-24_A")
    assert reprint.function_key == full_index.card("basep-24").function_key
    result = verdict("1 cel25c-24_A\n" + filler(59), "unlimited")
    violation = next(v for v in result.violations if v.code == "banned")
    assert violation.cards[0].id == "cel25c-24_A" and violation.rule.section == "§225"


def test_partner_battles_bans_supplied_by_a_test_reach_every_printing(verdict):
    rules = dataclasses.replace(get_format("partner-battles"), banned=(Ban("sv1-196"),))
    assert get_format("partner-battles").banned == ()  # the v3.00 list is empty
    result = verdict(partner_deck("Entei OBF 30", "1 Ultra Ball DEX 102"), rules=rules)
    [violation] = result.violations
    assert (violation.code, violation.rule.section) == ("banned", "II.5.1")


def test_a_dated_ban_reaches_only_its_dates_and_cites_its_announcement(verdict):
    said = Announcement("A ban list update", "2002-12-01", "https://example.org/bans")
    ban = Ban("base1-4", dt.date(2003, 1, 1), dt.date(2003, 6, 1), said)  # Charizard
    rules = dataclasses.replace(get_format("unlimited"), banned=(ban,))
    deck = "1 Charizard LC 3\n" + filler(59)  # a reprint: the ban reaches it too
    assert "banned" not in codes(verdict(deck, rules=rules, as_of="2002-12-31"))
    assert "banned" not in codes(verdict(deck, rules=rules, as_of="2003-06-01"))
    during = verdict(deck, rules=rules, as_of="2003-01-01")
    violation = next(v for v in during.violations if v.code == "banned")
    assert violation.message.endswith("is banned in Unlimited since 2003-01-01")
    assert (violation.rule.document, violation.rule.section) == (
        "A ban list update", "effective 2003-01-01")
    # with no date, the list as it stands now: this ban has ended
    assert "banned" not in codes(verdict(deck, rules=rules))


def test_a_ban_on_a_kind_of_card_lifted_on_a_known_day_names_that_day(verdict):
    """GLC's Ancient Trait ban, lifted by Update 1.0."""
    result = verdict("1 xy5-121\n59 Fire Energy BS 98", "glc", as_of="2021-09-01")
    message = next(v.message for v in result.violations if v.code == "banned")
    assert message.endswith("Pokémon with an Ancient Trait were not allowed until 2021-11-16")


def test_a_ban_on_a_kind_of_card_lifted_inside_a_window_names_its_first_day(verdict):
    """The same ban supplied with a window for its lifting: "at the earliest", and unsure
    inside the window."""
    glc = get_format("glc")
    kind = dataclasses.replace(glc.banned[0], until=dt.date(2021, 11, 12),
                               until_by=dt.date(2021, 12, 31))
    rules = dataclasses.replace(glc, banned=(kind,))
    deck = "1 xy5-121\n59 Fire Energy BS 98"
    before = verdict(deck, rules=rules, as_of="2021-09-01")
    message = next(v.message for v in before.violations if v.code == "banned")
    assert message.endswith("were not allowed until 2021-11-12 at the earliest")
    inside = verdict(deck, rules=rules, as_of="2021-12-01")
    assert inside.legal and [w.code for w in inside.warnings] == ["ban-uncertain"]
    assert "lifted on a day not established, from 2021-11-12 to 2021-12-31" in \
        inside.warnings[0].message
    assert verdict(deck, rules=rules, as_of="2021-12-31").warnings == ()


def test_a_ban_that_began_inside_a_window_warns_inside_and_names_its_last_day(verdict):
    """A ban whose first day is not established (supplied by the test: no ban of the
    formats' data has one): unsure inside the window, banned from its last day."""
    said = Announcement("A ban list report", "2019-12-09", "https://example.org/report")
    ban = Ban("xy1-124", dt.date(2019, 11, 1), announcement=said,  # Red Card
              effective_by=dt.date(2019, 12, 9))
    rules = dataclasses.replace(get_format("expanded"), banned=(ban,))
    basic = basic_line("expanded")
    inside = verdict("1 Red Card XY 124\n" + basic + filler(58), rules=rules, as_of="2019-11-20")
    assert inside.legal and [w.code for w in inside.warnings] == ["ban-uncertain"]
    assert "its ban began on a day not established, from 2019-11-01 to 2019-12-09" in \
        inside.warnings[0].message
    later = verdict("1 Red Card GEN 71\n" + basic + filler(58), rules=rules, as_of="2020-01-18")
    violation = next(v for v in later.violations if v.code == "banned")
    assert violation.message.endswith("since 2019-12-09 at the latest")
    assert violation.rule.section == "effective 2019-12-09 at the latest"
