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
        return json.loads(text, object_pairs_hook=_unique_keys, parse_int=_bounded_integer,
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
