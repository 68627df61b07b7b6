"""ban-uncertain: a card whose ban had begun, or been lifted, on some day not established.

A ban list's history is read from its announcements; where one was not found, the ban's
standing is known only within a window (validators.records.Ban). Inside it deckjudge does not
guess: the line gets this warning, naming the window, and the verdict stays as the other
checks make it. A warning, not an error: the card was legal on one side of the window.

Legal, warned: 1 Wally ROS 94 in Expanded on 2022-01-01 (its ban was lifted on a day not
               established, from 2019-12-09 to 2026-02-01)
Illegal:       the same line on 2019-01-01 (banned; the banned check)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from validators.context import Context
from validators.records import WARNING, Ban, CheckSpec, Code, Violation

CHECK = "ban-uncertain"
MESSAGE = ("line {line}: {name} may be banned in {format} on {date}: {window}; check the ban "
           "list that applied to the event")
BAN_UNCERTAIN = Code("ban-uncertain", "ban not established on the day", (WARNING,), (MESSAGE,))
CODES = (BAN_UNCERTAIN,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    unsure = ctx.standings.unsure
    if not unsure or ctx.as_of is None:
        return
    for line, standings in ctx.known_standings:
        shown = standings.considered[0].printing
        ban = unsure.get(shown.function_key)
        if ban is not None:
            yield Violation.of(BAN_UNCERTAIN, MESSAGE, ctx.format.rule(spec.section),
                               (ctx.ref(line),), line=line.entry.line, name=shown.name,
                               format=ctx.format.name, date=ctx.as_of.isoformat(),
                               window=_window(ban, ctx.as_of))


def _window(ban: Ban, as_of: dt.date) -> str:
    if ban.until is not None and ban.until_by is not None and as_of >= ban.until:
        return (f"its ban was lifted on a day not established, from {ban.until.isoformat()} to "
                f"{ban.until_by.isoformat()}")
    start = ban.effective.isoformat() if ban.effective else "its first day"
    end = ban.effective_by.isoformat() if ban.effective_by else "?"
    return f"its ban began on a day not established, from {start} to {end}"
