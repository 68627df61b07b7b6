import pytest

from tests.support.basics import basic_line
from tests.unit.checks.conftest import codes, filler

MODIFIED_BASIC = basic_line("modified")  # Charmander (Legendary Collection)
UNLIMITED_BASIC = basic_line("unlimited")  # Charmander (Base Set)


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
    ("4 Jolteon JU 4", False),           # Legendary Collection's, though the data misspells it
    ("4 Grimer FO 48", False),           # likewise ("Minimized")
])
def test_modified_card_pool(verdict, line, fires):
    result = verdict(line + "\n" + filler(60 - int(line.split()[0])), "modified")
    assert ("not-legal" in codes(result)) is fires


def test_sets_after_as_of_are_not_legal(verdict):
    # Armaldo is of Sandstorm, released 2003-09-18; Pidgey of Expedition, legal in both
    # seasons and in Unlimited.
    sandstorm = "4 Armaldo SS 1\n" + basic_line("modified", "2003-10-01") + filler(55)
    assert "not-yet-released" in codes(verdict(sandstorm, "modified"))        # 2003-08-31
    assert not verdict(sandstorm, "modified").legal
    assert verdict(sandstorm, "modified", "2003-10-01").legal
    assert "not-yet-released" in codes(verdict(sandstorm, "unlimited", "2003-01-01"))
    assert verdict(sandstorm, "unlimited").legal                              # no limit


def test_a_previously_printed_copy_is_legal_via_its_legal_printing(verdict):
    result = verdict("1 Charizard BS 4\n" + MODIFIED_BASIC + filler(58), "modified")
    assert "not-legal" not in codes(result)
    standing = next(s for line, ss in result.standings for s in ss.cards
                    if line.entry.line == 1)
    assert standing.printing.id == "base1-4" and standing.legal_via.id == "base6-3"
    assert "reprint-wording" in codes(result)  # Legendary Collection reworded it
    # A warning: the deck stands.
    assert result.legal
    assert "reprint-wording" in {v.code for v in result.warnings}


@pytest.mark.parametrize(("as_of", "shown"), [
    (None, "me1-125"),            # today: Mega Evolution's, of mark I
    ("2026-08-01", "me1-125"),
    ("2025-06-01", "sv4pt5-89"),  # the newest of the G-mark printings then legal
])
def test_a_name_alone_stands_as_its_newest_printing_legal_here(verdict, as_of, shown):
    # "4 Rare Candy" names no printing: it is judged as one legal in Standard on the day, the
    # newest first (a set's own numbers in order), never the 2003 printing with a warning of
    # its wording.
    result = verdict("4 Rare Candy\n" + basic_line("standard", as_of)
                     + filler(55, "Fire Energy SVE 2"), "standard", as_of)
    assert result.legal and codes(result) == [], result.violations + result.warnings
    [card] = next(ss.cards for line, ss in result.standings if line.entry.line == 1)
    assert card.printing.id == shown and card.legal_via == card.printing


def test_a_printing_named_by_set_and_number_keeps_its_wording_warning(verdict):
    # Sandstorm's Rare Candy is legal in today's Standard only as a printing of the card
    # Mega Evolution reprints with other words: the player named that printing.
    result = verdict("4 Rare Candy SS 88\n" + basic_line("standard", "2026-08-01")
                     + filler(55, "Fire Energy SVE 2"), "standard", "2026-08-01")
    assert result.legal and codes(result) == ["reprint-wording"]


def test_an_exact_reprint_is_legal_without_a_wording_warning(verdict):
    result = verdict("1 Electabuzz BS 20\n" + filler(59), "modified")
    standing = next(s for line, ss in result.standings for s in ss.cards
                    if line.entry.line == 1)
    assert standing.legal_via.id == "bp-1"
    assert codes(result) == []


@pytest.mark.parametrize(("line", "released"), [
    ("1 Charizard CEL 4", "2021-10-08"),   # Celebrations' Classic Collection Base Set Charizard
    ("1 Metapod EVO 4", "2016-11-02"),     # Evolutions: another Stiffen, another card anyway
])
def test_a_printing_after_the_date_is_not_legal_even_as_a_reprint(verdict, line, released):
    for format_id in ("modified", "unlimited"):
        result = verdict(line + "\n" + filler(59), format_id, "2003-08-31")
        violation = next(v for v in result.violations if v.code == "not-yet-released")
        assert "was not yet released on 2003-08-31" in violation.message
        assert released in violation.message
        assert "not-legal" not in codes(result)


def test_a_later_reprint_is_legal_once_it_exists(verdict):
    # Celebrations' Charizard is Base Set's, reprinted: legal in Unlimited from its release.
    assert verdict("1 Charizard CEL 4\n" + UNLIMITED_BASIC + filler(58), "unlimited",
                   "2021-10-08").legal


def test_a_name_stands_only_for_cards_that_existed_on_the_date(verdict):
    # In 2003 "Potion" is the card of 2 damage counters; the 30-damage Potion came in 2011.
    result = verdict("4 Potion\n" + MODIFIED_BASIC + filler(55), "modified")
    assert result.legal, result.violations
    assert "ambiguous-card" not in codes(result)


def test_a_date_beyond_the_document_gets_a_notice(verdict):
    deck = "4 Bill LC 108\n" + MODIFIED_BASIC + filler(55)
    within = verdict(deck, "modified")
    assert "beyond-document" not in codes(within)
    # September 2003: the document's season is over, and Organized Play's first (from
    # 2003-10-01) has not begun, so the document still judges, saying so.
    later = verdict(deck, "modified", "2003-09-30")
    notice = next(v for v in later.warnings if v.code == "beyond-document")
    assert "until 2003-08-31" in notice.message and "2003-09-30" in notice.message
    assert later.legal
    next_season = verdict(deck, "modified", "2003-10-01")
    assert "beyond-document" not in codes(next_season)
    assert "beyond-document" not in codes(verdict(deck, "unlimited"))
