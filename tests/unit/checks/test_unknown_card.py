from tests.unit.checks.conftest import codes, filler


def test_a_known_deck_has_none(verdict):
    assert "unknown-card" not in codes(verdict(filler(60)))


def test_an_unknown_line_makes_the_deck_not_legal(verdict):
    result = verdict("4 Pikachoo\n" + filler(56))
    assert not result.legal and "unknown-card" in codes(result)
    violation = next(v for v in result.violations if v.code == "unknown-card")
    assert violation.cards[0].line == 1 and violation.cards[0].id is None
