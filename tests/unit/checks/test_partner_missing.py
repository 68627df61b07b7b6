from decklist.detect import parse
from decklist.resolver import resolve
from tests.support.basics import PARTNER_BATTLES
from tests.unit.checks.conftest import codes, filler, partner_deck
from validators.engine import validate
from validators.formats import get_format

FORMAT = "partner-battles"


def test_one_partner_is_fine(verdict):
    assert "partner-missing" not in codes(verdict(partner_deck("Charizard ex OBF 125"), FORMAT))


def test_no_partner(verdict):
    result = verdict(filler(100, "Basic Fire Energy SVE 2"), FORMAT)
    [violation] = [v for v in result.violations if v.code == "partner-missing"]
    assert "no Partner" in violation.message and violation.rule.section == "I.1.1"


def test_two_partners(verdict):
    text = ("Partner:\n1 Charizard ex OBF 125\n1 Entei OBF 30\nDeck:\n"
            + filler(98, "Basic Fire Energy SVE 2"))
    result = verdict(text, FORMAT)
    [violation] = [v for v in result.violations if v.code == "partner-missing"]
    assert "2 Partners" in violation.message and [c.line for c in violation.cards] == [2, 3]


def test_json_partner_flag(full_index):
    entries = [{"count": 1, "id": "sv3-125", "partner": True},
               {"count": 1, "id": PARTNER_BATTLES},
               {"count": 98, "name": "Basic Fire Energy"}]
    deck = parse(entries)
    result = validate(full_index, resolve(full_index, deck.entries), get_format(FORMAT))
    assert result.legal, result.violations
