"""Verdicts: one deck in one format, a deck in several, a team; in full or the verdict only.

Every list an answer holds is bounded, so that what a request gets back grows with what it
sent and never with what it sent times the formats it asked for:
- a verdict lists at most MAX_VIOLATIONS_SHOWN violations and as many warnings, and a
  violation at most MAX_CARDS_SHOWN lines, each saying how many it left out;
- a deck checked in several formats says each line once (`lines`) and each violation once
  (`findings`, with the formats it is found in); its verdicts point into them.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import Any

import orjson

from api.middleware.problems import Problem
from api.views import iso_date
from api.views.lines import (
    MAX_CANDIDATES_SHOWN,
    Searches,
    build_resolution_view,
    deck_counts,
    encoded,
    line_heads,
    line_json,
    printing_view,
    problems_view,
    read_deck_view,
    resolution_json,
)
from catalog import deadline
from catalog.caches import sizes
from catalog.index import CatalogIndex
from decklist.model import Reference
from validators.engine import Verdict
from validators.judging import DeckJudgement, TeamJudgement
from validators.model import CardRef, Format, FormatDefinition, Legality, Violation
from validators.standing import CardStanding, LineStanding, standings_for
from validators.targets import Notice, Target

# A verdict lists at most this many violations, and as many warnings: a deck past a few
# dozen has its answer, and more are counted (`violations_omitted`), as a compiler stops.
MAX_VIOLATIONS_SHOWN = 50
# The lines one violation names at most (a title's copies over many lines, a team's decks).
MAX_CARDS_SHOWN = 50


def deck_judgement_view(index: CatalogIndex, judged: DeckJudgement, many: bool,
                        notices: list[dict[str, str]], full: bool,
                        searches: Searches) -> dict[str, Any]:
    """POST /v1/validate's answer: one verdict, or (`many`) one per format asked."""
    deck = judged.deck
    head: dict[str, Any] = {"input_format": deck.decklist.input_format,
                            **problems_view(deck.decklist.problems), "notices": notices}
    if judged.pool is not None:
        head["pool"] = read_deck_view(judged.pool)
    counts = deck_counts(deck.lines)  # the same in every format
    if not many:
        target, verdict = judged.verdicts[0]
        heads = line_heads(deck.lines) if full else None
        return {**verdict_view(index, target, verdict, counts, heads, searches), **head}
    return {"legal_in": list(judged.legal_in), "catalog": {"version": index.version},
            "counts": counts, **head, **_formats_view(index, judged, full, searches)}


def _formats_view(index: CatalogIndex, judged: DeckJudgement, full: bool,
                  searches: Searches) -> dict[str, Any]:
    """A deck's verdicts in several formats: its lines and its findings once each, and for
    each format its verdict, pointing into the findings, with where each line stands."""
    findings = _Findings()
    verdicts = []
    numbers = _line_numbers(judged.deck.lines) if full else None
    for target, verdict in judged.verdicts:
        deadline.check()  # once a format
        view = {"legal": verdict.legal,
                "format": format_ref(target.format, verdict.format, target.play),
                "as_of": iso_date(verdict.as_of),
                **findings.add(target.format.id, "violations", verdict.violations),
                **findings.add(target.format.id, "warnings", verdict.warnings)}
        if numbers is not None:
            compact = index.memo(_compact_standing_json, sizes().line_views)
            legality, as_of = verdict.format.legality, verdict.as_of
            view["cards"] = [line_json(number, compact(legality, as_of, line.entry.reference))
                             for number, (line, _) in zip(numbers, verdict.standings,
                                                          strict=True)]
        verdicts.append(view)
    answer: dict[str, Any] = {"findings": findings.views}
    if full:
        lines = judged.deck.lines
        answer["lines"] = [line_json(head, resolution_json(index, line.entry.reference, search))
                           for head, line, search in zip(line_heads(lines), lines,
                                                         searches.allowed(lines), strict=True)]
    answer["verdicts"] = verdicts
    return answer


class _Findings:
    """Violations and warnings of several verdicts, each said once with its formats, and
    the rule each of those formats cites for it (`rules`: one entry a rule, with its
    formats; formats of one document cite one rule). A finding's `formats` stand for the
    `format` argument a verdict's own violation gives."""

    def __init__(self) -> None:
        self.views: list[dict[str, Any]] = []
        self._seen: dict[bytes, int] = {}
        self._rules: list[dict[bytes, dict[str, Any]]] = []

    def add(self, format_id: str, kind: str,
            found: Sequence[Violation]) -> dict[str, Any]:
        """The first MAX_VIOLATIONS_SHOWN of one verdict's violations (or warnings), as
        positions in `views`; a violation seen in another format gains this one."""
        positions = []
        for violation in found[:MAX_VIOLATIONS_SHOWN]:
            view = violation_view(violation)
            rule = view.pop("rule")
            view["arguments"].pop("format", None)  # `formats` says which
            key = orjson.dumps(view)
            position = self._seen.get(key)
            if position is None:
                position = self._seen[key] = len(self.views)
                self.views.append({**view, "formats": [], "rules": []})
                self._rules.append({})
            finding = self.views[position]
            finding["formats"].append(format_id)
            cited = self._rules[position].get(rule_key := orjson.dumps(rule))
            if cited is None:
                cited = self._rules[position][rule_key] = {**rule, "formats": []}
                finding["rules"].append(cited)
            cited["formats"].append(format_id)
            positions.append(position)
        return _with_omitted(kind, positions, len(found))


def _with_omitted(kind: str, shown: list[Any], total: int) -> dict[str, Any]:
    view: dict[str, Any] = {kind: shown}
    if total > len(shown):
        view[f"{kind}_omitted"] = total - len(shown)
    return view


def batch_view(index: CatalogIndex,
               answers: Iterable[tuple[str | None, dict[str, Any] | Problem]]) -> list[bytes]:
    """POST /v1/validate/batch's answer: each deck's verdict (as /v1/validate answers it) or
    its problem, in the order sent, under the id it gave; as the pieces of its body.

    `answers` is taken one deck at a time and each result is encoded as soon as it is made,
    to be sent piece by piece (`api.validate`): the largest batch the limits allow (500 real
    lists in every format, a 30 MB answer) takes a worker from 119 to 184 MiB (two at once,
    one a thread: 246), where held as dicts and then encoded whole it took 231."""
    pieces = [orjson.dumps({"catalog": {"version": index.version}})[:-1] + b',"results":[']
    answered = failed = 0
    for deck_id, answer in answers:
        if isinstance(answer, Problem):
            failed += 1
            result = {"id": deck_id, "status": answer.kind.status,
                      "problem": answer.document()}
        else:
            answered += 1
            result = {"id": deck_id, "status": 200, "verdict": answer}
        pieces.append((b"," if answered + failed > 1 else b"") + orjson.dumps(result))
    pieces.append(b'],"decks":%d,"answered":%d,"failed":%d}' % (answered + failed, answered,
                                                                 failed))
    return pieces


def team_judgement_view(index: CatalogIndex, judged: TeamJudgement,
                        notices: list[dict[str, str]], full: bool) -> dict[str, Any]:
    searches = Searches()
    verdict = judged.verdict
    play = verdict.play
    players = []
    for (player, player_verdict), deck, pool in zip(verdict.players, judged.decks,
                                                     judged.pools, strict=True):
        view = {"seat": player.seat,
                **verdict_view(index, Target(verdict.format, play.deck, play.play),
                               player_verdict, deck_counts(deck.lines),
                               line_heads(deck.lines) if full else None, searches),
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
                 counts: dict[str, Any], heads: list[bytes] | None,
                 searches: Searches) -> dict[str, Any]:
    """One deck's verdict in one format (for a team format: one of its plays). `counts` are
    the deck's; `heads` its lines' (`line_heads`) for the full answer, or None for the verdict
    alone, with no line-by-line `cards`."""
    deadline.check()  # once a format (a team's: once a player)
    view: dict[str, Any] = {
        "legal": verdict.legal,
        "format": format_ref(target.format, verdict.format, target.play),
        "as_of": iso_date(verdict.as_of),
        "catalog": {"version": verdict.catalog_version},
        "counts": counts,
        **_violations_view(verdict.violations, verdict.warnings),
    }
    if heads is not None:
        standing_json = index.memo(_standing_json, sizes().line_views)
        legality, as_of = verdict.format.legality, verdict.as_of
        lines = [line for line, _ in verdict.standings]
        view["cards"] = [line_json(head, standing_json(legality, as_of, line.entry.reference,
                                                       search))
                         for head, line, search in zip(heads, lines, searches.allowed(lines),
                                                       strict=True)]
    return view


def _violations_view(violations: Sequence[Violation],
                     warnings: Sequence[Violation]) -> dict[str, Any]:
    return {**_with_omitted("violations", [violation_view(v) for v
                                           in violations[:MAX_VIOLATIONS_SHOWN]],
                            len(violations)),
            **_with_omitted("warnings", [violation_view(v) for v
                                         in warnings[:MAX_VIOLATIONS_SHOWN]], len(warnings))}


def format_ref(fmt: Format, rules: FormatDefinition, play: str | None) -> dict[str, Any]:
    """Which format answered: its id, and for a team format the play and deck rules."""
    ref: dict[str, Any] = {"id": fmt.id, "name": fmt.name, "version": fmt.version,
                           "play": play or rules.play}
    if rules.id != fmt.id:
        ref["deck_rules"] = rules.id
    return ref


def violation_view(violation: Violation) -> dict[str, Any]:
    rule = {"document": violation.rule.document, "section": violation.rule.section}
    if violation.rule.text is not None:
        rule["text"] = violation.rule.text
    view: dict[str, Any] = {
        "code": violation.code, "severity": violation.severity, "message": violation.message,
        "arguments": {name: value if isinstance(value, str | int) else str(value)
                      for name, value in violation.args},
        "rule": rule,
        "cards": [_card_ref_view(card) for card in violation.cards[:MAX_CARDS_SHOWN]]}
    if len(violation.cards) > MAX_CARDS_SHOWN:
        view["cards_omitted"] = len(violation.cards) - MAX_CARDS_SHOWN
    return view


def notice_view(notice: Notice, at: dict[str, str]) -> dict[str, str]:
    return {"code": notice.code, "detail": notice.detail, **at}


def _card_ref_view(card: CardRef) -> dict[str, Any]:
    view: dict[str, Any] = {"line": card.line, "name": card.name, "id": card.id,
                            "count": card.count}
    if card.seat is not None:
        view["seat"] = card.seat
    if card.source != "deck":
        view["source"] = card.source
    return view


def _line_numbers(lines: Sequence[Any]) -> list[bytes]:
    """Each line's number as the head of a compact standing's object, for `line_json`."""
    return [b'{"line":%d,' % line.entry.line for line in lines]


def _standing_json(index: CatalogIndex, legality: Legality, as_of: dt.date | None,
                   reference: Reference, search: bool) -> bytes:
    deadline.check()  # a line not seen before in this format and date
    return encoded(_standing_view(index, legality, as_of, reference, search))


def _standing_view(index: CatalogIndex, legality: Legality, as_of: dt.date | None,
                   reference: Reference, search: bool) -> dict[str, Any]:
    """What a line resolved to and where its cards stand under a pool and bans on a date:
    the same for every line that reads alike."""
    # Built afresh: the standing is kept encoded, and keeping the resolution's view as a
    # dict as well took 9 MiB more with every cache full (bench/cache_memory.py).
    view = build_resolution_view(index, reference, search)
    standings = standings_for(index, legality, as_of).of(reference)
    return {
        **view,
        "candidates": [{**group, "legal_via": _via(standing), "banned": standing.banned}
                       for group, standing in zip(view["candidates"],
                                                  standings.cards[:MAX_CANDIDATES_SHOWN],
                                                  strict=True)],
        **_where(standings),
    }


def _compact_standing_json(index: CatalogIndex, legality: Legality, as_of: dt.date | None,
                           reference: Reference) -> bytes:
    """Where a line's cards stand under a pool and bans on a date, without what it resolved
    to (said once in a several-format answer's `lines`): the same for every line alike."""
    standings = standings_for(index, legality, as_of).of(reference)
    view = _where(standings)
    if len(standings.cards) > 1:
        view["candidates"] = [{"legal_via": _via(standing), "banned": standing.banned}
                              for standing in standings.cards[:MAX_CANDIDATES_SHOWN]]
    return encoded(view)


def _where(standings: LineStanding) -> dict[str, Any]:
    first = standings.considered[0] if len(standings.considered) == 1 else None
    return {"legal_via": _via(first), "banned": first.banned if first else None,
            "playable": standings.all_playable}


def _via(standing: CardStanding | None) -> dict[str, Any] | None:
    if standing is None or standing.legal_via is None:
        return None
    return printing_view(standing.legal_via)
