"""`make production`: deckjudge behind nginx, on 127.0.0.1:8080 (PORT overrides).

Starts `INSTANCES` gunicorn instances (2 by default, each with a worker per core
it is given) on Unix sockets in the run folder, waits until each answers
/readyz, then runs nginx in front of them with deploy/nginx.conf.j2. It stays in
the foreground and looks after them:

- SIGTERM or SIGINT: nginx stops gracefully (it finishes what it holds), then
  each instance does;
- SIGHUP: a rolling restart, one instance at a time; nginx sends a request that
  failed on a stopping instance to another, so none is lost;
- an instance that exits by itself is started again; if nginx exits, so does
  the stack.

With `UPSTREAMS` ("host:port host:port"), it runs nginx alone, in front of
gunicorns on other machines (docs/deploy.md).
"""

from __future__ import annotations

import http.client
import math
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from types import FrameType

from deploy.stack import FAIL_TIMEOUT, Stack

PROJECT = Path(__file__).resolve().parent.parent
START_SECONDS = 120  # an instance builds its catalog index before it answers


def nginx_binary() -> str:
    found = os.environ.get("NGINX") or shutil.which("nginx") or "/usr/sbin/nginx"
    if not Path(found).exists():
        raise SystemExit("nginx is not installed: run `make nginx` (Debian's package)")
    return found


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: Path, timeout: float) -> None:
        super().__init__("localhost", timeout=timeout)
        self.path = str(path)

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(self.timeout)
        self.sock.connect(self.path)


def ready(path: Path) -> bool:
    """Whether the instance on this socket answers /readyz with 200."""
    connection = _UnixConnection(path, timeout=5)
    try:
        connection.request("GET", "/readyz")
        return connection.getresponse().status == 200
    except OSError:
        return False
    finally:
        connection.close()


class Instance:
    """One local gunicorn: started, waited for, stopped, started again."""

    def __init__(self, stack: Stack, number: int, workers: int) -> None:
        self.stack, self.number, self.workers = stack, number, workers
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def socket(self) -> Path:
        return self.stack.socket(self.number)

    def start(self) -> None:
        env = {**os.environ, "BIND": f"unix:{self.socket}",
               "WEB_CONCURRENCY": os.environ.get("WEB_CONCURRENCY", str(self.workers))}
        pidfile = self.stack.run_dir / f"gunicorn-{self.number}.pid"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", "gunicorn_conf.py", "--pid", str(pidfile),
             "app:create_app()"], cwd=PROJECT, env=env)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + START_SECONDS
        while not ready(self.socket):
            if self.exited() or time.monotonic() > deadline:
                raise SystemExit(f"gunicorn instance {self.number} did not start")
            time.sleep(0.1)

    def exited(self) -> bool:
        return self.process is None or self.process.poll() is not None

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)  # graceful: in-flight requests finish
            self.process.wait()


class Production:
    def __init__(self, stack: Stack) -> None:
        self.stack = stack
        cores = os.cpu_count() or 1
        per_instance = max(1, math.ceil(cores / stack.instances)) if stack.instances else 0
        self.instances = [Instance(stack, n, per_instance)
                          for n in range(1, stack.instances + 1)]
        self.nginx: subprocess.Popen[bytes] | None = None
        self.signal: int | None = None

    def nginx_command(self, *extra: str) -> list[str]:
        return [nginx_binary(), "-p", str(self.stack.run_dir), "-c",
                str(self.stack.run_dir / "nginx.conf"), "-e", "stderr", *extra]

    def start(self) -> None:
        run_dir = self.stack.run_dir
        run_dir.mkdir(parents=True, exist_ok=True)
        (run_dir / "nginx.conf").write_text(self.stack.nginx_conf())
        subprocess.run(self.nginx_command("-t", "-q"), check=True)
        for instance in self.instances:
            instance.start()
        for instance in self.instances:
            instance.wait_ready()
        self.nginx = subprocess.Popen(self.nginx_command())
        self.wait_listening()
        print(f"deckjudge: serving on http://{self.stack.host}:{self.stack.port}/ through "
              f"nginx over {len(self.stack.servers())} gunicorn instance(s)", flush=True)

    def wait_listening(self) -> None:
        """Return once nginx accepts connections. nginx binds its port a moment after it
        starts (longer on a busy machine); saying "serving" before that sent the first
        clients a refused connection (seen in CI: 3 to 9 of a load's first connections)."""
        deadline = time.monotonic() + START_SECONDS
        address = (_probe_host(self.stack.host), self.stack.port)
        while True:
            try:
                socket.create_connection(address, timeout=1).close()
                return
            except OSError:
                if self.nginx is None or self.nginx.poll() is not None:
                    raise SystemExit("nginx did not start") from None
                if time.monotonic() > deadline:
                    raise SystemExit(f"nginx did not listen on {address} in {START_SECONDS} s"
                                     ) from None
                time.sleep(0.02)

    def rolling_restart(self) -> None:
        for instance in self.instances:
            instance.stop()
            instance.start()
            instance.wait_ready()
            time.sleep(FAIL_TIMEOUT + 1)  # until nginx counts it in again (deploy/stack.py)
        print("deckjudge: rolling restart done", flush=True)

    def stop(self) -> None:
        if self.nginx and self.nginx.poll() is None:
            self.nginx.send_signal(signal.SIGQUIT)  # nginx's graceful stop
            self.nginx.wait()
        for instance in self.instances:
            instance.stop()

    def _on_signal(self, number: int, _frame: FrameType | None) -> None:
        self.signal = number

    def supervise(self) -> int:
        for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(number, self._on_signal)
        while True:
            time.sleep(0.2)
            if self.signal == signal.SIGHUP:
                self.signal = None
                self.rolling_restart()
            elif self.signal is not None:
                self.stop()
                return 0
            elif self.nginx is None or self.nginx.poll() is not None:
                print("deckjudge: nginx exited; stopping", file=sys.stderr, flush=True)
                self.stop()
                return 1
            for instance in self.instances:
                if instance.exited():
                    print(f"deckjudge: instance {instance.number} exited; starting it again",
                          file=sys.stderr, flush=True)
                    instance.start()


def _probe_host(host: str) -> str:
    """Where to reach a listener bound to `host`: a wildcard is reached on loopback."""
    return {"0.0.0.0": "127.0.0.1", "::": "::1", "[::]": "::1"}.get(host, host.strip("[]"))


def main() -> int:
    run_dir = Path(os.environ.get("RUN_DIR", PROJECT / "instance" / "production")).resolve()
    production = Production(Stack.from_environ(dict(os.environ), run_dir))
    try:
        production.start()
    except BaseException:
        production.stop()
        raise
    return production.supervise()


if __name__ == "__main__":
    sys.exit(main())
