"""The checks an organizer's definition switches on, and its bans, pool and base, on real
cards of the full catalog: each rule allows what it says and refuses the rest, citing the
organizer's section and words."""

from __future__ import annotations

import pytest

from tests.unit.checks.conftest import codes, filler
from validators.definitions import read_definition
from validators.derived import organizer_rules

pytestmark = [pytest.mark.full_catalog,
              pytest.mark.parametrize("backend", ["sqlite"], indirect=True)]

DAY = "2024-06-01"  # Scarlet & Violet in Standard and Expanded; Radiant Pokémon too
ENERGY = "Basic Lightning Energy SVE 4"


def rules(**changes):
    return organizer_rules(read_definition({"base": "expanded", "document": "Cup rules",
                                            "url": "https://example.org/cup", **changes}))


def deck(*lines: str, size: int = 60) -> str:
    used = sum(int(line.split()[0]) for line in lines)
    return "".join(f"{line}\n" for line in lines) + filler(size - used, ENERGY)


def found(verdict, code):
    return [v for v in verdict.violations + verdict.warnings if v.code == code]


def test_rule_box_pokemon_at_most_two(verdict):
    limit = rules(rules=[{"rule": "kind-limit", "kinds": ["ex", "V", "VSTAR", "VMAX"], "max": 2,
                          "section": "Rule Box Pokémon", "text": "At most 2 Rule Box Pokémon."}])
    two = verdict(deck("1 Pikachu PAL 62", "2 Squawkabilly ex PAL 169"), rules=limit, as_of=DAY)
    assert codes(two) == []
    three = verdict(deck("1 Pikachu PAL 62", "2 Squawkabilly ex PAL 169",
                         "1 Iron Hands ex PAR 70"), rules=limit, as_of=DAY)
    [over] = found(three, "kind-limit")
    assert dict(over.args)["count"] == 3
    assert [card.line for card in over.cards] == [2, 3]
    assert (over.rule.document, over.rule.section, over.rule.text, over.rule.url) == (
        "Cup rules", "Rule Box Pokémon", "At most 2 Rule Box Pokémon.",
        "https://example.org/cup")


def test_single_prize_only_allows_radiant_pokemon(verdict):
    single = rules(rules=[{"rule": "single-prize"}])
    radiant = verdict(deck("1 Radiant Greninja ASR 46", "1 Pikachu PAL 62"), rules=single,
                      as_of=DAY)
    assert codes(radiant) == []
    ex = verdict(deck("1 Pikachu PAL 62", "1 Squawkabilly ex PAL 169"), rules=single, as_of=DAY)
    [refused] = found(ex, "kind-limit")
    assert refused.cards[0].line == 2
    assert "more than one Prize card" in refused.message


def test_no_ace_spec(verdict):
    none = rules(rules=[{"rule": "no-ace-spec"}])
    assert codes(verdict(deck("1 Pikachu PAL 62"), rules=none, as_of=DAY)) == []
    with_ace = verdict(deck("1 Pikachu PAL 62", "1 Prime Catcher TEF 157"), rules=none,
                       as_of=DAY)
    assert codes(with_ace) == ["kind-limit"]


def test_rarity_judges_the_printing_named(verdict):
    pauper = rules(rules=[{"rule": "rarity", "allowed": ["Common", "Uncommon"]}])
    assert codes(verdict(deck("2 Pikachu PAL 62", "2 Raichu PAL 64"), rules=pauper,
                         as_of=DAY)) == []
    # Raichu is an Uncommon in Paldea Evolved and a Rare in 151: the printing decides
    rare = verdict(deck("2 Pikachu PAL 62", "2 Raichu MEW 26"), rules=pauper, as_of=DAY)
    [refused] = found(rare, "rarity")
    assert refused.severity == "error" and dict(refused.args)["rarity"] == "Rare"


def test_max_hp(verdict):
    small = rules(rules=[{"rule": "max-hp", "hp": 150}])
    assert codes(verdict(deck("1 Raichu PAL 64", "1 Pikachu PAL 62"), rules=small,
                         as_of=DAY)) == []
    big = verdict(deck("1 Pikachu PAL 62", "1 Charizard ex OBF 125"), rules=small, as_of=DAY)
    assert codes(big) == ["max-hp"]
    assert dict(found(big, "max-hp")[0].args)["hp"] == 330


def test_basic_pokemon_only(verdict):
    basics = rules(rules=[{"rule": "stages", "allowed": ["Basic"]}])
    assert codes(verdict(deck("4 Pikachu PAL 62"), rules=basics, as_of=DAY)) == []
    stage = verdict(deck("4 Pikachu PAL 62", "2 Raichu PAL 64"), rules=basics, as_of=DAY)
    [refused] = found(stage, "stages")
    assert dict(refused.args)["stage"] == "Stage 1"


def test_a_narrower_pool_by_set_series_mark_and_day(verdict):
    for pool in ({"sets": ["PAL", "sv1"]}, {"series": ["Scarlet & Violet"]},
                 {"regulation_marks": ["G", "H"]}, {"released_from": "2023-01-01"}):
        narrow = rules(pool=pool)
        assert codes(verdict(deck("1 Pikachu PAL 62"), rules=narrow, as_of=DAY)) == [], pool
        older = verdict(deck("1 Pikachu PAL 62", "1 Radiant Greninja ASR 46"), rules=narrow,
                        as_of=DAY)
        assert [v.cards[0].line for v in found(older, "outside-pool")] == [2], pool


def test_a_pool_of_listed_cards_takes_every_printing_of_them(verdict):
    listed = rules(pool={"cards": ["sv2-62"]})  # Pikachu, Paldea Evolved
    assert codes(verdict(deck("2 Pikachu PAL 62"), rules=listed, as_of=DAY)) == []
    # its reprint with the same attacks (Paldean Fates 18) is the same card
    assert codes(verdict(deck("2 Pikachu PAF 18"), rules=listed, as_of=DAY)) == []
    assert codes(verdict(deck("2 Pikachu PAL 62", "1 Raichu PAL 64"), rules=listed,
                         as_of=DAY)) == ["outside-pool"]


def test_bans_by_name_card_and_printing(verdict):
    by_name = rules(banned=[{"name": "Boss's Orders"}])
    boss = deck("1 Pikachu PAL 62", "1 Boss's Orders PAL 172")
    [banned] = found(verdict(boss, rules=by_name, as_of=DAY), "banned")
    assert (banned.rule.document, banned.rule.section) == ("Cup rules", "banned cards")
    by_card = rules(banned=[{"card": "sv2-172"}])
    assert codes(verdict(boss, rules=by_card, as_of=DAY)) == ["banned"]
    # a ban of one printing reaches that printing, not the card's other printings
    by_printing = rules(banned=[{"printing": "sv2-172"}])
    assert codes(verdict(boss, rules=by_printing, as_of=DAY)) == ["banned"]
    other = deck("1 Pikachu PAL 62", "1 Boss's Orders PAL 248")
    assert codes(verdict(other, rules=by_printing, as_of=DAY)) == []
    assert codes(verdict(other, rules=by_card, as_of=DAY)) == ["banned"]


def test_a_dated_ban_holds_from_its_day(verdict):
    dated = rules(banned=[{"name": "Boss's Orders", "effective": "2024-07-01"}])
    boss = deck("1 Pikachu PAL 62", "1 Boss's Orders PAL 172")
    assert codes(verdict(boss, rules=dated, as_of="2024-06-30")) == []
    assert codes(verdict(boss, rules=dated, as_of="2024-07-01")) == ["banned"]


def test_unbans_and_dropping_the_base_bans(verdict):
    trump = deck("1 Pikachu PAL 62", "1 Lysandre's Trump Card PHF 99")
    assert "banned" in codes(verdict(trump, "expanded", as_of=DAY))
    assert codes(verdict(trump, rules=rules(unbanned=[{"card": "xy4-99"}]), as_of=DAY)) == []
    assert codes(verdict(trump, rules=rules(unbanned=[{"name": "Lysandre's Trump Card"}]),
                         as_of=DAY)) == []
    assert codes(verdict(trump, rules=rules(base_bans=False), as_of=DAY)) == []


def test_copy_limit_and_deck_size_cite_the_organizer(verdict):
    changed = rules(copy_limit=1, deck_size=40, sections={
        "copy_limit": {"section": "Singleton", "text": "One copy of each card."}})
    result = verdict(deck("2 Pikachu PAL 62", size=41), rules=changed, as_of=DAY)
    cited = {v.code: (v.rule.section, v.rule.text) for v in result.violations}
    assert cited == {"copy-limit": ("Singleton", "One copy of each card."),
                     "deck-size": ("deck of exactly 40 cards", None)}
    # a rule the organizer did not change cites the base's document
    unknown = verdict(deck("1 Pikachu PAL 62", "1 Not A Card PAL 999"), rules=changed,
                      as_of=DAY)
    assert {v.rule.document for v in unknown.violations if v.code == "unknown-card"} == {
        "Play! Pokémon Expanded format"}


def test_over_standard_the_days_season_is_changed(verdict):
    """A Standard cup judged on a day of 2015 is that season's Standard, changed: its pool is
    the season's, not today's."""
    cup = organizer_rules(read_definition({"base": "standard", "copy_limit": 1}))
    old = deck("1 Pikachu XY 42")
    assert "not-legal" not in codes(verdict(old, rules=cup, as_of="2015-06-01"))
    assert "not-legal" in codes(verdict(old, rules=cup, as_of=DAY))


def test_rule_box_pokemon_at_most_two_of_each_name(verdict):
    each = rules(rules=[{"rule": "kind-limit", "kinds": ["ex"], "max": 2, "per_name": True}])
    two_each = deck("1 Pikachu PAL 62", "2 Squawkabilly ex PAL 169", "2 Iron Hands ex PAR 70")
    assert codes(verdict(two_each, rules=each, as_of=DAY)) == []
    three = verdict(deck("1 Pikachu PAL 62", "2 Squawkabilly ex PAL 169",
                         "1 Squawkabilly ex PAF 75", "2 Iron Hands ex PAR 70"), rules=each,
                    as_of=DAY)
    [over] = found(three, "kind-limit")
    assert [card.line for card in over.cards] == [2, 3] and dict(over.args)["count"] == 3


def test_a_monotype_events_types_and_energy(verdict):
    nine = ["Darkness", "Fairy", "Fighting", "Fire", "Grass", "Lightning", "Metal", "Psychic",
            "Water"]
    mono = rules(rules=[{"rule": "one-type", "types": nine, "basic_energy": True}])
    assert codes(verdict(deck("2 Pikachu PAL 62", "1 Raichu PAL 64"), rules=mono,
                         as_of=DAY)) == []
    # a Colorless deck shares one Type, but not one the event allows
    colorless = verdict(deck("2 Squawkabilly ex PAL 169"), rules=mono, as_of=DAY)
    assert [dict(v.args)["allowed"] for v in found(colorless, "one-type")] == [
        ", ".join(sorted(nine))]
    # basic Energy of another Type than the deck's
    water = verdict(deck("2 Pikachu PAL 62", "1 Basic Water Energy SVE 3"), rules=mono,
                    as_of=DAY)
    [stray] = found(water, "one-type")
    assert stray.cards[0].line == 2 and dict(stray.args)["energy"] == "Water"
    # without the switches, both decks are one Type
    plain = rules(rules=[{"rule": "one-type"}])
    assert codes(verdict(deck("2 Squawkabilly ex PAL 169"), rules=plain, as_of=DAY)) == []


def test_pauper_takes_a_card_with_a_common_printing_and_named_exceptions(verdict):
    pauper = rules(rules=[{"rule": "rarity", "allowed": ["Common", "Uncommon"],
                           "any_printing": True, "cards": ["sv3pt5-6"]}])
    # Pikachu PAF 131 is a Shiny Rare printing of the card Pikachu PAL 62 prints as a Common
    assert codes(verdict(deck("2 Pikachu PAF 131"), rules=pauper, as_of=DAY)) == []
    # Raichu MEW 26 is a Rare in every printing of it (Raichu PAL 64 is another card)
    assert codes(verdict(deck("2 Pikachu PAL 62", "1 Raichu MEW 26"), rules=pauper,
                         as_of=DAY)) == ["rarity"]
    judged_alone = rules(rules=[{"rule": "rarity", "allowed": ["Common", "Uncommon"]}])
    assert codes(verdict(deck("2 Pikachu PAF 131"), rules=judged_alone, as_of=DAY)) == [
        "rarity"]
    # the named exception: Charizard ex MEW 6, a Double Rare
    assert codes(verdict(deck("2 Pikachu PAL 62", "1 Charizard ex MEW 6"), rules=pauper,
                         as_of=DAY)) == []
