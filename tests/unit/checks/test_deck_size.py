import pytest

from tests.unit.checks.conftest import codes, filler


@pytest.mark.parametrize(("size", "fires"), [(60, False), (59, True), (61, True)])
def test_constructed_decks_hold_exactly_sixty(verdict, size, fires):
    result = verdict("4 Bill BS 91\n" + filler(size - 4))
    assert ("deck-size" in codes(result)) is fires
    if fires:
        violation = next(v for v in result.violations if v.code == "deck-size")
        assert f"has {size} cards" in violation.message
        assert (violation.rule.document, violation.rule.section) == ("DCI Floor Rules 2003",
                                                                      "§221")


def test_the_sideboard_does_not_count_toward_the_deck(verdict):
    result = verdict(filler(60) + "Sideboard:\n2 Bill BS 91\n")
    assert "deck-size" not in codes(result)
