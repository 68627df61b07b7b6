"""What the checks of one deck share across the formats it is judged in.

A deck judged in every format (`format=all`: 12 formats) is the same lines each time. What a
check reads of them that no format changes (the card a line is about, as a violation names
it; the cards counted by title; the limits cards print on themselves) is worked out once per
deck, not once per format: the engine makes one `DeckShare` for a deck's lines and hands it
to every format's Context (validators.judging).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar, cast

from decklist.resolver import ResolvedLine
from runtime.tuples import tuple_builder
from validators.records import CardRef

T = TypeVar("T")


def card_ref(line: ResolvedLine, seat: str | None = None, source: str = "deck") -> CardRef:
    card = line.resolution.card
    return _new_ref((line.entry.line, card.name if card else line.entry.text,
                     card.id if card else None, line.entry.copies, seat, source))


_new_ref = tuple_builder(CardRef)


class DeckShare:
    """One deck's lines, as every format judges them alike. Made for one list of lines and
    used with that list only: its memos are keyed by what is asked, not by the lines."""

    __slots__ = ("_refs", "_made")

    def __init__(self) -> None:
        self._refs: dict[int, CardRef] = {}  # by id() of a line, which the deck holds alive
        self._made: dict[Hashable, Any] = {}

    def ref(self, line: ResolvedLine) -> CardRef:
        """The line as a violation names it in the deck, one object however many formats name
        it, found again for a fraction of making it (speed trick "deck share":
        docs/performance.md)."""
        found = self._refs.get(id(line))
        if found is None:
            found = self._refs[id(line)] = card_ref(line)
        return found

    def made(self, key: Hashable) -> Any:
        """What `once` made for `key`, or None when it has not been asked yet."""
        return self._made.get(key)

    def once(self, key: Hashable, make: Callable[[], T]) -> T:
        """`make()` the first time `key` is asked for this deck; what it made, after."""
        if key in self._made:
            return cast(T, self._made[key])
        made = self._made[key] = make()
        return made
