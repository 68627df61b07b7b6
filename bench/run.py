"""Every benchmark, one command (`make bench`): import, in-process, and under wrk.

    .venv/bin/python bench/run.py [--seconds 10] [--connections 8,32,64]

1. the full catalog import of both sources into a new SQLite file (and, with
   BENCH_POSTGRES_URL, into that PostgreSQL database), timed, with its peak memory, and
   pokemon-tcg-data's alone beside it;
2. bench/micro.py: parse + resolve + check in process, and bench/hostile.py: reading lines
   built to make a backtracking matcher work hard, per KB, beside a normal deck;
3. bench/cache_memory.py: a worker's memory with every cache full, bench/answers.py:
   what answers weigh and what an unknown line costs, and bench/bulk.py: the bulk files'
   build, their sizes and a worker's memory while it builds them, and bench/rules.py: a
   rules reload and the change feed;
4. bench/load.py: the real gunicorn under wrk;
5. bench/production.py: the production stack (nginx over gunicorn) beside plain gunicorn;
6. bench/page.py: the organizer's page, from a click to the answer on screen (Chromium);
7. bench/corpus.py: how many card lines of the real decklists in tests/corpus resolve to
   the printing their list meant, by source, era and export form.

What they print is kept in bench/results/output.txt, and every figure by name in
bench/figures.json (bench/figures.py), from which bench/report.py then writes the figures
of docs/performance.md. `bench/run.py --apart SCRIPT…` runs the benchmarks named alone and
keeps their figures beside the last whole run's, said to be taken apart.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.figures import FIGURES_ENV, record  # noqa: E402

DATA = Path(os.environ.get("DECKJUDGE_SHARED_DATA", ROOT.parent / "shared" / "pokemon-tcg-data"))
TCGDEX = Path(os.environ.get("DECKJUDGE_TCGDEX_DATA", ROOT.parent / "shared" / "tcgdex" /
                             "cards-database-d9083b7.tar.gz"))
# What `make run` imports: both sources (catalog/importing/sources.py).
BOTH = f"pokemon-tcg-data={DATA},tcgdex={TCGDEX}"
FIGURES = ROOT / "bench" / "figures.json"
OUTPUT = ROOT / "bench" / "results" / "output.txt"


def timed_import(url: str, location: str = BOTH) -> tuple[float, float, float, str]:
    """Wall-clock and CPU seconds of a full import into `url`, the peak memory (MiB) of the
    largest child waited for so far (the import, when it is the largest yet), and what it
    printed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "flask", "--app", "app", "catalog", "import",
                           location], cwd=ROOT, env={**os.environ, "DATABASE_URL": url},
                          check=True, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu, after.ru_maxrss / 1024, done.stdout.strip()


def say(line: str, output: list[str]) -> None:
    print(line, flush=True)
    output.append(line)


def run(script: str, args: list[str], output: list[str]) -> None:
    """Run one benchmark, echoing what it prints and keeping it."""
    with subprocess.Popen([sys.executable, str(ROOT / "bench" / script), *args],
                          stdout=subprocess.PIPE, text=True) as child:
        assert child.stdout is not None
        for line in child.stdout:
            say(line.rstrip("\n"), output)
    if child.returncode:
        raise SystemExit(f"bench/{script} failed (exit status {child.returncode})")


def main() -> None:
    kept = Path(tempfile.mkstemp(suffix=".jsonl")[1])
    os.environ[FIGURES_ENV] = str(kept)
    try:
        if sys.argv[1:2] == ["--apart"]:
            run_apart(kept, sys.argv[2:])
        else:
            run_all(kept)
    finally:
        kept.unlink(missing_ok=True)


def run_apart(kept: Path, commands: list[str]) -> None:
    """Benchmarks run alone (`--apart bulk.py "load.py --only legality"`), their figures
    kept beside the whole run's in bench/figures.json under `apart`, with where they were
    taken; the next whole run replaces them all."""
    taken = machine()
    for command in commands:
        script, *args = command.split()
        run(script, args, [])
    figures = {figure["key"]: {"value": figure["value"], "unit": figure["unit"]}
               for figure in map(json.loads, kept.read_text().splitlines())}
    whole = json.loads(FIGURES.read_text())
    earlier = [{**run_, "keys": [key for key in run_["keys"] if key not in figures]}
               for run_ in whole.get("apart", [])]
    whole["apart"] = [*(run_ for run_ in earlier if run_["keys"]),
                      {"machine": taken, "benchmarks": commands, "keys": sorted(figures)}]
    whole["figures"] |= figures
    FIGURES.write_text(json.dumps(whole, ensure_ascii=False, indent=1) + "\n")
    subprocess.run([sys.executable, str(ROOT / "bench" / "report.py")])


def run_all(kept: Path) -> None:
    """Every benchmark, its figures kept in `kept` as they come, then written out."""
    output: list[str] = []
    taken = machine()
    with tempfile.TemporaryDirectory() as folder:
        # pokemon-tcg-data alone first: the peak of the children waited for is then its own,
        # and after the import of both (the larger), that one's.
        alone, _, alone_peak, said = timed_import(
            f"sqlite:///{Path(folder) / 'alone.sqlite3'}", str(DATA))
        say(f"pokemon-tcg-data alone from its directory (SQLite, new file): {alone:.1f} s, "
            f"peak {alone_peak:.0f} MiB ({said})", output)
        record("import.sqlite.ptcg_wall", alone, "s")
        record("import.sqlite.ptcg_peak_rss", alone_peak, "MiB")
        wall, cpu, peak, said = timed_import(f"sqlite:///{Path(folder) / 'bench.sqlite3'}")
        say(f"full catalog import of both sources (SQLite, new file, migrations included): "
            f"{wall:.1f} s, {cpu:.1f} s CPU, peak {peak:.0f} MiB ({said})", output)
        record("import.sqlite.wall", wall, "s")
        record("import.sqlite.cpu", cpu, "s")
        record("import.sqlite.peak_rss", peak, "MiB")
    if os.environ.get("BENCH_POSTGRES_URL"):
        wall, cpu, _, _ = timed_import(os.environ["BENCH_POSTGRES_URL"])
        say(f"full catalog import (PostgreSQL): {wall:.1f} s, {cpu:.1f} s CPU", output)
        record("import.postgresql.wall", wall, "s")
    run("micro.py", [], output)
    run("hostile.py", [], output)
    run("cache_memory.py", [], output)
    run("answers.py", [], output)
    run("bulk.py", [], output)
    run("rules.py", [], output)
    run("load.py", sys.argv[1:], output)
    run("production.py", [], output)
    run("page.py", [], output)
    run("corpus.py", [], output)
    figures = [json.loads(line) for line in kept.read_text().splitlines()]
    FIGURES.write_text(json.dumps({"machine": taken, "figures": {
        figure["key"]: {"value": figure["value"], "unit": figure["unit"]}
        for figure in figures}}, ensure_ascii=False, indent=1) + "\n")
    OUTPUT.parent.mkdir(exist_ok=True)
    OUTPUT.write_text("\n".join(output) + "\n")
    print(f"figures kept in {FIGURES.relative_to(ROOT)}, output in "
          f"{OUTPUT.relative_to(ROOT)}; docs/performance.md written from them")
    # Figures that other docs and comments cite, and that moved past their tolerance, are
    # named for the hand to fix (`make lint` fails until they are).
    subprocess.run([sys.executable, str(ROOT / "bench" / "report.py")])


def machine() -> dict[str, str | int | None]:
    """Where and on what the figures were taken."""
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, text=True,
                            capture_output=True).stdout.strip()
    return {"date": dt.date.today().isoformat(), "commit": commit or None,
            "cores": os.cpu_count(), "python": platform.python_version(),
            "gunicorn": metadata.version("gunicorn"),
            # The machine is shared: how busy it was when the run began.
            "load_average": " ".join(f"{load:.2f}" for load in os.getloadavg())}


if __name__ == "__main__":
    main()
