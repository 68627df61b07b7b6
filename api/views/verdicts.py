"""Verdicts: one deck in one format, a deck in several, a team; in full or the verdict only.

Every list an answer holds is bounded, so that what a request gets back grows with what it
sent and never with what it sent times the formats it asked for:
- a verdict lists at most MAX_VIOLATIONS_SHOWN violations and as many warnings, and a
  violation at most MAX_CARDS_SHOWN lines, each saying how many it left out;
- a deck checked in several formats says each line once (`lines`) and each violation once
  (`findings`, with the formats it is found in); its verdicts point into them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.views import encoded, iso_date
from api.views.lines import (
    MAX_CANDIDATES_SHOWN,
    deck_counts,
    printing_view,
    problems_view,
    read_deck_view,
    reading_view,
    readings,
)
from api.views.seasons import season_ref
from catalog.index import CatalogIndex
from decklist.resolve import ResolvedLine, Suggested
from runtime import deadline
from validators.engine import Verdict
from validators.judging import DeckJudgement, ReadDeck, TeamJudgement
from validators.model import CardRef, Format, FormatDefinition, RuleRef, Violation
from validators.seasons import Season
from validators.standing import CardStanding, LineStanding
from validators.targets import Notice, Target

# A verdict lists at most this many violations, and as many warnings: a deck past a few
# dozen has its answer, and more are counted (`violations_omitted`), as a compiler stops.
MAX_VIOLATIONS_SHOWN = 50
# The lines one violation names at most (a title's copies over many lines, a team's decks).
MAX_CARDS_SHOWN = 50


def deck_judgement_view(index: CatalogIndex, judged: DeckJudgement, many: bool,
                        notices: list[dict[str, str]], full: bool) -> dict[str, Any]:
    """POST /v1/validate's answer: one verdict, or (`many`) one per format asked; `full`
    with every line (the deck read with its suggestions)."""
    deck = judged.deck
    head: dict[str, Any] = {"input_format": deck.decklist.input_format,
                            **problems_view(deck.decklist.problems), "notices": notices}
    if judged.pool is not None:
        head["pool"] = read_deck_view(judged.pool)
    counts = deck_counts(deck.lines)  # the same in every format
    if not many:
        target, verdict = judged.verdicts[0]
        return {**verdict_view(index, target, verdict, counts, deck if full else None),
                **head}
    return {"legal_in": list(judged.legal_in), "catalog": {"version": index.version},
            "counts": counts, **head, **_formats_view(index, judged, full)}


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
                numbers, _compact(index, verdict), strict=True)]
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
        return _with_omitted(kind, positions, len(found))

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
        arguments = _arguments(self.args)
        worded = arguments
        if self.names or self.dates:
            worded = dict(arguments)
            if self.names:
                worded["format"] = _either(self.names)
            if self.dates:
                worded["date"] = _either(self.dates)
        view = _found_view(violation, violation.template.format_map(worded), arguments, None)
        view["formats"] = self.formats
        view["rules"] = [_rule_view(rule, formats) for rule, formats in self.rules.values()]
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


def _with_omitted(kind: str, shown: list[Any], total: int) -> dict[str, Any]:
    view: dict[str, Any] = {kind: shown}
    if total > len(shown):
        view[f"{kind}_omitted"] = total - len(shown)
    return view


def team_judgement_view(index: CatalogIndex, judged: TeamJudgement,
                        notices: list[dict[str, str]], full: bool) -> dict[str, Any]:
    verdict = judged.verdict
    play = verdict.play
    target = Target(verdict.format, play.deck, play.play)
    players = []
    for (player, player_verdict), deck, pool in zip(verdict.players, judged.decks,
                                                     judged.pools, strict=True):
        view = {"seat": player.seat,
                **verdict_view(index, target, player_verdict, deck_counts(deck.lines),
                               deck if full else None),
                "input_format": deck.decklist.input_format,
                **problems_view(deck.decklist.problems)}
        if pool is not None:
            view["pool"] = read_deck_view(pool)
        players.append(view)
    return {
        "legal": verdict.legal,
        "format": format_ref(verdict.format, play.deck, play.play),
        "as_of": iso_date(verdict.as_of),
        "catalog": {"version": verdict.catalog_version},
        "prizes": play.prizes,
        "round_minutes": play.round_minutes,
        **_violations_view(verdict.violations, verdict.warnings),
        "players": players,
        "notices": notices,
    }


def verdict_view(index: CatalogIndex, target: Target, verdict: Verdict,
                 counts: dict[str, Any], deck: ReadDeck | None) -> dict[str, Any]:
    """One deck's verdict in one format (for a team format: one of its plays). `counts` are
    the deck's; `deck` the deck read with its suggestions, for the full answer's line-by-line
    `cards`, or None for the verdict alone."""
    deadline.check()  # once a format (a team's: once a player)
    view: dict[str, Any] = {
        "legal": verdict.legal,
        "format": format_ref(target.format, verdict.format, target.play, verdict.season),
        "as_of": iso_date(verdict.as_of),
        "catalog": {"version": verdict.catalog_version},
        "counts": counts,
        **_violations_view(verdict.violations, verdict.warnings),
    }
    if deck is not None:
        assert deck.suggested is not None  # read with its suggestions
        view["cards"] = [encoded.line(head, rest) for head, rest in zip(
            encoded.heads(deck.lines), _standings(index, verdict, deck.suggested), strict=True)]
    return view


def _violations_view(violations: Sequence[Violation],
                     warnings: Sequence[Violation]) -> dict[str, Any]:
    return {**_with_omitted("violations", [violation_view(v) for v
                                           in violations[:MAX_VIOLATIONS_SHOWN]],
                            len(violations)),
            **_with_omitted("warnings", [violation_view(v) for v
                                         in warnings[:MAX_VIOLATIONS_SHOWN]], len(warnings))}


def format_ref(fmt: Format, rules: FormatDefinition, play: str | None,
               season: Season | None = None) -> dict[str, Any]:
    """Which format answered: its id, and for a team format the play and deck rules; for a
    format with seasons, the season that judged, under its name then."""
    singles = isinstance(fmt, FormatDefinition)
    ref: dict[str, Any] = {"id": fmt.id, "name": fmt.name, "version": fmt.version,
                           "play": play or rules.play}
    if not singles and rules.id != fmt.id:
        ref["deck_rules"] = rules.id
    if season is not None:
        if singles:  # Standard on a day of 2010 is Modified of that season, so named
            ref["name"], ref["version"] = season.name, rules.version
        ref["season"] = season_ref(season)
    return ref


# A tuple, not `str | int`, which builds the union anew at each call
# (speed trick "types as a tuple": docs/performance.md).
_AS_THEY_ARE = (str, int)


def violation_view(violation: Violation) -> dict[str, Any]:
    arguments = _arguments(violation.args)
    return _found_view(violation, violation.template.format_map(arguments), arguments,
                       _rule_view(violation.rule))


def _arguments(args: tuple[tuple[str, object], ...]) -> dict[str, Any]:
    """A violation's arguments as an answer gives them: a value other than a string or a
    number as its text. A template words them alike: none gives such a value a format
    spec or a conversion, so it is written as its str()."""
    return {name: value if isinstance(value, _AS_THEY_ARE) else str(value)
            for name, value in args}


def _found_view(violation: Violation, message: str, arguments: dict[str, Any],
                rule: dict[str, Any] | None) -> dict[str, Any]:
    """A violation worded with `message`, with its `arguments`; with its rule, unless None
    (a finding of several formats gives their rules apart)."""
    view: dict[str, Any] = {"code": violation.code, "severity": violation.severity,
                            "message": message, "arguments": arguments}
    if rule is not None:
        view["rule"] = rule
    view["cards"] = [_card_ref_view(card) for card in violation.cards[:MAX_CARDS_SHOWN]]
    if len(violation.cards) > MAX_CARDS_SHOWN:
        view["cards_omitted"] = len(violation.cards) - MAX_CARDS_SHOWN
    return view


def _rule_view(rule: RuleRef, formats: list[str] | None = None) -> dict[str, Any]:
    """A rule as a verdict cites it; with `formats`, as the formats a finding is found in
    cite it."""
    view: dict[str, Any] = {"document": rule.document, "section": rule.section}
    if rule.text is not None:
        view["text"] = rule.text
    if formats is not None:
        view["formats"] = formats
    return view


def notice_view(notice: Notice, at: dict[str, str]) -> dict[str, str]:
    return {"code": notice.code, "detail": notice.detail, **at}


def _card_ref_view(card: CardRef) -> dict[str, Any]:
    view: dict[str, Any] = {"line": card.line, "name": card.name, "id": card.id,
                            "count": card.copies}
    if card.seat is not None:
        view["seat"] = card.seat
    if card.source != "deck":
        view["source"] = card.source
    return view


def _standings(index: CatalogIndex, verdict: Verdict,
               suggested: Sequence[Suggested]) -> list[bytes]:
    """What each line resolved to and where its cards stand in a verdict's format and date,
    encoded: the same for every line that reads alike there."""
    kept = encoded.kept(index, "standings")
    legality, as_of = verdict.format.legality, verdict.as_of
    return [kept.get((legality, as_of, line.entry.reference, offered.searched),
                     _standing_bytes, line, standing, offered)
            for (line, standing), offered in zip(verdict.standings, suggested, strict=True)]


def _standing_bytes(line: ResolvedLine, standing: LineStanding, suggested: Suggested) -> bytes:
    return encoded.encode(_standing_view(line, standing, suggested))


def _standing_view(line: ResolvedLine, standing: LineStanding,
                   suggested: Suggested) -> dict[str, Any]:
    view = reading_view(line.resolution, suggested)
    return {
        **view,
        "candidates": [{**group, "legal_via": _via(card), "banned": card.banned}
                       for group, card in zip(view["candidates"],
                                              standing.cards[:MAX_CANDIDATES_SHOWN],
                                              strict=True)],
        **_where(standing),
    }


def _compact(index: CatalogIndex, verdict: Verdict) -> list[bytes]:
    """Where each line's cards stand in a verdict's format and date, without what it
    resolved to (said once in a several-format answer's `lines`), encoded."""
    kept = encoded.kept(index, "compact standings")
    legality, as_of = verdict.format.legality, verdict.as_of
    return [kept.get((legality, as_of, line.entry.reference), _compact_bytes, standing)
            for line, standing in verdict.standings]


def _compact_bytes(standing: LineStanding) -> bytes:
    return encoded.encode(_compact_view(standing))


def _compact_view(standing: LineStanding) -> dict[str, Any]:
    view = _where(standing)
    if len(standing.cards) > 1:
        view["candidates"] = [{"legal_via": _via(card), "banned": card.banned}
                              for card in standing.cards[:MAX_CANDIDATES_SHOWN]]
    return view


def _where(standing: LineStanding) -> dict[str, Any]:
    first = standing.considered[0] if len(standing.considered) == 1 else None
    return {"legal_via": _via(first), "banned": first.banned if first else None,
            "playable": standing.all_playable}


def _via(standing: CardStanding | None) -> dict[str, Any] | None:
    if standing is None or standing.legal_via is None:
        return None
    return printing_view(standing.legal_via)
