"""A real, private PostgreSQL server for the tests: initdb, start, stop, start again.

It runs from the machine's PostgreSQL binaries (`DECKJUDGE_PG_BIN`, `pg_config
--bindir` or Debian's /usr/lib/postgresql/*/bin) on a free loopback port with
its own data folder, so tests can stop and start it to see outages.  PostgreSQL
refuses to run as root, so under root it runs as the `postgres` user.
"""

from __future__ import annotations

import glob
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

from tests.support.servers import free_port

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
    def __init__(self) -> None:
        self.bin = find_bin()
        self.folder = Path(tempfile.mkdtemp(prefix="deckjudge-pg-"))
        self.data = self.folder / "data"
        self.port = free_port()
        self._as_user: list[str] = []
        if os.geteuid() == 0:
            owner = pwd.getpwnam("postgres")
            os.chown(self.folder, owner.pw_uid, owner.pw_gid)
            self._as_user = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-U", USER, "-A", "trust", "-E", "UTF8",
                  "--no-locale", "--no-sync")

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


@contextmanager
def running() -> Iterator[PostgresServer]:
    """A new server, started; stopped and deleted afterwards, whatever happens."""
    server = PostgresServer()
    try:
        server.start()
        yield server
    finally:
        server.destroy()
