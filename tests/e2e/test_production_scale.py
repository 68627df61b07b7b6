"""Beyond one instance, on real parts: nginx over several gunicorn instances sharing one
PostgreSQL catalog, as docs/deploy.md sets them up on many machines.

- a re-import reaches every instance, with no restart;
- an instance killed under load loses no request: nginx sends it to another;
- a rolling restart (the stack's, or gunicorn's own HUP) under load answers every request.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests

from deploy.production import ready
from deploy.stack import NO_CLIENT_LIMITS
from tests.api.test_index_refresh import rename_card
from tests.e2e.test_two_instances import resolve
from tests.support.load import Load
from tests.support.paths import PROJECT_ROOT
from tests.support.servers import Production, children, production

pytestmark = pytest.mark.parametrize("backend", ["postgresql"], indirect=True)
# The loads here are one client going as fast as it can; per-client limits are
# tests/e2e/test_production_stack.py's subject, so NO_CLIENT_LIMITS lifts them here.


def upstreams_seen(log: Path, since: int = 0) -> set[str]:
    """The instances nginx sent requests to, from its access log (lines after `since`)."""
    seen = set()
    for line in log.read_text().splitlines()[since:]:
        if line.startswith("{") and '"upstream"' in line:
            seen.add(json.loads(line)["upstream"])
    return seen


def test_a_reimport_reaches_every_instance_behind_nginx(mini_db_url, mini_dir, tmp_path):
    log = tmp_path / "stack.log"
    deck = "1 Charizard BS 4\n1 Blaziken BS 4\n"
    with production(mini_db_url, log=log, CATALOG_CHECK_SECONDS="0.5") as stack:
        before = {resolve(stack.base, deck) for _ in range(8)}
        assert len(before) == 1 and next(iter(before))[1] == ("resolved", "unknown")
        lines = len(log.read_text().splitlines())
        rename_card(mini_dir, "base1-4", "Blaziken")
        subprocess.run([sys.executable, "-m", "flask", "--app", "app", "catalog", "import",
                        str(mini_dir)], cwd=PROJECT_ROOT, check=True, capture_output=True,
                       env={**os.environ, "DATABASE_URL": mini_db_url})
        time.sleep(0.6)  # one stamp-check interval
        after = {resolve(stack.base, deck) for _ in range(8)}
        time.sleep(0.2)
        answered_by = upstreams_seen(log, lines)
    assert answered_by == {f"unix:{stack.run_dir}/gunicorn-{n}.sock" for n in (1, 2)}
    assert len(after) == 1
    version, statuses = next(iter(after))
    assert version != next(iter(before))[0] and statuses == ("unknown", "resolved")


def instance_processes(stack: Production, number: int) -> list[int]:
    master = stack.instance_pid(number)
    return [master, *children(master)]


def wait_until(condition, within: float = 60) -> None:
    deadline = time.monotonic() + within
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.1)


def test_an_instance_killed_under_load_loses_no_request(full_db_url, tmp_path):
    log = tmp_path / "stack.log"  # kept for a failure's diagnosis
    with production(full_db_url, log=log, **NO_CLIENT_LIMITS) as stack, \
            Load(stack.base, 16) as load:
        load.wait_for(300)
        victims = instance_processes(stack, 1)
        for pid in victims:  # as a machine lost or an OOM kill: no warning, nothing drains
            os.kill(pid, signal.SIGKILL)
        answered = load.tally.answered
        load.wait_for(answered + 300)
        # The stack starts the lost instance again, and it serves.
        wait_until(lambda: _serving(stack, 1, victims[0]))
        load.stop()
    tally = load.tally
    assert tally.dropped == [] and tally.refused == 0, tally.dropped[:5]
    assert set(tally.statuses) == {200}, tally.statuses


def _serving(stack: Production, number: int, old_master: int) -> bool:
    try:
        master = stack.instance_pid(number)
    except (FileNotFoundError, ValueError):
        return False
    socket_path = stack.run_dir / f"gunicorn-{number}.sock"
    return master != old_master and ready(socket_path)


def test_a_rolling_restart_under_load_answers_every_request(full_db_url, tmp_path):
    log = tmp_path / "stack.log"
    with production(full_db_url, log=log, **NO_CLIENT_LIMITS) as stack, \
            Load(stack.base, 16) as load:
        load.wait_for(300)
        before = {n: stack.instance_pid(n) for n in (1, 2)}
        stack.process.send_signal(signal.SIGHUP)  # one instance at a time
        wait_until(lambda: "rolling restart done" in log.read_text(), within=120)
        answered = load.tally.answered
        load.wait_for(answered + 200)
        after = {n: stack.instance_pid(n) for n in (1, 2)}
        load.stop()
    assert all(after[n] != before[n] for n in (1, 2))  # both were replaced
    tally = load.tally
    assert tally.dropped == [] and tally.refused == 0, tally.dropped[:5]
    assert set(tally.statuses) == {200} and tally.answered > 600, tally.statuses


def test_gunicorns_own_reload_under_load_answers_every_request(full_db_url):
    with production(full_db_url, **NO_CLIENT_LIMITS) as stack, Load(stack.base, 16) as load:
        load.wait_for(300)
        master = stack.instance_pid(1)
        old_workers = set(children(master))
        os.kill(master, signal.SIGHUP)  # new workers start, the old ones finish and stop
        # The master stays; its pid file does not: gunicorn's reload removes it and writes it
        # again, so it is read before the signal and not while the workers change.
        wait_until(lambda: not old_workers & set(children(master)))
        answered = load.tally.answered
        load.wait_for(answered + 200)
        load.stop()
        assert requests.get(f"{stack.base}/readyz", timeout=10).status_code == 200
    tally = load.tally
    assert tally.dropped == [] and tally.refused == 0, tally.dropped[:5]
    assert set(tally.statuses) == {200}, tally.statuses
