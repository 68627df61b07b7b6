"""The API's answer, arranged for a person: the decklist line by line as it was written,
each line with its card, its marks and its choices, and a verdict for each format.

Everything shown comes from the answer `POST /v1/validate` (or `/v1/validate/team`)
gives for the same request (api.validate); this module only arranges it, and adds
what a person reads that the API leaves to ids: set names and codes, and pictures.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from catalog import deadline
from catalog.index import CatalogIndex
from decklist.canonical import card_text, set_code
from decklist.text import split_lines

# Choices offered for one unknown or ambiguous line, at most.
MAX_CHOICES = 8
SUPERTYPES = ("Pokémon", "Trainer", "Energy")


def _found(listed: Iterable[Any], findings: list[Mapping[str, Any]] | None,
           format_id: str) -> list[Any]:
    """A verdict's violations (or warnings): as listed, or positions in the findings, each
    with the rule its format cites."""
    if findings is None:
        return list(listed)
    return [{**findings[position], "rule": next(
        rule for rule in findings[position]["rules"] if format_id in rule["formats"])}
        for position in listed]


@dataclass(frozen=True)
class Shown:
    """A printing as a person reads it."""

    id: str
    name: str
    set_name: str
    set_code: str
    number: str
    image: str | None = None


@dataclass(frozen=True)
class Choice:
    """A card the person may pick for a line: the line is rewritten to name it."""

    card: Shown
    pick: str  # the form's `pick` value: "field:line:new text"
    reason: str


@dataclass(frozen=True)
class Mark:
    """A violation (or warning) as it falls on a line or on the deck, in one format."""

    format: str
    code: str
    severity: str
    message: str
    rule: str
    lines: tuple[int, ...] = ()


@dataclass(frozen=True)
class MarkGroup:
    """One kind of violation on a line, in each format it falls in (for several formats)."""

    code: str
    severity: str
    message: str  # the first format's words; the others differ by format only
    marks: tuple[Mark, ...]


@dataclass(frozen=True)
class Via:
    format: str
    card: Shown


@dataclass
class Row:
    """One line of the decklist as it was written."""

    number: int
    text: str
    status: str = ""  # resolved, ambiguous, unknown, unreadable; "" for a heading or note
    count: int | None = None
    section: str | None = None
    supertype: str | None = None
    card: Shown | None = None
    note: str | None = None  # why the line is not a card
    marks: list[Mark] = field(default_factory=list)
    via: list[Via] = field(default_factory=list)
    choices: list[Choice] = field(default_factory=list)

    @property
    def has_error(self) -> bool:
        return any(mark.severity == "error" for mark in self.marks)

    def mark_groups(self) -> list[MarkGroup]:
        """The marks by code, errors first: with many formats a line's marks are the same
        few codes over and over."""
        grouped: dict[tuple[str, str], list[Mark]] = {}
        for mark in self.marks:
            grouped.setdefault((mark.severity, mark.code), []).append(mark)
        ordered = sorted(grouped.items(), key=lambda item: item[0][0] != "error")
        return [MarkGroup(code, severity, marks[0].message, tuple(marks))
                for (severity, code), marks in ordered]


@dataclass(frozen=True)
class FormatVerdict:
    id: str
    name: str
    legal: bool
    as_of: str | None
    violations: tuple[Mark, ...]
    warnings: tuple[Mark, ...]


@dataclass(frozen=True)
class DeckAnswer:
    """One deck's answer: its lines, its verdict in each format asked, its counts."""

    field: str  # the form field its text came from
    title: str
    rows: tuple[Row, ...]
    verdicts: tuple[FormatVerdict, ...]
    counts: Mapping[str, Any]
    declared: Mapping[str, int]

    @property
    def legal_in(self) -> list[str]:
        return [verdict.name for verdict in self.verdicts if verdict.legal]

    def groups(self) -> list[tuple[str, list[Row]]]:
        """The card lines by supertype, as a registration sheet lists them."""
        grouped: dict[str, list[Row]] = {name: [] for name in (*SUPERTYPES, "Not identified")}
        for row in self.rows:
            if row.count is not None:
                name = row.supertype if row.card and row.supertype else "Not identified"
                grouped[name].append(row)
        return [(name, rows) for name, rows in grouped.items() if rows]


@dataclass(frozen=True)
class TeamAnswer:
    name: str
    legal: bool
    violations: tuple[Mark, ...]
    players: tuple[DeckAnswer, ...]


@dataclass(frozen=True)
class Answer:
    decks: tuple[DeckAnswer, ...]
    notices: tuple[Mapping[str, str], ...]
    team: TeamAnswer | None = None

    @property
    def verdicts(self) -> tuple[FormatVerdict, ...]:
        return self.decks[0].verdicts if self.decks else ()


class Arranger:
    """Turns answers into rows, with the catalog's set names and the printings' pictures."""

    def __init__(self, index: CatalogIndex, images: Mapping[str, str]) -> None:
        self.index, self.images = index, images

    def deck(self, answer: Mapping[str, Any], text: str, field_name: str, title: str,
             declared: Mapping[str, int]) -> DeckAnswer:
        many = "verdicts" in answer
        verdicts = answer["verdicts"] if many else [answer]
        # With several formats, each line and each finding is said once (api.views.verdicts).
        lines = answer.get("lines", ()) if many else answer.get("cards", ())
        findings = answer["findings"] if many else None
        rows = self._rows(text, lines, answer["problems"], field_name)
        by_line = {row.number: row for row in rows}
        shown = []
        for verdict in verdicts:
            deadline.check()  # once a format (a team's: once a player and format)
            name = verdict["format"]["name"]
            format_id = verdict["format"]["id"]
            violations = tuple(self._mark(name, v) for v
                               in _found(verdict["violations"], findings, format_id))
            warnings = tuple(self._mark(name, v) for v
                             in _found(verdict["warnings"], findings, format_id))
            for mark in (*violations, *warnings):
                for line in mark.lines:
                    if line in by_line:
                        by_line[line].marks.append(mark)
            self._legal_via(name, verdict.get("cards", ()), by_line)
            shown.append(FormatVerdict(verdict["format"]["id"], name, verdict["legal"],
                                       verdict.get("as_of"), violations, warnings))
        counts = answer.get("counts") or verdicts[0]["counts"]
        return DeckAnswer(field_name, title, tuple(rows), tuple(shown), counts, declared)

    def _rows(self, text: str, lines: Iterable[Mapping[str, Any]], problems: Iterable[Any],
              field_name: str) -> list[Row]:
        cards = {card["line"]: card for card in lines}
        unreadable = {problem["line"]: problem for problem in problems}
        written = split_lines(text)
        if written and written[0].lstrip().startswith("["):  # JSON entries: one row each
            written = [card["text"] for card in cards.values()]
        rows = []
        for number, line in enumerate(written, start=1):
            if number in cards:
                rows.append(self._card_row(number, line, cards[number], field_name))
            elif number in unreadable:
                problem = unreadable[number]
                status = "" if problem["code"] == "declared-total" else "unreadable"
                rows.append(Row(number, line, status, note=problem["message"]))
            elif line.strip():
                rows.append(Row(number, line))
        return rows

    def _card_row(self, number: int, line: str, card: Mapping[str, Any],
                  field_name: str) -> Row:
        printing = card["card"]
        row = Row(number, line, card["status"], card["count"], card["section"],
                  printing["supertype"] if printing else None,
                  self.shown(printing) if printing else None)
        if card["status"] != "resolved":
            row.choices = self._choices(card, number, field_name)
        return row

    def _choices(self, card: Mapping[str, Any], number: int, field_name: str) -> list[Choice]:
        offered: list[tuple[Mapping[str, Any], str]] = []
        for group in card["candidates"]:
            count = group["printing_count"]
            reason = f"one of {count} printings of this card" if count > 1 else "its only printing"
            offered += [(printing, reason) for printing in group["printings"][:3]]
        offered += [(s, s["reason"].replace("-", " ")) for s in card["suggestions"]]
        choices = []
        for printing, reason in offered[:MAX_CHOICES]:
            shown = self.shown(printing)
            new_line = f"{card['count']} {self.line_text(shown)}"
            choices.append(Choice(shown, f"{field_name}:{number}:{new_line}", reason))
        return choices

    def _legal_via(self, format_name: str, cards: Iterable[Mapping[str, Any]],
                   by_line: dict[int, Row]) -> None:
        for card in cards:
            via, row = card.get("legal_via"), by_line.get(card["line"])
            if via and row is not None and row.card is not None and via["id"] != row.card.id:
                row.via.append(Via(format_name, self.shown(via)))

    def _mark(self, format_name: str, violation: Mapping[str, Any]) -> Mark:
        rule = violation["rule"]
        lines = tuple(dict.fromkeys(card["line"] for card in violation["cards"]
                                    if card.get("source", "deck") == "deck"
                                    and card.get("line") is not None))
        return Mark(format_name, violation["code"], violation["severity"],
                    violation["message"], f"{rule['document']}, {rule['section']}", lines)

    def shown(self, printing: Mapping[str, Any]) -> Shown:
        set_id = printing.get("set") or printing.get("set_id") or ""
        info = self.index.sets.get(set_id)
        return Shown(printing["id"], printing["name"], info.name if info else set_id,
                     set_code(self.index, set_id), printing["number"],
                     self.images.get(printing["id"]))

    def line_text(self, card: Shown) -> str:
        """The card as a decklist line names it, after the count (decklist.canonical)."""
        return card_text(self.index, card.id, card.name, card.set_code, card.number)

    def team(self, answer: Mapping[str, Any], texts: Mapping[str, str],
             declared: Mapping[str, Mapping[str, int]]) -> TeamAnswer:
        name = answer["format"]["name"]
        players = tuple(
            self.deck(player, texts[player["seat"]], f"seat_{player['seat']}_deck",
                      f"Seat {player['seat']}", declared.get(player["seat"], {}))
            for player in answer["players"])
        return TeamAnswer(name, answer["legal"],
                          tuple(self._mark(name, v) for v in answer["violations"]), players)
