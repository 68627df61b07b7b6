"""banned: no card on the format's ban list, in any printing (bans name a function_key).

Legal:   4 Slowpoke N1 55 in Modified
Illegal: 1 Slowking N1 14 in Modified, or any reprint of that Slowking
A dated ban (Expanded, GLC) reaches only the dates it was in force, and its violation cites
the announcement that made it. An entry may ban a kind of card rather than one card: GLC's
first rules allowed no Pokémon with an Ancient Trait (1 Bunnelby PRC 121 on 2021-09-01).
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.resolver import ResolvedLine
from validators.context import Context
from validators.records import (
    CITES_ANNOUNCEMENT,
    ERROR,
    REACHES,
    Ban,
    CheckSpec,
    Code,
    RuleRef,
    Violation,
)

CHECK = "banned"
MESSAGE = "line {line}: {name} is banned in {format}"
DATED_MESSAGE = "line {line}: {name} is banned in {format} since {effective}"
KIND_MESSAGE = "line {line}: {name} is banned in {format}: {kind} were not allowed{until}"
BANNED = Code("banned", "banned", (ERROR,), (MESSAGE, DATED_MESSAGE, KIND_MESSAGE),
              CITES_ANNOUNCEMENT)
CODES = (BANNED,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    bans = ctx.standings.bans
    for line, standings in ctx.known_standings:
        if standings.all_banned:
            shown = standings.considered[0].printing
            ban = bans.get(shown.function_key) or ctx.standings.printing_bans.get(shown.id)
            if ban is not None and ban.reaches is not None:
                yield _of_kind(ctx, spec, line, shown.name, ban)
                continue
            since = _since(ban) if ban is not None else None
            if ban is not None and since is not None:
                yield Violation.of(BANNED, DATED_MESSAGE, _cited(ctx, spec, ban, since),
                                   (ctx.ref(line),), line=line.entry.line, name=shown.name,
                                   format=ctx.format.name, effective=since)
                continue
            rule = ban.rule if ban is not None and ban.rule is not None else \
                ctx.format.rule(spec.section)
            yield Violation.of(BANNED, MESSAGE, rule, (ctx.ref(line),), line=line.entry.line,
                               name=shown.name, format=ctx.format.name)


def _of_kind(ctx: Context, spec: CheckSpec, line: ResolvedLine, name: str,
             ban: Ban) -> Violation:
    """A ban on a kind of card (Ancient Trait Pokémon) names the kind and when it ended."""
    kind = REACHES[ban.reaches or ""]
    until = ""
    if ban.until is not None:
        until = f" until {ban.until.isoformat()}"
        if ban.until_by is not None:  # lifted on a day not established: the window's start
            until += " at the earliest"
    rule = (RuleRef(ban.announcement.title, kind) if ban.announcement
            else ctx.format.rule(spec.section))
    return Violation.of(BANNED, KIND_MESSAGE, rule, (ctx.ref(line),),
                        line=line.entry.line, name=name, format=ctx.format.name,
                        kind=kind, until=until)


def _since(ban: Ban) -> str | None:
    """The day the ban is in force from: its effective day, or the last day of its window."""
    if ban.effective_by is not None:
        return f"{ban.effective_by.isoformat()} at the latest"
    return ban.effective.isoformat() if ban.effective is not None else None


def _cited(ctx: Context, spec: CheckSpec, ban: Ban, since: str) -> RuleRef:
    """A dated ban cites its announcement; one whose announcement is not established, the
    format's ban list; an organizer's, the rule its definition gives."""
    if ban.rule is not None:
        return ban.rule
    if ban.announcement is None:
        return ctx.format.rule(spec.section)
    return RuleRef(ban.announcement.title, f"effective {since}")
