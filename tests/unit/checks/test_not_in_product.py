from tests.unit.checks.conftest import codes, filler

ENERGY = "Lightning Energy BS 100"  # basic: Limited players add any number of it


def test_cards_from_the_product_are_fine(verdict):
    result = verdict("4 Pikachu LC 86\n" + filler(36, ENERGY), "sealed",
                     product="legendary-collection")
    assert "not-in-product" not in codes(result)


def test_a_card_from_another_set_is_not_in_the_product(verdict):
    result = verdict("4 Pikachu N1 70\n" + filler(36, ENERGY), "sealed",
                     product="legendary-collection")
    [violation] = result.violations
    assert violation.code == "not-in-product" and violation.rule.section == "§234"
    assert "Neo Genesis" in violation.message and violation.cards[0].id == "neo1-70"


def test_basic_energy_from_any_set_is_fine(verdict):
    result = verdict("4 Pikachu LC 86\n" + filler(36, "Fire Energy BS 98"), "sealed",
                     product="legendary-collection")
    assert "not-in-product" not in codes(result)


def test_a_name_only_line_is_fine_when_one_of_its_printings_is_in_the_product(verdict):
    result = verdict("2 Pikachu\n2 Slowking\n" + filler(36, ENERGY), "booster-draft",
                     product="neo-genesis-neo-destiny")
    # Legal; the name-only lines are warnings, as each names several cards.
    assert codes(result) == ["ambiguous-card", "pool-not-checked"] and result.legal


def test_draft_mixes(verdict):
    deck = "2 Pikachu N1 70\n2 Bill LC 108\n" + filler(36, ENERGY)
    result = verdict(deck, "booster-draft", product="neo-genesis-expedition")
    assert [v.cards[0].id for v in result.violations] == ["base6-108"]
    assert {v.code for v in result.violations} == {"not-in-product"}


def test_no_product_no_check(verdict):
    assert "not-in-product" not in codes(verdict("4 Pikachu N1 70\n" + filler(36, ENERGY),
                                                 "sealed"))
