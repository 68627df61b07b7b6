"""watchlisted (II.5.3): a warning in casual play, a violation with tournament: true."""

import dataclasses

from tests.unit.checks.conftest import partner_deck
from validators.formats import get_format

RULES = dataclasses.replace(get_format("partner-battles"), watchlisted=("sv1-196",))
DECK = partner_deck("Entei OBF 30", "1 Ultra Ball SVI 196")


def test_the_shipped_list_is_empty():
    assert get_format("partner-battles").watchlisted == ()


def test_casual_play_warns(verdict):
    result = verdict(DECK, rules=RULES)
    assert result.legal
    [warning] = result.warnings
    assert warning.code == "watchlisted" and warning.rule.section == "II.5.3"
    assert "replace it with basic Energy" in warning.message


def test_tournaments_do_not_allow_it(verdict):
    result = verdict(DECK, rules=RULES, tournament=True)
    assert [v.code for v in result.violations] == ["watchlisted"]


def test_every_printing_of_the_card_is_watchlisted(verdict):
    result = verdict(partner_deck("Entei OBF 30", "1 Ultra Ball DEX 102"), rules=RULES)
    assert [(w.code, w.cards[0].id) for w in result.warnings] == [("watchlisted", "bw5-102")]
