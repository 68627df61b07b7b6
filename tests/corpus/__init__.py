"""The corpus of real decklists (README.md beside this file): loading and measuring.

Every list is kept as published.  `measure` reads and resolves each one as the service
does and says, line by line, whether it names the printing the player meant:

- a line resolved by its id, or by its set and number with its own name, names the
  printing it wrote;
- a line a tolerance resolved (basic Energy written the exporters' ways, symbols left out,
  names as players write them, a variant mark) must match `expected.json`, where each such
  line's intended card is written down;
- a line `expected.json` lists under `list_errors` is wrong in the list itself (a number
  that holds another card): it must stay unresolved, never resolve to a wrong card.

`bench/corpus.py` prints the figures; `tests/unit/test_corpus.py` holds them to the goal.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from catalog.index import CatalogIndex
from decklist.detect import parse
from decklist.languages import read_lines
from decklist.parsed import Decklist
from decklist.reference import readings_of
from decklist.resolver import RESOLVED, ResolvedLine

HERE = Path(__file__).resolve().parent
# What exporters write around a name that reading takes off (decklist.card_lines.tidy_name).
_TAGS = re.compile(r" - (?:ace ?spec|special|basic)\b|&\w+;|\[[A-Z]\]", re.IGNORECASE)
SOURCES = json.loads((HERE / "sources.json").read_text(encoding="utf-8"))
EXPECTED = json.loads((HERE / "expected.json").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class CorpusList:
    """One published decklist and what is known of it."""

    name: str  # its path under tests/corpus (and the entry's position for a JSON file)
    source: str  # a key of sources.json
    era: str
    form: str  # how it is written: ptcg-live, ptcgo, limitless, limitless-api, ligapokemon, …
    client_export: bool  # written by a client's or site's export button, untouched
    body: str | list[dict[str, Any]]  # text, or JSON entries


@dataclass(frozen=True)
class Outcome:
    """What one card line of the corpus resolved to, and whether that is what was meant."""

    list: CorpusList
    line: ResolvedLine
    ok: bool
    cause: str  # why not, when not ok

    @property
    def where(self) -> str:
        return f"{self.list.name}:{self.line.entry.line}"


def lists() -> Iterator[CorpusList]:
    """Every list of the corpus, in a stable order."""
    for key, source in SOURCES.items():
        for name, meta in source["lists"].items():
            path = HERE / name
            if path.suffix == ".json":
                yield from _json_lists(key, source, name, path)
            else:
                yield CorpusList(name, key, meta["era"], meta["form"],
                                 meta.get("client_export", False),
                                 path.read_text(encoding="utf-8"))


def _json_lists(key: str, source: dict[str, Any], name: str, path: Path) -> Iterator[CorpusList]:
    """A file of Limitless-style decklist objects ({"pokemon": [...], "trainer": [...]}),
    each read as JSON entries in its sections' order."""
    meta = source["lists"][name]
    for position, item in enumerate(json.loads(path.read_text(encoding="utf-8"))["decklists"],
                                    start=1):
        entries = [entry for section in ("pokemon", "trainer", "energy")
                   for entry in item["decklist"].get(section, [])]
        yield CorpusList(f"{name}#{position}", key, meta["era"], meta["form"], False, entries)


def parsed(item: CorpusList) -> Decklist:
    return parse(item.body)


def measure(index: CatalogIndex, items: list[CorpusList] | None = None) -> list[Outcome]:
    """Every card line of the corpus, judged against what its list meant."""
    intended = {entry["at"]: entry for entry in EXPECTED["tolerated"]}
    errors = {entry["at"]: entry for entry in EXPECTED["list_errors"]}
    outcomes = []
    for item in items if items is not None else list(lists()):
        for line in read_lines(index, parsed(item).entries)[0]:  # as the service reads it
            where = f"{item.name}:{line.entry.line}"
            outcomes.append(_judge(item, line, intended.get(where), errors.get(where)))
    return outcomes


def _judge(item: CorpusList, line: ResolvedLine, intended: dict[str, Any] | None,
           error: dict[str, Any] | None) -> Outcome:
    found = line.resolution
    card = found.card
    if error is not None:
        ok = found.status != RESOLVED or (card is not None and card.id == error.get("card"))
        return Outcome(item, line, False, f"the list's own error ({error['why']})"
                       if ok else f"a list error resolved to {card.id if card else None}")
    if card is None:
        return Outcome(item, line, False, f"{found.status}: {'; '.join(found.notes) or '-'}")
    tolerated = bool(found.notes) or _tidied(line)
    if intended is None:
        if tolerated:
            return Outcome(item, line, False, f"resolved by a tolerance to {card.id}, with no "
                           f"intended card written down ({'; '.join(found.notes)})")
        return Outcome(item, line, True, "")
    if _is(card.id, line, intended["card"]):
        return Outcome(item, line, True, "")
    return Outcome(item, line, False, f"resolved to {card.id}, meant {intended['card']}")


def _tidied(line: ResolvedLine) -> bool:
    """Whether reading the line took a mark off (" - ACESPEC", " PH") or spelled its name
    otherwise ("Fire Energy - Basic" as "Basic Fire Energy")."""
    marked = readings_of(line.entry.reference)[0].variant is not None
    return marked or bool(_TAGS.search(line.entry.text))


def _is(card_id: str, line: ResolvedLine, intended: str) -> bool:
    """`intended` is a card id, or `basic:<Type>`: any printing of that basic Energy."""
    if intended.startswith("basic:"):
        energy_type = intended.split(":", 1)[1]
        return all(p.is_basic_energy and p.title_key.endswith(f"{energy_type.lower()} energy")
                   for p in line.resolution.printings)
    return card_id == intended
