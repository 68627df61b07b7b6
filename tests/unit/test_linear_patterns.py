"""Every regular expression that reads client input or card data runs in linear time.

runtime/patterns.py compiles them all with RE2, whose matching time is linear in the text.
These tests hold the module to that: it really compiles with RE2 and means what Python's
`re` means, and hostile decklist lines cost the engine work in proportion to their length,
counted rather than timed (bench/hostile.py times them). That no module compiles a pattern
any other way is tests/tooling/test_pattern_engine.py's.
"""

from __future__ import annotations

import functools
import gc
import re
import unicodedata

import pytest
from re2 import _re2

from bench.hostile_lines import HOSTILE, hostile_deck, read_deck
from decklist import text as text_lists
from runtime import patterns


@pytest.mark.parametrize("pattern", [r"a(?=b)", r"a(?!b)", r"(?<=a)b", r"(?<!a)b", r"(a)\1",
                                     r"(?>a+)", r"a++", r"\bword", r"a\B"])
def test_the_module_compiles_with_re2_and_never_falls_back(pattern):
    assert isinstance(patterns.compile("a")._regexp, _re2.RE2)
    assert re.compile(pattern)  # `re` runs it, by backtracking; RE2 cannot, and says so
    with pytest.raises(patterns.PatternError):
        patterns.compile(pattern)


def test_the_star_line_pattern_is_re2s():
    """The banner pattern that backtracked cubically in `re` is an RE2 program."""
    assert text_lists._DECORATION.pattern == r"^\*{3,}.*\*{3,}$"
    assert isinstance(text_lists._DECORATION._regexp, _re2.RE2)
    assert text_lists._DECORATION.match("****** Deck List ******")
    assert not text_lists._DECORATION.match("*" * 299 + "x")


# Every code point Python's Unicode (14.0 for 3.11) assigns; RE2 knows a later Unicode.
# Worked out by the first test that reads it, not by every worker that collects the module.
@functools.cache
def assigned() -> str:
    return "".join(chr(code) for code in range(0x110000)
                   if not 0xD800 <= code <= 0xDFFF and unicodedata.category(chr(code)) != "Cn")


@pytest.mark.parametrize("cls", [r"\d", r"\D", r"\s", r"\S", r"\w", r"\W", r"[\w×'-]",
                                 r"[^\s\w]", r"[\s,]", r"[\d.]"])
def test_classes_mean_what_they_mean_in_python(cls):
    expected = "".join(re.findall(cls + "+", assigned()))
    assert "".join(patterns.compile(cls + "+").findall(assigned())) == expected


@pytest.mark.parametrize("pattern", ["basic", "i", "[ií]", "[a-z]", "k", "s", r"[\w-]",
                                     "unown", "[^i]", r"\W", r"[^\s\w]", r"\d"])
def test_ignore_case_folds_as_python_does(pattern):
    expected = "".join(re.findall(pattern, assigned(), re.IGNORECASE))
    assert "".join(patterns.compile(pattern, ignore_case=True).findall(assigned())) == expected


@pytest.mark.parametrize(("ours", "python", "text"), [
    (r"\s+lv(?P<ahead>\s|$)", r"\s+lv(?=\s|$)", "a lv lv lvx lv"),
    (r"(?P<t>ab|cd)(?P<ahead>ab|cd)", r"(?P<t>ab|cd)(?=ab|cd)", "abcdabxcdab"),
    (r"\s*δ(?P<ahead>\s|$)", r"\s*δ(?=\s|$)", "δ δ δx δ"),
])
def test_an_ahead_group_is_pythons_lookahead(ours, python, text):
    assert patterns.compile(ours).sub("-", text) == re.sub(python, "-", text)
    found = patterns.compile(ours).search(text)
    assert found is not None and found.span() == re.search(python, text).span()


@pytest.mark.parametrize("text", ["plain ascii 12", "Pokémon Café 12 é", "日本語 ポケモン 3",
                                  "emoji 😀 and 𝟘𝟙 digits", "mixed é😀x 7 ü"])
def test_offsets_are_characters_whatever_the_encoding(text):
    pattern = r"(?P<word>\w+)\s*(\d)?"
    found = patterns.compile(pattern).finditer(text)
    ours = [(m.span(), m.span("word"), m.groups()) for m in found]
    theirs = [(m.span(), m.span("word"), m.groups()) for m in re.finditer(pattern, text)]
    assert ours == theirs
    assert patterns.compile(r"\s+").sub("_", text) == re.sub(r"\s+", "_", text)
    assert patterns.compile(r"(\w)(\w)").findall(text) == re.findall(r"(\w)(\w)", text)


def test_a_lone_surrogate_is_one_character_as_in_python():
    text = "4 Bill\ud800 LC\udfff 108 \ud83d"  # what JSON's "\ud800" decodes to
    for pattern in [r"\w+", r"\S+", r"[^\s\w]", r".", r"\s+"]:
        ours = [m.span() for m in patterns.compile(pattern).finditer(text)]
        assert ours == [m.span() for m in re.finditer(pattern, text)]
    assert text_lists.parse_text(text).entries[0].copies == 4


def test_a_replacement_string_is_taken_as_written():
    with pytest.raises(patterns.PatternError):
        patterns.compile("a").sub(r"\1", "a")
    assert patterns.compile("a").sub(lambda match: "b", "xax") == "xbx"


class Counting:
    """RE2's matcher, noting how many characters each call reads: from where it starts to
    where its match ends, or to the end of the text when none does."""

    def __init__(self, regexp: _re2.RE2, tally: list[int]) -> None:
        self.regexp = regexp
        self.tally = tally

    def Match(self, anchor, data, pos, end):  # noqa: N802 (RE2's name)
        spans = self.regexp.Match(anchor, data, pos, end)
        self.tally.append((spans[0][1] if spans[0][0] >= 0 else end) - pos)
        return spans

    def NumberOfCapturingGroups(self) -> int:  # noqa: N802
        return self.regexp.NumberOfCapturingGroups()


@pytest.fixture
def engine_reads(monkeypatch) -> list[int]:
    """Characters read by each engine call, of every compiled pattern."""
    tally: list[int] = []
    for pattern in [obj for obj in gc.get_objects() if isinstance(obj, patterns.Pattern)]:
        monkeypatch.setattr(pattern, "_regexp", Counting(pattern._regexp, tally))
    text_lists.forget()
    yield tally
    text_lists.forget()


def cost_by_length(shape: str, read, engine_reads: list[int]) -> dict[int, int]:
    """Characters the engine reads for a line of the shape, by the line's length."""
    cost = {}
    for length in (75, 150, 300):
        line = HOSTILE[shape](length)
        assert len(line) <= length
        engine_reads.clear()
        read(line)
        cost[length] = sum(engine_reads)
    return cost


def linear(cost: dict[int, int]) -> bool:
    """A few passes over the line, whatever is in it: twice the line, twice the work."""
    return cost[300] <= 10 * 300 and cost[300] <= 2.2 * cost[150] and cost[150] <= 2.2 * cost[75]


@pytest.mark.parametrize("shape", sorted(HOSTILE))
def test_hostile_lines_cost_the_engine_in_proportion_to_their_length(engine_reads, shape):
    cost = cost_by_length(shape, read_deck, engine_reads)
    assert linear(cost), cost


def test_the_count_would_catch_a_reader_that_goes_over_the_line_again(engine_reads):
    """A loop that searches what is left of the line after each piece (as tidy_name's tag
    loop once did) reads it quadratically, and the measure says so."""
    def piece_by_piece(line: str) -> None:
        for start in range(len(line)):
            text_lists._DECORATION.search(line[start:])
    assert not linear(cost_by_length("stars", piece_by_piece, engine_reads))


def test_a_deck_of_star_lines_costs_the_engine_its_length(engine_reads):
    """100 different lines of 299 stars and an x (34 KB), which cost `re` 1.6 s of CPU
    (bench/hostile.py). The engine reads each line a few times over."""
    deck = hostile_deck("stars")
    read_deck(deck)
    assert sum(engine_reads) <= 10 * len(deck)
    assert len(text_lists.parse_text(deck).problems) == 100  # not a banner, not a card

