"""not-in-pool: a Limited deck is built from the cards its player opened or drafted.

Legal:   pool 2 Pikachu LC 87, deck 2 Pikachu LC 87 + 38 basic Energy
Illegal: pool 1 Pikachu LC 87, deck 2 Pikachu LC 87 (one copy more than the pool holds)
Warning: no pool given (pool-not-checked); a pool line names no known card
         (pool-unknown-card), so deck lines it may stand for cannot be matched.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.resolver import UNKNOWN, ResolvedLine
from validators.allocation import shortfalls
from validators.context import Context, card_ref
from validators.records import ERROR, WARNING, CheckSpec, Code, RuleRef, Violation

CHECK = "not-in-pool"
MESSAGE = "line {line}: {count} × {name}, but the pool holds {found} for it"
UNCHECKED_MESSAGE = ("no pool was given: whether every card was opened or drafted is not "
                     "checked; send `pool` with the cards the player opened or drafted")
UNKNOWN_MESSAGE = "pool line {line}: {text!r} is not a card in the catalog; it covers no deck line"
NOT_IN_POOL = Code("not-in-pool", "not in the player's pool", (ERROR,), (MESSAGE,))
POOL_NOT_CHECKED = Code("pool-not-checked", "pool not checked", (WARNING,), (UNCHECKED_MESSAGE,))
POOL_UNKNOWN_CARD = Code("pool-unknown-card", "unknown card in the pool", (WARNING,),
                         (UNKNOWN_MESSAGE,))
CODES = (NOT_IN_POOL, POOL_NOT_CHECKED, POOL_UNKNOWN_CARD)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    if ctx.pool_checked_by_team:
        return  # teammates share their pools; the team verdict counts both decks at once
    rule = ctx.format.rule(spec.section)
    if ctx.pool is None:
        yield Violation.of(POOL_NOT_CHECKED, UNCHECKED_MESSAGE, rule)
        return
    yield from unknown_pool_lines(ctx.pool, rule)
    deck = ctx.deck
    for shortfall in shortfalls(deck, ctx.pool):
        yield violation(deck[shortfall.position], shortfall.found, rule)


def unknown_pool_lines(pool: list[ResolvedLine], rule: RuleRef,
                       seat: str | None = None) -> Iterator[Violation]:
    """A warning for each pool line that names no known card: it covers no deck line."""
    for line in pool:
        if line.resolution.status == UNKNOWN:
            yield Violation.of(POOL_UNKNOWN_CARD, UNKNOWN_MESSAGE, rule,
                               (card_ref(line, seat, "pool"),), line=line.entry.line,
                               text=line.entry.text)


def violation(line: ResolvedLine, found: int, rule: RuleRef,
              seat: str | None = None) -> Violation:
    card = line.resolution.card or line.resolution.printings[0]
    return Violation.of(NOT_IN_POOL, MESSAGE, rule, (card_ref(line, seat),),
                        line=line.entry.line, count=line.entry.copies, name=card.name, found=found)
