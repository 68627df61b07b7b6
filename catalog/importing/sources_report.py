"""Where the two sources of a merged catalog disagree, the side the catalog takes, and why.

`flask catalog sources-report` prints it: the rule of each field (catalog/importing/
deciding.py), how many printings or sets the sources give differently on each and how many
of them took each source's value, then each field's decision (the record, the value kept and
its source, the value not taken, why); the values read otherwise than a source spells them
(a regulation mark "None" or "j"); and the TCGdex printings the catalog leaves out, by why.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Iterator

from catalog.importing.deciding import FIELDS, PTCG, RULES, TCGDEX, Decision, Reading
from catalog.importing.merging import Merged

RULE = ("the value consistent with the rest of its card is kept; where both sources' are "
        "(or neither is), pokemon-tcg-data's; a printing keeps pokemon-tcg-data's id, number "
        "and name (docs/catalog-sources.md)")


def chosen(merged: Merged, fields: Collection[str] = ()) -> list[Decision]:
    """The decisions on `fields` (all when none is named), by field and record, each once
    (two TCGdex sets may be one of the catalog's: Unseen Forces and its Unown)."""
    order = {field: place for place, field in enumerate(FIELDS)}
    return sorted({d for d in merged.decisions() if not fields or d.field in fields},
                  key=lambda d: (order[d.field], d.record))


def render(source: str, merged: Merged, readings: list[Reading],
           fields: Collection[str] = ()) -> Iterator[str]:
    """The report as lines of text: the rules and counts, then every decision and reading."""
    found = chosen(merged, fields)
    read = [item for item in readings if not fields or item.field in fields]
    yield f"sources: {source}"
    yield f"rule: {RULE}"
    yield "disagreements, by field: how many, and how many took each source's value:"
    by_field = Counter(d.field for d in found)
    won = Counter((d.field, d.kept_from) for d in found)
    for field in FIELDS:
        if field in by_field:
            yield (f"  {field:<16} {by_field[field]:>6}   {PTCG} {won[field, PTCG]}, "
                   f"{TCGDEX} {won[field, TCGDEX]}")
    sides = Counter(d.kept_from for d in found)
    yield f"  {'all':<16} {len(found):>6}   {PTCG} {sides[PTCG]}, {TCGDEX} {sides[TCGDEX]}"
    yield "rules, by field:"
    for field in FIELDS:
        if not fields or field in fields:
            yield f"  {field:<16} {RULES[field]}"
    yield "read otherwise than spelled:"
    for (field, spelled, value), count in sorted(
            Counter((r.field, r.spelled, r.read) for r in read).items()):
        yield f"  {field:<16} {spelled!r} read as {value or 'none'!s}: {count}"
    yield "TCGdex printings left out:"
    for why, count in sorted(merged.left_out.items()):
        yield f"  {why:<16} {count}"
    for item in found:
        yield (f"{item.record}  {item.field}  kept ({item.kept_from}): {item.kept!r}  "
               f"not taken ({item.other_from}): {item.other!r}  why: {item.why}")
    for reading in read:
        yield (f"{reading.record}  {reading.field}  read: {reading.read or 'none'}  "
               f"spelled ({reading.source}): {reading.spelled!r}  why: {reading.why}")


def render_json(source: str, merged: Merged, readings: list[Reading],
                fields: Collection[str] = ()) -> Iterator[str]:
    """The decisions, then the readings, as JSON lines, one object each."""
    for item in chosen(merged, fields):
        yield json.dumps({"record": item.record, "field": item.field, "kept": item.kept,
                          "kept_from": item.kept_from, "other": item.other,
                          "other_from": item.other_from, "why": item.why}, ensure_ascii=False)
    for reading in readings:
        if not fields or reading.field in fields:
            yield json.dumps({"record": reading.record, "field": reading.field,
                              "read": reading.read, "spelled": reading.spelled,
                              "source": reading.source, "why": reading.why},
                             ensure_ascii=False)
