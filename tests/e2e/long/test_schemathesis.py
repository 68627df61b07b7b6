"""The contract, fuzzed: schemathesis runs every built-in check against the real gunicorn.

It generates requests from openapi.yaml (valid ones, and ones the spec says
must be refused), sends them, and checks each answer: no 5xx, the status and
body the spec declares, valid input accepted, invalid input refused, and the
links between operations. 0 failures is the bar.

A fixed seed keeps CI reproducible; `make contract-fuzz` runs longer with a
fresh seed (DECKJUDGE_FUZZ_EXAMPLES, DECKJUDGE_FUZZ_SEED=random). `make test` runs the
coverage phase (the schema's boundary values, a minute on PostgreSQL) on SQLite only
(DECKJUDGE_FUZZ_COVERAGE=sqlite): its cases are the contract's, whatever the database;
`make test-long` runs every phase on both.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import requests

from tests.support.servers import gunicorn

ROOT = Path(__file__).resolve().parents[3]
SCHEMATHESIS = Path(sys.executable).parent / "schemathesis"
HOOKS = "tests.support.schemathesis_hooks"  # a serializer for the stream's NDJSON body


PHASES = ("examples", "coverage", "fuzzing", "stateful")


def test_schemathesis_finds_no_failure(full_db_url, backend, tmp_path):
    examples = os.environ.get("DECKJUDGE_FUZZ_EXAMPLES", "50")
    seed = os.environ.get("DECKJUDGE_FUZZ_SEED", "1")
    coverage_on = os.environ.get("DECKJUDGE_FUZZ_COVERAGE", backend)
    phases = [phase for phase in PHASES if phase != "coverage" or coverage_on == backend]
    with gunicorn(full_db_url, log=tmp_path / "server.log") as base:
        # The bulk files are built the first time an instance is asked for them on a day (6 s
        # of CPU, more on a busy machine: api/bulk_files.py), holding a thread meanwhile: built
        # before the fuzz, whose 10 s a request then measures answers, not that build.
        requests.get(f"{base}/v1/bulk", timeout=600).raise_for_status()
        run = subprocess.run(
            [str(SCHEMATHESIS), "run", str(ROOT / "openapi.yaml"), "--url", base,
             "--checks", "all", "--max-examples", examples, "--generation-database", "none",
             "--phases", ",".join(phases),
             "--no-color", *([] if seed == "random" else ["--seed", seed])],
            cwd=ROOT, capture_output=True, text=True, timeout=1200, check=False,
            env={**os.environ, "SCHEMATHESIS_HOOKS": HOOKS})
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-6000:]
    # every operation in the spec was selected and tested, so 0 failures means something
    selected = re.search(r"(\d+) selected / (\d+) total", report)
    tested = re.search(r"Tested:\s+(\d+)", report)
    assert selected and tested, report[-3000:]
    assert selected[1] == selected[2] == tested[1] and int(tested[1]) >= 15
    server_log = (tmp_path / "server.log").read_text()
    assert "Traceback" not in server_log, server_log[-4000:]
