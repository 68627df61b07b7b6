"""Take a deck's cards out of a Limited pool, copy by copy.

A deck line may use a pool copy when they can be the same printing: their
candidate printings meet.  A resolved line has one candidate; a name-only
line has several, so it is matched last and takes the narrowest pool copies
last, leaving the specific pool lines to the specific deck lines.  Basic
Energy is never taken: Limited players add any number of it (§234-§236).
"""

from __future__ import annotations

from dataclasses import dataclass

from decklist.resolver import UNKNOWN, ResolvedLine
from runtime import deadline
from validators.context import is_basic_energy


@dataclass(frozen=True)
class Shortfall:
    """A deck line that wanted more copies than the pool had left for it."""

    position: int  # index of the line in the deck list given
    wanted: int
    found: int


def shortfalls(deck: list[ResolvedLine], pool: list[ResolvedLine]) -> list[Shortfall]:
    """Every deck line the pool cannot cover, in deck order."""
    left = {i: entry.copies for i, (entry, resolution) in enumerate(pool)
            if resolution.status != UNKNOWN}
    candidates = {i: _ids(line) for i, line in enumerate(pool) if i in left}
    wanting = [(i, line) for i, line in enumerate(deck)
               if line.resolution.status != UNKNOWN and not is_basic_energy(line)]
    wanting.sort(key=lambda item: len(item[1].resolution.printings))
    found: list[Shortfall] = []
    for position, line in wanting:
        deadline.check()  # each deck line looks at every pool line: a team's shared pool
        ids = _ids(line)
        usable = sorted((i for i in left if candidates[i] & ids),
                        key=lambda i: len(candidates[i]))
        need = line.entry.copies
        for i in usable:
            taken = min(need, left[i])
            left[i] -= taken
            need -= taken
            if not need:
                break
        if need:
            found.append(Shortfall(position, line.entry.copies, line.entry.copies - need))
    return sorted(found, key=lambda shortfall: shortfall.position)


def _ids(line: ResolvedLine) -> frozenset[str]:
    return frozenset(p.id for p in line.resolution.printings)
