"""The production stack (nginx over gunicorn, `make production`) beside plain gunicorn.

    .venv/bin/python bench/production.py [--seconds 10] [--connections 32]

Same machine, same catalog (the embedded SQLite file), same wrk scenarios as
bench/load.py: GET /healthz and validate text. Plain gunicorn runs a worker a core;
the stack runs one instance with the same workers, behind nginx with its per-client
limits lifted (wrk is one client). Prints req/s, p50 and p99 for each.
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from load import (  # noqa: E402
    ROOT,
    free_port,
    keep,
    run_wrk,
    scenarios,
    start_gunicorn,
    wait_ready,
)

from deploy.stack import NO_CLIENT_LIMITS  # noqa: E402

UNLIMITED = {**NO_CLIENT_LIMITS, "NGINX_ACCESS_LOG": "off"}


def start_stack(run_dir: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "PORT": str(port), "RUN_DIR": str(run_dir), "INSTANCES": "1",
           **UNLIMITED}
    stack = subprocess.Popen([sys.executable, "-m", "deploy.production"], cwd=ROOT, env=env,
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    wait_ready(stack, base, 120, "the production stack did not start (make import; make nginx)")
    return stack, base


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--seconds", type=float, default=10)
    options.add_argument("--connections", type=int, default=32)
    args = options.parse_args()
    plan = scenarios()[:2]  # healthz, validate text
    print(f"{'server':<28} {'scenario':<36} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8}")
    with tempfile.TemporaryDirectory() as folder:
        for key, name, start in (
                ("gunicorn", "gunicorn", lambda: start_gunicorn(Path(folder) / "g.pid")),
                ("stack", "nginx + gunicorn", lambda: start_stack(Path(folder) / "stack"))):
            server, base = start()
            try:
                run_wrk(base, plan[1], args.connections, 2)  # warm up
                for scenario in plan:
                    result = run_wrk(base, scenario, args.connections, args.seconds)
                    print(f"{name:<28} {scenario.label:<36} {result.rps:>8.0f} "
                          f"{result.p50_ms:>8.2f} {result.p99_ms:>8.2f}"
                          + (f"  ({result.non_2xx} non-2xx, {result.errors} errors)"
                             if result.non_2xx or result.errors else ""))
                    keep(f"production.{key}.{scenario.key}", result)
            finally:
                server.send_signal(signal.SIGTERM)
                server.wait(60)


if __name__ == "__main__":
    main()
