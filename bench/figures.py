"""The figures a benchmark prints, also kept by name for bench/report.py.

Each benchmark prints its figures for people; `record` also appends one to the JSON-lines
file `$BENCH_FIGURES` names (bench/run.py sets it), from which bench/report.py writes the
figures of docs/performance.md. Without the variable nothing is kept.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

FIGURES_ENV = "BENCH_FIGURES"


def record(key: str, value: float, unit: str) -> None:
    """Keep one figure under a stable name (`micro.wide.median`), in its unit."""
    path = os.environ.get(FIGURES_ENV)
    if not path:
        return
    with Path(path).open("a", encoding="utf-8") as handle:
        handle.write(json.dumps({"key": key, "value": value, "unit": unit}) + "\n")
