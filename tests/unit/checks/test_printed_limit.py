"""printed-limit: each deck limit a card prints on itself, with the card's words as the rule."""

import pytest

from tests.support.basics import basic_line
from tests.unit.checks.conftest import codes, filler, partner_deck

NEO_UNOWN = "2 Unown [A] N2 14\n1 Unown [D] N2 47\n1 Unown [F] N2 48\n"


def violation(result, code):
    return next(v for v in result.violations if v.code == code)


@pytest.mark.parametrize(("deck", "code"), [
    ("2 Shining Gyarados N3 65\n", "name-limit"),
    ("2 Miracle Energy N4 16\n", "name-limit"),
    (NEO_UNOWN + "1 Unown [M] N2 49\n", "unown-limit"),
    ("1 G Booster PLB 92\n1 Computer Search BCR 137\n", "ace-spec-limit"),
    ("2 Volcanion ◇ FLI 31\n", "prism-star-limit"),
    ("1 Radiant Heatran ASR 27\n1 Radiant Gardevoir LOR 69\n", "radiant-limit"),
    ("1 Mudkip ★ TRR 107\n1 Gyarados ★ δ HP 102\n", "star-limit"),
])
def test_each_printed_limit_is_enforced_in_unlimited(verdict, deck, code):
    size = sum(int(line.split()[0]) for line in deck.splitlines())
    result = verdict(deck + filler(60 - size))
    assert not result.legal
    assert code in codes(result)


@pytest.mark.parametrize("deck", [
    "1 Shining Gyarados N3 65\n",
    "1 Miracle Energy N4 16\n",
    NEO_UNOWN,
    "1 Computer Search BCR 137\n",
    "1 Volcanion ◇ FLI 31\n1 Volcanion UNB 25\n",
    "1 Radiant Heatran ASR 27\n",
    "1 Mudkip ★ TRR 107\n",
])
def test_one_within_the_limit_is_fine(verdict, deck):
    size = sum(int(line.split()[0]) for line in deck.splitlines())
    result = verdict(deck + basic_line("unlimited") + filler(59 - size))
    assert result.legal, result.violations


def test_the_violation_cites_the_cards_own_words(verdict):
    result = verdict("2 Shining Gyarados N3 65\n" + filler(58))
    found = violation(result, "name-limit")
    assert found.rule.document == "Shining Gyarados (neo3-65)"
    assert found.rule.section == "card text"
    assert found.rule.text == "You can't have more than 1 Shining Gyarados in your deck."
    assert "2 cards named 'Shining Gyarados'" in found.message
    assert [card.line for card in found.cards] == [1]


def test_the_prism_star_rule_is_quoted_without_its_lost_zone_clause(verdict):
    found = violation(verdict("2 Volcanion ◇ FLI 31\n" + filler(58)), "prism-star-limit")
    assert found.rule.text == ("◇ (Prism Star) Rule: You can't have more than 1 ◇ card with "
                               "the same name in your deck.")


def test_the_neo_unown_count_every_unown_in_the_deck(verdict):
    # The Neo text limits "Basic Pokémon cards ... with Unown in their names": EX Unown too.
    result = verdict(NEO_UNOWN + "1 Unown UF A\n" + filler(55))
    found = violation(result, "unown-limit")
    assert [card.line for card in found.cards] == [1, 2, 3, 4]
    # Without a card that prints the limit, Unown are counted by title only.
    assert verdict("1 Unown UF A\n1 Unown UF R\n" + filler(58)).legal


def test_the_shining_limit_holds_in_modified(verdict):
    result = verdict("2 Shining Gyarados N3 65\n" + filler(58), "modified")
    assert "name-limit" in codes(result)


def test_limited_lifts_the_four_copy_rule_not_a_cards_own_text(verdict):
    result = verdict("2 Shining Gyarados N3 65\n" + filler(38), "sealed")
    assert "name-limit" in codes(result)


def test_partner_battles_applies_only_limits_on_one_name(verdict):
    # III.2: rules that disallow cards with different names are not applied.
    two_ace_specs = partner_deck("Volcanion UNB 25", "1 G Booster PLB 92",
                                 "1 Computer Search BCR 137")
    assert "ace-spec-limit" not in codes(verdict(two_ace_specs, "partner-battles"))
    two_prisms = partner_deck("Volcanion UNB 25", "2 Volcanion ◇ FLI 31")
    assert "prism-star-limit" in codes(verdict(two_prisms, "partner-battles"))


def test_cards_that_lift_the_limit_still_do(verdict):
    result = verdict("6 Arceus LV.X AR 94\n" + filler(54))
    assert "copy-limit" not in codes(result)
