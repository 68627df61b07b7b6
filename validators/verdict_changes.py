"""Whether a deck's verdicts differ between two days, and the dated changes between them
that concern it: what a request's `changed_since` answers (api.judgements).

A verdict is the same on both days when, format by format, the deck is legal on both or
not legal on both with the same codes of violation: the messages' words and the days they
name are not compared (a "not yet legal until …" reads the same on both days when its code
does). A format judged on one day and not played on the other differs.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable

from catalog.index import CatalogIndex
from validators.changes import Change
from validators.judging import DeckJudgement

# A format's verdict as compared: legal, and the codes of its violations.
Compared = tuple[bool, frozenset[str]]


def compared(judged: DeckJudgement | None) -> dict[str, Compared]:
    """Each format's verdict, as two days' are compared (None: no format judged)."""
    if judged is None:
        return {}
    return {target.format.id: (verdict.legal,
                               frozenset(violation.code for violation in verdict.violations))
            for target, verdict in judged.verdicts}


def differing(before: dict[str, Compared], now: dict[str, Compared]) -> tuple[str, ...]:
    """The formats whose verdict differs between the two days: those judged now in their
    order, then those judged before alone."""
    return tuple(format_id for format_id in dict.fromkeys([*now, *before])
                 if before.get(format_id) != now.get(format_id))


def concerning(every: Iterable[Change], index: CatalogIndex, judged: DeckJudgement,
               formats: tuple[str, ...], since: dt.date, until: dt.date) -> list[Change]:
    """The changes in force after `since` and by `until` to one of `formats` that concern
    the deck: a change of the format's rules, or of a card or set one of its lines names."""
    keys, sets = _named(judged)
    found = []
    for change in every:
        if change.format not in formats or not since < change.effective <= until:
            continue
        if not change.cards and not change.sets:  # the format's own rules, every deck's
            found.append(change)
        elif any(card.function_key in keys for card_id in change.cards
                 if (card := index.card(card_id)) is not None) or sets.intersection(
                     change.sets):
            found.append(change)
    return found


def _named(judged: DeckJudgement) -> tuple[set[str], set[str]]:
    """The cards (gameplay identities) and sets the deck's lines may name."""
    keys: set[str] = set()
    sets: set[str] = set()
    for line in judged.deck.lines:
        for printing in line.resolution.printings:
            keys.add(printing.function_key)
            sets.add(printing.set_id)
    return keys, sets
