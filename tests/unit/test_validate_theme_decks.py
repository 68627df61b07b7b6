"""The 188 theme decks of ../shared/pokemon-tcg-data/decks/en, validated on the full catalog.

Every deck is sent as JSON entries naming its exact printings (the data lists some basic
Energy under an id no card has; those go by name).  Modified's card pool is restated here by
hand from DCI Floor Rules 2003 §226, so the expectations do not come from the code under test.
"""

from __future__ import annotations

import pytest

from decklist.detect import parse
from decklist.resolver import resolve
from tests.unit.test_resolve_theme_decks import theme_decks
from validators.engine import validate
from validators.formats import get_format

# §226 on its default date, 2003-08-31: the Neo sets, Southern Islands, Legendary Collection,
# Expedition and the expansions after it (Aquapolis, Skyridge, Ruby & Sapphire), Best of Game,
# and Black Star Promos from 21 up.
MODIFIED_SETS = {"neo1", "neo2", "neo3", "si1", "neo4", "base6", "ecard1", "ecard2", "ecard3",
                 "ex1", "bp"}
SIX_TYPES = {"Grass", "Fire", "Water", "Lightning", "Psychic", "Fighting"}
LEGAL_IN_MODIFIED = {"neo1", "neo2", "neo4", "base6", "ecard1", "ecard2", "ecard3"}
OLDER = {"base1", "base2", "base3", "base4", "base5", "gym1", "gym2"}
# These five decks play 6 to 13 copies of the Diamond & Pearl era's Special Metal or Darkness
# Energy. §221 exempts only basic Energy from the 4-copy rule, so as printed they are not
# legal in Unlimited; every other 60-card theme deck is.
OVER_FOUR_SPECIAL_ENERGY = {"Armor Fortress": "Metal Energy", "Eternal Time": "Metal Energy",
                            "Endless Night": "Darkness Energy", "Metal Surge": "Metal Energy",
                            "Dark Rampage": "Darkness Energy"}


@pytest.fixture(scope="module")
def decks(shared_data):
    """(set id, deck): a deck's id is "d-<set id>-<n>"."""
    return [(deck["id"][2:].rsplit("-", 1)[0], deck) for deck in theme_decks(shared_data)]


@pytest.fixture(scope="module")
def check(full_index):
    def run(deck, format_id):
        entries = [{"count": c["count"], "id": c["id"]} if full_index.card(c["id"])
                   else {"count": c["count"], "name": c["name"]} for c in deck["cards"]]
        parsed = parse(entries)
        assert parsed.problems == []
        return validate(full_index, resolve(full_index, parsed.entries), get_format(format_id))

    return run


def test_every_theme_deck_is_read(decks):
    assert len(decks) == 188
    assert {set_id for set_id, _ in decks} >= OLDER | LEGAL_IN_MODIFIED


def test_every_60_card_theme_deck_is_legal_in_unlimited(decks, check):
    over_four = {}
    for _, deck in decks:
        if sum(card["count"] for card in deck["cards"]) != 60:
            continue
        verdict = check(deck, "unlimited")
        if deck["name"] in OVER_FOUR_SPECIAL_ENERGY:
            [violation] = verdict.violations
            assert violation.code == "copy-limit" and violation.rule.section == "§221"
            over_four[deck["name"]] = verdict.violations[0].cards[0].name
        else:
            assert verdict.legal, (deck["name"], verdict.violations)
    assert over_four == OVER_FOUR_SPECIAL_ENERGY


def test_the_61_card_starter_sets_break_only_the_deck_size(decks, check):
    long = [deck for _, deck in decks if sum(c["count"] for c in deck["cards"]) == 61]
    assert {deck["name"] for deck in long} == {"2-Player Starter Set",
                                               "2-Player CD-ROM Starter Set"}
    for deck in long:
        assert [v.code for v in check(deck, "unlimited").violations] == ["deck-size"]


def test_neo_legendary_collection_and_e_card_decks_are_legal_in_modified(decks, check):
    checked = [deck["name"] for set_id, deck in decks if set_id in LEGAL_IN_MODIFIED]
    assert len(checked) == 14
    for set_id, deck in decks:
        if set_id in LEGAL_IN_MODIFIED:
            verdict = check(deck, "modified")
            assert verdict.legal and verdict.warnings == (), (deck["name"], verdict.violations)


def test_older_decks_are_illegal_in_modified_for_the_cards_no_legal_set_printed(
        decks, check, full_index):
    older = [deck for set_id, deck in decks if set_id in OLDER]
    assert len(older) == 25
    for deck in older:
        verdict = check(deck, "modified")
        not_legal = {card.id for v in verdict.violations if v.code == "not-legal"
                     for card in v.cards}
        assert not_legal == _without_legal_printing(deck, full_index), deck["name"]
        for line, standings in verdict.standings:
            card, via = line.resolution.card, standings.cards[0].legal_via
            if via is not None and via.id != card.id:
                # a previously printed copy, legal through a printing of the same card
                assert _in_modified(via) and via.function_key == card.function_key
                assert card.set_id in OLDER


def _without_legal_printing(deck, index):
    """The deck's cards that §226 leaves out: from an older set, not basic Energy of the six
    Types, and printed in no legal set."""
    found = set()
    for card in deck["cards"]:
        printing = index.card(card["id"])
        if printing is None or printing.set_id not in OLDER:
            continue
        if printing.is_basic_energy and printing.name.split()[0] in SIX_TYPES:
            continue
        reprints = index.by_function[printing.function_key]
        if not any(_in_modified(p) for p in reprints):
            found.add(printing.id)
    return found


def _in_modified(printing):
    if printing.set_id == "basep":
        return int(printing.number) >= 21
    return printing.set_id in MODIFIED_SETS


@pytest.mark.parametrize(("deck_name", "illegal", "legal_via"), [
    # Gust of Wind, Energy Removal and Pokédex were not reprinted in a legal set; LC's
    # Machop and Diglett are other cards (other attacks). Bill is legal through LC's Bill.
    ("2-Player Starter Set", {"Gust of Wind", "Energy Removal", "Pokédex", "Machop", "Diglett"},
     {"base1-91": "base6-108", "base1-8": "base6-15"}),
    # Base Set's Pikachu (Gnaw, Thunder Jolt) is not Legendary Collection's (Spark).
    ("Zap!", {"Pikachu", "Gust of Wind"}, {"base1-53": "base6-80"}),
    # Base Set's Electabuzz is word for word the Best of Game promo.
    ("Thunderstorm", {"Double Colorless Energy"}, {"base1-20": "bp-1"}),
])
def test_named_older_decks(decks, check, deck_name, illegal, legal_via):
    deck = next(deck for _, deck in decks if deck["name"] == deck_name)
    verdict = check(deck, "modified")
    names = {card.name for v in verdict.violations if v.code == "not-legal" for card in v.cards}
    assert illegal <= names
    vias = {line.resolution.card.id: standings.cards[0].legal_via.id
            for line, standings in verdict.standings
            if line.resolution.card and standings.cards[0].legal_via is not None}
    assert legal_via.items() <= vias.items()
