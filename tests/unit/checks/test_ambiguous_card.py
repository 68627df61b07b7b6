import pytest

from tests.support.basics import basic_line
from tests.unit.checks.conftest import codes, filler


def test_one_card_by_name_is_not_ambiguous(verdict):
    assert "ambiguous-card" not in codes(verdict("4 Bill\n" + filler(56), "modified"))


def test_candidates_that_differ_in_legality_fire(verdict):
    # Every Sneasel of 2003 is in Modified's pool, and Neo Genesis' is banned there.
    result = verdict("1 Sneasel\n" + filler(59), "modified", "2003-08-31")
    violation = next(v for v in result.violations if v.code == "ambiguous-card")
    assert "names 3 different cards that differ in legality here" in violation.message
    assert "give its set and number" in violation.message


def test_a_name_stands_for_the_cards_legal_here(verdict):
    # Base Set's Blastoise is not in Modified's pool; the two Blastoise that are, are one
    # title: whichever the line means, the deck stands, with a warning.
    result = verdict("1 Blastoise\n" + basic_line("modified") + filler(58), "modified")
    assert result.legal, result.violations
    warning = next(w for w in result.warnings if w.code == "ambiguous-card")
    assert "names 2 different cards; every one is legal here" in warning.message


@pytest.mark.parametrize(("as_of", "card"), [("2025-06-01", "sv9-24"), (None, "sv9-24")])
def test_a_name_of_one_card_legal_here_is_that_card(verdict, as_of, card):
    # "Blaziken ex" names EX Blaziken ex, XY's Blaziken-EX and Journey Together's Blaziken
    # ex; in Standard only the last is legal, so the line is that card there.
    result = verdict("1 Blaziken ex\n" + basic_line("standard", as_of)
                     + filler(58, "Fire Energy SVE 2"), "standard", as_of)
    assert "ambiguous-card" not in codes(result), result.violations + result.warnings
    [standing] = [ss for line, ss in result.standings if line.entry.line == 1]
    assert [c.printing.id for c in standing.considered] == [card]
    assert len(standing.cards) > 1  # the line itself names them all
    # In Unlimited every one of them is legal: the line stays ambiguous there.
    assert "ambiguous-card" in codes(verdict("1 Blaziken ex\n" + filler(59), "unlimited"))


def test_a_name_of_several_cards_legal_here_stays_ambiguous_among_them(verdict):
    # "Charizard ex" is the 2004 EX card, XY's Charizard-EX and two Scarlet & Violet cards
    # (Obsidian Flames', 151's): in 2025 Standard only the last two are legal, one title, so
    # the line warns that it may be either, and the 2004 card is no candidate.
    result = verdict("4 Charizard ex\n" + basic_line("standard", "2025-01-10")
                     + filler(55, "Fire Energy SVE 2"), "standard", "2025-01-10")
    assert result.legal, result.violations
    warning = next(w for w in result.warnings if w.code == "ambiguous-card")
    assert "names 2 different cards; every one is legal here" in warning.message
    [standing] = [ss for line, ss in result.standings if line.entry.line == 1]
    assert {c.printing.set_id for c in standing.considered} <= {"svp", "sv3", "sv3pt5",
                                                                 "sv4pt5"}


def test_a_name_of_no_card_legal_here_is_judged_as_its_newest(verdict):
    # No Charizard ex is legal in Standard after the 2026 rotation: not-legal names the
    # newest card of the name (Scarlet & Violet's), not the 2004 one; the line still names
    # cards of two titles (Charizard ex, Charizard-EX), which the reading refuses first.
    result = verdict("1 Charizard ex\n" + basic_line("standard", "2026-08-01")
                     + filler(58, "Fire Energy SVE 2"), "standard", "2026-08-01")
    assert [v.code for v in result.violations] == ["ambiguous-card", "not-legal"]
    assert "Charizard ex (PAF 54) is not legal in Standard" in result.violations[1].message


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
