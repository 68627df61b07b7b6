"""Text decklists: PTCG Live, PTCGO, Limitless-style and plain lists, however messy."""

from __future__ import annotations

import re

from decklist.lines import readings, split_count
from decklist.model import (
    CONTROL_CHARACTERS,
    ENERGY,
    MAIN,
    MAX_ENTRIES,
    MAX_LINE_COUNT,
    MAX_LINE_LENGTH,
    MAX_LINES,
    PARTNER,
    POKEMON,
    SIDEBOARD,
    TRAINER,
    Decklist,
    DecklistTooLarge,
    Entry,
    LineProblem,
)

# Every header _HEADER accepts starts with one of these stems, so each names a section.
_SECTION_STEMS = (("pok", POKEMON), ("trainer", TRAINER), ("energ", ENERGY),
                  ("side", SIDEBOARD), ("partner", PARTNER), ("deck", MAIN), ("main", MAIN))
_HEADER = re.compile(
    r"^(?P<hashes>##\s*)?(?P<name>pok[eé]mon|trainers?(?: cards)?|energ(?:y|ies)(?: cards)?"
    r"|side ?board|partner|deck|main(?: ?deck)?)"
    r"\s*(?:(?P<sep>[:\-–])\s*(?P<n1>\d+)?|\((?P<n2>\d+)\))?\s*:?$",
    re.IGNORECASE)
_TOTAL = re.compile(r"^total(?: cards)?\s*[:\-–]\s*(\d+)$", re.IGNORECASE)
_INLINE_PARTNER = re.compile(r"^partner\s*:\s*(?=\d)(.*)$", re.IGNORECASE)
_DECORATION = re.compile(r"^\*{3,}.*\*{3,}$")  # PTCGO's "****** … Deck List ******" banner


def split_lines(text: str) -> list[str]:
    """Lines without BOM or CR; numbering is kept by position."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def clean_line(line: str) -> str:
    """A line without tabs, runs of white space or edge spaces."""
    return " ".join(line.replace("\t", " ").split())


def parse_text(text: str) -> Decklist:
    deck = Decklist(input_format="plain")
    section = MAIN
    lines = split_lines(text)
    if len(lines) > MAX_LINES:
        raise DecklistTooLarge(f"a decklist may have at most {MAX_LINES} lines, this one has "
                               f"{len(lines)}", MAX_LINES + 1)
    for number, raw in enumerate(lines, start=1):
        # Checked before cleaning: str.split() would quietly turn some controls into spaces.
        if CONTROL_CHARACTERS.search(raw):
            shown = clean_line(CONTROL_CHARACTERS.sub("\ufffd", raw))[:MAX_LINE_LENGTH]
            deck.problems.append(LineProblem(number, shown, "the line holds control characters",
                                             "control-character"))
            continue
        line = clean_line(raw)
        if len(line) > MAX_LINE_LENGTH:
            deck.problems.append(LineProblem(number, line[:MAX_LINE_LENGTH] + "…",
                                             f"a line may be at most {MAX_LINE_LENGTH} "
                                             "characters long", "line-too-long"))
            continue
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
    _check_declared(deck)
    return deck


def _check_declared(deck: Decklist) -> None:
    """A total the list states ("Pokémon: 12", "Total Cards: 60") must match its lines."""
    for section, (stated, number) in deck.declared.items():
        entries = deck.main if section == "total" else [
            entry for entry in deck.entries if _counted_under(entry.section, section)]
        counted = sum(entry.count for entry in entries)
        if counted != stated:
            label = "in all" if section == "total" else f"in the {section} section"
            deck.problems.append(LineProblem(
                number, "", f"the list states {stated} cards {label}, but its lines add up "
                f"to {counted}", "declared-total"))


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
    if stated:
        deck.declared[section] = (int(stated), number)


def _counted_under(entry_section: str, header_section: str) -> bool:
    """A "Deck: 99" header (Partner Battles lists) counts everything but Partner and sideboard;
    other headers count their own section."""
    if header_section == MAIN:
        return entry_section not in (PARTNER, SIDEBOARD)
    return entry_section == header_section


def _card_line(deck: Decklist, number: int, line: str, section: str) -> None:
    split = split_count(line)
    if split is None:
        deck.problems.append(LineProblem(
            number, line, "not a card line: expected COUNT NAME [SET NUMBER], a section "
            "header or a comment", "not-a-card-line"))
        return
    count, reference = split
    if not 1 <= count <= MAX_LINE_COUNT:
        deck.problems.append(LineProblem(
            number, line, f"count must be from 1 to {MAX_LINE_COUNT}, not {count}",
            "count-out-of-range"))
        return
    if len(deck.entries) >= MAX_ENTRIES:
        raise DecklistTooLarge(f"a decklist may have at most {MAX_ENTRIES} card lines", number)
    deck.entries.append(Entry(number, count, reference, section, readings(reference)))
