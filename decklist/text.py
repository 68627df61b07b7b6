"""Text decklists: PTCG Live, PTCGO, Limitless-style and plain lists, however messy."""

from __future__ import annotations

import re

from decklist.lines import readings, split_count
from decklist.model import (
    ENERGY,
    MAIN,
    MAX_LINE_COUNT,
    PARTNER,
    POKEMON,
    SIDEBOARD,
    TRAINER,
    Decklist,
    Entry,
    LineProblem,
)

# Every header _HEADER accepts starts with one of these stems, so each names a section.
_SECTION_STEMS = (("pok", POKEMON), ("trainer", TRAINER), ("energ", ENERGY),
                  ("side", SIDEBOARD), ("partner", PARTNER))
_HEADER = re.compile(
    r"^(?P<hashes>##\s*)?(?P<name>pok[eé]mon|trainers?(?: cards)?|energ(?:y|ies)(?: cards)?"
    r"|side ?board|partner)\s*(?:(?P<sep>[:\-–])\s*(?P<n1>\d+)?|\((?P<n2>\d+)\))?\s*:?$",
    re.IGNORECASE)
_TOTAL = re.compile(r"^total(?: cards)?\s*[:\-–]\s*(\d+)$", re.IGNORECASE)
_INLINE_PARTNER = re.compile(r"^partner\s*:\s*(?=\d)(.*)$", re.IGNORECASE)
_DECORATION = re.compile(r"^\*{3,}.*\*{3,}$")  # PTCGO's "****** … Deck List ******" banner


def clean_lines(text: str) -> list[str]:
    """Lines without BOM, CR, tabs or edge spaces; numbering is kept by position."""
    text = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    return [" ".join(line.replace("\t", " ").split()) for line in text.split("\n")]


def parse_text(text: str) -> Decklist:
    deck = Decklist(input_format="plain")
    section = MAIN
    for number, line in enumerate(clean_lines(text), start=1):
        if not line or line.startswith("//") or _DECORATION.match(line) or (
                line.startswith("#") and not line.startswith("##")):
            continue
        header = _HEADER.match(line)
        if header:
            section = _section(header.group("name"))
            _note_header(deck, header, section, number)
            continue
        total = _TOTAL.match(line)
        if total:
            deck.declared["total"] = (int(total.group(1)), number)
            continue
        inline = _INLINE_PARTNER.match(line)
        if inline:
            _card_line(deck, number, inline.group(1), PARTNER)
            continue
        if line.startswith("* "):
            deck.input_format = "ptcgo"
        _card_line(deck, number, line, section)
    return deck


def _section(name: str) -> str:
    lowered = name.lower()
    return next(section for stem, section in _SECTION_STEMS if lowered.startswith(stem))


def _note_header(deck: Decklist, header: re.Match, section: str, number: int) -> None:
    if header.group("hashes"):
        deck.input_format = "ptcgo"
    elif header.group("n2") and deck.input_format == "plain":
        deck.input_format = "limitless"
    elif header.group("sep") == ":" and header.group("n1") and deck.input_format == "plain":
        deck.input_format = "ptcg-live"
    stated = header.group("n1") or header.group("n2")
    if stated and section in (POKEMON, TRAINER, ENERGY):
        deck.declared[section] = (int(stated), number)


def _card_line(deck: Decklist, number: int, line: str, section: str) -> None:
    split = split_count(line)
    if split is None:
        deck.problems.append(LineProblem(
            number, line, "not a card line: expected COUNT NAME [SET NUMBER], a section "
            "header or a comment"))
        return
    count, reference = split
    if not 1 <= count <= MAX_LINE_COUNT:
        deck.problems.append(LineProblem(
            number, line, f"count must be from 1 to {MAX_LINE_COUNT}, not {count}"))
        return
    deck.entries.append(Entry(number, count, reference, section, readings(reference)))
