"""gunicorn in operation: the JSON access log with request ids, and forking done right."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import requests
from sqlalchemy import text

from api.middleware import store
from app import create_app
from tests.support.servers import children, gunicorn


def test_the_access_log_is_json_with_the_request_id(full_db_url, tmp_path):
    log = tmp_path / "server.log"
    with gunicorn(full_db_url, workers=1, log=log) as base:
        given = requests.get(f"{base}/healthz", headers={"X-Request-ID": "ci-run-17"},
                             timeout=10)
        made = requests.get(f"{base}/v1/cards/nope-1?as_of=2003-08-31", timeout=10)
    assert given.headers["X-Request-ID"] == "ci-run-17"
    records = [json.loads(line) for line in log.read_text().splitlines()
               if line.startswith("{")]
    by_id = {record["request_id"]: record for record in records}
    first = by_id["ci-run-17"]
    assert (first["method"], first["path"], first["status"]) == ("GET", "/healthz", 200)
    assert first["duration_ms"] >= 0 and first["user_agent"].startswith("python-requests/")
    second = by_id[made.headers["X-Request-ID"]]
    assert (second["path"], second["query"], second["status"]) == (
        "/v1/cards/nope-1", "as_of=2003-08-31", 404)


def test_after_fork_drops_inherited_connections(full_db_url):
    app = create_app({"DATABASE_URL": full_db_url})
    engine = app.extensions["deckjudge.engine"]
    with engine.connect() as connection:
        connection.execute(text("SELECT 1"))
    inherited = engine.pool
    assert inherited.checkedin() == 1
    store.after_fork(app)
    assert engine.pool is not inherited and engine.pool.checkedin() == 0
    with engine.connect() as connection:  # the worker opens its own
        assert connection.execute(text("SELECT 1")).scalar() == 1
    inherited.dispose()  # in a real fork the parent still owns and closes this one


def test_a_kept_alive_connection_is_closed_after_its_quota(full_db_url):
    # So clients that hold connections open are spread over workers again (gunicorn_conf).
    with gunicorn(full_db_url, workers=1, GUNICORN_KEEPALIVE_REQUESTS="3") as base:
        host, port = base.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            said = []
            for _ in range(3):
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: deckjudge\r\n\r\n")
                response = http.client.HTTPResponse(sock)
                response.begin()
                assert response.status == 200 and response.read() == b'{"status":"ok"}\n'
                said.append(response.getheader("Connection"))
            assert said == ["keep-alive", "keep-alive", "close"]
            assert sock.recv(1) == b""  # the server closed it


def test_two_instances_on_one_machine_each_have_their_own_control_socket(full_db_url,
                                                                         tmp_path):
    pidfiles = [tmp_path / f"{n}.pid" for n in (1, 2)]
    with gunicorn(full_db_url, workers=1, GUNICORN_CMD_ARGS=f"--pid {pidfiles[0]}") as one, \
            gunicorn(full_db_url, workers=1, GUNICORN_CMD_ARGS=f"--pid {pidfiles[1]}") as two:
        sockets = [_control_socket(base) for base in (one, two)]
        assert sockets[0] != sockets[1]
        for path, pidfile in zip(sockets, pidfiles, strict=True):
            shown = subprocess.run([sys.executable, "-m", "gunicorn.ctl.cli", "-s", str(path),
                                    "-c", "show workers", "-j"], capture_output=True,
                                   text=True, timeout=30, check=True)
            master = int(pidfile.read_text())
            assert [w["pid"] for w in json.loads(shown.stdout)["workers"]] == children(master)


def test_sigterm_again_while_stopping_still_ends_in_a_clean_exit(full_db_url, tmp_path):
    # A supervisor may signal twice; Python restores SIGTERM's default action while it
    # shuts down, which turned a finished stop into "killed by SIGTERM" (status -15).
    pidfile = tmp_path / "master.pid"
    with gunicorn(full_db_url, workers=1, GUNICORN_CMD_ARGS=f"--pid {pidfile}"):
        master = int(pidfile.read_text())
        signals = 0
        while _alive(master) and signals < 100_000:
            os.kill(master, signal.SIGTERM)
            signals += 1
            time.sleep(0.002)
        assert not _alive(master) and signals > 1
    # leaving the block waited for the master and held its exit status to 0


def _alive(pid: int) -> bool:
    """Running or stopping, not yet a zombie waiting to be reaped."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def _control_socket(base: str) -> Path:
    # As gunicorn_conf names it for a TCP bind.
    folder = os.environ.get("XDG_RUNTIME_DIR") or Path(tempfile.gettempdir(),
                                                       f"deckjudge-{os.getuid()}")
    bind = base.removeprefix("http://").replace(":", "_")
    return Path(folder, f"deckjudge-{bind}.ctl")
