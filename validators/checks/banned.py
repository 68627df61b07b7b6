"""banned: no card on the format's ban list, in any printing (bans name a function_key).

Legal:   4 Slowpoke N1 55 in Modified
Illegal: 1 Slowking N1 14 in Modified, or any reprint of that Slowking
A dated ban (Expanded, GLC) reaches only the dates it was in force, and its violation cites
the announcement that made it.
"""

from __future__ import annotations

from collections.abc import Iterator

from validators.context import Context, card_ref
from validators.model import ERROR, CheckSpec, RuleRef, Violation

CODE = "banned"
SEVERITY = ERROR
MESSAGE = "line {line}: {name} is banned in {format}"
DATED_MESSAGE = "line {line}: {name} is banned in {format} since {effective}"


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    bans = ctx.standings.bans
    for line, standings in ctx.known_standings:
        if standings.all_banned:
            shown = standings.considered[0].printing
            ban = bans.get(shown.function_key)
            if ban is not None and ban.announcement is not None and ban.effective is not None:
                yield Violation.of(CODE, SEVERITY, DATED_MESSAGE,
                                   RuleRef(ban.announcement.title,
                                           f"effective {ban.effective.isoformat()}"),
                                   (card_ref(line),), line=line.entry.line, name=shown.name,
                                   format=ctx.format.name, effective=ban.effective.isoformat())
                continue
            yield Violation.of(CODE, SEVERITY, MESSAGE, ctx.format.rule(spec.section),
                               (card_ref(line),), line=line.entry.line, name=shown.name,
                               format=ctx.format.name)
