"""Requests built to make the answer large: many names that each stand for many printings."""

from __future__ import annotations

import json

from catalog.index import CatalogIndex

# How many names a crafted deck names, four copies each: a 60-card list.
CRAFTED_NAMES = 60


def most_reprinted_names(index: CatalogIndex, count: int = CRAFTED_NAMES) -> list[str]:
    """The names of the catalog that stand for the most printings, most first."""
    ranked = sorted((-len(printings), printings[0].name)
                     for printings in index.by_name.values() if printings)
    return [name for _, name in ranked[:count]]


def crafted_stream(index: CatalogIndex, decks: int) -> bytes:
    """A stream of `decks` decks, each four of every one of the most reprinted names, checked
    in every format with the verdict alone: each name is a line with many candidates."""
    deck = "".join(f"4 {name}\n" for name in most_reprinted_names(index))
    return "".join(json.dumps({"id": str(n), "format": "all", "detail": "verdict",
                               "deck": deck}) + "\n" for n in range(decks)).encode()
