"""The rules as data: a rules reload's time and a worker's memory during it, and the change
feed's page.

    .venv/bin/python bench/rules.py

On a copy of the catalog DATABASE_URL names (default: the embedded SQLite file), which it
writes a rules bundle into: an app loads its index as a worker does, then `flask formats
update` writes the shipped bundle with one more ban, and the next request finds the new
stamp and loads the index and the rules anew (catalog.index_holder). Times that request
(wall clock, lowest of three reloads) and the resident set's peak while it runs (VmHWM,
reset first through /proc/self/clear_refs); then GET /v1/changes, a page of 100 and every
change at once, warm (the feed is a table of the index). A benchmark prints figures; it
asserts nothing.
"""

from __future__ import annotations

import json
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from sqlalchemy.engine import make_url  # noqa: E402

from app import create_app  # noqa: E402
from bench.figures import record  # noqa: E402
from bench.proc import status_mib  # noqa: E402
from validators.formats import FORMATS_DIR, ORDER  # noqa: E402
from validators.formats.bundle import file_names  # noqa: E402

DECK = "4 Ultra Ball SVI 196\n56 Fighting Energy SVE 6\n"
# Bans of Evolving Skies cards written one after another, a new bundle each reload.
BANNED = ["swsh7-83", "swsh7-1", "swsh7-2"]


def _bundle(folder: Path, banned: list[str]) -> Path:
    """The shipped bundle with `banned` added to Expanded's ban list."""
    folder.mkdir()
    for name in file_names(ORDER):
        shutil.copy(FORMATS_DIR / name, folder)
    path = folder / "expanded.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    data["banned"] += [{"card": card, "effective": "2026-05-01",
                        "announcement": {"title": "A ban written by the benchmark",
                                         "date": "2026-04-20", "url": "https://example.org"}}
                       for card in banned]
    path.write_text(json.dumps(data), encoding="utf-8")
    return folder


def _timed(call, times: int) -> list[float]:
    found = []
    for _ in range(times):
        started = time.perf_counter()
        call()
        found.append(time.perf_counter() - started)
    return found


def main() -> None:
    source = make_url(create_app().config["DATABASE_URL"]).database
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "catalog.sqlite3"
        shutil.copy(str(source), copy)
        app = create_app({"DATABASE_URL": f"sqlite:///{copy}", "CATALOG_CHECK_SECONDS": 0,
                          "REQUEST_DEADLINE_SECONDS": None})
        client = app.test_client()
        runner = app.test_cli_runner()

        def judged() -> None:
            answer = client.post("/v1/validate?format=expanded&detail=verdict", data=DECK,
                                 content_type="text/plain")
            assert answer.status_code == 200, answer.get_data(as_text=True)

        judged()
        loaded = status_mib("self", "VmRSS")
        reloads, peaks = [], []
        for at in range(len(BANNED)):
            done = runner.invoke(args=["formats", "update",
                                       str(_bundle(Path(folder) / f"rules-{at}",
                                                   BANNED[:at + 1]))])
            assert done.exit_code == 0, done.output
            Path("/proc/self/clear_refs").write_text("5")  # the peak from now on
            reloads += _timed(judged, 1)
            peaks.append(status_mib("self", "VmHWM"))
        warm = statistics.median(_timed(judged, 50))
        page = statistics.median(_timed(lambda: client.get("/v1/changes?per_page=100"), 50))
        every = client.get("/v1/changes?per_page=500").get_json()
        feed = statistics.median(_timed(lambda: client.get("/v1/changes.atom"), 20))
    reload = min(reloads)
    print(f"rules reload (a ban written, the next request loads index and rules anew), "
          f"lowest of {len(reloads)}: {reload:.2f} s, against {warm * 1e3:.2f} ms a request "
          f"after; a worker {loaded:.0f} MiB before, its peak during a reload "
          f"{max(peaks):.0f} MiB (+{max(peaks) - loaded:.0f} MiB)")
    print(f"change feed: a page of 100 {page * 1e3:.2f} ms (median of 50), "
          f"{every['total']:,} changes in all; the Atom feed {feed * 1e3:.2f} ms")
    record("rules.reload_seconds", reload, "s")
    record("rules.rss_loaded", loaded, "MiB")
    record("rules.reload_peak", max(peaks), "MiB")
    record("rules.changes_page_ms", page * 1e3, "ms")
    record("rules.changes_total", every["total"], "changes")
    record("rules.changes_atom_ms", feed * 1e3, "ms")


if __name__ == "__main__":
    main()
