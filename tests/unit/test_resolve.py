"""Resolving decklist lines against the full real catalog (decklist.resolver)."""

import pytest

from decklist.resolver import AMBIGUOUS, RESOLVED, UNKNOWN, suggestions_of
from tests.support.catalogs import ids


@pytest.mark.parametrize(("written", "expected"), [
    ("Pikachu BS 58", "base1-58"),
    ("Pikachu (BS) 58", "base1-58"),
    ("Pikachu BS-58", "base1-58"),
    ("Lightning Energy SVE 4", "sve-4"),
    ("Lightning Energy SVE 004", "sve-4"),            # zero-padded
    ("Basic {L} Energy SVE 4", "sve-4"),
    ("Bill LC 108", "base6-108"),
    ("Bill (LC) 108", "base6-108"),
    ("Charizard BS2 4", "base4-4"),                   # TCG ONE code
    ("Dark Dragonite EXP 5", None),                   # not in Expedition: see below
])
def test_set_code_and_number(line, written, expected):
    resolved = line(written)
    if expected is None:
        assert resolved.status == UNKNOWN
        return
    assert (resolved.status, resolved.method, ids(resolved)) == (RESOLVED, "set+number",
                                                                  [expected])


@pytest.mark.parametrize(("written", "expected"), [
    ("_____'s Pikachu PR 24", "basep-24"),
    ("_____'s Pikachu WBSP 24", "basep-24"),
    ("Snorlax PR-SW 68", "swshp-SWSH068"),
    ("Snorlax PR-SW SWSH068", "swshp-SWSH068"),
    ("Snorlax SWSH068", "swshp-SWSH068"),              # the number alone names the promo set
    ("Snorlax PR SWSH068", "swshp-SWSH068"),
    ("Tapu Koko PR-SM SM31", "smp-SM31"),
    ("Tapu Koko PR-SM 31", "smp-SM31"),
    ("Tapu Koko SMP SM31", "smp-SM31"),
    ("Pikachu δ PR 35", "np-35"),                      # PR: Wizards first, then Nintendo
    ("Pichu PR 35", "basep-35"),
    ("Mudkip NBSP 10", "np-10"),
    ("Espathra PR-SV 10", "svp-10"),
])
def test_promo_numbering(line, written, expected):
    resolved = line(written)
    assert (resolved.status, ids(resolved)) == (RESOLVED, [expected])


@pytest.mark.parametrize(("written", "expected"), [
    # RR: Rising Rivals first; a name that only fits Rocket Returns at that number goes there.
    ("Mismagius GL RR 10", "pl2-10"),
    ("Dark Steelix RR 10", "ex7-10"),
    ("Dark Steelix TRR 10", "ex7-10"),
    # SV: Supreme Victors first, then Scarlet & Violet (SVI).
    ("Rhyperior SV 10", "pl3-10"),
    ("Vivillon SV 10", "sv1-10"),
    # EX: Expedition, but "EX" in a name is never taken for the set.
    ("Dugtrio EX 10", "ecard1-10"),
    ("Mewtwo EX NXD 54", "bw4-54"),
    ("Mewtwo-EX NXD 54", "bw4-54"),
    # B2 is Base Set 2; BS 2 is Base Set number 2.
    ("Mewtwo B2 10", "base4-10"),
    ("Blastoise BS 2", "base1-2"),
    # PR with a plain number that Wizards' promos hold under another name.
    ("Mudkip PR 10", "np-10"),
    ("Meowth PR 10", "basep-10"),
])
def test_set_code_collisions_are_settled_by_the_name(line, written, expected):
    resolved = line(written)
    assert (resolved.status, ids(resolved)) == (RESOLVED, [expected])


def test_a_code_naming_two_sets_keeps_every_fitting_printing(line):
    # TK1 is both halves of the EX Trainer Kit; Potion is number 8 in each: one card.
    resolved = line("Potion TK1 8")
    assert resolved.status == RESOLVED and ids(resolved) == ["tk1a-8", "tk1b-8"]


def test_set_name_and_number(line):
    for written in ("Bill (Legendary Collection) 108", "Pikachu Jungle 60"):
        resolved = line(written)
        assert resolved.status == RESOLVED and resolved.method == "set-name+number"
    assert ids(line("Pikachu (Base Set) 58")) == ["base1-58"]  # a name people write
    assert ids(line([{"count": 1, "name": "Bill", "set": "Legendary Collection",
                      "number": "108"}])) == ["base6-108"]


def test_card_id_in_text_and_json(line):
    assert line("neo1-14").method == "id" and ids(line("neo1-14")) == ["neo1-14"]
    resolved = line([{"count": 4, "id": "NEO1-14"}])
    assert (resolved.method, ids(resolved)) == ("id", ["neo1-14"])
    named_wrong = line([{"count": 1, "id": "neo1-14", "name": "Pikachu"}])
    assert ids(named_wrong) == ["neo1-14"] and "the id decides" in named_wrong.notes[0]


def test_an_unknown_id_of_a_real_set_is_unknown(line):
    resolved = line([{"count": 1, "id": "base1-999", "name": "Pikachu"}])
    assert resolved.status == UNKNOWN and "base1-999" in resolved.notes[0]


@pytest.mark.parametrize(("written", "expected_type", "method"), [
    ("Basic {L} Energy Energy 4", "Lightning", "name"),   # PTCG Live
    ("Basic {D} Energy MEE 7", "Darkness", "set+number"), # Mega Evolution Energy (TCGdex)
    ("Basic Darkness Energy", "Darkness", "name"),
    ("Water Energy XYEnergy 9", "Water", "name"),          # PTCGO's pseudo-set
    ("Lightning Energy SVE 4", "Lightning", "set+number"),
])
def test_basic_energy_lines_in_their_real_variants(line, full_index, written, expected_type,
                                                  method):
    resolved = line(written)
    assert (resolved.status, resolved.method) == (RESOLVED, method)
    assert all(p.is_basic_energy and expected_type in p.name for p in resolved.printings)
    if method == "name" and len(written.split()) > 3:  # an exporter's code for a set
        assert f"is how exporters write basic {expected_type} Energy" in resolved.notes[0]


def test_basic_in_the_name_leaves_out_special_energy_of_that_name(line):
    # Neo Genesis' "Darkness Energy" is a Special Energy; "Basic Darkness Energy" is not it.
    assert line("Darkness Energy").status == AMBIGUOUS
    assert "neo1-104" not in ids(line("Basic Darkness Energy"))


@pytest.mark.parametrize(("typed", "expected"), [
    ("Farfetchd", "base1-27"), ("Flabebe", "xy2-62"), ("Unown A", "neo2-14"),
    ("NIDORAN ♂", "base1-55"), ("Pokemon Catcher", "bw2-95"),
])
def test_names_fold_case_accents_apostrophes_and_symbols(line, typed, expected):
    resolved = line(typed)
    assert resolved.method == "name" and expected in ids(resolved)


def test_name_only_one_card_is_resolved_and_many_cards_are_grouped(line):
    switch = line("Switch")  # Base Set's to Mega Evolution's, reworded: one card
    assert switch.status == RESOLVED and len(switch.groups) == 1 and len(switch.printings) > 20
    bill = line("Bill")  # the Base Set Trainer, and HeartGold SoulSilver's Supporter
    assert bill.status == AMBIGUOUS and len(bill.groups) == 2
    charizard = line("Charizard")
    assert charizard.status == AMBIGUOUS and len(charizard.groups) > 5
    first_group = charizard.groups[0]
    assert {p.id for p in first_group} >= {"base1-4", "base4-4", "base6-3"}  # reprints: one card
    assert len({p.function_key for p in first_group}) == 1


def test_printed_marks_left_out_of_a_name_still_fit(line):
    assert ids(line("Rhyperior RR 32")) == ["pl2-32"]          # printed "Rhyperior E4"
    assert ids(line("Garchomp C SV 145")) == ["pl3-145"]       # printed "Garchomp C LV.X"


def test_wrong_number_in_a_known_set_is_unknown_with_suggestions(line):
    resolved = line("Pikachu BS 59")
    assert resolved.status == UNKNOWN and resolved.method is None
    assert resolved.notes == ("BS 59 is Poliwag, not Pikachu",)
    by_reason = {(s.reason, s.printing.id) for s in resolved.suggestions}
    assert ("at-number", "base1-59") in by_reason
    assert ("right-number", "base1-58") in by_reason
    assert ("other-set", "base2-60") in by_reason


def test_number_past_the_set_is_unknown_and_offers_the_name_elsewhere(line):
    resolved = line("Charizard JU 150")
    assert resolved.status == UNKNOWN and "no such number" in resolved.notes[0]
    assert {s.reason for s in resolved.suggestions} == {"other-set"}
    assert "base1-4" in {s.printing.id for s in resolved.suggestions}


def test_misspelt_name_gets_the_closest_names(line, full_index):
    resolved = line("Pikachoo")
    assert resolved.status == UNKNOWN and resolved.closest_to == "pikachoo"
    # searched only when asked: an answer that shows suggestions asks
    assert resolved.suggestions == ()
    closest = suggestions_of(full_index, resolved)
    assert closest[0].reason == "closest-name" and closest[0].printing.name == "Pikachu"


def test_a_line_with_better_suggestions_is_searched_for_no_closest_name(line):
    assert line("Pikachu BS 59").closest_to is None


def test_nonsense_gets_no_suggestions(line):
    resolved = line("Zzzxqj Wvvk")
    assert resolved.status == UNKNOWN and resolved.suggestions == ()


def test_set_without_number_keeps_the_name_to_that_set(line):
    resolved = line([{"count": 1, "name": "Pikachu", "set": "JU"}])
    assert ids(resolved) == ["base2-60"] and resolved.method == "name"


def test_sql_looking_names_are_only_names(line, full_index):
    resolved = line("Pikachu'; DROP TABLE cards; --")
    assert resolved.status == UNKNOWN
    assert full_index.card("base1-4") is not None
