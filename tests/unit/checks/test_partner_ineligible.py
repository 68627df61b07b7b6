import pytest

from tests.unit.checks.conftest import codes, partner_deck

FORMAT = "partner-battles"


@pytest.mark.parametrize(("partner", "why"), [
    ("Ho-Oh LEGEND HS 111", "LEGEND"),
    ("Azelf LV.X LA 140", "LV.X"),
    ("Pikachu V-UNION SWSH139", "V-UNION"),
    ("Bill BS 91", "Trainer card"),
])
def test_partial_cards_and_non_pokemon_cannot_be_the_partner(verdict, partner, why):
    result = verdict(partner_deck(partner, energy="Fire Energy BS 98"), FORMAT)
    [violation] = [v for v in result.violations if v.code == "partner-ineligible"]
    assert why in violation.message and violation.rule.section == "I.1.1"


def test_a_break_card_cannot_be_the_partner(verdict, full_index):
    break_card = next(p for p in full_index.printings.values() if "BREAK" in p.subtypes)
    result = verdict(partner_deck(break_card.id, energy="Fire Energy BS 98"), FORMAT)
    assert "partner-ineligible" in codes(result)


def test_a_whole_pokemon_is_eligible(verdict):
    assert "partner-ineligible" not in codes(verdict(partner_deck("Entei OBF 30"), FORMAT))
