"""Expanded and Gym Leader Challenge: their pools, their dated ban lists, GLC's deck rules,
judged on the full real catalog; and the corpus's well-known decks of 2011 onward as
Expanded decks, on the first day every card of each was legal."""

import datetime as dt
from pathlib import Path

import pytest

from decklist.detect import parse
from decklist.resolver import resolve
from tests.support.basics import basic_line
from tests.unit.checks.conftest import codes, filler
from validators.engine import validate
from validators.formats import get_format
from validators.pool import PoolLegality
from validators.records import BANNED, FREE, UNSURE

CORPUS = Path(__file__).parents[2] / "corpus" / "ptcg-sim"
FIRE = "Fire Energy BS 98"
BASIC = basic_line("expanded")  # Lillipup (Black & White): the deck's Basic Pokémon


def _violation(result, code):
    return next(v for v in result.violations + result.warnings if v.code == code)


# --- Expanded: the pool ---------------------------------------------------------------

@pytest.mark.parametrize(("line", "as_of", "expected"), [
    ("1 bw1-1", "2026-02-01", []),                        # Black & White itself
    ("1 bwp-BW01", "2026-02-01", []),                     # its promos
    ("1 cel25c-4_A", "2026-02-01", ["not-legal"]),        # Classic Collection: left out
    ("1 swshp-SWSH135", "2026-02-01", ["not-legal"]),     # Zacian LV.X: not for tournaments
    ("1 me2pt5-1", "2026-02-01", ["not-yet-legal"]),      # Ascended Heroes: out 2026-01-30
    ("1 me2pt5-1", "2026-02-13", []),                     # the second Friday after
    ("1 sv3pt5-25", "2023-09-21", ["not-yet-released"]),  # 151 came out 2023-09-22
])
def test_expanded_pool(verdict, line, as_of, expected):
    result = verdict(line + "\n" + BASIC + filler(58), "expanded", as_of=as_of)
    assert codes(result) == expected


def test_expanded_takes_an_older_printing_through_its_black_and_white_reprint(verdict):
    # Double Colorless Energy was first printed in Base Set; Next Destinies reprinted it.
    result = verdict("1 base1-96\n" + BASIC + filler(58), "expanded", as_of="2015-01-01")
    assert "not-legal" not in codes(result)
    # Charizard of Base Set has no reprint from Black & White on
    assert codes(verdict("1 base1-4\n" + BASIC + filler(58), "expanded",
                         as_of="2015-01-01")) == ["not-legal"]


def test_the_not_yet_legal_violation_names_the_day(verdict):
    result = verdict("1 me2pt5-1\n" + BASIC + filler(58), "expanded", as_of="2026-02-01")
    assert _violation(result, "not-yet-legal").message.endswith(
        "Ascended Heroes came out 2026-01-30 and is legal from 2026-02-13")


def test_cards_not_for_tournaments_are_out_of_standard_too(verdict):
    deck = "1 swshp-SWSH135\n" + basic_line("standard", "2022-06-01") + filler(58)
    assert codes(verdict(deck, "standard", as_of="2022-06-01")) == ["not-legal"]


# --- Expanded: the dated ban list -----------------------------------------------------

@pytest.mark.parametrize(("line", "as_of", "expected"), [
    ("1 Lysandre's Trump Card PHF 99", "2015-06-14", []),
    ("1 Lysandre's Trump Card PHF 118", "2015-06-15", ["banned"]),  # every printing
    ("1 bw4-72", "2015-08-31", []),                                 # Shiftry
    ("1 bw4-72", "2016-01-01", ["banned"]),
    ("1 bw4-72", "2017-08-17", ["banned"]),
    ("1 bw4-72", "2017-08-18", []),                                 # unbanned
    ("1 Hex Maniac AOR 75", "2018-08-16", []),
    ("1 Hex Maniac AOR 75", "2018-08-17", ["banned"]),
    ("1 xy6-94", "2019-01-01", ["banned"]),                         # Wally
    ("1 xy6-94", "2022-01-01", ["ban-uncertain"]),                  # lifted, day unknown
    ("1 xy6-94", "2026-02-01", []),
    ("1 Sableye DEX 62", "2020-11-26", []),
    ("1 Sableye DEX 62", "2020-11-27", ["banned"]),
    ("1 Flapple SHF SV013", "2025-10-10", ["banned"]),              # every printing
])
def test_expanded_ban_list_by_date(verdict, line, as_of, expected):
    result = verdict(line + "\n" + BASIC + filler(58), "expanded", as_of=as_of)
    assert codes(result) == expected
    assert result.legal is ("banned" not in expected)  # an uncertain ban only warns


def test_a_dated_ban_cites_its_announcement(verdict):
    result = verdict("1 Hex Maniac AOR 75\n" + BASIC + filler(58), "expanded",
                     as_of="2019-01-01")
    violation = _violation(result, "banned")
    assert violation.rule.document.startswith("Celestial Storm Banned List")
    assert violation.rule.section == "effective 2018-08-17"
    assert violation.message.endswith("since 2018-08-17")


def test_a_ban_lifted_on_a_day_not_established_says_so(verdict):
    # Wally: on the list in December 2019, off it by the card data of 2026-02-01.
    result = verdict("1 Wally GEN RC27\n" + BASIC + filler(58), "expanded", as_of="2022-01-01")
    assert result.legal
    warning = _violation(result, "ban-uncertain")
    assert warning.severity == "warning"
    assert ("its ban was lifted on a day not established, from 2019-12-09 to 2026-02-01"
            in warning.message)


def test_every_expanded_ban_names_a_card_of_the_catalog_and_reads_its_own_dates(full_index):
    bans = get_format("expanded").banned
    assert len(bans) == 30  # the 27 of the official list, and Shiftry, Wally and Lusamine
    for ban in bans:
        assert full_index.card(ban.card) is not None, ban.card
        assert ban.announcement is not None and ban.effective is not None, ban.card
        assert ban.effective_by is None, ban.card  # every ban's first day is established
        assert ban.status(ban.effective - dt.timedelta(days=1)) == FREE
        assert ban.status(ban.effective) == BANNED
        if ban.until_by is not None:  # lifted on a day not established: unsure inside
            assert ban.status(ban.until - dt.timedelta(days=1)) == BANNED
            assert ban.status(ban.until) == UNSURE
            assert ban.status(ban.until_by - dt.timedelta(days=1)) == UNSURE
            assert ban.status(ban.until_by) == FREE


# --- Gym Leader Challenge ---------------------------------------------------------------

GLC_FIRE = ["1 xy11-15", "1 xy11-14"]  # Volcarona (Fire and Grass) and Larvesta (Grass)
GLC_BASIC = BASIC.strip()  # a deck of no other Pokémon begins with Lillipup (Colorless)


def _glc(*lines, energy=FIRE, as_of="2026-02-01"):
    used = sum(int(line.split()[0]) for line in lines)
    return "\n".join(lines) + f"\n{60 - used} {energy}\n", as_of


@pytest.mark.parametrize(("cards", "expected"), [
    (GLC_FIRE, []),                                    # they share Grass
    (["1 xy11-15", "1 pgo-10", "1 pgo-8"], []),       # Volcarona fits a Fire deck too
    (["1 sv3pt5-133", "1 sv3pt5-134"], ["one-type"]),  # Eevee (Colorless), Vaporeon (Water)
    (["1 xy5-121"], []),                               # Bunnelby: an Ancient Trait is no Rule Box
    (["1 sv8-57"], ["rule-box"]),                      # Pikachu ex
    (["1 pgo-11"], ["rule-box"]),                      # Radiant Charizard
    (["1 sm6-74"], ["rule-box"]),                      # Diancie ◇
    (["1 sm5-120", GLC_BASIC], ["rule-box"]),          # Cyrus ◇, a Prism Star Supporter
    (["1 sv5-157", GLC_BASIC], ["rule-box"]),          # Prime Catcher, ACE SPEC
    (["2 sv1-196", GLC_BASIC], ["copy-limit"]),        # singleton: two Ultra Ball
    (["1 sv1-196", "1 Ultra Ball DEX 102", GLC_BASIC], ["copy-limit"]),  # one name, two printings
    (["1 Hex Maniac AOR 75", GLC_BASIC], []),          # Expanded's ban list does not apply
    (["1 Lysandre's Trump Card PHF 99", GLC_BASIC], ["banned"]),  # GLC's does
])
def test_glc_deck_rules(verdict, cards, expected):
    text, as_of = _glc(*cards)
    assert codes(verdict(text, "glc", as_of=as_of)) == expected


def test_glc_one_type_names_the_lines_that_stray(verdict):
    text, as_of = _glc("1 xy11-14", "1 me2-1", "1 sv3pt5-134")  # two Grass, one Water
    violation = _violation(verdict(text, "glc", as_of=as_of), "one-type")
    assert [card.id for card in violation.cards] == ["sv3pt5-134"]
    assert "Vaporeon (MEW 134) is Water, but the deck's other Pokémon are Grass" in \
        violation.message


def test_glc_bans_by_update_and_date(verdict):
    before, _ = _glc("1 bw4-92", GLC_BASIC)  # Double Colorless Energy, Next Destinies
    assert codes(verdict(before, "glc", as_of="2025-04-23")) == []
    after = verdict(before, "glc", as_of="2025-04-24")  # Update 1.6, every printing
    assert _violation(after, "banned").rule.document == "GLC Update 1.6 (gymleaderchallenge.com)"
    duskull, _ = _glc("1 sm12-83")
    assert codes(verdict(duskull, "glc", as_of="2024-08-31")) == []
    assert codes(verdict(duskull, "glc", as_of="2024-09-01")) == ["banned"]


@pytest.mark.parametrize(("card", "as_of", "expected"), [
    ("1 xy5-121", "2021-09-01", ["banned"]),                # Bunnelby PRC, before Update 1.0
    ("1 Articuno ROS 17", "2021-07-14", ["banned"]),        # the format's first day
    ("1 xyp-XY49", "2021-10-31", ["banned"]),               # Regirock, a promo, likewise
    ("1 xy5-121", "2021-11-15", ["banned"]),
    ("1 xy5-121", "2021-11-16", []),                        # Update 1.0
    ("1 xy5-120", "2021-09-01", []),                        # Diggersby: no Ancient Trait
])
def test_glc_banned_every_ancient_trait_pokemon_until_update_1_0(verdict, card, as_of,
                                                                  expected):
    text, _ = _glc(card)
    assert codes(verdict(text, "glc", as_of=as_of)) == expected


def test_the_ancient_trait_ban_names_the_kind_and_cites_the_first_rules(verdict):
    text, _ = _glc("1 xy5-121")
    violation = _violation(verdict(text, "glc", as_of="2021-09-01"), "banned")
    assert violation.message == (
        "line 1: Bunnelby is banned in Gym Leader Challenge (community format): Pokémon with "
        "an Ancient Trait were not allowed until 2021-11-16")
    assert violation.rule.document.startswith("GLC Part One")
    assert violation.rule.section == "Pokémon with an Ancient Trait"


def test_the_ancient_trait_ban_reaches_every_printing_with_one(full_index):
    """The data's Ancient Traits: Primal Clash to Ancient Origins and their promos."""
    reached = full_index.ancient_traits
    assert {p.set_id for p in reached} >= {"xy5", "xy6", "xy7", "xyp"}
    assert all(p.supertype == "Pokémon" for p in reached)
    assert full_index.card("xy5-121") in reached and full_index.card("xy5-120") not in reached


def test_glc_basic_energy_of_any_type_and_any_count(verdict):
    text, as_of = _glc(*GLC_FIRE, "20 sve-3", energy=FIRE)
    assert codes(verdict(text, "glc", as_of=as_of)) == []


# --- Real lists: the corpus's decks of 2011 onward, as Expanded decks ------------------

def _first_legal_day(index, entries, rules):
    """The first day every printing the list names was out and past its waiting period."""
    legality = PoolLegality(index, rules.pool, None)
    days = [legality.legal_from(line.resolution.card.set_id) for line in entries
            if line.resolution.card is not None]
    return max(day for day in days if day is not None)


def test_well_known_decks_since_black_and_white_are_expanded_decks(full_index):
    """Each list, on the first day all its cards were legal, breaks no Expanded rule but
    the ban list (and the pool, for the Black & White-era lists' HeartGold & SoulSilver
    cards with no reprint from Black & White on); and on the data's day, only the bans."""
    rules = get_format("expanded")
    files = sorted(f for f in CORPUS.glob("*.txt") if int(f.name[:4]) >= 2011)
    assert len(files) == 90
    legal_then = banned_now = 0
    for file in files:
        lines = resolve(full_index, parse(file.read_text()).entries)
        day = _first_legal_day(full_index, lines, rules)
        then = validate(full_index, lines, rules, day)
        for violation in then.violations:
            assert violation.code in ("banned", "not-legal"), (file.name, violation.message)
            if violation.code == "not-legal":  # only cards from before Black & White
                card = full_index.card(violation.cards[0].id)
                assert full_index.sets[card.set_id].release_date < dt.date(2011, 3, 1), \
                    (file.name, violation.message)
        # A day of late 2014 is inside the window of Expanded's first day (season-window).
        assert {w.code for w in then.warnings} <= {"ban-uncertain", "reprint-wording",
                                                   "season-window"}
        legal_then += then.legal
        now = validate(full_index, lines, rules, dt.date(2026, 2, 1))
        assert {v.code for v in now.violations} <= {"banned", "not-legal"}, file.name
        banned_now += any(v.code == "banned" for v in now.violations)
    assert legal_then >= 60 and banned_now >= 30, (legal_then, banned_now)
