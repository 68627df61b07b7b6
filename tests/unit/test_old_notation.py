"""Lines as the published lists of 2011–2016 write them, resolved on the full real catalog:
the short names of the time, and the look-alikes those may never be confused with.

The real lines come from PTCG Legends' transcriptions of published lists (ptcglegends.com,
whose site source is the public repository AlexWilsonNC/ptcg-story); each is named beside it
by the file it comes from there, and the player whose list it is:

- madison.js: tournaments/regional-spe/2015/madison/madison.js (2015 Madison Regionals)
- ath.js: tournaments/regional-spe/2015/athens/ath.js (2015 Athens Regionals)
- edmonton.js: tournaments/regional-spe/2015/edmonton/results.js (2015 Edmonton Regionals)
- 2011-seniors.js, 2013-seniors.js, 2014-seniors.js, 2016-seniors.js: worlds/<year>/ (the
  World Championships' Seniors), and seniors.js: worlds/2012/seniors.js
- us-nats-seniors.js: major-events/2014/us-nats/us-nats-seniors.js (2014 US Nationals)
"""

import json

import pytest

from catalog.data_files import CARD_NAMES_PATH
from decklist.resolver import RESOLVED, SET_NUMBER, UNKNOWN
from tests.support.catalogs import ids


@pytest.mark.parametrize(("written", "expected"), [
    ("Head Ringer PHF 97", "xy4-97"),    # madison.js, Jason Klaczynski
    ("Head Ringer", "xy4-97"),           # by name alone, as Battle Compressor is
    ("Jamming Net PHF 98", "xy4-98"),
])
def test_team_flare_hyper_gear_is_left_out_as_team_flare_gear_is(line, written, expected):
    resolved = line(written)
    assert (resolved.status, ids(resolved)) == (RESOLVED, [expected])
    if "PHF" in written:
        assert resolved.method == SET_NUMBER
        assert resolved.notes == (f"read as {resolved.card.name} ({expected}): "
                                  "the name players write for it",)


def test_a_hyper_gear_name_at_another_cards_number_stays_unknown(line):
    resolved = line("Head Ringer PHF 98")  # PHF 98 is Jamming Net
    assert resolved.status == UNKNOWN
    assert [(s.reason, s.printing.id) for s in resolved.suggestions] == [
        ("at-number", "xy4-98"), ("right-number", "xy4-97")]


@pytest.mark.parametrize(("written", "expected"), [
    ("Fighting BLW 110", "bw1-110"),     # ath.js, Scott DeGraw; edmonton.js, TJ Traquair
    ("Fire BLW 106", "bw1-106"),         # madison.js, Andrew Wamboldt; edmonton.js, TJ Traquair
    ("Water BLW 107", "bw1-107"),        # ath.js, Tristan Lackey
    ("Lightning BLW 108", "bw1-108"),    # ath.js, Tristan Lackey
    ("Dark BLW 111", "bw1-111"),         # madison.js, Ross Cawthon
    ("Darkness BLW 111", "bw1-111"),
    ("Metal BLW 112", "bw1-112"),
    ("Fairy XY 140", "xy1-140"),
])
def test_a_basic_energy_written_as_its_type_alone_where_the_set_and_number_say(
        line, written, expected):
    resolved = line(written)
    assert (resolved.status, ids(resolved), resolved.method) == (RESOLVED, [expected],
                                                                 SET_NUMBER)
    assert resolved.card.is_basic_energy and resolved.counted_title is None
    assert resolved.notes == (f"read as {resolved.card.name} ({expected}): the set and "
                              "number name it; the line writes its Type alone",)


def test_a_type_alone_at_another_cards_number_stays_unknown_with_its_energy_suggested(line):
    resolved = line("Fighting BLW 111")  # BLW 111 is Darkness Energy; Fighting is BLW 110
    assert (resolved.status, resolved.printings) == (UNKNOWN, ())
    assert resolved.notes == ("BLW 111 is Darkness Energy, not Fighting",)
    offered = [(s.reason, s.printing.id) for s in resolved.suggestions]
    assert offered[:2] == [("at-number", "bw1-111"), ("right-number", "bw1-110")]
    assert all(s.printing.name == "Fighting Energy" for s in resolved.suggestions[1:])


@pytest.mark.parametrize("written", [
    "Fire XY 140",       # XY 140 is Fairy Energy
    "Darkness N1 104",   # Neo Genesis' Darkness Energy is Special, not basic
    "Dark N1 104",
    "Psychic SVI 5",     # a Pokémon
])
def test_a_type_alone_names_only_a_basic_energy_of_that_type(line, written):
    resolved = line(written)
    assert (resolved.status, resolved.printings) == (UNKNOWN, ())


def test_a_type_alone_without_a_set_and_number_names_nothing(line):
    resolved = line("Fighting")
    assert (resolved.status, resolved.printings) == (UNKNOWN, ())


def test_a_type_alone_with_an_energy_code_takes_the_same_words(line):
    # Limitless's data writes "Psychic" with the set "Energy" (test_resolve_exporters.py);
    # "Dark" is Darkness there as in "Dark BLW 111".
    resolved = line([{"count": 2, "name": "Dark", "set": "Energy", "number": 7}])
    assert resolved.status == RESOLVED
    assert all(p.is_basic_energy and p.name.endswith("Darkness Energy")
               for p in resolved.printings)


@pytest.mark.parametrize("written", [
    "Plasma Badge PLF 104",              # edmonton.js, Frank Diaz
    "Plasma Badge",                      # by name alone, as Poké Turn is
])
def test_plasma_badge_is_team_plasma_badge(line, written):
    resolved = line(written)
    assert (resolved.status, ids(resolved)) == (RESOLVED, ["bw9-104"])
    assert resolved.counted_title == "team plasma badge"  # the copy limit counts its title
    if "PLF" in written:
        assert resolved.notes == ("read as Team Plasma Badge (bw9-104): the name players "
                                  "write for it",)


@pytest.mark.parametrize(("written", "at_number", "offered"), [
    ("Plasma Badge PLF 105", "bw9-105", "right-number"),   # PLF 105 is Team Plasma Ball
    ("Plasma Badge PLS 104", "bw8-104", "other-set"),      # PLS 104 is Togekiss
])
def test_plasma_badge_at_another_cards_number_stays_unknown(line, written, at_number,
                                                            offered):
    resolved = line(written)
    assert (resolved.status, resolved.printings) == (UNKNOWN, ())
    assert [(s.reason, s.printing.id) for s in resolved.suggestions] == [
        ("at-number", at_number), (offered, "bw9-104")]


def test_each_written_name_in_the_data_finds_a_real_card_and_says_where_it_was_seen(
        full_index):
    entries = json.loads(CARD_NAMES_PATH.read_bytes())["written"]
    assert entries
    for entry in entries:
        found = full_index.named(entry["written"])
        assert found and {p.name for p in found} == {entry["card"]}, entry
        assert entry["by"], entry


@pytest.mark.parametrize(("written", "expected"), [
    ("Pokémon Collector HS 97", "hgss1-97"),   # 2011-seniors.js, Ryan McGregor
    ("Kingdra UL 85", "hgss2-85"),             # 2011-seniors.js, Ryan McGregor
    ("Yanmega TM 98", "hgss4-98"),             # 2011-seniors.js, Ryan McGregor
    ("Jirachi CL 11", "col1-11"),              # 2011-seniors.js, Ryan McGregor
    ("Tropical Beach PR-BLW 28", "bwp-BW28"),  # seniors.js, Brandon Smiley
    ("Tropical Beach PR-BLW 50", "bwp-BW50"),  # 2013-seniors.js, Joey Gaffney
    ("N PR-BLW 100", "bwp-BW100"),             # ath.js, Tristan Lackey
    ("Mew-EX LTR RC24", "bw11-RC24"),          # 2014-seniors.js, Trent Orndorff
    ("Pokémon Catcher KSS 36", "xy0-36"),      # us-nats-seniors.js, Jon Eng
    ("Super Rod DRV 20", "dv1-20"),            # us-nats-seniors.js, Ishaan Jagiasi
    ("Jirachi PR-XY 67", "xyp-XY67"),          # 2016-seniors.js, Alex Bobenrieth
    ("Tropical Beach BW50", "bwp-BW50"),       # a promo number names its promo set alone
    ("Champions Festival PR-BLW BW95", "bwp-BW95"),
])
def test_set_codes_and_promo_numbers_of_the_time(line, written, expected):
    resolved = line(written)
    assert (resolved.status, ids(resolved), resolved.notes) == (RESOLVED, [expected], ())


def test_a_lists_own_placeholder_stays_unknown(line):
    # 2016-seniors.js, Tanner Hurley: the transcription's stand-in for a card it could not
    # name (the list's 60th): no set is "FR", no number has five digits, no card is called
    # "Unknown"; the line is offered the names closest to what it wrote.
    resolved = line("Unknown FR 75632")
    assert (resolved.status, resolved.printings) == (UNKNOWN, ())
    assert resolved.closest_to == "unknown fr 75632"
