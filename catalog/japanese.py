"""Japan's printings as the index holds them: read where a line names one, never before.

A worker holds Japan's printings (models.JapaneseCard) as two strings the database joins
(catalog.index.load_index), each sorted, found in by bisection, as a list's names in other
languages are (speed trick "Japan's printings found in place": docs/performance.md):

- `japanese_lines`, one line a printing, in ASCII: its set, its number's sort key, its
  number as printed, its link (`L`, `N`, `A`) and what it links to (the international
  printing's id, or an ambiguous printing's candidates as a JSON list);
- `japanese_details`, one line a printing not linked: what judging it needs (its names,
  kinds, HP, Types, regulation mark, gameplay key and limits), in the order of
  `_DETAILS`.

An English list never reads either. A line naming a Japanese set and number finds its
printing (`at`): the international printing it is linked to, the candidates of an
ambiguous one, or, not linked, a `Printing` of its own, made when first read and kept
with the index's caches.
"""

from __future__ import annotations

import array
import bisect
import dataclasses
import json
import sys
from typing import NamedTuple, Protocol

from catalog.identity import title_key
from catalog.models import AMBIGUOUS, LINKED, NOT_LINKED
from catalog.names import search_key
from catalog.numbers import number_sort_key
from catalog.printings import Printing, SetInfo
from runtime.caches import Spec, plain_bytes
from runtime.catalog_caches import CatalogCaches

PREFIX = "ja-"  # before a Japanese set's code, in its catalog id ("ja-m5")
# A link as a line of `japanese_lines` writes it.
LINKS = {LINKED: "L", NOT_LINKED: "N", AMBIGUOUS: "A"}
_READ = {letter: link for link, letter in LINKS.items()}
# The columns a line of `japanese_details` holds after its set and number's sort key.
DETAILS = ("name", "english_name", "supertype", "subtypes", "hp", "types",
           "regulation_mark", "rarity", "function_key", "is_basic_energy", "limit_group",
           "limit_scope", "limit_max", "limit_text")


class CatalogIndex(Protocol):
    """What of catalog.index.CatalogIndex this module reads (the index reads this module
    where a line names a Japanese printing, so it names the index by its parts)."""

    @property
    def sets(self) -> dict[str, SetInfo]: ...
    @property
    def printings(self) -> dict[str, Printing]: ...
    @property
    def caches(self) -> CatalogCaches: ...
    @property
    def japanese_lines(self) -> str: ...
    @property
    def japanese_details(self) -> str: ...


class JapanesePrinting(NamedTuple):
    """A printing of a Japanese set, as a line naming it reads it."""

    set_id: str
    number: str  # as printed ("078")
    link: str  # models.LINKED, NOT_LINKED or AMBIGUOUS
    # The international printing it is linked to; an ambiguous one's candidates; or,
    # not linked, its own printing.
    printings: tuple[Printing, ...]

    @property
    def linked(self) -> bool:
        return self.link == LINKED


def at(index: CatalogIndex, set_id: str, number: str) -> JapanesePrinting | None:
    """The printing at a number of a Japanese set, however the number is padded."""
    prefix = f"{set_id}\t{number_sort_key(number)}\t"
    lines = index.japanese_lines
    found = _find(lines, index.caches.table(_line_starts), prefix)
    if found is None:
        return None
    end = lines.find("\n", found)
    printed, letter, linked = lines[found:end if end != -1 else len(lines)].split("\t")[2:5]
    link = _READ[letter]
    if link == NOT_LINKED:
        own = index.caches.memo(_own, OWN_PRINTINGS)(set_id, number_sort_key(number), printed)
        return JapanesePrinting(set_id, printed, link, (own,) if own is not None else ())
    ids = json.loads(linked) if linked.startswith("[") else [linked] if linked else []
    found_ids = (index.printings.get(card_id) for card_id in ids)
    return JapanesePrinting(set_id, printed, link, tuple(p for p in found_ids if p is not None))


def by_id(index: CatalogIndex, card_id: str) -> JapanesePrinting | None:
    """A Japanese printing by its catalog id ("ja-m5-78")."""
    set_id, _, number = card_id.lower().rpartition("-")
    info = index.sets.get(set_id)
    return at(index, set_id, number) if info is not None and info.japanese else None


def named(index: CatalogIndex, key: str) -> tuple[Printing, ...]:
    """The printings not linked whose Japanese or English name has this search key."""
    own = index.caches.memo(_own, OWN_PRINTINGS)
    found = (own(set_id, sort, number)
             for set_id, sort, number in index.caches.table(_names).get(key, ()))
    return tuple(printing for printing in found if printing is not None)


def newest_set(index: CatalogIndex) -> str | None:
    """The id of Japan's set of the latest release day."""
    dated = [info for info in index.sets.values() if info.japanese and info.release_date]
    return max(dated, key=lambda info: (info.release_date, info.order)).id if dated else None


def _find(lines: str, starts: array.array[int], prefix: str) -> int | None:
    """Where the line that starts with `prefix` starts, by bisection."""
    at_line = bisect.bisect_left(starts, prefix,
                                 key=lambda start: lines[start:start + len(prefix)])
    if at_line < len(starts) and lines.startswith(prefix, starts[at_line]):
        return starts[at_line]
    return None


def line_starts(lines: str) -> array.array[int]:
    """Where each line of a joined string starts: 4 bytes a line, for its bisection."""
    starts = array.array("I", [0] if lines else [])
    at_char = lines.find("\n")
    while at_char != -1:
        starts.append(at_char + 1)
        at_char = lines.find("\n", at_char + 1)
    return starts


def _line_starts(index: CatalogIndex) -> array.array[int]:
    return line_starts(index.japanese_lines)


def _detail_starts(index: CatalogIndex) -> array.array[int]:
    return line_starts(index.japanese_details)


def keys_of(index: CatalogIndex, printing: Printing) -> frozenset[str]:
    """The search keys of a printing not linked's names: Japan's, and its card's English
    name where it has one."""
    values = _details(index, printing.set_id, number_sort_key(printing.number))
    return frozenset(search_key(values[name]) for name in ("name", "english_name")
                     if values and values[name])


def _details(index: CatalogIndex, set_id: str, sort: str) -> dict[str, str] | None:
    """The details of a printing not linked, by its set and its number's sort key."""
    lines = index.japanese_details
    found = _find(lines, index.caches.table(_detail_starts), f"{set_id}\t{sort}\t")
    if found is None:
        return None
    end = lines.find("\n", found)
    return dict(zip(DETAILS, lines[found:end if end != -1 else len(lines)].split("\t")[2:],
                    strict=True))


def _own(index: CatalogIndex, set_id: str, sort: str, number: str) -> Printing | None:
    """The printing of its own of a Japanese printing not linked, made from its details."""
    values = _details(index, set_id, sort)
    return _printing(index, set_id, number, values) if values is not None else None


def _own_bytes(key: tuple[str, str, str], printing: Printing | None) -> int:
    """What a printing of its own holds: made here, it shares nothing with the catalog."""
    if printing is None:
        return plain_bytes(key)
    return plain_bytes(key) + sys.getsizeof(printing) + sum(
        plain_bytes(getattr(printing, each.name)) for each in _PRINTING_FIELDS)


_PRINTING_FIELDS = dataclasses.fields(Printing)
# A line's reference alone decides it, as it does the line's Resolution (decklist.resolver).
OWN_PRINTINGS = Spec("resolutions", _own_bytes)


def _printing(index: CatalogIndex, set_id: str, number: str,
              values: dict[str, str]) -> Printing:
    name = values["english_name"] or values["name"]
    kinds = tuple(sys.intern(kind) for kind in json.loads(values["subtypes"] or "[]"))
    types = tuple(sys.intern(kind) for kind in json.loads(values["types"] or "[]"))
    basic = values["is_basic_energy"] == "1"
    unpadded = str(int(number)) if number.isdecimal() else number
    return Printing(
        id=f"{set_id}-{unpadded}", set_id=index.sets[set_id].id, number=number, name=name,
        supertype=values["supertype"], subtypes=kinds, title_key=title_key(name),
        search_key=search_key(name), function_key=values["function_key"],
        text_fingerprint=values["function_key"], is_basic_energy=basic,
        type_identity=types, copies_unlimited=basic,
        limit_group=values["limit_group"] or None, limit_scope=values["limit_scope"] or None,
        limit_max=int(values["limit_max"]) if values["limit_max"] else None,
        limit_text=values["limit_text"] or None, play_together=None,
        has_full_layout=bool(values["hp"] and types),
        regulation_mark=values["regulation_mark"] or None, types=types,
        hp=int(values["hp"]) if values["hp"] else None, rarity=values["rarity"] or None)


def _names(index: CatalogIndex) -> dict[str, tuple[tuple[str, str, str], ...]]:
    """The printings not linked by the search keys of their Japanese and English names
    (built when a name is first sought among them)."""
    found: dict[str, list[tuple[str, str, str]]] = {}
    numbers = _printed_numbers(index.japanese_lines)
    for line in index.japanese_details.splitlines():
        set_id, sort, name, english = line.split("\t", 4)[:4]
        for key in dict.fromkeys(search_key(each) for each in (name, english) if each):
            found.setdefault(key, []).append((set_id, sort, numbers[set_id, sort]))
    return {key: tuple(places) for key, places in found.items()}


def _printed_numbers(lines: str) -> dict[tuple[str, str], str]:
    return {(set_id, sort): number for set_id, sort, number in
            (line.split("\t", 3)[:3] for line in lines.splitlines())}
