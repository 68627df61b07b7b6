"""Type Identity (I.2, I.3.1): real cards of each kind the rules single out."""

from tests.unit.checks.conftest import codes, partner_deck

FORMAT = "partner-battles"


def violations(result):
    return [v for v in result.violations if v.code == "type-identity"]


def test_cards_within_the_partners_identity(verdict):
    # Charizard ex is Fire with a Darkness Tera type: Fire and Darkness cards fit.
    result = verdict(partner_deck("Charizard ex OBF 125", "1 Entei OBF 30"), FORMAT)
    assert "type-identity" not in codes(result)


def test_a_card_outside_names_the_types_that_fall_outside(verdict):
    result = verdict(partner_deck("Entei OBF 30", "1 Pikachu BS 58"), FORMAT)
    [violation] = violations(result)
    assert "Lightning" in violation.message and violation.cards[0].id == "base1-58"
    assert violation.rule.section == "I.3.1"


def test_dragon_is_no_type_but_its_attack_costs_count(verdict):
    # Rayquaza-EX (BW promo 47) is a Dragon Pokémon whose attack costs {R}{L}.
    fire_and_lightning = partner_deck("Rayquaza-EX BW47", "1 Black Kyurem BW58")
    result = verdict(fire_and_lightning, FORMAT)
    [violation] = violations(result)  # Black Kyurem's costs add Water
    assert "has Water in its Type Identity" in violation.message
    fire_only = verdict(partner_deck("Entei OBF 30", "1 Rayquaza-EX BW47"), FORMAT)
    [violation] = violations(fire_only)
    assert "has Lightning in its" in violation.message and "Dragon" not in violation.message


def test_a_colorless_pokemon_with_coloured_attack_costs_has_those_types(verdict):
    # Neo Genesis Lugia is Colorless, and its attack costs {R}{W}{L}.
    result = verdict(partner_deck("Entei OBF 30", "1 Lugia N1 9"), FORMAT)
    [violation] = violations(result)
    assert "has Water, Lightning in its" in violation.message
    colorless_only = verdict(partner_deck("Entei OBF 30", "1 Eevee OBF 166"), FORMAT)
    assert violations(colorless_only) == []


def test_a_trainer_with_an_attack_cost_has_no_identity(verdict):
    # Darkness Cube 01 shows a {D} attack cost; a Trainer has no Type Identity.
    result = verdict(partner_deck("Entei OBF 30", "1 Darkness Cube 01 AQ 119"), FORMAT)
    assert violations(result) == []
