"""Text decklists: PTCG Live, PTCGO, Limitless-style and plain lists, however messy."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

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
    Candidate,
    Decklist,
    DecklistTooLarge,
    Entry,
    LineProblem,
)

# Section headers as exporters write them, in the languages the PTCG Live client exports in
# (English, French, German, Spanish, Italian, Portuguese) and LigaPokemon's plurals.
_SECTION_WORDS = {
    POKEMON: r"pok[eé]mons?",
    TRAINER: r"trainers?(?: cards)?|dresseurs?|entrenador(?:es)?|allenatori?e?|treinador(?:es)?",
    ENERGY: r"energ(?:y|ies)(?: cards)?|[ée]nergies?|energien|energ[ií]as?",
    SIDEBOARD: r"side ?board",
    PARTNER: r"partner",
    MAIN: r"deck|main(?: ?deck)?",
}
_HEADER = re.compile(
    r"^(?P<hashes>##\s*)?(?P<name>" + "|".join(f"(?P<{section}>{words})" for section, words
                                              in _SECTION_WORDS.items()) + r")"
    r"\s*(?:(?P<sep>[:\-–])\s*(?P<n1>\d+)?|\((?P<n2>\d+)\))?\s*:?$",
    re.IGNORECASE)
# "Total Cards: 60", and the client's translations ("Total de cartes : 60").
_TOTAL = re.compile(
    r"^(?:total(?: cards| de cartes| de cartas| carte)?|cartas totales|totale carte"
    r"|karten insgesamt|gesamtzahl der karten)\s*[:\-–]\s*(\d+)$", re.IGNORECASE)
_INLINE_PARTNER = re.compile(r"^partner\s*:\s*(?=\d)(.*)$", re.IGNORECASE)
_DECORATION = re.compile(r"^\*{3,}.*\*{3,}$")  # PTCGO's "****** … Deck List ******" banner


def split_lines(text: str) -> list[str]:
    """Lines without BOM or CR; numbering is kept by position."""
    return text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def clean_line(line: str) -> str:
    """A line without tabs, runs of white space or edge spaces."""
    return " ".join(line.replace("\t", " ").split())


# Kinds of line.
_SKIP, _PROBLEM, _HEADER_LINE, _TOTAL_LINE, _CARD = "skip", "problem", "header", "total", "card"
# Distinct raw lines remembered: decklists repeat the same few thousand lines, and a line's
# reading never depends on the deck around it.  Longer lines are read afresh, so the cache
# holds at most this many short strings (a few MB).
_CACHED_LINES = 8192


@dataclass(frozen=True, slots=True)
class _Line:
    """What one raw line is, whatever deck it is in."""

    kind: str
    text: str = ""  # the cleaned line; for a card line, its card reference
    code: str = ""  # _PROBLEM: the problem's code, with its message
    message: str = ""
    number: int | None = None  # _CARD: the count; _HEADER_LINE/_TOTAL_LINE: a stated total
    section: str | None = None  # _HEADER_LINE: the section it opens; _CARD: PARTNER inline
    hint: str | None = None  # the export form the line shows ("ptcgo", "limitless", …)
    candidates: tuple[Candidate, ...] = ()


def parse_text(text: str) -> Decklist:
    deck = Decklist(input_format="plain")
    section = MAIN
    lines = split_lines(text)
    if len(lines) > MAX_LINES:
        raise DecklistTooLarge(f"a decklist may have at most {MAX_LINES} lines, this one has "
                               f"{len(lines)}", MAX_LINES + 1)
    for number, raw in enumerate(lines, start=1):
        line = _cached_line(raw) if len(raw) <= MAX_LINE_LENGTH else _read_line(raw)
        kind = line.kind
        if kind == _CARD:
            if len(deck.entries) >= MAX_ENTRIES:
                raise DecklistTooLarge(f"a decklist may have at most {MAX_ENTRIES} card lines",
                                       number)
            deck.entries.append(Entry(number, line.number, line.text, line.section or section,
                                      line.candidates))
        elif kind == _PROBLEM:
            deck.problems.append(LineProblem(number, line.text, line.message, line.code))
        elif kind == _HEADER_LINE:
            section = line.section
            if line.number is not None:
                deck.declared[section] = (line.number, number)
        elif kind == _TOTAL_LINE:
            deck.declared["total"] = (line.number, number)
        # PTCGO's marks tell the form whatever came first; the others only when nothing did.
        if line.hint and (line.hint == "ptcgo" or deck.input_format == "plain"):
            deck.input_format = line.hint
    _check_declared(deck)
    return deck


def _read_line(raw: str) -> _Line:
    # Checked before cleaning: str.split() would quietly turn some controls into spaces.
    if CONTROL_CHARACTERS.search(raw):
        shown = clean_line(CONTROL_CHARACTERS.sub("\ufffd", raw))[:MAX_LINE_LENGTH]
        return _Line(_PROBLEM, shown, "control-character", "the line holds control characters")
    line = clean_line(raw)
    if len(line) > MAX_LINE_LENGTH:
        return _Line(_PROBLEM, line[:MAX_LINE_LENGTH] + "…", "line-too-long",
                     f"a line may be at most {MAX_LINE_LENGTH} characters long")
    if not line or line.startswith("//") or _DECORATION.match(line) or (
            line.startswith("#") and not line.startswith("##")):
        return _Line(_SKIP)
    header = _HEADER.match(line)
    if header:
        stated = header.group("n1") or header.group("n2")
        return _Line(_HEADER_LINE, line, number=int(stated) if stated else None,
                     section=_section(header), hint=_header_hint(header))
    total = _TOTAL.match(line)
    if total:
        return _Line(_TOTAL_LINE, line, number=int(total.group(1)))
    inline = _INLINE_PARTNER.match(line)
    if inline:
        return _card_line(inline.group(1), PARTNER, None)
    return _card_line(line, None, "ptcgo" if line.startswith("* ") else None)


_cached_line = functools.lru_cache(maxsize=_CACHED_LINES)(_read_line)


def forget() -> None:
    """Drop the remembered line readings (benchmarks time a cold worker with it)."""
    _cached_line.cache_clear()


def _check_declared(deck: Decklist) -> None:
    """A total the list states ("Pokémon: 12", "Total Cards: 60") must match its lines.

    Exporters mean different things by it: Limitless and PTCGO state the number of cards,
    the PTCG Live client the number of lines under a section header.  Either fits."""
    for section, (stated, number) in deck.declared.items():
        entries = deck.main if section == "total" else [
            entry for entry in deck.entries if _counted_under(entry.section, section)]
        counted = sum(entry.count for entry in entries)
        if stated not in (counted, len(entries)):
            label = "in all" if section == "total" else f"in the {section} section"
            deck.problems.append(LineProblem(
                number, "", f"the list states {stated} {label}, but its lines add up to "
                f"{counted} cards on {len(entries)} lines (read both as a count of cards and "
                "as a count of lines)", "declared-total"))


def _section(header: re.Match) -> str:
    return next(section for section in _SECTION_WORDS if header.group(section))


def _header_hint(header: re.Match) -> str | None:
    """The export form a section header is written in, if it shows one."""
    if header.group("hashes"):
        return "ptcgo"
    if header.group("n2"):
        return "limitless"
    if header.group("sep") == ":" and header.group("n1"):
        return "ptcg-live"
    return None


def _counted_under(entry_section: str, header_section: str) -> bool:
    """A "Deck: 99" header (Partner Battles lists) counts everything but Partner and sideboard;
    other headers count their own section."""
    if header_section == MAIN:
        return entry_section not in (PARTNER, SIDEBOARD)
    return entry_section == header_section


def _card_line(line: str, section: str | None, hint: str | None) -> _Line:
    split = split_count(line)
    if split is None:
        return _Line(_PROBLEM, line, "not-a-card-line", "not a card line: expected COUNT NAME "
                     "[SET NUMBER], a section header or a comment", hint=hint)
    count, reference = split
    if not 1 <= count <= MAX_LINE_COUNT:
        return _Line(_PROBLEM, line, "count-out-of-range",
                     f"count must be from 1 to {MAX_LINE_COUNT}, not {count}", hint=hint)
    return _Line(_CARD, reference, number=count, section=section, hint=hint,
                 candidates=readings(reference))
