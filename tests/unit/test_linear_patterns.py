"""Every regular expression that reads client input or card data runs in linear time.

runtime/patterns.py compiles them all with RE2, whose matching time is linear in the text.
These tests hold the project to that: no module compiles a pattern any other way (but the
few listed here, each with the reason it cannot backtrack), the module really compiles with
RE2 and means what Python's `re` means, and hostile decklist lines cost the engine work in
proportion to their length, counted rather than timed (bench/hostile.py times them).
"""

from __future__ import annotations

import ast
import gc
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from re2 import _re2

from bench.hostile import HOSTILE, hostile_deck, read_deck
from decklist import text as text_lists
from runtime import patterns

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ["app.py", "gunicorn_conf.py", "runtime", "api", "catalog", "client", "decklist",
           "validators", "web", "deploy", "bench"]
# Modules that compile patterns, or hand them to something that does.
PATTERN_MODULES = {"re", "regex", "re2", "sre_compile", "sre_parse", "_sre", "fnmatch", "glob"}
ENGINE = "runtime/patterns.py"
# Patterns that do not go through runtime/patterns.py, each with why it cannot backtrack.
REVIEWED = {
    ("client/action.py", "glob"): "the CLI user's own file patterns on their own machine; "
                                  "fnmatch turns each * into an atomic group, no backtracking",
    ("api/middleware/cross_origin.py", "CORS(resources=…)"): "flask-cors matches /v1/.* and "
                                                  r"/openapi\.yaml against the path: a literal "
                                                  "and one .*, read in one pass",
}


def project_files() -> Iterator[Path]:
    for name in PROJECT:
        path = ROOT / name
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def pattern_uses(path: Path) -> Iterator[str]:
    """What in a module compiles a pattern: an import of a pattern module, marshmallow's
    Regexp, SQL's regexp functions, flask-cors's path patterns."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [
                alias.name for alias in node.names]
            yield from (name.split(".")[0] for name in names
                        if name.split(".")[0] in PATTERN_MODULES)
        elif isinstance(node, ast.Attribute | ast.Name):
            name = node.attr if isinstance(node, ast.Attribute) else node.id
            if name in ("Regexp", "regexp_match", "regexp_replace"):
                yield name
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "CORS" and any(k.arg == "resources" for k in node.keywords)):
            yield "CORS(resources=…)"


def test_no_module_compiles_a_pattern_but_through_the_linear_module():
    found = {(str(path.relative_to(ROOT)), use) for path in project_files()
             for use in pattern_uses(path)}
    assert {use for use in found if use[0] == ENGINE} == {(ENGINE, "re2")}
    assert found - {(ENGINE, "re2")} == set(REVIEWED)  # a stale entry fails too


def test_the_walk_sees_what_it_looks_for(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import re\nfrom fnmatch import fnmatch\nimport re2.x as y\n"
                      "from marshmallow import validate\nv = validate.Regexp('a')\n")
    assert list(pattern_uses(module)) == ["re", "fnmatch", "re2", "Regexp"]
    assert len(list(project_files())) > 50


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
ASSIGNED = "".join(chr(code) for code in range(0x110000)
                   if not 0xD800 <= code <= 0xDFFF and unicodedata.category(chr(code)) != "Cn")


@pytest.mark.parametrize("cls", [r"\d", r"\D", r"\s", r"\S", r"\w", r"\W", r"[\w×'-]",
                                 r"[^\s\w]", r"[\s,]", r"[\d.]"])
def test_classes_mean_what_they_mean_in_python(cls):
    expected = "".join(re.findall(cls + "+", ASSIGNED))
    assert "".join(patterns.compile(cls + "+").findall(ASSIGNED)) == expected


@pytest.mark.parametrize("pattern", ["basic", "i", "[ií]", "[a-z]", "k", "s", r"[\w-]",
                                     "unown", "[^i]", r"\W", r"[^\s\w]", r"\d"])
def test_ignore_case_folds_as_python_does(pattern):
    expected = "".join(re.findall(pattern, ASSIGNED, re.IGNORECASE))
    assert "".join(patterns.compile(pattern, ignore_case=True).findall(ASSIGNED)) == expected


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

