from tests.checks.conftest import codes, filler


def test_one_card_by_name_is_not_ambiguous(verdict):
    assert "ambiguous-card" not in codes(verdict("4 Bill\n" + filler(56), "modified"))


def test_candidates_that_differ_in_legality_fire(verdict):
    result = verdict("1 Charizard\n" + filler(59), "modified")
    violation = next(v for v in result.violations if v.code == "ambiguous-card")
    assert "give its set and number" in violation.message


def test_candidates_all_legal_are_fine(verdict):
    # In Unlimited every Charizard is legal, so naming it alone is enough.
    assert "ambiguous-card" not in codes(verdict("1 Charizard\n" + filler(59), "unlimited"))
