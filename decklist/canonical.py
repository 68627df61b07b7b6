"""A printing written as a decklist line names it, in a form that reads back to it alone,
and as a message names it.

The organizer's page writes a picked card this way, and `deckjudge fmt` every line:
`NAME CODE NUMBER` as exporters write it (PTCG Live), with the set code a decklist
names the set by; or, where that does not name this printing alone (a code such as
"PR" names several promo sets with a card at that number), `NAME CARD-ID`.
"""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from catalog.index import CatalogIndex, Printing
from decklist.detect import parse
from decklist.resolver import RESOLUTIONS, RESOLVED, resolution_of


def card_text(index: CatalogIndex, card_id: str, name: str, code: str, number: str) -> str:
    written = f"{name} {code} {number}"
    return written if reads_as(index, written, card_id) else f"{name} {card_id}"


def printing_text(index: CatalogIndex, printing: Printing) -> str:
    return card_text(index, printing.id, printing.name, set_code(index, printing.set_id),
                     printing.number)


def written(index: CatalogIndex, printing: Printing) -> str:
    """A printing as a message names it, the way players write it: its name, then its set's
    code (the one exporters write, else one a decklist names the set by) and its number
    ("Rare Candy (MEG 125)"); its id stays with the message's data."""
    code = index.sets[printing.set_id].ptcgo_code or set_code(index, printing.set_id)
    return f"{printing.name} ({code} {printing.number})"


def reads_as(index: CatalogIndex, written: str, card_id: str) -> bool:
    """Whether a decklist line naming `written` resolves to this printing alone."""
    entries = parse(f"1 {written}").entries
    if len(entries) != 1:
        return False
    resolution = index.caches.memo(resolution_of, RESOLUTIONS)(entries[0].reference)
    return (resolution.status == RESOLVED and len(resolution.printings) == 1
            and resolution.printings[0].id == card_id)


def set_code(index: CatalogIndex, set_id: str) -> str:
    """The code a decklist names the set by: one that reads back to this set first, or
    else its id (a line may name a set by its id)."""
    return index.caches.table(_set_codes)(set_id) if set_id else set_id


def _set_codes(index: CatalogIndex) -> Any:
    best: dict[str, str] = {}
    by_set: dict[str, list[str]] = defaultdict(list)
    for code, set_ids in index.set_codes.items():
        if set_ids:
            by_set[set_ids[0]].append(code)
    for set_id, codes in by_set.items():
        own = index.sets[set_id].ptcgo_code if set_id in index.sets else None
        best[set_id] = own if own and own.upper() in codes else min(codes,
                                                                     key=lambda c: (len(c), c))
    return lambda set_id: best.get(set_id, set_id)
