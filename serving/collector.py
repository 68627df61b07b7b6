"""The garbage collector as a worker runs it: what was built before the fork hidden from it,
and the youngest objects collected less often than Python's default.

A worker holds the catalog index (about a million objects) and answers requests that each
make thousands of short-lived ones. Frozen (gc.freeze), the index is never walked, so no
collection writes to the pages a worker shares with the master. Collected every 10,000
allocations rather than 700, most of a request's objects die before a collection walks
them, and a request costs less CPU (speed trick "rarer young collections":
docs/performance.md, measured with bench/micro.py's decks in process). gunicorn_conf.py
settles it in the master before the fork, and bench/micro.py as the worker has it.
"""

from __future__ import annotations

import gc

# Allocations between two collections of the youngest objects (Python's default: 700).
YOUNG_OBJECTS = 10_000


def settle() -> None:
    """Hide every object made so far from the collector, and collect the youngest every
    YOUNG_OBJECTS allocations; a forked worker inherits both."""
    gc.freeze()
    gc.set_threshold(YOUNG_OBJECTS)
