"""A real, private PostgreSQL server for the tests: initdb, start, stop, start again.

It runs from the machine's PostgreSQL binaries (`DECKJUDGE_PG_BIN`, `pg_config
--bindir` or Debian's /usr/lib/postgresql/*/bin) on a free loopback port with
its own data folder, so tests can stop and start it to see outages.  PostgreSQL
refuses to run as root, so under root it runs as the `postgres` user.
"""

from __future__ import annotations

import contextlib
import glob
import json
import os
import pwd
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
from filelock import FileLock

from tests.support.servers import bind_failed, free_port, release_port

USER = "deckjudge"


def find_bin() -> Path:
    candidates = [os.environ.get("DECKJUDGE_PG_BIN", "")]
    if shutil.which("pg_config"):
        candidates.append(subprocess.run(["pg_config", "--bindir"], capture_output=True,
                                         text=True).stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for folder in candidates:
        if folder and (Path(folder) / "initdb").is_file():
            return Path(folder)
    raise RuntimeError("no PostgreSQL server binaries found: install them (Debian: "
                       "apt-get install postgresql) or set DECKJUDGE_PG_BIN")


class PostgresServer:
    def __init__(self, folder: Path | None = None, port: int | None = None,
                 bin_dir: Path | None = None) -> None:
        """A new server (initdb in a new folder), or the one already in `folder`."""
        self.bin = bin_dir or find_bin()
        self.folder = folder or Path(tempfile.mkdtemp(prefix="deckjudge-pg-"))
        self.data = self.folder / "data"
        self.port = port or free_port()
        self._as_user: list[str] = []
        if os.geteuid() == 0:
            self._as_user = ["runuser", "-u", "postgres", "--"]
        if folder is None:
            if self._as_user:
                owner = pwd.getpwnam("postgres")
                os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            self._run("initdb", "-D", str(self.data), "-U", USER, "-A", "trust", "-E", "UTF8",
                      "--no-locale", "--no-sync")

    def state(self) -> dict[str, str | int]:
        """What another process needs to reach and stop this server (`attached`)."""
        return {"folder": str(self.folder), "port": self.port, "bin": str(self.bin)}

    @classmethod
    def attached(cls, state: dict) -> PostgresServer:
        """The server another process started, from its `state`."""
        return cls(Path(state["folder"]), int(state["port"]), Path(state["bin"]))

    def start(self) -> None:
        # fsync off: a test server's data is thrown away, and every import is a big write.
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off "
                   "-c max_connections=200")
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l",
                  str(self.folder / "server.log"), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def destroy(self) -> None:
        try:
            self.stop("immediate")
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self, prefix: str = "t") -> str:
        """A fresh empty database; returns its SQLAlchemy URL."""
        name = f"{prefix}_{uuid.uuid4().hex[:12]}"
        with psycopg.connect(f"host=127.0.0.1 port={self.port} user={USER} dbname=postgres",
                             autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def _run(self, program: str, *args: str) -> None:
        done = subprocess.run([*self._as_user, str(self.bin / program), *args],
                              capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            log = self.folder / "server.log"
            raise RuntimeError(f"{program} failed: {done.stderr or done.stdout}"
                               + (log.read_text() if log.exists() else ""))


def started() -> PostgresServer:
    """A new server, started on a port of its own; deleted again if it cannot start. A
    start that failed because its port was taken is tried again on another port."""
    server = PostgresServer()
    attempt = 1
    while True:
        try:
            server.start()
            return server
        except BaseException as error:
            if isinstance(error, RuntimeError) and attempt < 3 and bind_failed(str(error)):
                release_port(server.port)
                server.port, attempt = free_port(), attempt + 1
                continue
            with contextlib.suppress(RuntimeError):  # it may have started after all
                server.stop("immediate")
            shutil.rmtree(server.folder, ignore_errors=True)
            raise


@contextmanager
def running() -> Iterator[PostgresServer]:
    """A new server, started; stopped and deleted afterwards, whatever happens."""
    server = started()
    try:
        yield server
    finally:
        server.destroy()
        release_port(server.port)


def shared(run: Path) -> PostgresServer:
    """The server of a test run (`run` is its folder): the first of the run's processes to
    ask starts it, the others (xdist's workers) use the same one; `stop_shared` stops it
    once the run is over."""
    state = run / "postgres.json"
    with FileLock(str(run / "postgres.lock")):
        if state.is_file():
            return PostgresServer.attached(json.loads(state.read_text()))
        server = started()
        state.write_text(json.dumps(server.state()))
        return server


def stop_shared(run: Path) -> None:
    """Stop and delete the run's server, if one was started."""
    state = run / "postgres.json"
    if state.is_file():
        PostgresServer.attached(json.loads(state.read_text())).destroy()
        state.unlink()
