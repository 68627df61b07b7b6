"""no-basic-pokemon: a deck holds a card a game can begin with, on the full real catalog."""

import pytest

from tests.support import basics
from tests.unit.checks.conftest import codes, filler, partner_deck
from validators.definitions import read_definition
from validators.derived import organizer_rules
from validators.formats import ORDER, deck_rules, get_format
from validators.records import DeckRules
from validators.seasons import lineages

STANDARD_DAY = "2024-06-07"
# Eight Trainers legal in Standard on STANDARD_DAY, and 52 basic Energy.
TRAINERS_AND_ENERGY = ("4 Ultra Ball SVI 196\n4 Boss's Orders PAL 172\n"
                       "52 Basic Fire Energy SVE 2\n")


def _violation(result):
    return next(v for v in result.violations if v.code == "no-basic-pokemon")


def _beside_trainers(line, format_id):
    """`line` with Trainers and basic Energy legal in the format: 60 cards."""
    if format_id == "standard":
        return TRAINERS_AND_ENERGY.replace("52 Basic", f"{line}\n51 Basic")
    return f"{line}\n4 Bill LC 108\n" + filler(55)


def test_trainers_and_basic_energy_alone_are_no_deck(verdict):
    result = verdict(TRAINERS_AND_ENERGY, "standard", as_of=STANDARD_DAY)
    assert not result.legal and codes(result) == ["no-basic-pokemon"]
    violation = _violation(result)
    assert (violation.rule.document, violation.rule.section) == (
        "Play! Pokémon Standard format", "at least one Basic Pokémon: the rulebook's setup")
    assert violation.message == (
        "the deck has no Basic Pokémon: a game begins with one from the opening hand, so "
        "Standard (Play! Pokémon, by regulation mark) decks hold at least one")
    assert violation.cards == ()


def test_one_basic_pokemon_makes_it_a_deck(verdict):
    deck = _beside_trainers(basics.basic_line("standard", STANDARD_DAY).strip(), "standard")
    assert codes(verdict(deck, "standard", as_of=STANDARD_DAY)) == []


@pytest.mark.parametrize(("line", "format_id", "as_of"), [
    ("1 Clefairy Doll BS 70", "unlimited", None),
    ("1 Mysterious Fossil FO 62", "unlimited", None),
    ("1 Mysterious Fossil LC 109", "modified", None),  # 2003-08-31
    ("1 Antique Dome Fossil MEW 152", "standard", STANDARD_DAY),
])
def test_a_trainer_played_as_a_basic_pokemon_begins_a_game(verdict, line, format_id, as_of):
    assert codes(verdict(_beside_trainers(line, format_id), format_id, as_of=as_of)) == []


def test_the_index_knows_the_trainers_played_as_basic_pokemon(full_index):
    marked = {p.id for p in full_index.printings.values() if p.plays_as_basic}
    assert {"base1-70", "base3-62", "base6-109", "dp2-116", "sm5-134", "sv3pt5-152"} <= marked
    assert all(full_index.card(card).supertype == "Trainer" for card in marked)
    # Trainers that speak of Basic Pokémon without being played as one
    assert not marked & {"base1-76", "gym2-107", "ecard2-136"}


@pytest.mark.parametrize(("line", "format_id", "as_of"), [
    ("1 Pichu N1 12", "modified", None),           # a Baby Pokémon
    ("1 me2pt5-1", "standard", "2026-02-13"),      # Erika's Oddish: the data's "Basic Stage"
])
def test_a_baby_pokemon_and_every_spelling_of_basic_count(verdict, line, format_id, as_of):
    assert codes(verdict(_beside_trainers(line, format_id), format_id, as_of=as_of)) == []


def test_evolved_pokemon_alone_are_no_deck(verdict):
    result = verdict("4 Charizard BS 4\n" + filler(56))
    assert codes(result) == ["no-basic-pokemon"]
    assert (_violation(result).rule.document, _violation(result).rule.section) == (
        "DCI Floor Rules 2003", "§214–215")


def test_a_basic_pokemon_in_the_sideboard_is_not_in_the_deck(verdict):
    result = verdict("4 Bill BS 91\n" + filler(56) + "Sideboard:\n1 Pikachu BS 58\n")
    assert "no-basic-pokemon" in codes(result)


def test_a_line_that_may_be_a_basic_pokemon_counts(verdict):
    # "Pikachu" names several printings, each a Basic Pokémon: a warning, and a deck.
    assert codes(verdict("1 Pikachu\n4 Bill BS 91\n" + filler(55))) == ["ambiguous-card"]


def test_a_deck_with_a_card_not_known_is_not_said_to_have_none(verdict):
    # The line not known may be its Basic Pokémon: unknown-card says what is wrong.
    assert codes(verdict("4 Nosuchcard\n" + filler(56))) == ["unknown-card"]


def test_a_limited_deck_needs_one_too(verdict):
    result = verdict("1 Bill LC 108\n" + filler(39), "sealed", pool="1 Bill LC 108\n")
    assert codes(result) == ["no-basic-pokemon"]
    assert _violation(result).rule.section == "§214–215"


def test_in_partner_battles_the_partner_is_not_the_decks_basic_pokemon(verdict):
    alone = verdict(partner_deck("Entei OBF 30", "1 Ultra Ball SVI 196", basic=None),
                    "partner-battles")
    assert codes(alone) == ["no-basic-pokemon"]
    violation = _violation(alone)
    assert violation.message.startswith("the deck has no Basic Pokémon besides its Partner:")
    assert (violation.rule.document, violation.rule.section) == (
        "Partner Battles v3.00", "II.2.2 and the rulebook's setup")
    beside = verdict(partner_deck("Entei OBF 30", "1 Ultra Ball SVI 196"), "partner-battles")
    assert codes(beside) == []


def _definitions():
    """Every deck definition: each format's, each team play's, each season's."""
    for format_id in ORDER:
        fmt = get_format(format_id)
        if isinstance(fmt, DeckRules):
            yield format_id, fmt
        else:
            for play in fmt.plays:
                yield f"{format_id} ({play})", deck_rules(fmt, play)
    for lineage in lineages():
        for season in lineage.seasons:
            yield season.id, season.rules


@pytest.mark.parametrize(("name", "rules"), list(_definitions()),
                         ids=[name for name, _ in _definitions()])
def test_every_deck_definition_checks_it_after_the_decks_size(name, rules):
    found = [spec.code for spec in rules.checks]
    assert found.index("no-basic-pokemon") == found.index("deck-size") + 1, name


def test_an_organizers_format_keeps_it_where_its_base_has_it():
    # Partner Battles has no copy limit of its own: the organizer's comes after this check,
    # where the built-in formats have theirs.
    rules = organizer_rules(read_definition({"base": "partner-battles", "copy_limit": 2}))
    found = [spec.code for spec in rules.checks]
    assert found[found.index("deck-size"):][:3] == ["deck-size", "no-basic-pokemon",
                                                    "copy-limit"]
    assert next(s for s in rules.checks if s.code == "no-basic-pokemon").params == {
        "partner_apart": True}

