"""Real decklists for the benchmarks, built from the theme decks of the card data.

A theme deck lists card ids; it is written out as a player's export would be
(`4 Diglett BS 47`: count, name, set code, number) and as JSON entries.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from catalog.index import CatalogIndex
from validators.formats import get_format

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("DECKJUDGE_SHARED_DATA", ROOT.parent / "shared" / "pokemon-tcg-data"))
PARTNER_DECK = ROOT / "tests" / "fixtures" / "decklists" / "partner-charizard.txt"


@dataclass(frozen=True)
class Deck:
    name: str
    text: str  # an export, one `COUNT NAME CODE NUMBER` line a card
    entries: list[dict]  # the same deck as JSON entries

    @property
    def lines(self) -> int:
        return len(self.entries)


def modified_decks(index: CatalogIndex) -> list[Deck]:
    """The 60-card theme decks of the sets the Modified format lists by name."""
    pool = get_format("modified").pool
    decks = []
    for set_id in pool.sets:
        path = DATA / "decks" / "en" / f"{set_id}.json"
        if path.exists():
            decks += [_deck(index, raw) for raw in json.loads(path.read_bytes())
                      if sum(card["count"] for card in raw["cards"]) == 60]
    return decks


def partner_text() -> str:
    return PARTNER_DECK.read_text(encoding="utf-8")


def _deck(index: CatalogIndex, raw: dict) -> Deck:
    lines, entries = [], []
    for card in raw["cards"]:
        printing = index.card(card["id"])
        assert printing is not None, card["id"]
        code = index.sets[printing.set_id].ptcgo_code or printing.set_id
        lines.append(f"{card['count']} {printing.name} {code} {printing.number}")
        entries.append({"count": card["count"], "name": printing.name, "set": code,
                        "number": printing.number})
    return Deck(raw["name"], "\n".join(lines) + "\n", entries)


def sixty_lines(decks: list[Deck]) -> Deck:
    """A 60-card deck of 60 lines (one copy of 60 different printings) from `decks`."""
    seen: dict[str, dict] = {}
    for deck in decks:
        for line, entry in zip(deck.text.splitlines(), deck.entries, strict=True):
            reference = line.split(" ", 1)[1]
            seen.setdefault(reference, {**entry, "count": 1})
    chosen = list(seen.items())[:60]
    assert len(chosen) == 60, len(chosen)
    return Deck("60 lines", "".join(f"1 {reference}\n" for reference, _ in chosen),
                [entry for _, entry in chosen])
