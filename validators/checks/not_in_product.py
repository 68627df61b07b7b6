"""not-in-product: a Limited deck's cards come from the sets of the boosters handed out.

Legal:   product "legendary-collection", deck of Legendary Collection cards + basic Energy
Illegal: the same product, and a Neo Genesis card in the deck
"""

from __future__ import annotations

from collections.abc import Iterator

from validators.context import Context, is_basic_energy
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "not-in-product"
MESSAGE = "line {line}: {name} ({set}) is not from the product handed out ({product})"
NOT_IN_PRODUCT = Code("not-in-product", "not in the product", (ERROR,), (MESSAGE,))
CODES = (NOT_IN_PRODUCT,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    if ctx.product is None:
        return
    sets = set(ctx.product.sets)
    for line in ctx.known:
        if is_basic_energy(line) or any(p.set_id in sets for p in line.resolution.printings):
            continue
        shown = line.resolution.printings[0]
        yield Violation.of(NOT_IN_PRODUCT, MESSAGE, ctx.format.rule(spec.section),
                           (ctx.ref(line),), line=line.entry.line, name=shown.name,
                           set=ctx.index.sets[shown.set_id].name, product=ctx.product.name)
