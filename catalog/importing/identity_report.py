"""What the identity keys say about a catalog, for a reviewer to read at a glance.

`flask catalog identity-report` prints it: how many printings, English titles and gameplay
identities (cards) there are, the cards whose printings carry more than one text (reworded
reprints, and where the measure of catalog.gameplay joined different wordings), the printed
limits by kind, and, given another catalog (`--against`, a database imported before a
change), every card that split or merged between the two.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from catalog.identity import title_key
from catalog.models import Card


@dataclass(frozen=True)
class Printed:
    id: str
    name: str
    function_key: str
    text_fingerprint: str
    limit_group: str | None
    copies_unlimited: bool
    play_together: int | None


@dataclass(frozen=True)
class Move:
    """A card of one catalog that is several in the other: the printings of each, by id."""

    name: str
    parts: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class IdentityReport:
    printings: int
    titles: int
    identities: int
    reworded: tuple[Move, ...]  # cards with more than one text: the printings of each text
    limits: dict[str, int]  # printings by kind of printed limit
    splits: tuple[Move, ...] = ()  # a card of the other catalog that is several here
    merges: tuple[Move, ...] = ()  # several cards of the other catalog that are one here


def build(engine: Engine, against: Engine | None = None) -> IdentityReport:
    printed = _printings(engine)
    groups: dict[str, list[Printed]] = defaultdict(list)
    for printing in printed:
        groups[printing.function_key].append(printing)
    reworded = tuple(_move(group, lambda p: p.text_fingerprint) for group in groups.values()
                     if len({p.text_fingerprint for p in group}) > 1)
    report = IdentityReport(
        printings=len(printed), titles=len({title_key(p.name) for p in printed}),
        identities=len(groups), reworded=tuple(sorted(reworded, key=_order)),
        limits=_limits(printed))
    if against is None:
        return report
    before = {p.id: p.function_key for p in _printings(against)}
    now = {p.id: p.function_key for p in printed}
    shared = [p for p in printed if p.id in before]
    return replace(report, splits=_moves(shared, before, now), merges=_moves(shared, now, before))


def render(report: IdentityReport, show_reworded: bool = False) -> Iterator[str]:
    yield f"printings:            {report.printings}"
    yield f"English titles:       {report.titles}"
    yield f"gameplay identities:  {report.identities}"
    yield f"cards with >1 text:   {len(report.reworded)}"
    yield "printed limits (printings):"
    for kind, count in sorted(report.limits.items()):
        yield f"  {kind:<22}{count}"
    if show_reworded:
        yield "cards with more than one text (printings by text):"
        yield from _moves_lines(report.reworded)
    if report.splits or report.merges:
        yield f"split since the other catalog: {len(report.splits)} cards"
        yield from _moves_lines(report.splits)
        yield f"merged since the other catalog: {len(report.merges)} cards"
        yield from _moves_lines(report.merges)


def _printings(engine: Engine) -> list[Printed]:
    with Session(engine) as session:
        rows = session.execute(select(
            Card.id, Card.name, Card.function_key, Card.text_fingerprint, Card.limit_group,
            Card.copies_unlimited, Card.play_together).order_by(Card.id)).all()
    return [Printed(*row) for row in rows]


def _limits(printed: list[Printed]) -> dict[str, int]:
    counts: Counter[str] = Counter()
    for printing in printed:
        group = printing.limit_group
        if group:
            counts["Shining and own-name" if group == "name" else group] += 1
        if printing.copies_unlimited:
            counts["as many as you like"] += 1
        if printing.play_together:
            counts["played together"] += 1
    return dict(counts)


def _moves(printed: list[Printed], old: dict[str, str], new: dict[str, str]) -> tuple[Move, ...]:
    """Cards under `old` whose printings are several cards under `new`."""
    groups: dict[str, list[Printed]] = defaultdict(list)
    for printing in printed:
        groups[old[printing.id]].append(printing)
    moved = [_move(group, lambda p: new[p.id]) for group in groups.values()
             if len({new[p.id] for p in group}) > 1]
    return tuple(sorted(moved, key=_order))


def _move(group: list[Printed], part_of: Callable[[Printed], str]) -> Move:
    parts: dict[str, list[str]] = defaultdict(list)
    for printing in group:
        parts[part_of(printing)].append(printing.id)
    return Move(group[0].name, tuple(sorted(tuple(ids) for ids in parts.values())))


def _order(move: Move) -> tuple[str, tuple[tuple[str, ...], ...]]:
    return move.name.casefold(), move.parts


def _moves_lines(moves: tuple[Move, ...]) -> Iterator[str]:
    for move in moves:
        yield f"  {move.name}: " + " | ".join(" ".join(ids) for ids in move.parts)
