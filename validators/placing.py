"""A finding worded once and placed on each line that names its card.

not-legal finds the same of a card on every line that names it (not in the pool, not yet
released): it words that once per format and date, as a violation of line 0 about no
cards, and places it on each line here, a compiled function (tools/compiled.py) that builds
the named tuple by `new_violation`: cheaper than a method of the named tuple, and a fraction
of a frozen dataclass (speed trick "placed violations": docs/performance.md)."""

from __future__ import annotations

from validators.records import CardRef, Violation, new_violation


def placeable(found: Violation) -> Violation:
    """`found`, whose template must begin with its line: the argument `placed` sets."""
    if not found.args or found.args[0][0] != "line":
        raise ValueError(f"{found.code}: {found.template!r} does not begin with its line")
    return found


def placed(found: Violation, line: int, cards: tuple[CardRef, ...]) -> Violation:
    """The finding on `line`, about its `cards`."""
    return new_violation((found.code, found.severity, found.template, found.rule, cards,
                          (("line", line), *found.args[1:])))
