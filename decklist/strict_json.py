"""JSON as the service reads it from clients: strict, bounded, and every fault with its place.

Python's `json` reads more than JSON (NaN, Infinity), keeps the last of a repeated key,
turns a number of any length into an int (past 4,300 digits that is a ValueError, and a
deep nest is a RecursionError): none of that may reach a handler as a 500 or a silent
guess. `loads` refuses each of them as a `JsonFault` that says what and where.

A value is nested at most MAX_DEPTH deep, far below what the decoder or any recursive
reader after it (str(), repr(), the answer's encoder, whose own limit is 254) can follow,
and `loads` walks the value it returns with a stack of its own, never by recursion: a
nest just under the decoder's limit once reached a recursive walk here and answered 500.
"""

from __future__ import annotations

import json
from typing import Any

from runtime import patterns

# The most digits a JSON integer may have: every number a body holds (a count, a card
# number, a page) has a few; a longer one is refused rather than converted.
MAX_INTEGER_DIGITS = 100
# The deepest a body's arrays and objects may nest, the body itself one: a batch of decks
# written as JSON entries nests five deep (the body, its decks, a deck, its entries, one).
MAX_DEPTH = 64


class JsonFault(ValueError):
    """Text that is not JSON the service reads: what is wrong (`reason`), and the line and
    column (1-based) where it is, when one place can be named; `message` says both."""

    def __init__(self, reason: str, line: int | None = None,
                 column: int | None = None) -> None:
        self.reason = reason
        self.message = reason if line is None else f"{reason} at line {line}, column {column}"
        super().__init__(self.message)
        self.line = line
        self.column = column


class _Refused(ValueError):
    """Raised inside the decoder's hooks, which know the value but not its place."""

    def __init__(self, message: str, found: str, second: bool = False) -> None:
        super().__init__(message)
        self.message = message
        self.found = found  # text to look for in the document, to name the place
        self.second = second  # the place is its second occurrence (a repeated key)

    def position(self, text: str) -> int:
        first = text.find(self.found)
        return text.find(self.found, first + 1) if self.second else first


def loads(text: str) -> Any:
    """The JSON value `text` holds, or JsonFault."""
    try:
        value = json.loads(text, object_pairs_hook=_unique_keys, parse_int=_bounded_integer,
                           parse_constant=_not_json)
    except json.JSONDecodeError as error:
        # "Unterminated string starting at" names its own place.
        raise JsonFault(error.msg.removesuffix(" at"), error.lineno, error.colno) from None
    except _Refused as error:
        line, column = _place(text, error.position(text))
        raise JsonFault(error.message, line, column) from None
    except RecursionError:
        raise _too_deep(text) from None
    _check_value(text, value)
    return value


def _check_value(text: str, value: Any) -> None:
    """Refuse a value nested past MAX_DEPTH, or holding a lone surrogate, walking it with a
    stack of its own. Only an escape writes a surrogate (text decoded as UTF-8 has none), so
    strings are looked at only when the text holds one: else the walk visits containers."""
    strings = "\\ud" in text or "\\uD" in text
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            items: Any = item.values()
            if strings and not all(_is_text(key) for key in item):
                raise _lone_surrogate_fault(text)
        elif isinstance(item, list):
            items = item
        else:
            if strings and isinstance(item, str) and not _is_text(item):
                raise _lone_surrogate_fault(text)
            continue
        if depth > MAX_DEPTH:
            raise _too_deep(text)
        stack.extend((inner, depth + 1) for inner in items
                     if strings or isinstance(inner, (dict, list)))


def _is_text(value: str) -> bool:
    """Whether a string is Unicode text (no lone surrogate), as the answer's encoder needs."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _lone_surrogate_fault(text: str) -> JsonFault:
    at = _lone_surrogate(text)
    line, column = _place(text, at)
    return JsonFault(f"{text[at:at + 6]} is half of a surrogate pair, not a character", line,
                     column)


_SURROGATE = patterns.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _lone_surrogate(text: str) -> int:
    """Where the first `\\uD800`-`\\uDFFF` escape that is not half of a pair is."""
    escapes = [(found.start(), int(found.group()[2:], 16)) for found in _SURROGATE.finditer(text)]
    for index, (start, code) in enumerate(escapes):
        paired_after = (index + 1 < len(escapes) and escapes[index + 1][0] == start + 6
                        and 0xDC00 <= escapes[index + 1][1] <= 0xDFFF)
        paired_before = (index > 0 and escapes[index - 1][0] == start - 6
                         and 0xD800 <= escapes[index - 1][1] <= 0xDBFF)
        if (code <= 0xDBFF and not paired_after) or (code >= 0xDC00 and not paired_before):
            return start
    return 0


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) == len(pairs):
        return found
    seen: set[str] = set()
    for key, _ in pairs:
        if key in seen:
            raise _Refused(f"the key {json.dumps(key)} appears twice in one object",
                           json.dumps(key), second=True)
        seen.add(key)
    raise AssertionError("a shorter dict has a repeated key")


def _bounded_integer(digits: str) -> int:
    # Measured on the digits alone: int() of a long string is itself the cost to avoid.
    if len(digits.lstrip("-")) > MAX_INTEGER_DIGITS:
        raise _Refused(f"a number of {len(digits.lstrip('-')):,} digits (at most "
                       f"{MAX_INTEGER_DIGITS})", digits[:MAX_INTEGER_DIGITS + 1])
    return int(digits)


def _not_json(constant: str) -> None:
    raise _Refused(f"{constant} is not a JSON value", constant)


# A JSON string, or one bracket: what the depth of a nest is counted over.
_NESTING = patterns.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]')


def _too_deep(text: str) -> JsonFault:
    """Arrays and objects nested past MAX_DEPTH (or past what the decoder can follow), at
    the bracket that opens the first level too many: found in one pass over the text."""
    depth = 0
    for token in _NESTING.finditer(text):
        bracket = token.group()
        if bracket in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                line, column = _place(text, token.start())
                return JsonFault(f"arrays and objects nested too deeply (more than "
                                 f"{MAX_DEPTH} levels)", line, column)
        elif bracket in "]}":
            depth -= 1
    return JsonFault(f"arrays and objects nested too deeply (more than {MAX_DEPTH} levels)")


def _place(text: str, position: int) -> tuple[int, int]:
    position = max(position, 0)
    line = text.count("\n", 0, position) + 1
    return line, position - (text.rfind("\n", 0, position) + 1) + 1
