"""The bulk files' build: its time, the files' sizes and a worker's memory while it builds.

    .venv/bin/python bench/bulk.py

Loads the index as a worker does, then asks GET /v1/bulk through the Flask app with an empty
BULK_DIR, so the first answer builds every file (api/bulk_files.py), and times it (wall
clock and the process's CPU). Prints each file's size and items, the resident set size with
the index loaded, and its peak during the build (VmHWM, reset first through
/proc/self/clear_refs). A benchmark prints figures; it asserts nothing.
"""

from __future__ import annotations

import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from api.middleware import store  # noqa: E402
from app import create_app  # noqa: E402
from bench.figures import record  # noqa: E402
from bench.proc import status_mib  # noqa: E402

MIB = 1024 * 1024


def cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_SELF)
    return used.ru_utime + used.ru_stime


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app()
        app.config["BULK_DIR"] = folder
        with app.app_context():
            index = store.index()
        client = app.test_client()
        assert client.get("/healthz").status_code == 200
        loaded = status_mib("self", "VmRSS")
        # "5" resets the peak (VmHWM) to the resident set now: the peak then is the build's.
        Path("/proc/self/clear_refs").write_text("5")
        started, cpu_before = time.perf_counter(), cpu()
        answer = client.get("/v1/bulk")
        wall, spent = time.perf_counter() - started, cpu() - cpu_before
        assert answer.status_code == 200, answer.get_data(as_text=True)
        peak = status_mib("self", "VmHWM")
        listed = answer.get_json()
    print(f"bulk files of {len(index.printings):,} printings built in {wall:.1f} s "
          f"({spent:.1f} s CPU); a worker with its index loaded {loaded:.0f} MiB, "
          f"its peak while building {peak:.0f} MiB (+{peak - loaded:.0f} MiB)")
    record("bulk.build_seconds", wall, "s")
    record("bulk.build_cpu", spent, "s")
    record("bulk.rss_loaded", loaded, "MiB")
    record("bulk.build_peak", peak, "MiB")
    for item in listed["items"]:
        print(f"  {item['name']:<22} {item['size'] / MIB:>7.2f} MiB, {item['items']:,} "
              f"items")
        record(f"bulk.size.{item['kind']}", item["size"] / MIB, "MiB")
        record(f"bulk.items.{item['kind']}", item["items"], "items")


if __name__ == "__main__":
    main()
