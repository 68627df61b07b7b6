"""One deck's verdict in one format (for a team format, one of its plays); in full or the
verdict only.

Every list an answer holds is bounded, so that what a request gets back grows with what it
sent and never with what it sent times the formats it asked for: a verdict lists at most
MAX_VIOLATIONS_SHOWN violations and as many warnings, and a violation at most
MAX_CARDS_SHOWN lines, each saying how many it left out. A deck in several formats:
api.views.across_formats; a team: api.views.team_verdicts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from api.views import encoded, iso_date
from api.views.season_refs import season_ref
from api.views.standings import standings
from catalog.index import CatalogIndex
from runtime import deadline
from validators.engine import Verdict
from validators.judging import ReadDeck
from validators.records import (
    CardRef,
    DeckRules,
    Definition,
    Format,
    RuleRef,
    Season,
    Violation,
)
from validators.targets import Notice, Target

# A verdict lists at most this many violations, and as many warnings: a deck past a few
# dozen has its answer, and more are counted (`violations_omitted`), as a compiler stops.
MAX_VIOLATIONS_SHOWN = 50
# The lines one violation names at most (a title's copies over many lines, a team's decks).
MAX_CARDS_SHOWN = 50


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
        **violations_view(verdict.violations, verdict.warnings),
    }
    if deck is not None:
        assert deck.suggested is not None  # read with its suggestions
        view["cards"] = [encoded.line(head, rest) for head, rest in zip(
            encoded.heads(deck.lines), standings(index, verdict, deck.suggested), strict=True)]
    return view


def violations_view(violations: Sequence[Violation],
                    warnings: Sequence[Violation]) -> dict[str, Any]:
    return {**with_omitted("violations", [violation_view(v) for v
                                          in violations[:MAX_VIOLATIONS_SHOWN]],
                           len(violations)),
            **with_omitted("warnings", [violation_view(v) for v
                                        in warnings[:MAX_VIOLATIONS_SHOWN]], len(warnings))}


def with_omitted(kind: str, shown: list[Any], total: int) -> dict[str, Any]:
    view: dict[str, Any] = {kind: shown}
    if total > len(shown):
        view[f"{kind}_omitted"] = total - len(shown)
    return view


def format_ref(fmt: Format, rules: DeckRules, play: str | None,
               season: Season | None = None) -> dict[str, Any]:
    """Which format answered: its id, and for a team format the play and deck rules; for a
    format with seasons, the season that judged, under its name then."""
    singles = isinstance(fmt, DeckRules)
    ref: dict[str, Any] = {"id": fmt.id, "name": format_name(fmt, rules, season),
                           "version": fmt.version, "play": play or rules.play}
    if not singles and rules.id != fmt.id:
        ref["deck_rules"] = rules.id
    if season is not None:
        if _by_season(fmt, rules):
            ref["version"] = rules.version  # of that season
        ref["season"] = season_ref(season)
    if rules.definition is not None:
        ref["definition"] = definition_ref(rules.definition)
    return ref


def format_name(fmt: Format, rules: DeckRules, season: Season | None) -> str:
    """The name a verdict gives its format: for a format with seasons, its name on the day
    judged (Standard on a day of 2010 is Modified (MD-On), 2010-11; Modified in 2026 is
    Standard), where the page and every answer name it alike."""
    return season.name if season is not None and _by_season(fmt, rules) else fmt.name


def _by_season(fmt: Format, rules: DeckRules) -> bool:
    """Whether a verdict is named by its season: a format for one deck of deckjudge's own
    (a team format keeps its name; an organizer's its own)."""
    return isinstance(fmt, DeckRules) and rules.definition is None


def definition_ref(definition: Definition) -> dict[str, Any]:
    """An organizer's format as its answers echo it: its base, its hash, and its canonical
    form (what the hash is of), by which a client may keep and link it."""
    return {"base": definition.base, "hash": definition.hash,
            "canonical": orjson.Fragment(definition.canonical)}  # written as it was read


# A tuple, not `str | int`, which builds the union anew at each call
# (speed trick "types as a tuple": docs/performance.md).
_AS_THEY_ARE = (str, int)


def violation_view(violation: Violation) -> dict[str, Any]:
    arguments = arguments_of(violation.args)
    return found_view(violation, violation.template.format_map(arguments), arguments,
                       rule_view(violation.rule))


def arguments_of(args: tuple[tuple[str, object], ...]) -> dict[str, Any]:
    """A violation's arguments as an answer gives them: a value other than a string or a
    number as its text. A template words them alike: none gives such a value a format
    spec or a conversion, so it is written as its str()."""
    return {name: value if isinstance(value, _AS_THEY_ARE) else str(value)
            for name, value in args}


def found_view(violation: Violation, message: str, arguments: dict[str, Any],
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


def rule_view(rule: RuleRef, formats: list[str] | None = None) -> dict[str, Any]:
    """A rule as a verdict cites it; with `formats`, as the formats a finding is found in
    cite it."""
    view: dict[str, Any] = {"document": rule.document, "section": rule.section}
    if rule.text is not None:
        view["text"] = rule.text
    if rule.url is not None:
        view["url"] = rule.url
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
