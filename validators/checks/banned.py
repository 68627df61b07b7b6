"""banned: no card on the format's ban list, in any printing (bans name a function_key).

Legal:   4 Slowpoke N1 55 in Modified
Illegal: 1 Slowking N1 14 in Modified, or any reprint of that Slowking
"""

from __future__ import annotations

from collections.abc import Iterator

from validators.context import Context, card_ref
from validators.model import ERROR, CheckSpec, Violation

CODE = "banned"
SEVERITY = ERROR
MESSAGE = "line {line}: {name} is banned in {format}"


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    for line, standings in ctx.known_standings:
        if standings.all_banned:
            shown = standings.considered[0].printing
            yield Violation.of(CODE, SEVERITY, MESSAGE, ctx.format.rule(spec.section),
                               (card_ref(line),), line=line.entry.line, name=shown.name,
                               format=ctx.format.name)
