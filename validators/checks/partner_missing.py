"""partner-missing: a Partner Battles list names exactly one Partner (I.1).

Legal:   Partner: 1 Charizard ex OBF 125
Illegal: no Partner section (and no "partner": true entry), or two Partners
"""

from __future__ import annotations

from collections.abc import Iterator

from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "partner-missing"
NONE = ("the list names no Partner; put one Pokémon under a `Partner:` header "
        "(or give its entry \"partner\": true)")
SEVERAL = "the list names {count} Partners; a deck has exactly one"
PARTNER_MISSING = Code("partner-missing", "no Partner", (ERROR,), (NONE, SEVERAL))
CODES = (PARTNER_MISSING,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    lines = ctx.partner_lines
    count = sum(line.entry.copies for line in lines)
    if count == 0:
        yield Violation.of(PARTNER_MISSING, NONE, ctx.format.rule(spec.section))
    elif count > 1:
        yield Violation.of(PARTNER_MISSING, SEVERAL, ctx.format.rule(spec.section),
                           tuple(ctx.ref(line) for line in lines), count=count)
