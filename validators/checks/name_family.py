"""name-family: cards of different English names that a rule treats as one.

A family is data in the format (`families`): its names, its rule, the day it took effect
(and ended, if it did) and the text it comes from. `one-name`: a deck holds cards of one
name of the family only, up to the copy limit of that name (Professor Juniper or Professor
Sycamore, since the XY rule changes). `counted-together`: the copies of all its names
count together against the format's copy limit (Gym Leader Challenge's FAQ: one card of
Professor's Research, Professor Juniper and Professor Sycamore in a deck). Names
count as the copy limit counts them (by title_key: Professor's Research (Professor Oak) is
Professor's Research), and copies of one name alone are the copy limit's to judge. On a
day the family is not in force, it finds nothing.

Legal:   4 Professor Juniper BLW 101 in Expanded; 1 Boss's Orders RCL 154 in GLC
Illegal: 2 Professor Juniper BLW 101 and 2 Professor Sycamore XY 122 in Expanded from
         2013-11-08; 1 Professor's Research SSH 178 and 1 Professor Sycamore XY 122 in GLC
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.resolver import ResolvedLine
from validators.context import Context
from validators.records import (
    CITES_ANNOUNCEMENT,
    COUNTED_TOGETHER,
    ERROR,
    CheckSpec,
    Code,
    Family,
    RuleRef,
    Violation,
)

CHECK = "name-family"
ONE_NAME_MESSAGE = ("lines {lines}: {names} may not be played together; a deck holds cards "
                    "of one of these names only")
TOGETHER_MESSAGE = ("lines {lines}: {count} cards of {names}, which count together; at most "
                    "{limit} are allowed")
NAME_FAMILY = Code("name-family", "names counted as one", (ERROR,),
                   (ONE_NAME_MESSAGE, TOGETHER_MESSAGE), CITES_ANNOUNCEMENT)
CODES = (NAME_FAMILY,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    for family in ctx.format.families:
        if not family.in_force(ctx.as_of):
            continue
        lines = [line for line in ctx.known if line.resolution.counted_title in family.titles]
        present = {line.resolution.counted_title for line in lines}
        if len(present) < 2:
            continue  # one name of the family alone: the copy limit's to judge
        found = _found(ctx, family, lines, present)
        if found is not None:
            yield found


def _found(ctx: Context, family: Family, lines: list[ResolvedLine],
           present: set[str | None]) -> Violation | None:
    """The violation of a family whose deck holds several of its names, if its rule is broken."""
    names = _words([name for name, title in zip(family.names, family.titles, strict=True)
                    if title in present])
    numbers = ", ".join(str(line.entry.line) for line in lines)
    cards = tuple(ctx.ref(line) for line in lines)
    # The family's own text is the rule broken, from the day it took effect.
    rule = RuleRef(family.source.title, f"effective {family.effective.isoformat()}")
    if family.rule != COUNTED_TOGETHER:
        return Violation.of(NAME_FAMILY, ONE_NAME_MESSAGE, rule, cards, lines=numbers,
                            names=names)
    count, limit = sum(line.entry.copies for line in lines), ctx.format.copy_limit
    if limit is None or count <= limit:
        return None
    return Violation.of(NAME_FAMILY, TOGETHER_MESSAGE, rule, cards, lines=numbers,
                        count=count, names=names, limit=limit)


def _words(names: list[str]) -> str:
    """Two names or more in words: "A and B", "A, B and C"."""
    return f"{', '.join(names[:-1])} and {names[-1]}"
