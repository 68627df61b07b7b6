from tests.unit.checks.conftest import codes, filler


def test_four_of_a_title_is_fine(verdict):
    assert "copy-limit" not in codes(verdict("4 Bill BS 91\n" + filler(56)))


def test_five_of_a_title_across_printings_fires_and_names_both_lines(verdict):
    result = verdict("3 Bill BS 91\n2 Bill LC 108\n" + filler(55))
    violation = next(v for v in result.violations if v.code == "copy-limit")
    assert "5 cards titled 'Bill'" in violation.message
    assert [card.line for card in violation.cards] == [1, 2]


def test_different_cards_with_one_title_count_together(verdict):
    # Base Set and Jungle Pikachu are different cards with one English title.
    result = verdict("3 Pikachu BS 58\n2 Pikachu JU 60\n" + filler(55))
    assert "copy-limit" in codes(result)


def test_different_titles_do_not(verdict):
    result = verdict("4 Persian JU 42\n4 Dark Persian TR 42\n" + filler(52))
    assert "copy-limit" not in codes(result)


def test_basic_energy_is_exempt_special_energy_is_not(verdict):
    assert "copy-limit" not in codes(verdict(filler(60)))
    result = verdict("5 Double Colorless Energy BS 96\n" + filler(55))
    assert "copy-limit" in codes(result)


def test_levels_and_delta_are_not_part_of_the_title(verdict):
    # The rulebook: Gengar, Gengar LV.43 and Gengar LV.X have one name; so have Charizard and
    # Charizard δ.
    gengar = verdict("3 Gengar SF 18\n1 Gengar LV.X AR 97\n1 Gengar DP 27\n" + filler(55))
    assert "copy-limit" in codes(gengar)
    charizard = verdict("4 Charizard BS 4\n4 Charizard δ CG 4\n" + filler(52))
    violation = next(v for v in charizard.violations if v.code == "copy-limit")
    assert "8 cards titled 'Charizard'" in violation.message


def test_a_star_is_a_title_of_its_own(verdict):
    result = verdict("4 Charizard BS 4\n1 Charizard ★ δ DF 100\n" + filler(55))
    assert "copy-limit" not in codes(result)
