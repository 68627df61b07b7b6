"""What a parsed decklist is made of."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from runtime import patterns
from runtime.tuples import tuple_builder

# Sections a decklist may name; "main" is a deck without headers.
POKEMON, TRAINER, ENERGY, MAIN = "pokemon", "trainer", "energy", "main"
SIDEBOARD, PARTNER = "sideboard", "partner"
# Limits on one decklist, in every input form.  A real deck has at most ~110 lines
# (a 100-card Partner Battles list with headers); these leave room for messy pastes.
MAX_LINE_COUNT = 999  # copies one line may name
MAX_LINES = 1000  # lines of text
MAX_ENTRIES = 500  # card lines or JSON entries
MAX_LINE_LENGTH = 300  # characters of one line
# C0 controls and DEL, except tab, line feed and carriage return: never part of a decklist.
CONTROL_CHARACTERS = patterns.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")


class DecklistTooLarge(ValueError):
    """A decklist past a size limit; `line` is where the limit was crossed."""

    def __init__(self, message: str, line: int) -> None:
        super().__init__(message)
        self.line = line


class Candidate(NamedTuple):
    """One reading of a line's card reference, tried in order by the resolver."""

    name: str | None = None
    set_code: str | None = None
    number: str | None = None
    card_id: str | None = None
    # A print-variant mark written after the number (PTCG Live's "PH"): the same card.
    variant: str | None = None


class InLanguage(NamedTuple):
    """A card reference read with the names and set abbreviations of a language ("*": of
    any) beside the English ones (decklist.languages). Every answer about a line is kept by
    its reference: read so, a line is a reference of its own."""

    reference: str | Candidate
    language: str


# What a line says about which card, as a plain value (decklist.reference): a text line's
# card reference as written, or a JSON entry's one reading; either read in a language.
Reference = str | Candidate | InLanguage


class Entry(NamedTuple):
    """One decklist line that names a card.

    A named tuple, as immutable as a frozen dataclass and built in a fraction of its time,
    the more so by `tuple_builder` (speed trick "tuple builder": docs/performance.md)."""

    line: int
    copies: int  # how many copies the line names (a tuple's `count` is taken)
    text: str
    section: str
    reference: Reference  # which card the line names, as the key of all it means

    @property
    def partner(self) -> bool:
        """Whether this line names the deck's Partner (Partner Battles I.1)."""
        return self.section == PARTNER


new_entry = tuple_builder(Entry)


@dataclass(frozen=True)
class LineProblem:
    """A line that could not be read, and why."""

    line: int
    text: str
    message: str
    code: str = "unreadable-line"


@dataclass
class Decklist:
    input_format: str
    entries: list[Entry] = field(default_factory=list)
    problems: list[LineProblem] = field(default_factory=list)
    # Totals the list itself states ("Pokémon: 12", "Total Cards: 60"), by section, with lines.
    declared: dict[str, tuple[int, int]] = field(default_factory=dict)
    # Each line as written, by number from 1 (a JSON entry's fields, joined), so that what
    # shows the list (the organizer's page) need not read it again.
    written: tuple[str, ...] = ()

    @property
    def main(self) -> list[Entry]:
        """The entries that make up the deck: everything but a sideboard."""
        return [entry for entry in self.entries if entry.section != SIDEBOARD]

    @property
    def sideboard(self) -> list[Entry]:
        return [entry for entry in self.entries if entry.section == SIDEBOARD]
