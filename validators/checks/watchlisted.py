"""watchlisted: watchlisted cards are a warning in casual play, not allowed in tournaments
(II.5.3).  The request says which with `tournament: true`.  The list is empty in v3.00.
"""

from __future__ import annotations

from collections.abc import Iterator

from validators.context import Context
from validators.records import ERROR, WARNING, CheckSpec, Code, Violation

CHECK = "watchlisted"
CASUAL = ("line {line}: {name} is watchlisted: tell your opponent before setup, and replace it "
          "with basic Energy if they ask")
TOURNAMENT = "line {line}: {name} is watchlisted and not allowed in tournament decks"
WATCHLISTED = Code("watchlisted", "watchlisted card", (WARNING, ERROR), (CASUAL, TOURNAMENT))
CODES = (WATCHLISTED,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    listed = {p.function_key for p in map(ctx.index.card, ctx.format.watchlisted) if p}
    if not listed:
        return  # the v3.00 list is empty
    for line in ctx.known:
        card = line.resolution.card
        if card is not None and card.function_key in listed:
            message = TOURNAMENT if ctx.tournament else CASUAL
            yield Violation.of(WATCHLISTED, message, ctx.format.rule(spec.section),
                               (ctx.ref(line),), severity=ERROR if ctx.tournament else WARNING,
                               line=line.entry.line, name=card.name)
