"""A deck's verdicts in several formats, each line and each violation said once.

A deck checked in several formats says each line once (`lines`) and each violation once
(`findings`, with the formats it is found in and the rule each cites); its verdicts point
into them, so that an answer grows with the deck and not with the deck times its formats.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.views import catalog_ref, encoded, iso_date
from api.views.deck_lines import deck_counts, problems_view, read_deck_view, readings
from api.views.standings import compact
from api.views.verdicts import (
    MAX_VIOLATIONS_SHOWN,
    arguments_of,
    format_ref,
    found_view,
    rule_view,
    verdict_view,
    with_omitted,
)
from catalog.index import CatalogIndex
from runtime import deadline
from validators.judging import DeckJudgement
from validators.records import RuleRef, Violation


def deck_judgement_view(index: CatalogIndex, judged: DeckJudgement, many: bool,
                        notices: list[dict[str, str]], full: bool) -> dict[str, Any]:
    """POST /v1/validate's answer: one verdict, or (`many`) one per format asked; `full`
    with every line (the deck read with its suggestions)."""
    deck = judged.deck
    head: dict[str, Any] = {"input_format": deck.decklist.input_format,
                            "input_language": deck.language,
                            **problems_view(deck.decklist.problems), "notices": notices}
    if judged.pool is not None:
        head["pool"] = read_deck_view(judged.pool)
    counts = deck_counts(deck.lines)  # the same in every format
    if not many:
        target, verdict = judged.verdicts[0]
        return {**verdict_view(index, target, verdict, counts, deck if full else None),
                **head}
    return {"legal_in": list(judged.legal_in), "catalog": catalog_ref(index.version),
            "counts": counts, **head, **_formats_view(index, judged, full)}


def legal_in_view(index: CatalogIndex, judged: DeckJudgement,
                  notices: list[dict[str, str]]) -> dict[str, Any]:
    """POST /v1/validate's answer with `detail: legal_in`: for each format asked, whether the
    deck is legal, and if not the codes of the errors its checks found up to the first (no
    messages, no lines: a badge for each deck of a database)."""
    formats: dict[str, dict[str, Any]] = {}
    for target, verdict in judged.verdicts:
        view: dict[str, Any] = {"legal": verdict.legal, "as_of": iso_date(verdict.as_of)}
        if not verdict.legal:
            view["fails"] = list(dict.fromkeys(v.code for v in verdict.violations))
        formats[target.format.id] = view
    deck = judged.deck
    return {"detail": "legal_in", "legal_in": list(judged.legal_in),
            "catalog": catalog_ref(index.version), "formats": formats,
            "input_format": deck.decklist.input_format, "input_language": deck.language,
            "notices": notices}


def _formats_view(index: CatalogIndex, judged: DeckJudgement, full: bool) -> dict[str, Any]:
    """A deck's verdicts in several formats: its lines and its findings once each, and for
    each format its verdict, pointing into the findings, with where each line stands."""
    findings = _Findings()
    verdicts = []
    deck = judged.deck
    numbers = encoded.numbers(deck.lines) if full else None
    for target, verdict in judged.verdicts:
        deadline.check()  # once a format
        as_of = iso_date(verdict.as_of)
        view = {"legal": verdict.legal,
                "format": format_ref(target.format, verdict.format, target.play, verdict.season),
                "as_of": as_of,
                **findings.add(target.format.id, as_of, "violations", verdict.violations),
                **findings.add(target.format.id, as_of, "warnings", verdict.warnings)}
        if numbers is not None:
            view["cards"] = [encoded.line(number, rest) for number, rest in zip(
                numbers, compact(index, verdict), strict=True)]
        verdicts.append(view)
    answer: dict[str, Any] = {"findings": findings.views}
    if full:
        assert deck.suggested is not None  # read with its suggestions
        answer["lines"] = [encoded.line(head, rest) for head, rest in zip(
            encoded.heads(deck.lines), readings(index, deck.lines, deck.suggested),
            strict=True)]
    answer["verdicts"] = verdicts
    return answer


class _Findings:
    """Violations and warnings of several verdicts, each said once with its formats, and
    the rule each of those formats cites for it (`rules`: one entry a rule, with its
    formats; formats of one document cite one rule).

    What a verdict says itself is left out of its findings: the format's name (its `format`)
    and the date judged (its `as_of`), which a violation gives as its `format` and `date`
    arguments. Violations of several formats that differ in those alone are one finding,
    found in each of the formats, and its message names each name and date ("is not in the
    Standard, Expanded or Gym Leader Challenge card pool"; "was not yet released on
    2003-08-31 or 2010-08-31"): an answer grows with the deck, not with the deck times its
    formats."""

    def __init__(self) -> None:
        self._found: list[_Finding] = []
        self._seen: dict[tuple[Any, ...], int] = {}

    def add(self, format_id: str, as_of: str | None, kind: str,
            found: Sequence[Violation]) -> dict[str, Any]:
        """The first MAX_VIOLATIONS_SHOWN of one verdict's violations (or warnings), as
        positions in `views`; a violation seen in another format gains this one."""
        positions = []
        for violation in found[:MAX_VIOLATIONS_SHOWN]:
            args, named, dated = _without_own(violation.args, as_of)
            key = (violation.code, violation.severity, violation.template, args,
                   violation.cards)
            position = self._seen.get(key)
            if position is None:
                position = self._seen[key] = len(self._found)
                self._found.append(_Finding(violation, args))
            self._found[position].add(format_id, named, dated, violation.rule)
            positions.append(position)
        return with_omitted(kind, positions, len(found))

    @property
    def views(self) -> list[dict[str, Any]]:
        return [finding.view() for finding in self._found]


class _Finding:
    """One finding of several verdicts: the formats it is found in, the names and dates
    their violations give, and the rules they cite for it."""

    def __init__(self, violation: Violation, args: tuple[tuple[str, object], ...]) -> None:
        self.violation = violation
        self.args = args  # the violation's, but what its verdict says itself
        self.formats: list[str] = []
        self.names: list[str] = []  # each `format` argument, once
        self.dates: list[str] = []  # each `date` argument that is its verdict's as_of, once
        self.rules: dict[tuple[str, str, str | None], tuple[RuleRef, list[str]]] = {}

    def add(self, format_id: str, named: str | None, dated: str | None,
            rule: RuleRef) -> None:
        self.formats.append(format_id)
        if named is not None and named not in self.names:
            self.names.append(named)
        if dated is not None and dated not in self.dates:
            self.dates.append(dated)
        # By its fields: a tuple of strings hashes in C, a frozen dataclass in Python.
        cited = self.rules.get(key := (rule.document, rule.section, rule.text))
        if cited is None:
            cited = self.rules[key] = (rule, [])
        cited[1].append(format_id)

    def view(self) -> dict[str, Any]:
        violation = self.violation
        arguments = arguments_of(self.args)
        worded = arguments
        if self.names or self.dates:
            worded = dict(arguments)
            if self.names:
                worded["format"] = _either(self.names)
            if self.dates:
                worded["date"] = _either(self.dates)
        view = found_view(violation, violation.template.format_map(worded), arguments, None)
        view["formats"] = self.formats
        view["rules"] = [rule_view(rule, formats) for rule, formats in self.rules.values()]
        return view


def _without_own(args: tuple[tuple[str, object], ...], as_of: str | None
                 ) -> tuple[tuple[tuple[str, object], ...], str | None, str | None]:
    """A violation's arguments but those its verdict says itself, and those two: the
    format's name, and the date when it is the one the verdict judged on (None: it gives
    no such argument)."""
    named = dated = None
    kept = []
    for argument in args:
        name, value = argument
        if name == "format":
            named = str(value)
        elif name == "date" and as_of is not None and value == as_of:
            dated = as_of
        else:
            kept.append(argument)
    if named is None and dated is None:
        return args, None, None
    return tuple(kept), named, dated


def _either(names: list[str]) -> str:
    """"Standard", "Standard or Expanded", "Standard, Expanded or Gym Leader Challenge"."""
    if len(names) == 1:
        return names[0]
    return f"{', '.join(names[:-1])} or {names[-1]}"
