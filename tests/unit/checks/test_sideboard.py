from tests.unit.checks.conftest import codes, filler


def test_no_sideboard_is_fine(verdict):
    assert "sideboard" not in codes(verdict(filler(60)))


def test_a_sideboard_fires_and_cites_222(verdict):
    result = verdict(filler(60) + "Sideboard:\n2 Bill BS 91\n1 Switch BS 95\n")
    violation = next(v for v in result.violations if v.code == "sideboard")
    assert "3 cards" in violation.message and violation.rule.section == "§222"
    assert [card.line for card in violation.cards] == [3, 4]
