"""A judgement, arranged for a person: the decklist line by line as it was written, each
line with its card, its marks and its choices, and a verdict for each format.

What is shown is what the API judged for the same request (api.judgements judges it,
validators.judging holds it): this module arranges the judgement itself, never its
JSON, and adds what a person reads that the API leaves to ids: set names and codes, and
pictures.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from api.views.deck_lines import deck_counts
from api.views.verdicts import MAX_CARDS_SHOWN, MAX_VIOLATIONS_SHOWN, format_name
from catalog.index import CatalogIndex, Printing
from decklist.canonical import card_text, set_code
from decklist.languages import ENGLISH, LANGUAGES
from decklist.parsed import LineProblem
from decklist.resolver import RESOLVED, ResolvedLine, Suggested
from runtime import deadline
from validators import card_legality
from validators.card_legality import FormatJudge
from validators.checks import title
from validators.engine import Verdict
from validators.judging import DeckJudgement, ReadDeck, TeamJudgement
from validators.records import CONSTRUCTED, Violation
from validators.standing import LineStanding
from validators.targets import Notice, Target
from web.form import line_digest

# Choices offered for one unknown or ambiguous line, at most.
MAX_CHOICES = 8
SUPERTYPES = ("Pokémon", "Trainer", "Energy")


@dataclass(frozen=True)
class Shown:
    """A printing as a person reads it."""

    id: str
    name: str
    set_name: str
    set_code: str
    number: str
    image: str | None = None
    local_name: str | None = None  # its name in the list's language, where that is not English
    language: str | None = None  # that language


@dataclass(frozen=True)
class Choice:
    """A card the person may pick for a line: the line is rewritten to name it."""

    card: Shown
    pick: str  # the form's `pick` value: "field:line:digest of the line:new text"
    reason: str
    # Whether it is legal (and not banned) in each format shown, by the format's name, on
    # the day each judges (validators.card_legality): a format for one constructed deck.
    legal_in: tuple[tuple[str, bool], ...] = ()


@dataclass(frozen=True)
class Mark:
    """A violation (or warning) as it falls on a line or on the deck, in one format."""

    format: str
    code: str
    severity: str
    message: str
    rule: str
    lines: tuple[int, ...] = ()

    @property
    def words(self) -> str:
        return title(self.code)


@dataclass(frozen=True)
class MarkGroup:
    """One kind of violation on a line, in each format it falls in (for several formats)."""

    code: str
    severity: str
    message: str  # the first format's words; the others differ by format only
    marks: tuple[Mark, ...]

    @property
    def words(self) -> str:
        return title(self.code)


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

    @property
    def clear(self) -> bool:
        """Read as one card (or no card line), with nothing at fault and nothing to choose."""
        return self.status in ("", RESOLVED) and not (self.marks or self.choices)

    @property
    def quiet(self) -> bool:
        """Nothing to say of the line but what it was read as (not even a reprint)."""
        return self.clear and not self.via

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
    violations: tuple[Mark, ...]  # the first MAX_VIOLATIONS_SHOWN, as the API lists them
    warnings: tuple[Mark, ...]
    violation_count: int  # all of them
    warning_count: int


@dataclass(frozen=True)
class Standing:
    """Whether the deck is legal in one format, judged to its first error: the summary the
    answer leads with, across every format."""

    id: str
    name: str  # the format's name on the day judged (a season's, where it has seasons)
    legal: bool
    fails: tuple[str, ...]  # the codes of what fails (the first error's, detail legal_in)
    shown: bool  # its verdict is shown in full below
    as_of: str | None = None  # the day judged


@dataclass(frozen=True)
class DeckAnswer:
    """One deck's answer: its lines, its verdict in each format asked, its counts."""

    field: str  # the form field its text came from
    title: str
    rows: tuple[Row, ...]
    verdicts: tuple[FormatVerdict, ...]
    counts: Mapping[str, Any]
    declared: Mapping[str, int]
    language: str = ENGLISH  # the language its card names were read in

    @property
    def language_name(self) -> str:
        return LANGUAGES.get(self.language, self.language)

    @property
    def legal_in(self) -> list[str]:
        return [verdict.name for verdict in self.verdicts if verdict.legal]

    @property
    def quiet(self) -> bool:
        """Legal in every format shown, with no warning and no line at fault or to choose
        for: its answer is its verdict and the list, the lines' view closed."""
        return all(verdict.legal and not verdict.warnings for verdict in self.verdicts) \
            and all(row.clear for row in self.rows)

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
    notices: tuple[Notice, ...]
    team: TeamAnswer | None = None
    across: tuple[Standing, ...] = ()  # one deck's standing in every format
    across_left_out: bool = False  # the list is too long to judge it in every format too
    # The formats not played on the day, left out of `across` (validators.targets), by name,
    # each with why.
    not_played: tuple[tuple[str, str], ...] = ()
    as_of: str | None = None  # the day asked, if one was
    day: str | None = None  # the day asked, else today's: the day today's formats judge
    likely: str | None = None  # the name of the format shown as the one the list targets
    shown: tuple[str, ...] = ()  # the ids of the formats shown line by line

    @property
    def legal_across(self) -> list[str]:
        return [standing.name for standing in self.across if standing.legal]

    @property
    def verdicts(self) -> tuple[FormatVerdict, ...]:
        return self.decks[0].verdicts if self.decks else ()


class Arranger:
    """Turns judgements into rows, with the catalog's set names and the printings' pictures."""

    def __init__(self, index: CatalogIndex, images: Mapping[str, str],
                 names: Mapping[str, Mapping[str, str]] | None = None) -> None:
        self.index, self.images = index, images
        self.names = names or {}  # the shown printings' names in other languages
        self.language = ENGLISH  # the language of the list being arranged
        self.judges: list[tuple[str, FormatJudge]] = []  # the formats shown, for choices

    def deck(self, judged: DeckJudgement, field_name: str, title: str) -> DeckAnswer:
        deck = judged.deck
        self.language = deck.language
        self.judges = self._judges([(t, v) for t, v in judged.verdicts])
        rows = self._rows(deck, field_name)
        by_line = {row.number: row for row in rows}
        shown = []
        for target, verdict in judged.verdicts:
            shown.append(self._verdict(target, verdict, by_line))
        return DeckAnswer(field_name, title, tuple(rows), tuple(shown),
                          deck_counts(deck.lines), _declared(deck), deck.language)

    def across(self, judged: DeckJudgement, shown: Iterable[str]) -> tuple[Standing, ...]:
        """The deck's standing in every format, from a judgement to each one's first error."""
        asked = set(shown)
        return tuple(Standing(target.format.id, _name(target, verdict), verdict.legal,
                              tuple(dict.fromkeys(v.code for v in verdict.violations)),
                              target.format.id in asked,
                              verdict.as_of.isoformat() if verdict.as_of else None)
                     for target, verdict in judged.verdicts)

    def _judges(self, verdicts: list[tuple[Target, Verdict]]) -> list[tuple[str, FormatJudge]]:
        """The card legality of each format shown that has one (a constructed deck's
        format of deckjudge's own), on the day it judged."""
        found = []
        for target, verdict in verdicts:
            rules = target.rules
            if rules.play != CONSTRUCTED or rules.definition is not None:
                continue
            judge = card_legality.judge(self.index, target.format.id, rules, verdict.as_of)
            if judge is not None:
                found.append((_name(target, verdict), judge))
        return found

    def team(self, judged: TeamJudgement, target: Target) -> TeamAnswer:
        verdict = judged.verdict
        name = verdict.format.name
        players = []
        self.judges = self._judges([(target, player_verdict)
                                    for _, player_verdict in verdict.players[:1]])
        for (player, player_verdict), deck in zip(verdict.players, judged.decks, strict=True):
            self.language = deck.language
            rows = self._rows(deck, f"seat_{player.seat}_deck")
            by_line = {row.number: row for row in rows}
            players.append(DeckAnswer(
                f"seat_{player.seat}_deck", f"Seat {player.seat}", tuple(rows),
                (self._verdict(target, player_verdict, by_line),),
                deck_counts(deck.lines), _declared(deck), deck.language))
        return TeamAnswer(name, verdict.legal,
                          tuple(self._mark(name, v) for v in verdict.violations),
                          tuple(players))

    def _verdict(self, target: Target, verdict: Verdict,
                 by_line: dict[int, Row]) -> FormatVerdict:
        deadline.check()  # once a format (a team's: once a player)
        fmt, name = target.format, _name(target, verdict)
        violations = tuple(self._mark(name, v) for v in verdict.violations[:MAX_VIOLATIONS_SHOWN])
        warnings = tuple(self._mark(name, v) for v in verdict.warnings[:MAX_VIOLATIONS_SHOWN])
        for mark in (*violations, *warnings):
            for line in mark.lines:
                if line in by_line:
                    by_line[line].marks.append(mark)
        self._legal_via(name, verdict.standings, by_line)
        return FormatVerdict(fmt.id, name, verdict.legal,
                             verdict.as_of.isoformat() if verdict.as_of else None,
                             violations, warnings, len(verdict.violations),
                             len(verdict.warnings))

    def _rows(self, deck: ReadDeck, field_name: str) -> list[Row]:
        """Each line as written, the card lines with what they resolved to."""
        assert deck.suggested is not None  # read with its suggestions
        cards = {line.entry.line: (line, offered)
                 for line, offered in zip(deck.lines, deck.suggested, strict=True)}
        unreadable: dict[int, LineProblem] = {p.line: p for p in deck.decklist.problems}
        rows = []
        for number, text in enumerate(deck.decklist.written, start=1):
            if number in cards:
                rows.append(self._card_row(number, text, *cards[number], field_name))
            elif number in unreadable:
                problem = unreadable[number]
                status = "" if problem.code == "declared-total" else "unreadable"
                rows.append(Row(number, text, status, note=problem.message))
            elif text.strip():
                rows.append(Row(number, text))
        return rows

    def _card_row(self, number: int, text: str, line: ResolvedLine, offered: Suggested,
                  field_name: str) -> Row:
        card = line.resolution.card
        entry = line.entry
        row = Row(number, text, line.resolution.status, entry.copies, entry.section,
                  card.supertype if card else None, self.shown(card) if card else None)
        if line.resolution.status != RESOLVED:
            row.choices = self._choices(line, offered, f"{field_name}:{number}:{line_digest(text)}")
        return row

    def _choices(self, line: ResolvedLine, offered: Suggested, where: str) -> list[Choice]:
        """The cards offered for a line; each pick names the line `where` (its field, its
        number and its text's digest, web.form), so a list edited since is not rewritten."""
        choices: list[tuple[Printing, str]] = []
        for group in line.resolution.groups:
            if len(choices) >= MAX_CHOICES:  # a name of 75 cards costs no more than 3
                break
            reason = (f"one of {len(group)} printings of this card" if len(group) > 1
                      else "its only printing")
            choices += [(printing, reason) for printing in group[:3]]
        choices += [(s.printing, s.reason.replace("-", " ")) for s in offered.suggestions]
        made = []
        for printing, reason in choices[:MAX_CHOICES]:
            shown = self.shown(printing)
            new_line = f"{line.entry.copies} {self.line_text(shown)}"
            made.append(Choice(shown, f"{where}:{new_line}", reason, tuple(
                (name, judge.playable(printing)) for name, judge in self.judges)))
        return made

    def _legal_via(self, format_name: str,
                   standings: Iterable[tuple[ResolvedLine, LineStanding]],
                   by_line: dict[int, Row]) -> None:
        for line, standing in standings:
            row = by_line.get(line.entry.line)
            first = standing.considered[0] if len(standing.considered) == 1 else None
            via = first.legal_via if first is not None else None
            if via is not None and row is not None and row.card is not None \
                    and via.id != row.card.id:
                row.via.append(Via(format_name, self.shown(via)))

    def _mark(self, format_name: str, violation: Violation) -> Mark:
        # The lines the API names (its first MAX_CARDS_SHOWN cards): a violation of a
        # thousand lines marks fifty rows, not the page a thousand times over.
        lines = tuple(dict.fromkeys(card.line for card in violation.cards[:MAX_CARDS_SHOWN]
                                    if card.source == "deck"))
        rule = violation.rule
        return Mark(format_name, violation.code, violation.severity, violation.message,
                    f"{rule.document}, {rule.section}", lines)

    def shown(self, printing: Printing) -> Shown:
        info = self.index.sets.get(printing.set_id)
        local = local_name(printing, self.names.get(printing.id, {}), self.language)
        return Shown(printing.id, printing.name, info.name if info else printing.set_id,
                     set_code(self.index, printing.set_id), printing.number,
                     self.images.get(printing.id), local,
                     self.language if local else None)

    def line_text(self, card: Shown) -> str:
        """The card as a decklist line names it, after the count (decklist.canonical)."""
        return card_text(self.index, card.id, card.name, card.set_code, card.number)


def _name(target: Target, verdict: Verdict) -> str:
    """The format's name as the API names its verdict (api.views.verdicts.format_name)."""
    return format_name(target.format, verdict.format, verdict.season)


def local_name(printing: Printing, names: Mapping[str, str], language: str) -> str | None:
    """The printing's name in `language` among its `names` (its regional form, "es-mx",
    where that alone is given), when it is not its English name; None for English."""
    if language == ENGLISH:
        return None
    found = names.get(language) or next(
        (name for code, name in names.items() if code.startswith(language + "-")), None)
    return found if found and found != printing.name else None


def _declared(deck: ReadDeck) -> dict[str, int]:
    """The totals the list states that its lines do not bear out, read either as a count of
    cards or of lines (decklist.text: the PTCG Live client counts lines): those the page
    sets beside its own counts. A total that fits is the list agreeing, not news."""
    unmatched = {problem.line for problem in deck.decklist.problems
                 if problem.code == "declared-total"}
    return {section: stated for section, (stated, line) in deck.decklist.declared.items()
            if line in unmatched}


def printings_shown(judgements: Sequence[ReadDeck], verdicts: Iterable[Verdict]) -> set[str]:
    """The ids of the printings a page shows: each line's card and each legal reprint."""
    ids = {line.resolution.card.id for deck in judgements for line in deck.lines
           if line.resolution.card is not None}
    for verdict in verdicts:
        for _line, standing in verdict.standings:
            ids |= {card.legal_via.id for card in standing.considered if card.legal_via}
    return ids
