"""The cards' names in other languages, folded for the index (models.LocalName).

Each printing's names by language (TCGdex's, `cards.names`) become rows of a name's search
key, its language (a regional form read as its language: catalog.names.base_language) and
the English search key of the card so named; so do the names of each Japanese printing
linked to an international one (`japanese_cards.names`: Japanese, Korean, Chinese, Thai,
Indonesian), as names of the card it is linked to. A name folded as its card's English
name is left out: the English name finds it already. Each distinct name is folded once, here
rather than by every worker that loads the catalog
(speed trick "names folded at import": docs/performance.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from catalog.names import base_language, search_key


def local_name_rows(cards: Iterable[dict[str, Any]]) -> list[dict[str, str]]:
    """The rows of the printings' names in other languages."""
    return _rows((card["name"], card.get("names") or {}) for card in cards)


def japanese_name_rows(japanese: Iterable[dict[str, Any]],
                       english: dict[str, str]) -> list[dict[str, str]]:
    """The rows of the names of each Japanese printing linked to an international one
    (whose English name `english` gives by its id), as names of that card."""
    return _rows((english[row["linked_id"]], row["names"]) for row in japanese
                 if row["linked_id"] is not None)


def _rows(named: Iterable[tuple[str, dict[str, str]]]) -> list[dict[str, str]]:
    folded: dict[str, str] = {}

    def fold(name: str) -> str:
        if name not in folded:
            folded[name] = search_key(name)
        return folded[name]

    rows: dict[tuple[str, str, str], None] = {}
    for name, names in named:
        if not names:
            continue
        english = fold(name)
        for language, local in names.items():
            key = fold(local)
            if key != english:
                rows[key, base_language(language), english] = None
    return [{"key": key, "language": language, "english_key": english}
            for key, language, english in rows]
