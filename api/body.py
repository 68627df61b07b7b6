"""Reading a request's body: JSON or text/plain, and the decklists in it, checked.

Every way a body can be wrong becomes a 4xx problem that says what and
where: 415 for a media type we do not read, 400 for bytes that are not
UTF-8, malformed JSON (with line and column) or control characters (with
the line), 422 for JSON of the wrong shape (a deck entry too) or a count
out of 1–999, 413 for a decklist past its limits (a line too long too).
Other lines that are not cards (a heading pasted along, a note) are not an
error: they come back as problems in a 200 answer.
"""

from __future__ import annotations

from typing import Any

from flask import request

from api.middleware.problems import Problem
from api.middleware.request_stream import raw_body
from decklist import strict_json
from decklist.detect import parse
from decklist.parsed import CONTROL_CHARACTERS, Decklist, DecklistTooLarge, LineProblem

JSON, TEXT = "json", "text"
_TEXT_CHARSETS = {"utf-8", "utf8", "us-ascii", "ascii"}


def body_kind() -> str:
    """Which body the request sent: JSON or text; anything else is a 415."""
    mimetype = request.mimetype
    if mimetype == "application/json" or mimetype.endswith("+json"):
        return JSON
    if mimetype == "text/plain":
        charset = (request.mimetype_params.get("charset") or "utf-8").lower()
        if charset not in _TEXT_CHARSETS:
            raise Problem("unsupported-media-type",
                          f"Send text/plain decklists as UTF-8, not {charset}.")
        return TEXT
    raise Problem("unsupported-media-type",
                  "Send the decklist as application/json or text/plain, not "
                  f"{mimetype or 'a body with no Content-Type'}.",
                  supported=["application/json", "text/plain"])


def text_body() -> str:
    """The body as text, strictly UTF-8."""
    raw = raw_body()
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        raise Problem("invalid-encoding",
                      f"The body is not UTF-8: byte {error.start} (line {line}) cannot be "
                      "decoded.", line=line) from None


def json_body() -> Any:
    """The body as JSON, strictly (decklist.strict_json), with the place of any fault."""
    try:
        return strict_json.loads(text_body())
    except strict_json.JsonFault as fault:
        at = {"line": fault.line, "column": fault.column} if fault.line is not None else {}
        raise Problem("malformed-json", f"The body is not valid JSON: {fault.message}.",
                      **at) from None


def decklist(value: Any, field: str = "deck", pointer: str | None = None,
             in_json: bool = True) -> Decklist:
    """Parse a decklist given as text or as JSON entries; anything else is a 422.

    `pointer` is where the value is in a JSON body (default `/field`; "" for a bare array):
    every problem with the list names it, an entry's its own place in it. A text/plain
    body (`in_json` false) has no place to point at."""
    at = (f"/{field}" if pointer is None else pointer) if in_json else None
    if isinstance(value, str):
        _refuse_control_characters(value, field, at)
    elif not isinstance(value, list):
        raise Problem("invalid-body",
                      f"`{field}` must be decklist text or an array of entries, not "
                      f"{_json_type(value)}.", pointer=f"/{field}")
    try:
        deck = parse(value)
    except DecklistTooLarge as error:
        raise Problem("decklist-too-large", f"{error}.", line=error.line,
                      **_pointing(at)) from None
    _refuse_bad_values(deck, field, at, isinstance(value, list))
    return deck


def _pointing(pointer: str | None) -> dict[str, str]:
    return {} if pointer is None else {"pointer": pointer}


# A refusal lists at most this many of the lines refused for the same reason.
MAX_LINES_NAMED = 100
# Line problems the service refuses rather than reports: values out of their declared
# range or type are the caller's to fix, unlike a stray heading pasted with a list.
# Each is also the slug of the problem it becomes.
_REFUSED = ("line-too-long", "count-out-of-range", "invalid-entry")


def _refuse_bad_values(deck: Decklist, field: str, pointer: str | None,
                       entries: bool) -> None:
    for code in _REFUSED:
        bad = [problem for problem in deck.problems if problem.code == code]
        if not bad:
            continue
        first = bad[0]
        where = f"Entry {first.line}" if entries else f"Line {first.line}"
        more = (f" ({len(bad) - 1} more: {_lines(bad[1:])})" if len(bad) > 1 else "")
        at = _pointing(f"{pointer or ''}/{first.line - 1}" if entries else pointer)
        raise Problem(code, f"{where} of `{field}` ({first.text!r}): {first.message}.{more}",
                      line=first.line, lines=[problem.line for problem in bad[:MAX_LINES_NAMED]],
                      **at)


def _lines(problems: list[LineProblem]) -> str:
    shown = ", ".join(str(problem.line) for problem in problems[:10])
    return shown + (", …" if len(problems) > 10 else "")


def _refuse_control_characters(text: str, field: str, pointer: str | None) -> None:
    found = CONTROL_CHARACTERS.search(text)
    if found:
        line = text.count("\n", 0, found.start()) + 1
        raise Problem("control-characters",
                      f"Line {line} of `{field}` holds a control character "
                      f"(U+{ord(found.group()):04X}); decklists are plain text.", line=line,
                      **_pointing(pointer))


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", dict: "an object"}.get(
        type(value), type(value).__name__)
