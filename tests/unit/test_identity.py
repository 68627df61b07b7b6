"""The three notions of card identity, on hand-made cards and on the real catalog."""

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from catalog import identity
from catalog.db import make_engine
from catalog.models import Card


@pytest.fixture
def cards(real_card):
    return real_card


@pytest.mark.parametrize(("a", "b"), [
    ("Dark Persian", "Persian"),
    ("Team Rocket's Meowth", "Meowth"),
    ("Unown [J]", "Unown [A]"),
    ("Charizard ex", "Charizard"),
    ("Armaldo δ", "Armaldo"),
    ("Mudkip ★", "Mudkip"),
    ("Volcanion ◇", "Volcanion"),
    ("Nidoran♀", "Nidoran♂"),
])
def test_name_key_keeps_what_makes_titles_differ(a, b):
    assert identity.name_key(a) != identity.name_key(b)


# The Pokémon rulebook, "What does and doesn't count for a Pokémon's name?": a level and δ
# are not part of the name; owners, forms, ★ and ◇ are.
@pytest.mark.parametrize(("a", "b"), [
    ("Gengar", "Gengar LV.X"),
    ("Gengar", "Gengar LV.43"),
    ("Aerodactyl", "Aerodactyl δ"),
    ("Charizard ★", "Charizard ★ δ"),
    ("Absol G", "Absol G LV.X"),
])
def test_title_key_leaves_out_levels_and_delta(a, b):
    assert identity.title_key(a) == identity.title_key(b)
    assert identity.name_key(a) != identity.name_key(b)  # searches still tell them apart


@pytest.mark.parametrize(("a", "b"), [
    ("Dark Persian", "Persian"),
    ("Team Rocket's Meowth", "Meowth"),
    ("Unown [J]", "Unown [A]"),
    ("Mudkip ★", "Mudkip"),
    ("Volcanion ◇", "Volcanion"),
    ("Absol G", "Absol"),
    ("Charizard ex", "Charizard"),
])
def test_title_key_keeps_stars_owners_and_forms(a, b):
    assert identity.title_key(a) != identity.title_key(b)


@pytest.mark.parametrize(("typed", "printed"), [
    ("Pokemon Center", "Pokémon Center"),
    ("POKéMON center", "Pokémon Center"),
    ("Team Rocket’s Meowth", "Team Rocket's Meowth"),
    ("  Professor   Oak ", "Professor Oak"),
    ("Poke\u0301mon Fan Club", "Pokémon Fan Club"),  # decomposed é (NFD) is the same title
    ("Ho–Oh", "Ho-Oh"),
    ("Nidoran ♀", "Nidoran♀"),
    ("Professor's Research (Professor Oak)", "Professor's Research"),  # data's variant label
    ("Boss's Orders (Ghetsis)", "Boss's Orders"),
])
def test_name_key_folds_spelling_noise(typed, printed):
    assert identity.name_key(typed) == identity.name_key(printed)


@pytest.mark.parametrize(("a", "b"), [
    ("base1-4", "base6-3"),       # Charizard, Pokémon Power reworded
    ("base1-95", "ecard1-157"),   # Switch, reworded
    ("base3-62", "base6-109"),    # Mysterious Fossil, reworded
    ("base1-98", "sve-2"),        # "Fire Energy" and "Basic Fire Energy"
    ("swsh1-178", "sv1-190"),     # Professor's Research, Magnolia and Turo artworks
    ("sv2-172", "swsh2-154"),     # Boss's Orders, Ghetsis artwork and plain
])
def test_reprints_share_function_key(cards, a, b):
    assert cards(a).function_key == cards(b).function_key
    assert cards(a).text_fingerprint != cards(b).text_fingerprint


@pytest.mark.parametrize(("a", "b"), [
    ("base2-4", "base6-14"),      # Jolteon: the data spells Pin Missile "Pin Missle" once
    ("base3-48", "base6-78"),     # Grimer: "Minimize" and "Minimized"
    ("base1-2", "base4-2"),       # Blastoise: Hydro Pump's cap reworded (data/identity.json)
    ("base2-11", "base6-64"),     # Snorlax: Thick Skinned reworded (data/identity.json)
    ("pop6-15", "dp1-93"),        # Piplup: "Water Spash"
    ("sv6-149", "sv8pt5-108"),    # Festival Grounds: the Stadium reminder respelled
    ("sv10-182", "me2pt5-217"),   # Team Rocket's Energy: subtype "Special" / "Special Energy"
    ("dp6-138", "ex2-90"),        # Claw Fossil: a text several fossils share is still its own
    ("me1-126", "sm1-130"),       # Repel: reworded past the measure (data/identity.json)
])
def test_reprints_share_function_key_through_misspellings_and_rewordings(cards, a, b):
    assert cards(a).function_key == cards(b).function_key


@pytest.mark.parametrize(("a", "b"), [
    ("base1-10", "base6-29"),     # two different Mewtwo
    ("base1-58", "base2-60"),     # two different Pikachu
    ("neo1-104", "dp1-129"),      # Special vs basic Darkness Energy
    ("ex10-A", "ex10-R"),         # Unown: one Hidden Power name and cost, different effects
    ("base6-54", "xy12-4"),       # Metapod: Stiffen prevents all damage, or 40 of it
    ("base1-71", "bw7-137"),      # Computer Search: the ACE SPEC is another card
    ("base1-94", "sv1-188"),      # Potion: 2 damage counters, or 30 damage
    ("base1-91", "hgss1-89"),     # Bill: the HeartGold SoulSilver one is a Supporter
])
def test_different_cards_with_one_name_differ(cards, a, b):
    assert cards(a).name_key == cards(b).name_key
    assert cards(a).function_key != cards(b).function_key


def test_exact_reprint_has_same_fingerprint(cards):
    assert cards("base1-4").text_fingerprint == cards("base4-4").text_fingerprint


@pytest.mark.parametrize(("card_id", "basic"), [
    ("neo1-104", False),   # Neo Genesis Darkness Energy is Special
    ("dp1-129", True),     # Diamond & Pearl Darkness Energy is basic
    ("base1-98", True),
    ("base1-96", False),   # Double Colorless Energy
    ("base1-95", False),
])
def test_basic_energy_from_the_printings_own_subtype(cards, card_id, basic):
    assert cards(card_id).is_basic_energy is basic


def test_mojibake_damage_is_repaired():
    assert identity.clean_text("20Ã\u0097") == "20×"


@pytest.mark.parametrize(("card", "expected"), [
    ({"supertype": "Pokémon", "types": ["Colorless"],
      "attacks": [{"cost": ["Water", "Colorless"]}, {"cost": ["F"]}]}, ["Water", "Fighting"]),
    ({"supertype": "Pokémon", "types": ["Dragon"],
      "attacks": [{"cost": ["Fire", "Lightning", "Colorless"]}]}, ["Fire", "Lightning"]),
    ({"supertype": "Pokémon", "types": ["Fire"], "attacks": []}, ["Fire"]),
    ({"supertype": "Trainer", "types": [], "attacks": [{"cost": ["Water"]}]}, []),
])
def test_type_identity(card, expected):
    assert identity.type_identity(card) == expected


def test_every_real_printing_has_its_keys(full_db_url):
    engine = make_engine(full_db_url)
    with Session(engine) as session:
        blank = session.scalars(select(Card.id).where(
            (Card.name_key == "") | (Card.function_key == "") | (Card.text_fingerprint == "")
        )).all()
    engine.dispose()
    assert blank == []


def test_a_cost_written_as_a_string_is_spelled_out(cards):
    # The data writes one promo's cost as "RR"; it is two Fire Energy.
    assert cards("mep-23").attacks[0]["cost"] == ["Fire", "Fire"]
