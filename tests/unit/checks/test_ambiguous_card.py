from tests.support.basics import basic_line
from tests.unit.checks.conftest import codes, filler


def test_one_card_by_name_is_not_ambiguous(verdict):
    assert "ambiguous-card" not in codes(verdict("4 Bill\n" + filler(56), "modified"))


def test_candidates_that_differ_in_legality_fire(verdict):
    # Base Set's Blastoise is not legal in Modified, Expedition's is.
    result = verdict("1 Blastoise\n" + filler(59), "modified")
    violation = next(v for v in result.violations if v.code == "ambiguous-card")
    assert "give its set and number" in violation.message


def test_only_cards_that_existed_on_the_date_are_candidates(verdict):
    # On 2003-08-31 every Charizard then printed is legal in Modified (Base Set's through
    # Legendary Collection's): the line stands, with a warning.
    result = verdict("1 Charizard\n" + basic_line("modified") + filler(58), "modified")
    assert result.legal, result.violations
    assert "ambiguous-card" in [w.code for w in result.warnings]


def test_candidates_all_legal_with_one_title_leave_the_deck_legal_with_a_warning(verdict):
    # In Unlimited every Charizard is legal and titled "Charizard": the deck stands, and the
    # line says it could be read more than one way.
    result = verdict("1 Charizard\n" + basic_line("unlimited") + filler(58), "unlimited")
    assert result.legal
    assert [v.code for v in result.violations] == []
    warning = next(w for w in result.warnings if w.code == "ambiguous-card")
    assert warning.severity == "warning"
    assert "counts as 'Charizard'" in warning.message
    assert warning.cards[0].line == 1


def test_candidates_with_different_titles_are_an_error(verdict):
    # "Mewtwo EX" names the EX-era Mewtwo ex and the Black & White Mewtwo-EX: every one is
    # legal in Unlimited, but they are two titles, so the copy limit cannot be counted.
    result = verdict("1 Mewtwo EX\n" + filler(59), "unlimited")
    violation = next(v for v in result.violations if v.code == "ambiguous-card")
    assert "different titles (Mewtwo ex, Mewtwo-EX" in violation.message
    assert not result.legal
