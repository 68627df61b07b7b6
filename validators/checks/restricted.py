"""restricted: a restricted card is played only as its list entry allows (II.5.2).

The entry names a card (every printing of it) and its restriction: at most
`max_copies` copies, and/or not as the Partner.  The list is empty in v3.00.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.parsed import PARTNER
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "restricted"
MESSAGE = "{name} is restricted: {text}"
RESTRICTED = Code("restricted", "restricted card", (ERROR,), (MESSAGE,))
CODES = (RESTRICTED,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    for restriction in ctx.format.restricted:
        listed = ctx.index.card(restriction.card)
        if listed is None:
            continue
        lines = [line for line in ctx.known if (card := line.resolution.card) is not None
                 and card.function_key == listed.function_key]
        copies = sum(line.entry.copies for line in lines)
        too_many = restriction.max_copies is not None and copies > restriction.max_copies
        as_partner = not restriction.partner_allowed and any(
            line.entry.section == PARTNER for line in lines)
        if too_many or as_partner:
            yield Violation.of(RESTRICTED, MESSAGE, ctx.format.rule(spec.section),
                               tuple(ctx.ref(line) for line in lines), name=listed.name,
                               text=restriction.text)
