"""Singleton (I.3.3): one card each by function_key, with the exceptions the rules list."""

import pytest

from catalog.db import make_engine
from catalog.index import load_index
from decklist.detect import parse
from decklist.resolver import resolve
from tests.support.catalogs import imported_db
from tests.support.paths import FIXTURES
from tests.unit.checks.conftest import codes, partner_deck
from validators.engine import validate
from validators.formats import get_format

FORMAT = "partner-battles"


def singleton(result):
    return [v for v in result.violations if v.code == "singleton"]


def test_two_printings_of_one_card_count_as_one(verdict):
    result = verdict(partner_deck("Entei OBF 30", "1 Bill BS 91", "1 Bill LC 108"), FORMAT)
    [violation] = singleton(result)
    assert "base1-91, base6-108" in violation.message and violation.rule.section == "I.3.3"
    assert [c.line for c in violation.cards] == [4, 5]


def test_the_partner_counts_too(verdict):
    result = verdict(partner_deck("Entei OBF 30", "1 Entei OBF 30"), FORMAT)
    assert len(singleton(result)) == 1


def test_one_name_with_different_attacks_is_two_cards(verdict):
    # Base Set's Pikachu (Gnaw, Thunder Jolt) and Legendary Collection's (Spark).
    result = verdict(partner_deck("Pikachu BS 58", "1 Pikachu LC 86",
                                  energy="Lightning Energy BS 100"), FORMAT)
    assert codes(result) == []


def test_basic_energy_any_number(verdict):
    assert singleton(verdict(partner_deck("Entei OBF 30"), FORMAT)) == []


def test_a_legend_pair_but_not_a_third(verdict):
    pair = partner_deck("Entei OBF 30", "1 Ho-Oh LEGEND HS 111", "1 Ho-Oh LEGEND HS 112")
    assert singleton(verdict(pair, FORMAT)) == []
    three = partner_deck("Entei OBF 30", "2 Ho-Oh LEGEND HS 111", "1 Ho-Oh LEGEND HS 112")
    [violation] = singleton(verdict(three, FORMAT))
    assert "3 copies" in violation.message and "at most 2" in violation.message


@pytest.mark.parametrize(("card", "allowed"), [
    ("Puzzle of Time BKP 109", 2), ("Custom Catcher LOT 171", 2), ("Mixed Herbs LOT 184", 2),
    ("Poké Blower + SF 88", 2), ("Poké Drawer + SF 89", 2), ("Poké Healer + SF 90", 2),
    ("Cross Switcher FST 230", 2), ("Crossceiver FST 231", 2), ("Missing Clover UPR 129", 4),
    ("Quad Stone SIT 163", 4),
])
def test_cards_whose_text_lets_you_play_several_at_once(verdict, card, allowed):
    at_most = verdict(partner_deck("Entei OBF 30", f"{allowed} {card}"), FORMAT)
    assert codes(at_most) == []  # the line is known, and the whole deck legal
    over = verdict(partner_deck("Entei OBF 30", f"{allowed + 1} {card}"), FORMAT)
    assert len(singleton(over)) == 1


def test_arceus_lv_x_any_number(verdict):
    result = verdict(partner_deck("Entei OBF 30", "5 Arceus LV.X AR 94"), FORMAT)
    assert singleton(result) == []


def test_the_four_copy_rule_and_cross_name_limits_do_not_apply(verdict):
    result = verdict(partner_deck(
        "Entei OBF 30", "1 Professor Juniper BLW 101", "1 Professor Sycamore XY 122",
        "1 Professor's Research SVI 189", "1 Lysandre FLF 90", "1 Boss's Orders PAL 172",
        "1 Computer Search BCR 137", "1 Dowsing Machine PLS 128"), FORMAT)
    assert codes(result) == []


def test_a_reprint_without_the_text_gets_no_exception(empty_db_url):
    # The real catalog holds no such reprint: a hand-written one (tests/fixtures/reprints).
    index = load_index(make_engine(imported_db(empty_db_url, FIXTURES / "reprints")))

    def run(text):
        deck = parse(text)
        result = validate(index, resolve(index, deck.entries), get_format(FORMAT))
        return [v for v in result.violations if v.code == "singleton"]

    assert run("2 xy9-109\n") == []                      # both copies carry the text
    [violation] = run("1 xy9-109\n1 zz1-1\n")            # one copy does not
    assert "xy9-109, zz1-1" in violation.message


def test_one_attack_name_and_cost_with_different_effects_is_two_cards(verdict):
    # Unown A and R: Hidden Power for two Colorless, but each does something else; the
    # attack is its effect too.
    result = verdict(partner_deck("Entei OBF 30", "1 Unown UF A", "1 Unown UF R"), FORMAT)
    assert singleton(result) == []


def test_trainers_of_one_name_are_one_card_whatever_their_text(verdict):
    # I.3.3 lists nothing a Trainer has but its Name: the Potion of 2 damage counters and the
    # Potion of 30 damage are one card here, though they are two cards to play.
    result = verdict(partner_deck("Entei OBF 30", "1 Potion BS 94", "1 Potion SVI 188"), FORMAT)
    assert len(singleton(result)) == 1
