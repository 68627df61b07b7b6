import pytest

from tests.checks.conftest import codes, filler


@pytest.mark.parametrize(("line", "fires"), [
    ("4 Bill LC 108", False),
    ("4 Blastoise BS 2", True),          # Base Set, and no legal printing of that card
    ("4 Mew PR 9", True),                # Black Star Promo 9: promos 1-20 are not legal
    ("4 Mewtwo PR 12", False),           # promo 12, but reprinted in Legendary Collection
    ("1 Pichu PR 35", False),            # promo 35 is
    ("4 Electabuzz BP 1", False),        # Best of Game
    ("4 Mew SI 1", False),               # Southern Islands
    ("4 Fire Energy BS 98", False),      # basic Energy of the six Types is exempt
    ("4 Double Colorless Energy BS 96", True),
])
def test_modified_card_pool(verdict, line, fires):
    result = verdict(line + "\n" + filler(60 - int(line.split()[0])), "modified")
    assert ("not-legal" in codes(result)) is fires


def test_sets_after_as_of_are_not_legal(verdict):
    sandstorm = "4 Armaldo SS 1\n" + filler(56)  # Sandstorm, released 2003-09-18
    assert "not-legal" in codes(verdict(sandstorm, "modified"))               # 2003-08-31
    assert "not-legal" not in codes(verdict(sandstorm, "modified", "2003-10-01"))
    assert "not-legal" in codes(verdict(sandstorm, "unlimited", "2003-01-01"))
    assert "not-legal" not in codes(verdict(sandstorm, "unlimited"))          # no limit


def test_a_previously_printed_copy_is_legal_via_its_legal_printing(verdict):
    result = verdict("1 Charizard BS 4\n" + filler(59), "modified")
    assert "not-legal" not in codes(result)
    standing = next(s for line, ss in result.standings for s in ss if line.entry.line == 1)
    assert standing.printing.id == "base1-4" and standing.legal_via.id == "base6-3"
    assert "reprint-wording" in codes(result)  # Legendary Collection reworded it
    assert result.legal is False or "reprint-wording" not in {v.code for v in result.violations}


def test_an_exact_reprint_is_legal_without_a_wording_warning(verdict):
    result = verdict("1 Electabuzz BS 20\n" + filler(59), "modified")
    standing = next(s for line, ss in result.standings for s in ss if line.entry.line == 1)
    assert standing.legal_via.id == "bp-1"
    assert codes(result) == []
