"""unknown-card: every line must name a card the catalog knows; unknown-set when the line's
own set code is what the catalog lacks (a set newer than the catalog, or a code misspelled)
and its name alone does not say which card it is.

Legal:   4 Pikachu BS 58
Illegal: 4 Pikachoo        (no such card: the deck cannot be shown legal)
Illegal: 4 Tropius XYZ 1   (no set carries XYZ, and Tropius alone names several cards)
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.resolver import BY_REFERENCE, UNKNOWN, ResolvedLine, nearest_set_codes
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "unknown-card"
MESSAGE = "line {line}: {text!r} is not a card in the catalog; its legality cannot be checked"
UNKNOWN_CARD = Code("unknown-card", "unknown card", (ERROR,), (MESSAGE,))
SET_MESSAGE = ("line {line}: {text!r} names the set {set_code!r}, which no set of the catalog "
               "carries (nearest: {nearest}); the catalog's newest set is {newest}, released "
               "{newest_date}: a set released since needs a newer catalog")
UNKNOWN_SET = Code("unknown-set", "unknown set", (ERROR,), (SET_MESSAGE,))
CODES = (UNKNOWN_CARD, UNKNOWN_SET)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    unknown = ctx.share.once(CHECK, lambda: [line for line in ctx.deck
                                             if line.resolution.status == UNKNOWN])
    for line in unknown:
        code = line.resolution.unknown_set
        if code is None:
            yield Violation.of(UNKNOWN_CARD, MESSAGE, ctx.format.rule(spec.section),
                               (ctx.ref(line),), line=line.entry.line, text=line.entry.text)
        else:
            yield unknown_set(ctx, spec, line, code)


def unknown_set(ctx: Context, spec: CheckSpec, line: ResolvedLine, code: str) -> Violation:
    """The unknown-set error of a line whose set `code` no set carries: found here for a
    line naming no card, by ambiguous-card for one whose name alone names several."""
    nearest = ctx.index.caches.memo(nearest_set_codes, BY_REFERENCE)(code)
    newest = ctx.index.newest_set()
    return Violation.of(UNKNOWN_SET, SET_MESSAGE, ctx.format.rule(spec.section),
                        (ctx.ref(line),), line=line.entry.line, text=line.entry.text,
                        set_code=code,
                        nearest=", ".join(nearest) or "none",
                        newest=f"{newest.name} ({newest.ptcgo_code or newest.id})"
                        if newest else "none",
                        newest_date=newest.release_date.isoformat()
                        if newest and newest.release_date else "undated")
