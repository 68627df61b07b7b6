"""The real gunicorn under real load, while things go wrong.

- a bounded soak: 0 errors and no memory growth;
- SIGTERM under load: every request that reached the server is answered;
- a worker killed under load: only requests it held fail, and it is replaced;
- a catalog import killed under load: the old catalog keeps serving.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import requests

from tests.support.load import VALIDATE_ALL, VALIDATE_TEXT, Load
from tests.support.paths import PROJECT_ROOT
from tests.support.servers import children, gunicorn

SOAK_SECONDS = float(os.environ.get("DECKJUDGE_SOAK_SECONDS", "60"))


def pid_args(folder: Path) -> tuple[Path, dict[str, str]]:
    pidfile = folder / "gunicorn.pid"
    return pidfile, {"GUNICORN_CMD_ARGS": f"--pid {pidfile}"}


def workers_of(pidfile: Path) -> list[int]:
    return sorted(children(int(pidfile.read_text())))


def rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmRSS for {pid}")


def test_a_soak_has_no_errors_and_no_memory_growth(full_db_url, tmp_path):
    pidfile, env = pid_args(tmp_path)
    with gunicorn(full_db_url, **env) as base, Load(base, 32) as load:
        load.wait_for(500)  # past start-up: indexes built, pools and caches warm
        workers = workers_of(pidfile)
        start = {pid: rss_mib(pid) for pid in workers}
        time.sleep(SOAK_SECONDS)
        end = {pid: rss_mib(pid) for pid in workers}
        load.stop()
        assert workers_of(pidfile) == workers  # none died or was replaced
    tally = load.tally
    assert tally.failed == 0 and tally.refused == 0, (tally.statuses, tally.dropped[:5])
    assert set(tally.statuses) == {200} and tally.answered > 1000
    growth = {pid: end[pid] - start[pid] for pid in workers}
    print(f"soak {SOAK_SECONDS:.0f} s at 32 connections: {tally.answered} answers; "
          f"RSS MiB start {start}, end {end}")
    assert all(mib < 8 for mib in growth.values()), growth


def test_sigterm_under_load_finishes_every_request_in_flight(full_db_url, tmp_path):
    pidfile, env = pid_args(tmp_path)
    with gunicorn(full_db_url, **env) as base:
        # As fast as answered: the stop must meet requests in flight.
        with Load(base, 16, (VALIDATE_ALL, VALIDATE_TEXT), interval=0) as load:
            load.wait_for(200)
            os.kill(int(pidfile.read_text()), signal.SIGTERM)
            deadline = time.monotonic() + 30
            while load.tally.refused < 50 and time.monotonic() < deadline:
                time.sleep(0.05)  # until the server is gone and refuses connections
    tally = load.tally
    assert tally.refused >= 50, tally  # it did stop
    assert tally.dropped == [] and set(tally.statuses) == {200}, (tally.statuses,
                                                                  tally.dropped[:5])


def test_a_worker_killed_under_load_is_replaced_and_only_its_requests_fail(full_db_url,
                                                                          tmp_path):
    pidfile, env = pid_args(tmp_path)
    with gunicorn(full_db_url, **env) as base:
        with Load(base, 16) as load:
            load.wait_for(300)
            victim = workers_of(pidfile)[0]
            os.kill(victim, signal.SIGKILL)
            replaced = _wait_for_replacement(pidfile, victim)
            answered = load.tally.answered
            load.wait_for(answered + 300)  # and the service goes on
        assert requests.get(f"{base}/v1/cards/base1-4", timeout=10).status_code == 200
    tally = load.tally
    assert victim not in replaced and len(replaced) == 2
    # A killed worker takes the requests it held with it: at most one per connection of the
    # load; nothing else fails and nothing answers 5xx.
    assert len(tally.dropped) <= 16 and tally.refused == 0, tally.dropped
    assert set(tally.statuses) == {200}, tally.statuses


def _wait_for_replacement(pidfile: Path, victim: int) -> list[int]:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        workers = workers_of(pidfile)
        if victim not in workers and len(workers) == 2:
            return workers
        time.sleep(0.1)
    raise AssertionError("the killed worker was not replaced")


def test_an_import_killed_under_load_leaves_the_old_catalog_serving(mini_db_url, shared_data):
    with gunicorn(mini_db_url, CATALOG_CHECK_SECONDS="0") as base:
        before = requests.get(f"{base}/readyz", timeout=10).json()["catalog"]
        with Load(base, 8, (VALIDATE_TEXT,)) as load:
            load.wait_for(50)
            importer = subprocess.Popen(
                [sys.executable, "-m", "flask", "--app", "app", "catalog", "import",
                 str(shared_data)], cwd=PROJECT_ROOT, text=True, stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                env={**os.environ, "DATABASE_URL": mini_db_url, "PYTHONUNBUFFERED": "1"})
            with importer:
                assert importer.stderr is not None
                for line in importer.stderr:
                    if line.startswith("write "):
                        break  # the new catalog is half written
                else:
                    raise AssertionError(f"import never reached the write: {importer.wait()}")
                answered = load.tally.answered
                load.wait_for(answered + 20)  # served while the write is open
                importer.kill()
            load.wait_for(load.tally.answered + 50)
        after = requests.get(f"{base}/readyz", timeout=10).json()["catalog"]
    assert importer.returncode == -signal.SIGKILL
    assert after == before
    tally = load.tally
    assert tally.failed == 0 and set(tally.statuses) == {200}, (tally.statuses,
                                                                tally.dropped[:5])

