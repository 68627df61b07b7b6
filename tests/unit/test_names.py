"""The loose search keys decklist names are found by (catalog.names)."""

import pytest

from catalog.identity import name_key
from catalog.names import basic_energy_type, says_basic, search_key


@pytest.mark.parametrize(("typed", "printed"), [
    ("MEWTWO ex", "Mewtwo-EX"),
    ("Unown A", "Unown [A]"),
    ("Farfetchd", "Farfetch’d"),
    ("Farfetch'd", "Farfetch’d"),
    ("Mr Mime", "Mr. Mime"),
    ("Flabebe", "Flabébé"),
    ("Pokemon Catcher", "Pokémon Catcher"),
    ("Basic {L} Energy", "Lightning Energy"),
    ("Basic Darkness Energy", "Darkness Energy"),
    ("{W} Energy", "Water Energy"),
    ("Cyrus Prism Star", "Cyrus ◇"),
    ("Gyarados Star Delta", "Gyarados ★ δ"),
    ("Nidoran ♂", "Nidoran♂"),
    ("Porygon Z", "Porygon-Z"),
    ("Professor's Research", "Professor's Research (Professor Turo)"),
    # basic Energy as printed in other languages, and as TCGdex names them
    ("Énergie Feu de base", "Énergie Feu"),
    ("Basis-Feuer-Energie", "Feuer-Energie"),
    ("Energía Fuego Básica", "Energía Fuego"),
    ("Energia Fuoco di base", "Energia Fuoco"),
    ("Energia base Fire", "Energia Fire"),
    ("Energia de Fogo Básica", "Energia de Fogo"),
])
def test_search_key_folds_how_people_write_names(typed, printed):
    assert search_key(typed) == search_key(printed)


@pytest.mark.parametrize(("a", "b"), [
    ("Nidoran♂", "Nidoran♀"),
    ("Unown A", "Unown B"),
    ("Dark Persian", "Persian"),
    ("Pikachu", "Pikachu ★"),
    ("Double Colorless Energy", "Colorless Energy"),
    ("Base Set", "Set"),  # "base" is no basic Energy's word outside an Energy's name
])
def test_search_key_keeps_names_apart(a, b):
    assert search_key(a) != search_key(b)


def test_search_key_is_looser_than_the_title_key():
    # One search key, two titles: the 4-copy rule still tells them apart.
    assert search_key("Mewtwo EX") == search_key("Mewtwo-EX")
    assert name_key("Mewtwo EX") != name_key("Mewtwo-EX")


@pytest.mark.parametrize(("name", "energy_type"), [
    ("Basic {L} Energy", "Lightning"),
    ("Basic Fairy Energy", "Fairy"),
    ("Metal Energy", "Metal"),
    ("Double Colorless Energy", None),
    ("Rainbow Energy", None),
    ("Energy Switch", None),
])
def test_basic_energy_type(name, energy_type):
    assert basic_energy_type(name) == energy_type


@pytest.mark.parametrize(("name", "basic"), [
    ("Basic Darkness Energy", True),
    ("{D} Energy", True),
    ("Énergie Obscurité de base", True),
    ("Basis-Finsternis-Energie", True),
    ("Darkness Energy", False),          # Neo Genesis' Special Energy bears the name too
    ("Énergie Obscurité", False),
    ("Base Set", False),
])
def test_says_basic(name, basic):
    assert says_basic(name) is basic
