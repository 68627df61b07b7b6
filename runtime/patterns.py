r"""Every regular expression deckjudge runs on client input or card data, compiled by RE2.

Python's `re` backtracks: on a decklist line of 299 stars and an `x`, `^\*{3,}.*\*{3,}$`
works in proportion to the cube of the line's length (docs/performance.md, *Hostile input*,
gives what that cost). RE2 compiles a pattern to an automaton that reads the text once, so a
search costs O(size of the pattern × length of the text) whatever the text, and it refuses at
compile time what it cannot run so (lookaround, backreferences, atomic and possessive groups):
`compile` raises PatternError, never falls back to `re`. tests/tooling/test_pattern_engine.py
holds the project to compiling its patterns here.

A pattern reads as Python's `re` reads a str pattern, where RE2 on its own would differ:
- `\d`, `\s`, `\w` and their negations are Python's Unicode classes (str.isdecimal,
  str.isspace, str.isalnum or `_`); RE2's are ASCII;
- `\Z` is the end of the text (RE2 writes `\z`); `\uXXXX` and `\UXXXXXXXX` are code points;
- with ignore_case, `i` matches `ı` and `İ` too, and a class holding `\d`, `\s` or `\w` is
  not folded, as in Python;
- a lone surrogate (a JSON string may hold one) is a character, as in Python.
RE2 has no lookaround, and its `\b` and `\B` are ASCII: compile refuses `\b` and `\B`. In
their place:
- a group named `ahead` that ends the pattern is matched but not taken, as Python's `(?=…)`:
  the match ends where it starts and the next one is sought from there (`(?!x)` is
  `(?P<ahead>[^x]|$)`, a word's end `(?P<ahead>\W|$)`);
- what must come before a match is matched as a group the caller puts back (see gameplay).
These stay as RE2 reads them: `$` is the end of the text only (Python's also matches before a
final line break, which no text read here has); `sub`, `finditer` and `findall` step one
character past an empty match.

The methods are those of `re.Pattern` that deckjudge uses. They call RE2's own binding rather
than google-re2's `re`-like wrapper, whose Python layer costs a match several times the
binding's own work, and a `sub` with many matches far more than `re` takes
(speed trick "RE2 binding": docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import re2
from re2 import _re2

_ANCHORS = _re2.RE2.Anchor
_NONE = (-1, -1)  # the span of a group that took no part in the match

# Python's str classes as RE2 class bodies. RE2 knows a later Unicode than Python 3.11's 14.0:
# the two differ only on code points assigned since.
_BODIES = {
    "d": r"\p{Nd}",
    "s": r"\t\n\x0b\x0c\r\x1c-\x1f \x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}"
         r"\x{202f}\x{205f}\x{3000}",
    "w": r"\p{L}\p{N}_",
}
# What Python's ignore-case matches with `i` besides `I`; RE2 folds by Unicode, which has not.
_MORE_I = "İı"


class PatternError(ValueError):
    """A pattern RE2 cannot run in linear time, or cannot read."""


def compile(pattern: str, *, ignore_case: bool = False) -> Pattern:
    """The pattern, compiled by RE2, read as Python's `re` reads it (the module's docstring)."""
    return Pattern(pattern, _regexp(_translate(pattern, ignore_case), ignore_case))


def _regexp(pattern: str, ignore_case: bool) -> Any:
    options = re2.Options()
    options.log_errors = False
    options.case_sensitive = not ignore_case
    regexp = _re2.RE2(pattern.encode(), options)
    if not regexp.ok():
        raise PatternError(f"{pattern!r}: {regexp.error().decode()}")
    return regexp


class Match:
    """One match: its groups by number or name, and where they lie in the text."""

    __slots__ = ("string", "_spans", "_names")

    def __init__(self, string: str, spans: list[tuple[int, int]], names: dict[str, int]):
        self.string = string
        self._spans = spans
        self._names = names

    def span(self, group: int | str = 0) -> tuple[int, int]:
        return self._spans[self._names[group] if isinstance(group, str) else group]

    def start(self, group: int | str = 0) -> int:
        return self.span(group)[0]

    def end(self, group: int | str = 0) -> int:
        return self.span(group)[1]

    def group(self, group: int | str = 0) -> str | Any:
        """The group's text, or None when it took no part (typed as `re.Match.group` is)."""
        start, end = self.span(group)
        return None if start < 0 else self.string[start:end]

    __getitem__ = group

    def groups(self, default: str | None = None) -> tuple[str | Any, ...]:
        return tuple(default if start < 0 else self.string[start:end]
                     for start, end in self._spans[1:])


class Pattern:
    """A pattern compiled by RE2; `pattern` is its text as written."""

    __slots__ = ("pattern", "_regexp", "_names", "_ahead")

    def __init__(self, pattern: str, regexp: Any) -> None:
        self.pattern = pattern
        self._regexp = regexp
        self._names = {name.decode(): number for name, number in regexp.NamedCapturingGroups()}
        self._ahead = self._names.get("ahead")

    def search(self, text: str) -> Match | None:
        return self._first(_ANCHORS.UNANCHORED, text)

    def match(self, text: str) -> Match | None:
        return self._first(_ANCHORS.ANCHOR_START, text)

    def fullmatch(self, text: str) -> Match | None:
        return self._first(_ANCHORS.ANCHOR_BOTH, text)

    def finditer(self, text: str) -> Iterator[Match]:
        """Every match, left to right, none overlapping."""
        data = _utf8(text)
        ascii_only = len(data) == len(text)
        pos = base_byte = base_char = 0
        while pos <= len(data):
            spans = self._spans(_ANCHORS.UNANCHORED, data, pos)
            start, end = spans[0]
            if start < 0:
                return
            if not ascii_only:
                spans = _char_spans(data, spans, base_byte, base_char)
                base_byte, base_char = end, spans[0][1]
            yield Match(text, spans, self._names)
            pos = end if end > start else end + _width(data, end)

    def findall(self, text: str) -> list[Any]:
        """As `re.findall`: the matches, their one group, or tuples of their groups."""
        groups = self._regexp.NumberOfCapturingGroups()
        if groups == 0:
            return [match.group() for match in self.finditer(text)]
        if groups == 1:
            return [match.group(1) or "" for match in self.finditer(text)]
        return [match.groups("") for match in self.finditer(text)]

    def sub(self, replacement: str | Callable[[Match], str], text: str) -> str:
        """The text with every match replaced: by the string as written (it may hold no
        backslash, which `re` would read as an escape), or by what the function returns."""
        if isinstance(replacement, str) and "\\" in replacement:
            raise PatternError("a replacement string is taken as written: give a function")
        pieces: list[str] = []
        last = 0
        for match in self.finditer(text):
            start, end = match.span()
            pieces += (text[last:start],
                       replacement if isinstance(replacement, str) else replacement(match))
            last = end
        if not pieces:
            return text
        pieces.append(text[last:])
        return "".join(pieces)

    def _first(self, anchor: Any, text: str) -> Match | None:
        data = _utf8(text)
        spans = self._regexp.Match(anchor, data, 0, len(data))  # _spans, inlined: the hot path
        if spans[0][0] < 0:
            return None
        if self._ahead is not None:
            spans[0] = (spans[0][0], spans[self._ahead][0])
        if len(data) != len(text):
            spans = _char_spans(data, spans, 0, 0)
        return Match(text, spans, self._names)

    def _spans(self, anchor: Any, data: bytes, pos: int) -> list[tuple[int, int]]:
        """Byte spans of the first match from `pos`, the whole match ending where `ahead`
        starts."""
        spans = self._regexp.Match(anchor, data, pos, len(data))
        if self._ahead is not None and spans[0][0] >= 0:
            spans[0] = (spans[0][0], spans[self._ahead][0])
        return spans


def _utf8(text: str) -> bytes:
    """The text as RE2 reads it, in UTF-8. A lone surrogate, which UTF-8 cannot hold (and a
    JSON string's "\\ud800" can), is read as U+FFFD: one character too, and like it neither a
    letter, a digit nor a space, so every pattern here matches as `re` would."""
    try:
        return text.encode()
    except UnicodeEncodeError:
        return text.translate(_SURROGATES).encode()


_SURROGATES = dict.fromkeys(range(0xD800, 0xE000), "\ufffd")


def _char_spans(data: bytes, spans: list[tuple[int, int]], base_byte: int,
                base_char: int) -> list[tuple[int, int]]:
    """Character spans of byte spans into UTF-8 `data`, counted on from a known offset pair
    at or before them: each byte is decoded once per group, so a scan stays linear."""
    start = spans[0][0]
    first = base_char + len(data[base_byte:start].decode())
    return [_NONE if begin < 0 else (first + len(data[start:begin].decode()),
                                     first + len(data[start:end].decode()))
            for begin, end in spans]


def _width(data: bytes, pos: int) -> int:
    """Bytes of the UTF-8 character at `pos` (1 past the end)."""
    if pos >= len(data):
        return 1
    lead = data[pos]
    return 1 if lead < 0x80 else 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4


def _translate(pattern: str, ignore_case: bool) -> str:
    """The RE2 pattern that matches what Python's `re` would match (the module's docstring)."""
    out: list[str] = []
    i = 0
    while i < len(pattern):
        char = pattern[i]
        if char == "\\":
            token, i = _escape(pattern, i, in_class=False)
            if ignore_case and pattern[i - 1].lower() in _BODIES:
                token = f"(?-i:{token})"  # RE2 would add what folds with a member (ͅ with ι)
        elif char == "[":
            token, i = _class(pattern, i, ignore_case)
        elif char == "(" and pattern.startswith("(?P<", i):  # a group's name is no text
            end = pattern.find(">", i) + 1 or len(pattern)
            token, i = pattern[i:end], end
        elif ignore_case and char in "iI":
            token, i = f"[i{_MORE_I}]", i + 1
        else:
            token, i = char, i + 1
        out.append(token)
    return "".join(out)


def _class(pattern: str, start: int, ignore_case: bool) -> tuple[str, int]:
    """A character class `[…]` from `start`, and where the pattern goes on."""
    i = start + 1
    negated = pattern.startswith("^", i)
    i += negated
    body: list[str] = []
    while i < len(pattern) and (pattern[i] != "]" or not body):  # a first `]` is a member
        if pattern[i] == "\\":
            token, i = _escape(pattern, i, in_class=True)
        else:
            token, i = pattern[i], i + 1
        body.append(token)
    if i >= len(pattern):
        raise PatternError(f"{pattern!r}: a character class is not closed")
    members = "".join(body)
    if members.startswith("]"):
        members = "\\" + members  # so that it is not first
    written = f"[{'^' * negated}{members}]"
    if ignore_case and any(token.startswith(("[", "\\p", "\\P")) or token in _BODIES.values()
                           for token in body):
        # A class holding \d, \s or \w reads case as Python's does only unfolded (RE2 would
        # add ͅ, which folds with ι): the class may then hold nothing else that has a case.
        if any(token.lower() != token.upper() for token in body if len(token) == 1):
            raise PatternError(f"{pattern!r}: \\d, \\s or \\w beside cased letters, case ignored")
        return f"(?-i:{written})", i + 1
    if ignore_case and _matches_i(members):
        written = f"[{'^' * negated}{_MORE_I}{members}]"  # first: after `-` it ends a range
    return written, i + 1


def _matches_i(members: str) -> bool:
    """Whether a class of these members matches `i`, letter case ignored."""
    return _regexp(f"[{members}]", True).Match(_ANCHORS.ANCHOR_BOTH, b"i", 0, 1)[0][0] >= 0


def _escape(pattern: str, i: int, in_class: bool) -> tuple[str, int]:
    """The escape at `i`, as RE2 writes it, and where the pattern goes on."""
    letter = pattern[i + 1:i + 2]
    if letter in ("u", "U"):
        width = 4 if letter == "u" else 8
        return "\\x{" + pattern[i + 2:i + 2 + width] + "}", i + 2 + width
    if letter == "Z":
        return r"\z", i + 2
    if letter in ("p", "P", "x") and pattern.startswith("{", i + 2):
        end = pattern.find("}", i) + 1 or len(pattern)
        return pattern[i:end], end
    if letter == "b" and in_class:
        return r"\x08", i + 2  # a backspace, in Python's classes
    if letter in ("b", "B"):
        raise PatternError(f"{pattern!r}: RE2's \\{letter} is ASCII: write the neighbouring "
                           "class (the module's docstring)")
    body = _BODIES.get(letter.lower())
    if body is None:
        return pattern[i:i + 2], i + 2
    if letter.islower():
        return (body if in_class else f"[{body}]"), i + 2
    if letter == "D":
        return r"\P{Nd}", i + 2
    if in_class:
        raise PatternError(f"{pattern!r}: \\{letter} inside a character class")
    return f"[^{body}]", i + 2
