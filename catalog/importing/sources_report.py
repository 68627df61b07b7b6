"""Where the two sources of a merged catalog disagree, and the side the catalog takes.

`flask catalog sources-report` prints it: each field both sources give for a printing or a
set and give differently (catalog/importing/merging.py), with pokemon-tcg-data's value, which
the catalog keeps, beside TCGdex's; and the TCGdex printings the catalog leaves out, by why.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Collection, Iterator

from catalog.importing.merging import Disagreement, Merged

RULE = ("a printing or set both sources have keeps pokemon-tcg-data's value of every field; "
        "TCGdex adds the sets and printings pokemon-tcg-data lacks (docs/catalog-sources.md)")


def chosen(merged: Merged, fields: Collection[str] = ()) -> list[Disagreement]:
    """The disagreements on `fields` (all when none is named), by field and record, each
    once (two TCGdex sets may be one of the catalog's: Unseen Forces and its Unown)."""
    return sorted({d for d in merged.disagreements() if not fields or d.field in fields},
                  key=lambda d: (d.field, d.record))


def render(source: str, merged: Merged, fields: Collection[str] = ()) -> Iterator[str]:
    """The report as lines of text: the counts, then every disagreement."""
    found = chosen(merged, fields)
    yield f"sources: {source}"
    yield f"rule: {RULE}"
    yield "disagreements:"
    for field, count in sorted(Counter(d.field for d in found).items()):
        yield f"  {field:<16} {count}"
    yield "TCGdex printings left out:"
    for why, count in sorted(merged.left_out.items()):
        yield f"  {why:<16} {count}"
    for item in found:
        yield (f"{item.record}  {item.field}  kept (pokemon-tcg-data): {item.kept!r}  "
               f"TCGdex: {item.other!r}")


def render_json(source: str, merged: Merged, fields: Collection[str] = ()) -> Iterator[str]:
    """The disagreements as JSON lines, one object each."""
    for item in chosen(merged, fields):
        yield json.dumps({"record": item.record, "field": item.field, "kept": item.kept,
                          "kept_from": "pokemon-tcg-data", "other": item.other,
                          "other_from": "tcgdex"}, ensure_ascii=False)
