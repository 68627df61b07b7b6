"""copy-limit: at most N copies of a card, counted by English title; basic Energy exempt.

Legal:   4 Bill BS 91 + 0 other Bill
Illegal: 3 Bill BS 91 + 2 Bill LC 108    (5 cards titled "Bill", from two printings)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from decklist.resolve import ResolvedLine
from validators.context import Context, card_ref
from validators.model import ERROR, CheckSpec, Violation

CODE = "copy-limit"
SEVERITY = ERROR
MESSAGE = "{count} cards titled {title!r}; at most {limit} are allowed"


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    limit = ctx.format.copy_limit
    if limit is None:
        return
    by_title: dict[str, list[ResolvedLine]] = defaultdict(list)
    for line in ctx.known:
        printing = line.printings[0]
        if all(p.is_basic_energy or p.copies_unlimited for p in line.printings):
            continue  # the rule exempts basic Energy; a card's own text may lift the limit
        by_title[printing.name_key].append(line)
    for lines in by_title.values():
        count = sum(line.entry.count for line in lines)
        if count > limit:
            yield Violation(CODE, SEVERITY, MESSAGE.format(
                count=count, title=lines[0].printings[0].name, limit=limit),
                ctx.format.rule(spec.section), tuple(card_ref(line) for line in lines))
