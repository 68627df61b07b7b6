"""Every benchmark, one command (`make bench`): import, in-process, and under wrk.

    .venv/bin/python bench/run.py [--seconds 10] [--connections 8,32,64]

1. the full catalog import into a new SQLite file (and, with
   BENCH_POSTGRES_URL, into that PostgreSQL database), timed;
2. bench/micro.py: parse + resolve + check in process, and bench/hostile.py: reading lines
   built to make a backtracking matcher work hard, per KB, beside a normal deck;
3. bench/cache_memory.py: a worker's memory with every cache full;
4. bench/load.py: the real gunicorn under wrk;
5. bench/production.py: the production stack (nginx over gunicorn) beside plain gunicorn;
6. bench/page.py: the organizer's page, from a click to the answer on screen (Chromium);
7. bench/corpus.py: how many card lines of the real decklists in tests/corpus resolve to
   the printing their list meant, by source, era and export form.
Figures and method are recorded in docs/performance.md.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(os.environ.get("DECKJUDGE_SHARED_DATA", ROOT.parent / "shared" / "pokemon-tcg-data"))


def timed_import(url: str) -> float:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "flask", "--app", "app", "catalog", "import",
                    str(DATA)], cwd=ROOT, env={**os.environ, "DATABASE_URL": url}, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        seconds = timed_import(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
    print(f"full catalog import (SQLite, new file, migrations included): {seconds:.1f} s")
    if os.environ.get("BENCH_POSTGRES_URL"):
        seconds = timed_import(os.environ["BENCH_POSTGRES_URL"])
        print(f"full catalog import (PostgreSQL): {seconds:.1f} s")
    subprocess.run([sys.executable, str(ROOT / "bench" / "micro.py")], check=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "hostile.py")], check=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "cache_memory.py")], check=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "load.py"), *sys.argv[1:]], check=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "production.py")], check=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "page.py")], check=True)
    subprocess.run([sys.executable, str(ROOT / "bench" / "corpus.py")], check=True)


if __name__ == "__main__":
    main()
