"""Each decklist form, parsed from realistic and messy fixtures; no line is ever dropped."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from decklist import Candidate, parse
from decklist.card_lines import readings
from decklist.parsed import (
    ENERGY,
    MAIN,
    MAX_ENTRIES,
    MAX_LINES,
    PARTNER,
    POKEMON,
    SIDEBOARD,
    TRAINER,
    DecklistTooLarge,
)
from decklist.reference import readings_of
from tests.support.paths import FIXTURES

DECKS = FIXTURES / "decklists"


def read(name: str) -> str:
    return (DECKS / name).read_text(encoding="utf-8")


def test_ptcg_live_export_with_bom_and_crlf():
    deck = parse(read("ptcg-live.txt"))
    assert deck.input_format == "ptcg-live"
    assert deck.problems == []
    assert sum(e.copies for e in deck.entries) == 60
    assert deck.declared == {POKEMON: (12, 1), TRAINER: (36, 7), ENERGY: (12, 18),
                             "total": (60, 22)}
    first = deck.entries[0]
    assert (first.line, first.copies, first.section) == (2, 4, POKEMON)
    assert readings_of(first.reference)[0] == Candidate("Pikachu ex", "SVI", "63")
    research = next(e for e in deck.entries if e.line == 8)
    # quotes kept for the resolver
    assert readings_of(research.reference)[0].name == "Professor’s Research"
    padded = deck.entries[-1]
    assert (padded.line, padded.section) == (20, ENERGY)
    assert readings_of(padded.reference)[0] == Candidate("Lightning Energy", "SVE", "004")
    assert readings_of(deck.entries[-2].reference)[0] == Candidate("Basic {L} Energy", "SVE", "4")


def test_legacy_ptcgo_export():
    deck = parse(read("ptcgo.txt"))
    assert deck.input_format == "ptcgo"
    assert deck.problems == []
    assert sum(e.copies for e in deck.entries) == 60
    assert deck.declared["total"] == (60, 26)
    zacian = next(e for e in deck.entries if e.text.startswith("Zacian"))
    assert readings_of(zacian.reference)[0] == Candidate("Zacian V", None, "SWSH076")
    energy = deck.entries[-1]
    assert readings_of(energy.reference)[0] == Candidate("Basic {L} Energy", "Energy", "4")
    assert energy.section == ENERGY


def test_limitless_headers_plain_lines_comments_and_problems():
    deck = parse(read("limitless.txt"))
    assert deck.input_format == "limitless"
    assert [(p.line, p.text, p.code) for p in deck.problems[:2]] == [
        (13, "this line is not a card", "not-a-card-line"), (14, "0 Switch", "count-out-of-range")]
    assert "count must be from 1" in deck.problems[1].message
    # The headers state 31 Trainers and 12 Energy; the lines say 12 and 13.
    assert [(p.line, p.code) for p in deck.problems[2:]] == [(9, "declared-total"),
                                                               (15, "declared-total")]
    assert "states 31 in the trainer section, but its lines add up to 12 cards on 3 lines" in \
        deck.problems[2].message
    by_line = {e.line: e for e in deck.entries}
    assert readings_of(by_line[2].reference)[0] == Candidate("Sneasel", "N1", "25")
    # tab and spaces
    assert readings_of(by_line[3].reference)[0] == Candidate("Slowpoke", "N1", "55")
    assert readings_of(by_line[4].reference) == (Candidate("Slowking"),)
    assert readings_of(by_line[7].reference)[0] == Candidate("Unown [J]", "N2", "30")
    assert readings_of(by_line[16].reference) == (Candidate("Basic Darkness Energy"),)
    assert [e.line for e in deck.sideboard] == [18]
    assert by_line[18].section == SIDEBOARD
    assert sum(e.copies for e in deck.main) == 4 + 4 + 4 + 5 + 4 + 4 + 4 + 13


def test_json_entries_and_their_problems():
    import json
    deck = parse(json.loads(read("deck.json")))
    assert deck.input_format == "json"
    assert [e.line for e in deck.entries] == [1, 2, 3]
    assert readings_of(deck.entries[0].reference) == (Candidate(card_id="neo1-14"),)
    assert readings_of(deck.entries[1].reference) == (Candidate("Bill", "LC", "108"),)
    assert deck.entries[2].partner and deck.entries[2].section == PARTNER
    assert [p.line for p in deck.problems] == [4, 5, 6]
    assert "unknown field(s): colour" in deck.problems[1].message


def test_json_text_is_detected():
    deck = parse(' \n[{"count": 4, "id": "neo1-14"}]')
    assert deck.input_format == "json" and deck.entries[0].copies == 4
    broken = parse('[{"count": 4,')
    assert broken.entries == [] and "malformed JSON" in broken.problems[0].message


def test_partner_section_and_inline_partner():
    deck = parse("Partner:\n1 Charizard BS 4\nPokémon: 1\n1 Charmander BS 46\n")
    assert [(e.line, e.partner) for e in deck.entries] == [(2, True), (4, False)]
    inline = parse("Partner: 1 Charizard BS 4\n4 Charmander BS 46\n")
    assert [(e.line, e.partner, e.section) for e in inline.entries] == [
        (1, True, PARTNER), (2, False, MAIN)]


@pytest.mark.parametrize("header", ["Deck:", "Main:", "Main deck:", "Deck: 4"])
def test_a_deck_header_ends_the_partner_section(header):
    deck = parse(f"Partner:\n1 Charizard BS 4\n{header}\n4 Charmander BS 46\n")
    assert [(entry.section, entry.partner) for entry in deck.entries] == [
        ("partner", True), ("main", False)]
    assert deck.problems == []


def test_stated_partner_deck_and_sideboard_counts_are_checked():
    deck = parse("Partner: 2\n1 Charizard BS 4\nDeck: 99\n4 Charmander BS 46\n"
                 "Sideboard: 1\n1 Bill BS 91\n")
    assert [(p.line, p.code) for p in deck.problems] == [(1, "declared-total"),
                                                        (3, "declared-total")]
    assert "states 99 in the main section" in deck.problems[1].message


@pytest.mark.parametrize(("line", "first"), [
    ("1 Pikachu GX SM232", Candidate("Pikachu", "GX", "SM232")),   # resolver falls back
    ("2 Pikachu PR 24", Candidate("Pikachu", "PR", "24")),
    ("2 Pikachu WBSP 24", Candidate("Pikachu", "WBSP", "24")),
    ("1 Pikachu PR-SW 68", Candidate("Pikachu", "PR-SW", "68")),
    ("1 Tapu Koko PR-SM SM31", Candidate("Tapu Koko", "PR-SM", "SM31")),
    ("4 Water Energy XYEnergy 9", Candidate("Water Energy", "XYEnergy", "9")),
    ("7 Basic {D} Energy MEE 7", Candidate("Basic {D} Energy", "MEE", "7")),
    ("3 Ho-Oh LEGEND HS 111", Candidate("Ho-Oh LEGEND", "HS", "111")),
])
def test_line_readings(line, first):
    (entry,) = parse(line).entries
    assert readings_of(entry.reference)[0] == first
    # the whole name, last
    assert readings_of(entry.reference)[-1] == Candidate(line.split(" ", 1)[1])


def test_no_line_is_silently_dropped():
    text = "4 Bill\nPokémon\nnonsense\n\n# note\n-3 Potion\n2 Switch\nTotal Cards: 6"
    deck = parse(text)
    accounted = {e.line for e in deck.entries} | {p.line for p in deck.problems}
    assert accounted == {1, 3, 6, 7}


@pytest.mark.parametrize(("header", "section"), [
    ("Trainers Cards - 3", TRAINER), ("Energies Cards (3)", ENERGY), ("POKÉMON: 3", POKEMON),
    ("Side board", SIDEBOARD), ("##Trainer Cards - 3", TRAINER), ("Energy", ENERGY),
])
def test_every_header_spelling_names_its_section(header, section):
    (entry,) = parse(f"{header}\n3 Bill").entries
    assert entry.section == section


def test_card_ids_and_set_names_are_readings():
    assert readings("neo1-14")[0] == Candidate(card_id="neo1-14")
    assert readings("Bill (Legendary Collection) 108")[0] == Candidate(
        "Bill", "Legendary Collection", "108")
    # A name with a parenthesis but no number is a name.
    assert readings("Professor's Research (Professor Oak)") == (
        Candidate("Professor's Research (Professor Oak)"),)


def test_control_characters_and_long_lines_are_line_problems():
    deck = parse("4 Pika\x00chu\n1 " + "x" * 400 + "\n2 Bill")
    assert [(p.line, p.code) for p in deck.problems] == [(1, "control-character"),
                                                          (2, "line-too-long")]
    assert "\x00" not in deck.problems[0].text and len(deck.problems[1].text) <= 301
    assert [e.text for e in deck.entries] == ["Bill"]
    # Controls that str.split() treats as white space are caught too, not folded into spaces.
    assert [p.code for p in parse("4 Pika\x1fchu\n1 Bill\x0b").problems] == [
        "control-character", "control-character"]


def test_decklists_past_their_limits_are_refused_with_the_line():
    with pytest.raises(DecklistTooLarge) as lines:
        parse("\n" * MAX_LINES + "1 Bill")
    assert lines.value.line == MAX_LINES + 1
    with pytest.raises(DecklistTooLarge) as entries:
        parse("1 Bill\n" * (MAX_ENTRIES + 1))
    assert entries.value.line == MAX_ENTRIES + 1
    with pytest.raises(DecklistTooLarge):
        parse([{"count": 1, "name": "Bill"}] * (MAX_ENTRIES + 1))


def test_a_list_of_the_most_lines_may_end_in_a_newline():
    most = "# a note\n" * (MAX_LINES - 1) + "1 Bill\n"
    assert [entry.line for entry in parse(most).entries] == [MAX_LINES]
    with pytest.raises(DecklistTooLarge):
        parse(most + "\n")  # a blank line after it is a line of its own


@pytest.mark.parametrize(("header", "section"), [
    ("Pokémon : 9", "pokemon"), ("Dresseur: 12", "trainer"), ("Énergie : 3", "energy"),
    ("Trainer: 12", "trainer"), ("Energie: 3", "energy"),                      # German
    ("Entrenador: 12", "trainer"), ("Energía: 3", "energy"),                   # Spanish
    ("Allenatore: 12", "trainer"), ("Energia: 3", "energy"),                   # Italian
    ("Treinador: 12", "trainer"),                                              # Portuguese
    ("Pokemons - 16", "pokemon"), ("Trainers - 26", "trainer"), ("Energias - 18", "energy"),
])
def test_section_headers_in_every_client_language(header, section):
    deck = parse(f"{header}\n1 Pikachu BS 58\n")
    assert [p.code for p in deck.problems if p.code != "declared-total"] == []
    assert deck.entries[0].section == section


@pytest.mark.parametrize("total", ["Total de cartes : 2", "Total de cartas: 2",
                                   "Total Cards - 2", "Total Cards: 2"])
def test_deck_totals_in_every_client_language(total):
    deck = parse(f"2 Pikachu BS 58\n{total}\n")
    assert deck.problems == [] and deck.declared["total"] == (2, 2)


def test_a_stated_count_may_count_cards_or_lines():
    # PTCG Live states the lines under a header; Limitless and PTCGO the cards.
    lines = parse("Pokémon: 2\n4 Pikachu BS 58\n3 Raichu BS 14\nTotal Cards: 7\n")
    cards = parse("Pokémon: 7\n4 Pikachu BS 58\n3 Raichu BS 14\nTotal Cards: 7\n")
    assert lines.problems == [] and cards.problems == []
    neither = parse("Pokémon: 5\n4 Pikachu BS 58\n3 Raichu BS 14\n")
    [problem] = neither.problems
    assert problem.code == "declared-total" and problem.line == 1
    assert "7 cards on 2 lines" in problem.message


def test_a_variant_mark_and_exporter_tags_are_read_off():
    deck = parse("2 Techno Radar PAR 180 PH\n1 Prime Catcher - ACESPEC TEF 157\n")
    assert deck.problems == []
    assert readings_of(deck.entries[0].reference)[0][:3] == ("Techno Radar", "PAR", "180")
    assert readings_of(deck.entries[0].reference)[0].variant == "PH"
    assert readings_of(deck.entries[1].reference)[0][:3] == ("Prime Catcher", "TEF", "157")


@pytest.mark.parametrize("footer", ["Generated by the Pokémon TCG Online",
                                    "Deck list generated on Pokemon.com",
                                    "****** Deck List Generated by the Pokémon TCG Online "
                                    "www.pokemon.com/TCGO ******"])
def test_exporters_footers_are_read_as_footers(footer):
    deck = parse(f"4 Pikachu BS 58\n{footer}\n")
    assert deck.problems == [] and len(deck.entries) == 1


def test_a_reference_reads_back_as_the_readings_of_its_line():
    # Entry.reference is the key every cache of a line's meaning uses: for every real line its
    # readings are those of the line's words, and an entry's fields come back as sent.
    from tests.corpus import lists, parsed

    seen = 0
    for item in lists():
        for entry in parsed(item).entries:
            found = readings_of(entry.reference)
            if isinstance(item.body, str):
                assert found == readings(entry.text)
            else:  # an entry is read one way: as its fields say
                assert len(found) == 1 and any(found[0])
            seen += 1
    assert seen > 10_000
    odd = Candidate("", None, "63", "svi-63", None)
    assert readings_of(odd) == (odd,)


def test_a_json_entry_and_a_text_line_with_the_same_words_read_differently():
    by_name = parse([{"count": 1, "name": "base1-4"}]).entries[0]
    by_id = parse([{"count": 1, "id": "base1-4"}]).entries[0]
    text = parse("1 base1-4").entries[0]
    assert by_name.text == by_id.text == text.text
    assert len({by_name.reference, by_id.reference, text.reference}) == 3
    assert readings_of(by_id.reference) == (Candidate(card_id="base1-4"),)
    assert readings_of(by_name.reference) == (Candidate("base1-4"),)


def test_a_json_card_number_may_be_a_json_number():
    deck = parse([{"count": 4, "name": "Ralts", "set": "ASR", "number": 60},
                  {"count": 1, "name": "Ralts", "set": "ASR", "number": 60.0},
                  {"count": 1, "name": "Ralts", "set": "ASR", "number": -1},
                  {"count": 1, "name": "Ralts", "set": "ASR", "number": 6.5},
                  {"count": 1, "name": "Ralts", "set": "ASR", "number": True}])
    assert [readings_of(e.reference) for e in deck.entries] == [
        (Candidate("Ralts", "ASR", "60"),)] * 2
    assert [p.line for p in deck.problems] == [3, 4, 5]  # only whole numbers 0 to 99999


_COUNTED = st.text(st.sampled_from("0123456789 xX×*-\t\u00a0\nabAB.é"), max_size=12)


@settings(max_examples=3000, deadline=None)
@given(st.one_of(_COUNTED, st.text(max_size=12)))
def test_the_plain_count_reads_as_the_pattern_does(text):
    """A count read without the pattern (the commonest form) is what the pattern reads."""
    from decklist.card_lines import _COUNT, split_count

    match = _COUNT.match(text)
    assert split_count(text) == ((int(match.group(1)), match.group(2).strip()) if match
                                 else None)


def test_every_corpus_line_counts_as_the_pattern_reads_it():
    from decklist.card_lines import _COUNT, split_count
    from decklist.text import clean_line
    from tests.corpus import lists

    texts = [item.body for item in lists() if isinstance(item.body, str)]
    assert len(texts) > 100
    for text in texts:
        for raw in text.splitlines():
            line = clean_line(raw)
            match = _COUNT.match(line)
            assert split_count(line) == ((int(match.group(1)), match.group(2).strip())
                                         if match else None), line
