"""The export form of every printing, read in advance.

Most card lines clients send are written the way PTCG Live exports them, "NAME CODE NUMBER"
("Hoppip N1 61"), and JSON entries carry the same three fields. Where that form reads plainly
(no mark that another reading needs, the name as the reader tidies it, a code that names one
set, a number that holds one printing there), what the resolver would make of it is known
before any line comes: that one printing, by set and number, with no note. The map holds
those forms, so that a line never seen before costs a look-up rather than its readings and
the resolver (speed trick "export forms": docs/performance.md). A form outside the map is
read as any other line.

`tests/unit/test_exports.py` holds every key of the full catalog, as a line and as a JSON
entry, to the resolver's answer.
"""

from __future__ import annotations

from collections import defaultdict

from catalog.index import CatalogIndex, Printing
from decklist.card_lines import is_number, is_set_code, tidy_name
from decklist.parsed import InLanguage, Reference


def exports(index: CatalogIndex) -> dict[str, Printing]:
    """Each plain export form, as a text line's reference, to the one printing it names (a
    JSON entry of the same three fields is looked up by it: `export_form`). Built once per
    index (`CatalogIndex.table`); its size and build time on the full catalog are in
    docs/performance.md, *What a worker remembers*."""
    in_set: dict[str, list[Printing]] = defaultdict(list)
    for printing in index.printings.values():
        in_set[printing.set_id].append(printing)
    # A few thousand distinct numbers, each read once; the pattern of a number as printed
    # holds no dash, space or variant mark ("PH").
    numbers: dict[str, bool] = {}
    found: dict[str, Printing] = {}
    for code, set_ids in index.set_codes.items():
        if len(set_ids) != 1 or not _plain_code(index, code, set_ids[0]):
            continue
        bare = set_ids[0] in index.subset_prefixes
        for printing in in_set[set_ids[0]]:
            number = printing.number
            plain_number = numbers.get(number)
            if plain_number is None:
                plain_number = numbers[number] = is_number(number)
            if plain_number and _plain(index, printing, bare):
                found[f"{printing.name} {code} {number}"] = printing
    return found


def export_form(reference: Reference) -> str | None:
    """The export form a reference is looked up by: a text line's own; for a JSON entry of a
    name, a set code and a number alone, the line those three make, when they split back
    into the same three (its reading is then the entry itself); else None."""
    if isinstance(reference, str):
        return reference
    if isinstance(reference, InLanguage):  # the export form is read in English
        return None
    name, code, number = reference.name, reference.set_code, reference.number
    if (not name or not code or not number or reference.card_id or reference.variant
            or code.split() != [code] or number.split() != [number]
            or name.split() != name.split(" ")):
        return None
    return f"{name} {code} {number}"


def _plain_code(index: CatalogIndex, code: str, set_id: str) -> bool:
    """A code read as a set code, naming this set alone, and not an exporter's word for basic
    Energy (which the reader turns into part of the name)."""
    return ("-" not in code and is_set_code(code) and code.lower() != "energy"
            and index.sets_for_code(code) == (set_id,))


def _plain(index: CatalogIndex, printing: Printing, bare: bool) -> bool:
    """Whether a printing's name reads as nothing but itself: no dash or parenthesis (a card
    id, a set in parentheses, an exporter's tag), words split by single spaces, as tidy_name
    leaves it; and no other printing at its number (which would make the name decide)."""
    name = printing.name
    return ("-" not in name and ")" not in name and name != ""
            and name.split() == name.split(" ") and tidy_name(name) == name
            and index.at_number(printing.set_id, printing.number, bare) == (printing,))
