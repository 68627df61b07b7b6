"""name-family: names a dated rule treats as one, read from each format's `families`.

Professor Juniper and Professor Sycamore may not be played together from 2013-11-08 (the
XY rule changes); Gym Leader Challenge's FAQ allows one of Professor's Research, Professor
Juniper and Professor Sycamore, and one of Boss's Orders and Lysandre."""

import dataclasses
import datetime as dt

import pytest

from tests.support.basics import basic_line
from tests.unit.checks.conftest import codes, filler
from validators.formats import get_format
from validators.records import COUNTED_TOGETHER, ONE_NAME

JUNIPER, SYCAMORE = "Professor Juniper BLW 101", "Professor Sycamore XY 122"
EFFECTIVE = dt.date(2013, 11, 8)
GLC_DAY = "2026-02-01"
BASIC = basic_line("expanded")  # Lillipup (Black & White), legal in Expanded and GLC


def _family_violation(result):
    return next(v for v in result.violations if v.code == "name-family")


def test_juniper_and_sycamore_mixed_in_expanded_fire_and_name_both_lines(verdict):
    result = verdict(f"2 {JUNIPER}\n2 {SYCAMORE}\n" + BASIC + filler(55), "expanded",
                     as_of="2015-01-01")
    assert codes(result) == ["name-family"]
    violation = _family_violation(result)
    assert violation.message == ("lines 1, 2: Professor Juniper and Professor Sycamore may not "
                                 "be played together; a deck holds cards of one of these "
                                 "names only")
    assert [(card.line, card.id) for card in violation.cards] == [(1, "bw1-101"),
                                                                  (2, "xy1-122")]
    # The rule cited is the announcement the family comes from, from its effective day.
    family = get_format("expanded").families[0]
    assert (violation.rule.document, violation.rule.section) == (
        family.source.title, "effective 2013-11-08")
    assert "videogamesuncovered.com" in family.source.url


@pytest.mark.parametrize("rows", [f"4 {JUNIPER}", f"4 {SYCAMORE}",
                                  f"2 {SYCAMORE}\n2 Professor Sycamore PHF 101"])
def test_one_name_alone_is_fine(verdict, rows):
    copies = sum(int(row.split()[0]) for row in rows.splitlines())
    result = verdict(f"{rows}\n" + BASIC + filler(59 - copies), "expanded", as_of="2015-01-01")
    assert codes(result) == []


def test_five_of_one_name_is_the_copy_limits_not_the_familys(verdict):
    result = verdict(f"3 {SYCAMORE}\n2 Professor Sycamore PHF 101\n" + BASIC + filler(54),
                     "expanded", as_of="2015-01-01")
    assert codes(result) == ["copy-limit"]


@pytest.mark.parametrize(("as_of", "found"), [
    (EFFECTIVE - dt.timedelta(days=1), False),
    (EFFECTIVE, True),
    (EFFECTIVE + dt.timedelta(days=1), True),
])
def test_the_family_holds_from_its_effective_day(verdict, as_of, found):
    # Sycamore's set came out on 2014-02-05: before that the deck is also not-yet-released,
    # and the family judges the names all the same.
    result = verdict(f"1 {JUNIPER}\n1 {SYCAMORE}\n" + filler(58), "expanded",
                     as_of=as_of.isoformat())
    assert ("name-family" in codes(result)) is found
    assert "not-yet-released" in codes(result)


def test_a_family_that_ended_finds_nothing_from_its_until(verdict):
    expanded = get_format("expanded")
    ended = dataclasses.replace(expanded.families[0], until=dt.date(2015, 1, 1))
    rules = dataclasses.replace(expanded, families=(ended,))
    deck = f"1 {JUNIPER}\n1 {SYCAMORE}\n" + filler(58)
    assert "name-family" in codes(verdict(deck, rules=rules, as_of="2014-12-31"))
    assert "name-family" not in codes(verdict(deck, rules=rules, as_of="2015-01-01"))
    assert "name-family" not in codes(verdict(deck, rules=rules))  # no date: as it is now


@pytest.mark.parametrize("format_id", ["standard", "modified", "unlimited"])
def test_the_rule_of_2013_is_every_constructed_formats(verdict, format_id):
    result = verdict(f"1 {JUNIPER}\n1 {SYCAMORE}\n" + filler(58), format_id,
                     as_of="2014-06-01")
    assert "name-family" in codes(result)


def test_the_sideboard_is_not_the_deck(verdict):
    result = verdict(f"Deck:\n4 {JUNIPER}\n" + filler(56) + f"Sideboard:\n1 {SYCAMORE}\n",
                     "unlimited", as_of="2014-06-01")
    assert "name-family" not in codes(result)


# --- Expanded reads only what The Pokémon Company wrote -------------------------------

@pytest.mark.parametrize("rows", [
    ("4 Professor's Research SSH 178", f"4 {SYCAMORE}"),
    ("4 Boss's Orders RCL 154", "4 Lysandre FLF 90"),
])
def test_expanded_counts_research_and_boss_apart_from_the_older_names(verdict, rows):
    # No text of The Pokémon Company's joins them: GLC's FAQ alone does, for GLC.
    result = verdict("\n".join(rows) + "\n" + BASIC + filler(51), "expanded", as_of=GLC_DAY)
    assert codes(result) == []


# --- Gym Leader Challenge: its FAQ ---------------------------------------------------

def _glc(*lines):
    return "".join(f"{line}\n" for line in lines) + BASIC + filler(59 - len(lines))


@pytest.mark.parametrize("rows", [
    ("1 Professor's Research SSH 178", f"1 {SYCAMORE}"),
    ("1 Professor's Research (Professor Oak) CEL 23", f"1 {JUNIPER}"),
    (f"1 {JUNIPER}", f"1 {SYCAMORE}"),
    ("1 Boss's Orders RCL 154", "1 Lysandre FLF 90"),
    ("1 Boss's Orders (Ghetsis) PAL 172", "1 Lysandre AOR 78"),
])
def test_glc_allows_one_card_of_each_family(verdict, rows):
    result = verdict(_glc(*rows), "glc", as_of=GLC_DAY)
    assert codes(result) == ["name-family"]
    violation = _family_violation(result)
    assert violation.message.startswith("lines 1, 2: 2 cards of ")
    assert violation.message.endswith(", which count together; at most 1 are allowed")
    assert [card.line for card in violation.cards] == [1, 2]
    assert violation.rule.document.startswith("Gym Leader Challenge: Frequently Asked")


def test_glc_names_the_family_and_counts_every_line(verdict):
    result = verdict(_glc("1 Professor's Research SSH 178", f"1 {JUNIPER}", f"1 {SYCAMORE}"),
                     "glc", as_of=GLC_DAY)
    assert _family_violation(result).message == (
        "lines 1, 2, 3: 3 cards of Professor's Research, Professor Juniper and Professor "
        "Sycamore, which count together; at most 1 are allowed")


@pytest.mark.parametrize("rows", [
    ("1 Professor's Research SSH 178", "1 Boss's Orders RCL 154"),
    ("1 Lysandre FLF 90", "1 Lysandre's Trump Card PHF 99"),
    ("1 Lysandre FLF 90", "1 Lysandre ◇ FLI 110"),
])
def test_glc_one_of_each_family_and_other_names_are_fine(verdict, rows):
    # Lysandre's Trump Card is banned in GLC: only the family's verdict is asked here.
    result = verdict(_glc(*rows), "glc", as_of=GLC_DAY)
    assert "name-family" not in codes(result)


def test_glc_families_hold_from_the_formats_start(verdict):
    deck = _glc("1 Boss's Orders RCL 154", "1 Lysandre FLF 90")
    assert "name-family" not in codes(verdict(deck, "glc", as_of="2021-07-13"))
    assert "name-family" in codes(verdict(deck, "glc", as_of="2021-07-14"))


def test_the_formats_rules_are_data():
    expanded, glc = get_format("expanded"), get_format("glc")
    assert [(f.names, f.rule, f.effective) for f in expanded.families] == [
        (("Professor Juniper", "Professor Sycamore"), ONE_NAME, EFFECTIVE)]
    assert [(f.names, f.rule) for f in glc.families] == [
        (("Professor's Research", "Professor Juniper", "Professor Sycamore"), COUNTED_TOGETHER),
        (("Boss's Orders", "Lysandre"), COUNTED_TOGETHER)]
    for fmt in (expanded, glc):
        assert "name-family" in [spec.code for spec in fmt.checks]
        assert all(f.source.url.startswith("https://") for f in fmt.families)
