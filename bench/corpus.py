"""How well deckjudge reads real decklists: the corpus of tests/corpus, measured.

    .venv/bin/python bench/corpus.py [--failures N] [--draft]

Prints the share of card lines that resolve to the printing their list meant, by source,
era and export form, then the lines that do not, with their cause.  `--draft` prints, as
JSON for tests/corpus/expected.json, the lines a tolerance resolved that have no intended
card written down yet, with what they resolved to: a draft to check by hand, never to
paste unread.  Reads the catalog at $DATABASE_URL (default: the SQLite file `make import`
fills).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.figures import record  # noqa: E402
from catalog.db import make_engine  # noqa: E402
from catalog.index import CatalogIndex, load_index  # noqa: E402
from tests.corpus import Outcome, lists, measure  # noqa: E402

DEFAULT_URL = f"sqlite:///{ROOT / 'instance' / 'deckjudge.sqlite3'}"


def rate(outcomes: list[Outcome]) -> str:
    good = sum(outcome.ok for outcome in outcomes)
    return f"{good:>5}/{len(outcomes):<5} {100 * good / len(outcomes):6.2f} %"


def table(title: str, outcomes: list[Outcome], key: Callable[[Outcome], str]) -> None:
    groups: dict[str, list[Outcome]] = defaultdict(list)
    for outcome in outcomes:
        groups[key(outcome)].append(outcome)
    print(f"\nby {title}:")
    for name in sorted(groups):
        print(f"  {name:<32} {rate(groups[name])}")


def draft(index: CatalogIndex, outcomes: list[Outcome]) -> None:
    rows = [{"at": outcome.where, "line": outcome.line.entry.text,
             "card": outcome.line.resolution.card.id if outcome.line.resolution.card else None,
             "why": "; ".join(outcome.line.resolution.notes)}
            for outcome in outcomes if outcome.cause.startswith("resolved by a tolerance")]
    print(json.dumps(rows, ensure_ascii=False, indent=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--failures", type=int, default=50, help="failing lines to show")
    parser.add_argument("--draft", action="store_true")
    args = parser.parse_args()
    engine = make_engine(os.environ.get("DATABASE_URL", DEFAULT_URL))
    index = load_index(engine)
    engine.dispose()
    items = list(lists())
    outcomes = measure(index, items)
    if args.draft:
        draft(index, outcomes)
        return
    print(f"decklist corpus: {len(items)} lists, {len(outcomes)} card lines; "
          f"resolved to the printing meant: {rate(outcomes)}")
    record("corpus.lists", len(items), "lists")
    record("corpus.lines", len(outcomes), "lines")
    record("corpus.resolved", 100 * sum(outcome.ok for outcome in outcomes) / len(outcomes), "%")
    table("source", outcomes, lambda outcome: outcome.list.source)
    table("era", outcomes, lambda outcome: outcome.list.era)
    table("export form", outcomes, lambda outcome: outcome.list.form)
    failing = [outcome for outcome in outcomes if not outcome.ok]
    print(f"\nlines not resolved to the printing meant ({len(failing)}):")
    for outcome in failing[:args.failures]:
        print(f"  {outcome.where}: {outcome.line.entry.text!r}: {outcome.cause}")
    if len(failing) > args.failures:
        print(f"  … {len(failing) - args.failures} more (--failures)")


if __name__ == "__main__":
    main()
