"""Lists written in the player's language (decklist/languages.py): on the full catalog, a
line naming a card as printed in Spanish, French, German, Italian or Portuguese resolves to
the printing an English line would; the list's language is detected, or said; a name that
is another card's in English or in the list's language is ambiguous, never a guess; English
lists read exactly as before."""

from __future__ import annotations

import pytest

from catalog.names import search_key
from decklist.detect import parse
from decklist.languages import ENGLISH, detected, read_lines
from decklist.resolver import AMBIGUOUS, RESOLVED, UNKNOWN, resolve

pytestmark = [pytest.mark.full_catalog,
              pytest.mark.parametrize("backend", ["sqlite"], indirect=True)]

# Lines of Spanish lists published in 2024 and 2026 (the names as printed in Spanish), each
# beside the English line naming the same printing.
SPANISH = {
    "4 Greninja Radiante ASR 046": "4 Radiant Greninja ASR 46",
    "4 Damián SVI 166": "4 Arven SVI 166",
    "2 Órdenes de Jefes (Ghechis) PAL 172": "2 Boss's Orders PAL 172",
    "1 Ferrotesta ex TEF 081": "1 Iron Crown ex TEF 81",
    "2 Determinación de Lylia MEG 119": "2 Lillie's Determination MEG 119",
}


def read(index, text, language=None):
    return read_lines(index, parse(text).entries, language)


def test_a_spanish_list_reads_as_the_english_one(full_index):
    lines, language = read(full_index, "\n".join(SPANISH))
    assert language == "es"
    english = resolve(full_index, parse("\n".join(SPANISH.values())).entries)
    for spanish, same in zip(lines, english, strict=True):
        assert spanish.resolution.status == RESOLVED, spanish.entry.text
        assert spanish.resolution.card == same.resolution.card, spanish.entry.text
        assert any(note.endswith("its name in Spanish") for note in spanish.resolution.notes)


@pytest.mark.parametrize("text, language, card", [
    ("4 Dracaufeu ex OBF 125\n2 Ordres du Boss EAP 172", "fr", "sv3-125"),  # EAP: French
    ("2 Glurak BS 4\n4 Professor Eich BS 88", "de", "base1-4"),
    ("2 Ordem da Chefia PAL 172\n4 Pesquisa de Professores SVI 189", "pt", "sv2-172"),
])
def test_lists_in_other_languages_read_by_name_and_code(full_index, text, language, card):
    lines, found = read(full_index, text)
    assert found == language
    assert lines[0].resolution.status == RESOLVED and lines[0].resolution.card.id == card
    assert all(line.resolution.status == RESOLVED for line in lines), [
        (line.entry.text, line.resolution.notes) for line in lines]


def test_a_name_alone_in_another_language_names_every_printing_of_its_card(full_index):
    lines, language = read(full_index, "4 Glurak\n4 Professor Eich")
    assert language == "de"
    charizard = lines[0].resolution
    assert charizard.status in (RESOLVED, AMBIGUOUS) and charizard.printings
    assert {p.name for p in charizard.printings} == {"Charizard"}
    assert {p.id for p in charizard.printings} == {
        p.id for p in full_index.named("Charizard")}


def test_a_name_that_is_another_cards_english_name_is_ambiguous(full_index):
    """Found in the data, not chosen: a name printed in some language on one card that is
    another card's English name. In a list of that language the line names both."""
    clash = next((key, language, english)
                 for key, languages in full_index.local_names.items()
                 if key in full_index.by_name
                 for language, english in languages
                 if language in ("fr", "de", "es", "it", "pt")
                 and any(full_index.by_name[key][0].function_key
                         != full_index.by_name[other][0].function_key for other in english))
    key, language, english = clash
    written = full_index.by_name[key][0].name
    resolution = read_lines(full_index, parse(f"1 {written}").entries, language)[0][0].resolution
    assert resolution.status == AMBIGUOUS
    named = {p.search_key for p in resolution.printings}
    assert key in named and set(english) & named
    # read as English (the list's language said), the English card alone
    alone = read_lines(full_index, parse(f"1 {written}").entries, ENGLISH)[0][0].resolution
    assert {p.search_key for p in alone.printings} == {key}


@pytest.mark.parametrize("text, language, energy_type", [
    ("8 Énergie Feu de base", "fr", "Fire"),            # as the basic Energy prints it
    ("8 Basis-Feuer-Energie", "de", "Fire"),
    ("8 Energía Fuego Básica", "es", "Fire"),
    ("8 Energia Fuoco di base", "it", "Fire"),
    ("8 Energia base Fuoco", "it", "Fire"),              # TCGdex's Generations word order
    ("8 Energia de Fogo Básica", "pt", "Fire"),
    ("8 Énergie Obscurité de base", "fr", "Darkness"),   # never the Special Darkness Energy
    ("8 Basis-Finsternis-Energie", "de", "Darkness"),
])
def test_basic_energy_by_its_printed_name_in_each_language(full_index, text, language,
                                                            energy_type):
    [line], read_in = read(full_index, text)
    assert read_in == language
    assert line.resolution.status == RESOLVED, line.resolution.notes
    assert all(p.is_basic_energy and p.name.endswith(f"{energy_type} Energy")
               for p in line.resolution.printings)


def test_a_basic_energy_name_without_the_word_may_be_the_special_one(full_index):
    # TCGdex names Neo Genesis' Special Darkness Energy "Énergie Obscurité" too.
    [line], _language = read(full_index, "1 Énergie Obscurité")
    assert line.resolution.status == AMBIGUOUS
    assert "neo1-104" in {p.id for p in line.resolution.printings}


def test_lang_en_reads_english_names_alone(full_index):
    lines, language = read(full_index, "4 Damián SVI 166", ENGLISH)
    assert language == ENGLISH and lines[0].resolution.status == UNKNOWN


def test_a_list_mixing_languages_resolves_line_by_line(full_index):
    lines, language = read(full_index, "4 Damián SVI 166\n3 Damián\n2 Ordres du Boss EAP 172\n"
                                       "1 Glurak BS 4\n4 Pikachu SVI 50")
    assert language == "es"
    assert [line.resolution.status for line in lines[:4]] == [RESOLVED, RESOLVED, RESOLVED,
                                                              RESOLVED]
    assert lines[3].resolution.card.id == "base1-4"
    assert lines[4].resolution.status == UNKNOWN  # SVI 50 is another card in every language


def test_english_names_are_no_sign_of_another_language(full_index):
    # "Mimikyu" is printed so in Italian, Spanish and Portuguese too: an English list whose
    # line is wrong stays English
    assert detected(full_index, parse("1 Mimikyu PAF 39").entries) is None
    assert read(full_index, "4 Pikachu SVI 50\n1 Mimikyu PAF 39")[1] == ENGLISH


def test_local_names_are_read_with_their_language_and_card(full_index):
    assert full_index.english_of(search_key("Damián"), "es") == ("arven",)
    assert full_index.english_of(search_key("Damián"), "fr") == ()
    assert "arven" in full_index.english_of(search_key("Pepe"), "*")
    assert full_index.sets_in("EAP", "fr") == ("sv2",)
    assert full_index.sets_in("EAP", "de") == ()


def test_a_french_abbreviation_that_is_another_sets_english_code_is_read_by_the_name(
        full_index, real_card):
    """"DEX" is Dark Explorers' code and Dragons Exalted's French abbreviation (Dragons
    Exaltés): at one number they hold different cards, and the line's name says which."""
    assert full_index.sets_for_code("DEX") == ("bw5",)
    assert full_index.sets_in("DEX", "fr") == ("bw6",)
    exalted, french = next(
        (p, names["fr"]) for p in full_index.printings.values()
        if p.set_id == "bw6" and p.supertype == "Pokémon"
        and all(q.name != p.name for q in full_index.at_number("bw5", p.number))
        and "fr" in (names := real_card(p.id).names or {}))
    lines, language = read(full_index, f"1 {french} DEX {exalted.number}\n4 Dracaufeu ex OBF 125")
    assert language == "fr"
    assert lines[0].resolution.card == exalted, lines[0].resolution.notes


def test_an_english_list_with_a_misspelt_line_reads_no_table_of_names(full_db_url):
    """Finding a list's language asks the names in place (CatalogIndex.languages_named): an
    English list whose unknown line is a typo leaves a worker's table of names unread, and
    the names found in place are the table's, key by key."""
    from catalog.db import make_engine
    from catalog.index import _local_names, load_index

    index = load_index(make_engine(full_db_url))
    lines, language = read(index, "4 Profesor's Reserch SVI 189\n4 Nest Ball SVI 181\n")
    assert language == ENGLISH and lines[0].resolution.status == UNKNOWN
    assert not index.caches.built(_local_names)
    keys = [line.split("\t", 1)[0] for line in index.local_lines.splitlines()[::97]]
    keys += ["", "zzzz", search_key("Damián"), search_key("Glurak")]
    in_place = {key: index.languages_named(key) for key in keys}
    assert in_place[search_key("Glurak")] == ("de",)
    table = index.local_names  # read now
    assert {key: tuple(dict.fromkeys(language for language, _ in table.get(key, ())))
            for key in keys} == in_place
    # a Spanish list reads the table, as its lines are read in Spanish
    assert read(index, "4 Damián SVI 166\n")[1] == "es"
