"""Decklist files as the checker reads them: the text, its format comment, its line numbers.

A file is sent to the service exactly as written, so the line numbers in the
answer are the file's own.  The one exception is a JSON decklist, where the
service numbers entries; `file_line` maps an entry back to the line it starts on.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from runtime import patterns

# "# format: partner-battles" (or "// format: …") among the comments before the first card.
_FORMAT_COMMENT = patterns.compile(r"^\s*(?:#|//)\s*format\s*[:=]\s*(?P<id>[\w-]+)\s*$",
                                   ignore_case=True)
_COMMENT = patterns.compile(r"^\s*(?:#(?:[^#]|$)|//)|^\s*$")  # `## Pokémon` is a heading


class UnreadableFile(Exception):
    """The file cannot be sent at all: missing, not UTF-8. Carries the line when known."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


@dataclass(frozen=True)
class DeckFile:
    path: str
    text: str
    format_id: str | None = None  # named in the file itself
    format_line: int | None = None
    entry_lines: tuple[int, ...] = field(default=())  # JSON: the line each entry starts on

    def file_line(self, line: int | None) -> int | None:
        """The file line the service's line number stands for."""
        if line is None or not self.entry_lines:
            return line
        if 1 <= line <= len(self.entry_lines):
            return self.entry_lines[line - 1]
        return None


def read(path: str) -> DeckFile:
    try:
        raw = Path(path).read_bytes()
    except OSError as error:
        raise UnreadableFile(f"cannot read the file: {error.strerror or error}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        raise UnreadableFile(f"the file is not UTF-8 (byte {error.start} cannot be decoded)",
                             line) from None
    format_id, format_line = _format_comment(text)
    return DeckFile(path, text, format_id, format_line, _json_entry_lines(text))


def _format_comment(text: str) -> tuple[str | None, int | None]:
    for number, line in enumerate(text.splitlines(), start=1):
        found = _FORMAT_COMMENT.match(line)
        if found:
            return found.group("id").lower(), number
        if not _COMMENT.match(line):
            break  # only the leading comments name the format
    return None, None


def _json_entry_lines(text: str) -> tuple[int, ...]:
    """For a JSON array, the line each top-level entry starts on; () for anything else."""
    start = len(text) - len(text.lstrip("\ufeff \t\r\n"))
    if not text.startswith("[", start):
        return ()
    decoder = json.JSONDecoder()
    position, lines = start + 1, list[int]()
    while True:
        position = _skip_space(text, position)
        if position >= len(text) or text[position] == "]":
            return tuple(lines)
        lines.append(text.count("\n", 0, position) + 1)
        try:
            _value, position = decoder.raw_decode(text, position)
        except json.JSONDecodeError:
            return tuple(lines)  # the service reports where the JSON breaks
        position = _skip_space(text, position)
        if text.startswith(",", position):
            position += 1


def _skip_space(text: str, position: int) -> int:
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position
