"""JSON as the service reads it from clients: strict, bounded, and every fault with its place.

Python's `json` reads more than JSON (NaN, Infinity), keeps the last of a repeated key,
turns a number of any length into an int (past 4,300 digits that is a ValueError, and a
deep nest is a RecursionError): none of that may reach a handler as a 500 or a silent
guess. `loads` refuses each of them as a `JsonFault` that says what and where.
"""

from __future__ import annotations

import json
from typing import Any

import orjson

from catalog import patterns

# The most digits a JSON integer may have: every number a body holds (a count, a card
# number, a page) has a few; a longer one is refused rather than converted.
MAX_INTEGER_DIGITS = 100


class JsonFault(ValueError):
    """Text that is not JSON the service reads: what is wrong, and the line and column
    (1-based) where it is, when one place can be named."""

    def __init__(self, message: str, line: int | None = None,
                 column: int | None = None) -> None:
        super().__init__(message)
        self.message = message
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
        raise JsonFault(f"{error.msg.removesuffix(' at')} at line {error.lineno}, "
                        f"column {error.colno}",
                        error.lineno, error.colno) from None
    except _Refused as error:
        line, column = _place(text, error.position(text))
        raise JsonFault(f"{error.message} at line {line}, column {column}", line,
                        column) from None
    except RecursionError:
        raise _too_deep(text) from None
    # Only an escape writes a surrogate: text the service decoded as UTF-8 has none.
    if ("\\ud" in text or "\\uD" in text) and not _all_text(value):
        at = _lone_surrogate(text)
        line, column = _place(text, at)
        raise JsonFault(f"{text[at:at + 6]} is half of a surrogate pair, not a character, at "
                        f"line {line}, column {column}", line, column)
    return value


def _all_text(value: Any) -> bool:
    """Whether every string in a JSON value is Unicode text (no lone surrogate), as the
    answer's encoder needs it."""
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_all_text(key) and _all_text(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_all_text(item) for item in value)
    return True


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


def _too_deep(text: str) -> JsonFault:
    """Arrays and objects nested past what the decoder can follow. orjson, whose own limit
    (1,024) is close to Python's, names the place in C speed; when it reads the text after
    all, the nest is only said to be too deep."""
    try:
        orjson.loads(text)
    except orjson.JSONDecodeError as error:
        return JsonFault(f"arrays and objects nested too deeply at line {error.lineno}, "
                         f"column {error.colno}", error.lineno, error.colno)
    return JsonFault("arrays and objects nested too deeply")


def _place(text: str, position: int) -> tuple[int, int]:
    position = max(position, 0)
    line = text.count("\n", 0, position) + 1
    return line, position - (text.rfind("\n", 0, position) + 1) + 1
