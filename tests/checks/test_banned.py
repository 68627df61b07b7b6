import dataclasses

import pytest

from tests.checks.conftest import codes, filler, partner_deck
from validators.formats import get_format


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
    rules = dataclasses.replace(get_format("partner-battles"), banned=("sv1-196",))
    assert get_format("partner-battles").banned == ()  # the v3.00 list is empty
    result = verdict(partner_deck("Entei OBF 30", "1 Ultra Ball DEX 102"), rules=rules)
    [violation] = result.violations
    assert (violation.code, violation.rule.section) == ("banned", "II.5.1")
