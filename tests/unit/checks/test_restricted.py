"""restricted (II.5.2): the list is empty in v3.00; these tests supply entries."""

import dataclasses

from tests.unit.checks.conftest import codes, partner_deck
from validators.formats import get_format
from validators.records import Restriction


def rules_with(*restrictions):
    return dataclasses.replace(get_format("partner-battles"), restricted=restrictions)


def test_the_shipped_list_is_empty():
    assert get_format("partner-battles").restricted == ()


def test_not_as_the_partner(verdict):
    rules = rules_with(Restriction("sv3-30", "may not be a Partner", partner_allowed=False))
    as_partner = verdict(partner_deck("Entei OBF 30"), rules=rules)
    [violation] = as_partner.violations
    assert violation.code == "restricted" and violation.rule.section == "II.5.2"
    assert "may not be a Partner" in violation.message
    in_deck = verdict(partner_deck("Charizard ex OBF 125", "1 Entei OBF 30"), rules=rules)
    assert codes(in_deck) == []


def test_copies_counted_over_every_printing_of_the_card(verdict):
    # Puzzle of Time lets a deck hold 2; a restriction to 1 copy wins.
    rules = rules_with(Restriction("xy9-109", "at most 1 copy", max_copies=1))
    result = verdict(partner_deck("Entei OBF 30", "2 Puzzle of Time BKP 109"), rules=rules)
    assert [v.code for v in result.violations] == ["restricted"]
    assert codes(verdict(partner_deck("Entei OBF 30", "1 Puzzle of Time BKP 109"),
                         rules=rules)) == []
