"""Lines as exporters and players write them, resolved on the full real catalog: basic Energy
in every exporter's form, variant marks, symbols written another way or left out, names as
players write them, other tools' set codes and numbers; and the look-alikes none of these
tolerances may confuse.  The lines are taken from the corpus's real lists where
one shows them (tests/corpus)."""

import pytest

from decklist.detect import parse
from decklist.resolver import AMBIGUOUS, RESOLVED, UNKNOWN, resolve
from tests.support.catalogs import ids

BASIC = {"Fire": "base1-98", "Darkness": "dp1-129", "Metal": "dp1-130", "Water": "base1-102",
         "Lightning": "base1-100", "Psychic": "base1-101"}


@pytest.mark.parametrize(("written", "energy_type"), [
    ("Fire Energy 2", "Fire"),                   # Limitless: the pseudo-set "Energy" and a number
    ("Darkness Energy 7", "Darkness"),
    ("Metal Energy 8", "Metal"),
    ("* 11 Darkness Energy  7", "Darkness"),     # PTCGO with an empty set code
    ("Basic {P} Energy Energy 13", "Psychic"),   # PTCG Live
    ("Metal Energy SSPJP 016", "Metal"),         # LigaPokemon
    ("Darkness Energy MEE 7", "Darkness"),       # Mega Evolution Energy, a set of TCGdex's
    ("Basic {L} Energy SVE 12", "Lightning"),    # PTCG Live: SVE numbers past the data's
    ("Water Energy swshenergy 3", "Water"),      # any letter case
    ("Darkness Energy ecalt 7", "Darkness"),
    ("Fire Energy BRS R", "Fire"),               # Limitless's builder: the Type's letter
    ("Dark Energy 7", "Darkness"),               # the nickname
])
def test_basic_energy_however_exporters_write_it(full_index, written, energy_type):
    deck = parse(written if written.startswith("*") else f"1 {written}")
    assert deck.problems == [] and len(deck.entries) == 1
    resolved = resolve(full_index, deck.entries)[0].resolution
    assert resolved.status == RESOLVED, resolved.notes
    assert all(p.is_basic_energy and p.name.endswith(f"{energy_type} Energy")
               for p in resolved.printings)
    if not {"SVE", "MEE"} & set(written.split()):  # by name: the oldest printing stands
        assert resolved.card.id == BASIC[energy_type]
    assert resolved.counted_title is None  # the copy limit never fires on it


@pytest.mark.parametrize("written", ["Darkness Energy 7", "Darkness Energy - Basic CRZ 158",
                                     "Metal Energy 8", "Darkness Energy SVE 7"])
def test_a_basic_energy_line_is_never_the_special_energy_of_that_name(line, written):
    # Neo Genesis' "Darkness Energy" (neo1-104) and "Metal Energy" (neo1-19) are Special.
    resolved = line(written)
    assert not {"neo1-104", "neo1-19"} & set(ids(resolved))
    assert all(p.is_basic_energy for p in resolved.printings)


def test_the_special_energy_is_still_found_by_its_own_number(line):
    assert ids(line("Darkness Energy N1 104")) == ["neo1-104"]
    assert line("Darkness Energy").status == AMBIGUOUS  # no set: basic or Special


@pytest.mark.parametrize(("written", "expected"), [
    ("Techno Radar PAR 180 PH", "sv4-180"),   # PTCG Live's Poké Ball pattern mark
    ("Budew PRE 4 PH", "sv8pt5-4"),
])
def test_a_variant_mark_names_the_same_card(line, written, expected):
    resolved = line(written)
    assert ids(resolved) == [expected]
    assert any("'PH' marks a print variant" in note for note in resolved.notes)
    assert ids(line(written.removesuffix(" PH"))) == [expected]


@pytest.mark.parametrize(("written", "expected", "note"), [
    ("Tropius DF 23", "ex15-23", "δ"),             # δ left out
    ("Larvitar ex11-73", "ex11-73", "δ"),
    ("Tropius Delta DF 23", "ex15-23", None),      # δ spelled out
    ("Tropius (Delta Species) DF 23", "ex15-23", None),
    ("Tropius δ DF 23", "ex15-23", None),
    ("Rayquaza ex8-107", "ex8-107", "★"),          # ★ left out
    ("Rayquaza Star ex8-107", "ex8-107", None),
    ("Rayquaza ☆ ex8-107", "ex8-107", None),
    ("Mew ex15-101", "ex15-101", "δ, ★"),          # Mew ★ δ: both left out
    ("Diancie ♢ FLI 74", "sm6-74", None),          # U+2662 for ◇
    ("Diancie Prism Star FLI 74", "sm6-74", None),
    ("Diancie FLI 74", "sm6-74", "◇"),
    ("Nidoran F pl2-71", "pl2-71", None),          # ♀
    ("Nidoran M pl2-72", "pl2-72", None),          # ♂
])
def test_symbols_written_another_way_or_left_out_when_the_set_and_number_say(
        line, written, expected, note):
    resolved = line(written)
    assert (resolved.status, ids(resolved)) == (RESOLVED, [expected])
    if note:
        assert any(f"leaves out {note}" in n for n in resolved.notes), resolved.notes
    else:
        assert resolved.notes == ()


def test_a_left_out_symbol_is_never_folded_by_name_alone(line):
    # "Tropius" with no set and number is the plain Tropius cards, never Tropius δ.
    assert "ex15-23" not in ids(line("Tropius"))
    assert ids(line("Tropius δ")) == ["ex15-23"]


def test_a_symbol_the_printing_lacks_is_not_folded_away(line):
    # pl2-71 is plain Nidoran ♀; a line that says δ names another card: not this one.
    assert line("Nidoran F δ pl2-71").status == UNKNOWN


@pytest.mark.parametrize(("written", "expected"), [
    ("Poke Turn pl1-118", ["pl1-118"]),
    ("Poké Turn", ["pl1-118"]),                    # by name alone too
    ("SP Radar pl2-96", ["pl2-96"]),
    ("Battle Compressor PHF 92", ["xy4-92"]),
    ("Battle Compressor", ["xy4-92"]),
    ("Prime Catcher - ACESPEC TEF 157", ["sv5-157"]),
    ("Legacy Energy - Special - ACESPEC TWM 167", ["sv6-167"]),
    ("Guzma &amp; Hala CEC 193", ["sm12-193"]),
    ("Blend Energy WLFM DRX 118", ["bw6-118"]),
    ("Unit Energy LPM UPR 138", ["sm5-138"]),
    ("Unown ex10-E", ["ex10-E"]),
    ("Unown ex10-!", ["ex10-!"]),
])
def test_names_as_players_write_them(line, written, expected):
    resolved = line(written)
    assert resolved.status == RESOLVED and ids(resolved)[:len(expected)] == expected


def test_a_name_spaced_otherwise_is_the_same_name(line):
    # PTCG Live's export writes "Team Rocket's PORYGON 2" (geekazoid-at/codes4tcg-decks,
    # tests/corpus/codes4tcg-decks/): case and spaces aside, it is Team Rocket's Porygon2.
    at_number = line("Team Rocket's PORYGON 2 DRI 154")
    assert at_number.status == RESOLVED and ids(at_number) == ["sv10-154"]
    assert at_number.notes == ("read as Team Rocket's Porygon2 (sv10-154): the line spaces "
                               "its name otherwise",)
    by_name = line("Team Rocket's PORYGON 2")
    assert ids(by_name) == ["sv10-154"] and by_name.notes == ()
    assert all(p.name == "Porygon2" for p in line("PORYGON 2").printings)
    # Spacing is all it forgives: DRI 153 is Team Rocket's Porygon, not Porygon2.
    assert line("Team Rocket's PORYGON 2 DRI 153").status == UNKNOWN


def test_the_title_for_the_copy_limit_stays_the_cards_title(line):
    resolved = line("Poke Turn pl1-118")
    assert resolved.counted_title == "team galactic's invention g-105 poké turn"


def test_json_entries_take_the_same_tidying(line):
    resolved = line([{"count": 1, "name": "Unfair Stamp - ACESPEC", "set": "TWM",
                      "number": "165"}])
    assert ids(resolved) == ["sv6-165"]
    basic = line([{"count": 9, "name": "Fire Energy - Basic", "set": "CRZ", "number": "153"}])
    assert ids(basic) == ["swsh12pt5-153"] and basic.card.is_basic_energy


@pytest.mark.parametrize(("written", "expected"), [
    ("Charizard ex FL 105", "ex6-105"),            # FireRed & LeafGreen
    ("Mewtwo WP 3", "basep-3"),                    # Wizards promos
    ("N FAC 105", "xy10-105"),                     # PTCGO's old Fates Collide code
    ("Umbreon P5 17", "pop5-17"),                  # POP Series 5 (Umbreon ★, ★ left out)
    ("Manaphy CRZ GG6", "swsh12pt5gg-GG06"),       # Galarian Gallery numbers
    ("Manaphy CRZ-GG 6", "swsh12pt5gg-GG06"),
    ("Lumineon V PR-SW 250", "swshp-SWSH250"),
    ("Charmander PR-SV 47", "svp-47"),
    ("Iron Bundle PR-SV 66", "svp-66"),
    ("Arven SV1 166", "sv1-166"),                  # LigaPokemon writes the set id
])
def test_set_codes_and_numbers_other_tools_write(line, written, expected):
    resolved = line(written)
    assert resolved.status == RESOLVED and ids(resolved)[0] == expected, resolved.notes


@pytest.mark.parametrize(("written", "meant"), [
    # PTCG Live exports (geekazoid-at/codes4tcg-decks): the client numbers its alternate-art
    # variants in a table of its own a series, so the name decides among that series' cards.
    ("Blaziken ex SVALT 220", {"sv9-24"}),         # not EX Blaziken ex, nor XY Blaziken-EX
    ("Iono SVALT 75", {"sv2-185"}),
    ("Boss's Orders SWSHALT 127", {"swsh9-132"}),   # Limitless's help: the cosmos-foil BRS 132
    ("Tapu Lele-GX SMALT 38", {"sm2-60"}),
    ("Tyrunt MEALT 7", {"me3-44"}),
    ("Basic {R} Energy SVALT 132", {"sve-2"}),
])
def test_ptcg_live_alternate_art_codes_name_the_card_of_their_series(line, full_index, written,
                                                                    meant):
    resolved = line(written)
    assert resolved.status == RESOLVED and meant <= set(ids(resolved)), resolved.notes
    code = written.split()[-2]
    series = {"SVALT": "Scarlet & Violet", "SWSHALT": "Sword & Shield", "SMALT": "Sun & Moon",
              "MEALT": "Mega Evolution"}[code]
    assert {full_index.sets[p.set_id].series for p in resolved.printings} == {series}
    assert resolved.unknown_set is None
    assert f"PTCG Live's own number for a variant of a {series} card" in resolved.notes[0]


def test_an_alternate_art_code_leaves_several_cards_of_its_series_ambiguous(line):
    # Scarlet & Violet has several Snorlax cards: the client's number does not say which.
    resolved = line("Snorlax SVALT 34")
    assert resolved.status == AMBIGUOUS and resolved.unknown_set is None
    assert len(resolved.groups) > 1


@pytest.mark.parametrize(("written", "meant", "note"), [
    # A set and no number (PTCG Live exports of lists made before the client had the set):
    # the card the name names in that set.
    ("Special Red Card CRI", {"me4-82", "me4-113"},
     "'CRI' without a number: the name names one card of Chaos Rising, its 2 printings "
     "there one card"),
    ("Bisharp ASC", {"me2pt5-147"}, "'ASC' without a number: the name names one card of "
                                    "Ascended Heroes"),
    ("Boss's Orders PAL", {"sv2-172", "sv2-248", "sv2-265"}, None),
    ("Fire Energy SVE", {"sve-2", "sve-10", "sve-18"}, None),
])
def test_a_set_without_a_number_names_the_card_its_name_names_there(line, written, meant,
                                                                     note):
    resolved = line(written)
    assert resolved.status == RESOLVED and set(ids(resolved)) == meant, resolved.notes
    assert note is None or resolved.notes == (note,)


def test_a_set_without_a_number_is_no_guess(line):
    # Several cards of the name in the set: ambiguous, with them alone as candidates.
    promos = line("Miraidon ex PR-SV")
    assert promos.status == AMBIGUOUS and set(ids(promos)) == {"svp-28", "svp-143"}
    # A name the set lacks, or a word no set carries: not read as a set at all.
    assert line("Pikachu SVI").status == UNKNOWN
    assert line("Ultra Ball XYZ").status == UNKNOWN
    assert line("Ultra Ball XYZ").unknown_set is None
    # A whole name is read first: "EX" is Expedition's code, and Mewtwo-EX's.
    assert all(p.name == "Mewtwo-EX" or p.name == "Mewtwo ex" for p in
               line("Mewtwo EX").printings)


def test_subset_numbers_are_not_main_set_numbers(line):
    # Crown Zenith's own number 6 is another card; GG6 is the Galarian Gallery Manaphy.
    main = line("Manaphy CRZ 6")
    assert "swsh12pt5gg-GG06" not in ids(main)
    gallery = line("Manaphy CRZ GG6")
    assert ids(gallery) == ["swsh12pt5gg-GG06"]


# Look-alikes: every tolerance above must prefer "unknown" or "ambiguous" to a wrong card.

def test_dark_persian_is_not_persian(line):
    assert all(p.name == "Persian" for p in line("Persian").printings)
    assert all(p.name == "Dark Persian" for p in line("Dark Persian").printings)
    assert line("Persian TR 42").status == UNKNOWN  # base5-42 is Dark Persian


def test_a_delta_and_a_plain_printing_are_different_cards(line):
    plain = line("Pikachu")
    delta = line("Pikachu δ")
    assert not set(ids(plain)) & set(ids(delta))
    assert all("δ" in p.name for p in delta.printings)


def test_a_set_code_that_is_also_a_word_in_a_name(line):
    # "EX" is Expedition's code and a word of Pokémon-EX names.
    assert ids(line("Mewtwo EX NXD 54")) == ["bw4-54"]
    assert ids(line("Dugtrio EX 10")) == ["ecard1-10"]


def test_a_wrong_number_stays_unknown_with_a_suggestion(line):
    resolved = line("Relicanth dp7-79")  # a real list's error: dp7-79 is Treecko
    assert resolved.status == UNKNOWN
    assert any(s.reason == "at-number" and s.printing.id == "dp7-79"
               for s in resolved.suggestions)


def test_a_misspelled_name_at_a_real_number_stays_unknown(line):
    assert line("Cytnhia's Feelings dp6-131").status == UNKNOWN


@pytest.mark.parametrize(("entry", "energy_type"), [
    # Limitless's tournament data (tests/tournaments/naic-2024.json, Keito Arai's list): the
    # Type alone, the set "Energy" and SVE's number, as a JSON number
    ({"count": 7, "name": "Psychic", "set": "Energy", "number": 5}, "Psychic"),
    ({"count": 2, "name": "Darkness", "set": "Energy", "number": 7}, "Darkness"),
])
def test_a_type_alone_with_an_energy_code_is_that_basic_energy(full_index, entry, energy_type):
    deck = parse([entry])
    assert deck.problems == [] and deck.entries[0].text == f"{energy_type} Energy {entry['number']}"
    resolved = resolve(full_index, deck.entries)[0].resolution
    assert resolved.status == RESOLVED
    assert all(p.is_basic_energy and p.name.endswith(f"{energy_type} Energy")
               for p in resolved.printings)


def test_a_type_alone_is_not_energy_without_an_energy_code(full_index):
    for entry in ({"count": 1, "name": "Psychic"},
                  {"count": 1, "name": "Psychic", "set": "SVI", "number": 5}):
        resolved = resolve(full_index, parse([entry]).entries)[0].resolution
        assert not any(p.is_basic_energy for p in resolved.printings), entry
