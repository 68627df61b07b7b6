"""unknown-card: every line must name a card the catalog knows; unknown-set when the line's
own set code is what the catalog lacks (a set newer than the catalog, or a code misspelled)
and its name alone does not say which card it is.

Legal:   4 Pikachu BS 58
Illegal: 4 Pikachoo        (no such card: the deck cannot be shown legal)
Illegal: 4 Tropius XYZ 1   (no set carries XYZ, and Tropius alone names several cards)
Illegal: 1 Foo M6a 5       (M6a is of the shape of Japan's codes: the newest set of Japan's the
                           catalog holds is named, not the newest English one)
"""

from __future__ import annotations

from collections.abc import Iterator

from catalog import japanese
from decklist.resolver import BY_REFERENCE, UNKNOWN, ResolvedLine, nearest_set_codes
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "unknown-card"
MESSAGE = "line {line}: {text!r} is not a card in the catalog; its legality cannot be checked"
UNKNOWN_CARD = Code("unknown-card", "unknown card", (ERROR,), (MESSAGE,))
SET_MESSAGE = ("line {line}: {text!r} names the set {set_code!r}, which no set of the catalog "
               "carries (nearest: {nearest}); the catalog's newest set is {newest}, released "
               "{newest_date}: a set released since needs a newer catalog")
JAPAN_MESSAGE = ("line {line}: {text!r} names the set {set_code!r}, a code of Japan's sets, "
                 "which the catalog does not hold; its newest set of Japan's is {newest}, "
                 "released there {newest_date}: a set released in Japan since needs a newer "
                 "catalog")
UNKNOWN_SET = Code("unknown-set", "unknown set", (ERROR,), (SET_MESSAGE, JAPAN_MESSAGE))
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
    if line.resolution.unknown_in_japan:
        return _unknown_in_japan(ctx, spec, line, code)
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


def _unknown_in_japan(ctx: Context, spec: CheckSpec, line: ResolvedLine,
                      code: str) -> Violation:
    """The unknown-set error of a code of the shape of Japan's ("M6a"), naming the newest
    set of Japan's the catalog holds, never an English set released since."""
    newest_id = japanese.newest_set(ctx.index)
    newest = ctx.index.sets[newest_id] if newest_id else None
    return Violation.of(UNKNOWN_SET, JAPAN_MESSAGE, ctx.format.rule(spec.section),
                        (ctx.ref(line),), line=line.entry.line, text=line.entry.text,
                        set_code=code,
                        newest=f"{newest.name} ({newest.code or newest.id})" if newest
                        else "none",
                        newest_date=newest.release_date.isoformat()
                        if newest and newest.release_date else "undated")
