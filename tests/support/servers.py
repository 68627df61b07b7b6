"""Real servers for tests: a static HTTP server and the app under gunicorn, on loopback."""

from __future__ import annotations

import contextlib
import functools
import http.client
import itertools
import os
import random
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import requests

PROJECT_ROOT = Path(__file__).resolve().parents[2]


# What a static server says of each body's size: the truth, nothing (the body runs until
# the connection closes), or 10 GiB, which it never sends.
TRUE_LENGTHS, NO_LENGTHS, HUGE_LENGTHS = "true", "none", "huge"


class _QuietHandler(SimpleHTTPRequestHandler):
    requested: list[str] | None = None
    lengths = TRUE_LENGTHS

    def log_message(self, format, *args):  # noqa: A002 - the base class names it
        pass

    def do_GET(self):  # noqa: N802 - http.server names it
        if self.requested is not None:
            self.requested.append(self.path)
        super().do_GET()

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length" and self.lengths != TRUE_LENGTHS:
            if self.lengths == NO_LENGTHS:
                return  # HTTP/1.0: the connection closes after the body
            value = str(10 << 30)
        super().send_header(keyword, value)


@contextmanager
def static_http(root: Path, requested: list[str] | None = None,
                lengths: str = TRUE_LENGTHS) -> Iterator[str]:
    """Serve a folder over real HTTP on 127.0.0.1; yields the base URL. Each GET's path is
    appended to `requested` when one is given (to count downloads); `lengths` says what
    Content-Length the server sends."""
    handler = type("Handler", (_QuietHandler,), {"requested": requested, "lengths": lengths})
    with serve(functools.partial(handler, directory=str(root))) as base:
        yield base


@contextmanager
def dripping_http(headers_too: bool = False) -> Iterator[str]:
    """A server that answers every GET a byte every 0.2 s, until the test is done: a body it
    says is 1 MB, or its status line and headers too (`headers_too`), which no socket
    timeout ends. Yields the base URL."""
    over = threading.Event()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format, *args):  # noqa: A002 - the base class names it
            pass

        def do_GET(self):  # noqa: N802 - http.server names it
            head = b"HTTP/1.0 200 OK\r\nContent-Length: 1000000\r\n\r\n"
            if not headers_too:
                self.wfile.write(head)
                head = b""
            for byte in itertools.chain(head, itertools.repeat(ord(" "))):
                if over.wait(0.2):  # the server's pace, not the test's
                    return
                try:
                    self.wfile.write(bytes([byte]))
                    self.wfile.flush()
                except OSError:
                    return  # the client gave up

    with serve(Handler) as base:
        try:
            yield base
        finally:
            over.set()


# Ports handed out below the kernel's ephemeral range: the kernel gives none of them to a
# bind to port 0 or to a client's connection, so a port freed and then taken by someone
# else can only be one a server asked for by number.
_FIRST_PORT = 20000
# Each port handed out stays bound (never listening) by this process until it is released:
# no other picker can bind it, connections to it are refused until a server listens there,
# and the server may, since the socket allows reuse (SO_REUSEADDR) once it is bound.
_RESERVED: dict[int, socket.socket] = {}


def _ephemeral_start() -> int:
    try:
        return int(Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def free_port() -> int:
    """A loopback port of this process's own: nothing listens there until a server it
    starts binds it, and no other process picking ports this way can take it meanwhile."""
    picker, last = random.Random(), _ephemeral_start()
    while True:
        port = picker.randrange(_FIRST_PORT, last)
        holder = socket.socket()
        try:
            holder.bind(("127.0.0.1", port))  # without SO_REUSEADDR: fails if anyone has it
        except OSError:
            holder.close()
            continue
        holder.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        _RESERVED[port] = holder
        return port


def release_port(port: int) -> None:
    """Give a port from free_port back once its server has stopped."""
    holder = _RESERVED.pop(port, None)
    if holder is not None:
        holder.close()


def bind_failed(log: str) -> bool:
    """Whether a server's log says it could not bind its port (taken by a process that
    picks ports some other way): its start is tried again on another port."""
    return any(words in log for words in ("Address already in use", "Connection in use"))


@contextmanager
def gunicorn(database_url: str, workers: int = 2, log: Path | None = None,
             **env: str) -> Iterator[str]:
    """The real gunicorn serving the app with its config file; yields the base URL.

    Its output goes to `log` (a temporary file if not given). It must start within
    60 s and, on SIGTERM, stop cleanly (exit status 0).
    """
    with tempfile.TemporaryDirectory() as folder:
        log = log or Path(folder) / "server.log"

        def launch(port: int) -> subprocess.Popen:
            settings = {**os.environ, "DATABASE_URL": database_url,
                        "BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(workers), **env}
            with log.open("w") as out:
                return subprocess.Popen(
                    [sys.executable, "-m", "gunicorn", "-c", "gunicorn_conf.py",
                     "app:create_app()"],
                    cwd=PROJECT_ROOT, env=settings, stdout=out, stderr=subprocess.STDOUT)

        def started(process: subprocess.Popen, port: int) -> None:
            _wait_until_up(f"http://127.0.0.1:{port}", process, log)
            _wait_for_workers(process, workers, log)

        with _served(launch, started, lambda process: process.kill(), 30, log) as (_, port):
            yield f"http://127.0.0.1:{port}"


@contextmanager
def _served(launch: Callable[[int], subprocess.Popen],
            started: Callable[[subprocess.Popen, int], None],
            kill: Callable[[subprocess.Popen], None], stop_within: float,
            log: Path) -> Iterator[tuple[subprocess.Popen, int]]:
    """Launch a server on a port of its own, wait until it has started, hand over the
    process and its port, then stop it with SIGTERM: it must exit with status 0 within
    `stop_within` s. It is killed if it fails to start or to stop, so no half-started or
    hung server is left behind. A start that failed because its port was taken is tried
    again on another port."""
    for attempt in range(1, 4):
        port = free_port()
        process = launch(port)
        try:
            started(process, port)
            break
        except BaseException as error:
            kill(process)
            process.wait()
            release_port(port)
            if isinstance(error, AssertionError) and attempt < 3 and bind_failed(
                    log.read_text()):
                continue
            raise
    try:
        yield process, port
    finally:
        try:
            process.send_signal(signal.SIGTERM)
            try:
                status = process.wait(timeout=stop_within)
            except subprocess.TimeoutExpired:
                kill(process)
                process.wait()
                raise
        finally:
            release_port(port)
    assert status == 0, log.read_text()[-5000:]


def _wait_until_up(base: str, process: subprocess.Popen, log: Path) -> None:
    # The master listens at once; workers answer after building their catalog index.
    deadline = time.monotonic() + 60
    while True:
        try:
            requests.get(f"{base}/healthz", timeout=2)
            return
        except requests.RequestException:
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"gunicorn did not start:\n{log.read_text()}") from None
            time.sleep(0.1)


def children(pid: int) -> list[int]:
    """A process's children (a gunicorn master's workers), in the order Linux lists them."""
    return [int(child) for child in
            Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _wait_for_workers(master: subprocess.Popen, workers: int, log: Path) -> None:
    """Until the master has forked all its workers: the first answers before the master
    forks the next (it spawns them a random tenth of a second apart), and a test that
    reads the workers' process ids must find them all."""
    deadline = time.monotonic() + 60
    while len(children(master.pid)) < workers:
        if master.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"gunicorn did not start {workers} workers:\n{log.read_text()}")
        time.sleep(0.02)


def exchange(base: str, request: bytes, source: str = "127.0.0.1", then: str = "read") -> bytes:
    """Send raw bytes to a server from a loopback `source` address over a connection of
    their own, and return what comes back until the server closes. `then` is what the
    client does next: "read" as one that has said all it will (its sending side closed),
    "stall" as one still to send the rest, "hang-up" (closes it all, reads nothing)."""
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), timeout=20,
                                  source_address=(source, 0)) as sock:
        sock.sendall(request)
        if then == "hang-up":
            return b""
        if then == "read":
            sock.shutdown(socket.SHUT_WR)
        return b"".join(iter(lambda: sock.recv(65536), b""))


@dataclass(frozen=True)
class Answer:
    """An HTTP answer read off the wire: its status, headers (by lower-case name), body,
    and its size in all."""

    status: int
    headers: dict[str, str]
    body: bytes
    size: int

    @classmethod
    def parse(cls, raw: bytes) -> Answer:
        head, _, body = raw.partition(b"\r\n\r\n")
        status_line, *lines = head.decode("latin-1").split("\r\n")
        headers = {name.strip().lower(): value.strip()
                   for name, _, value in (line.partition(":") for line in lines)}
        return cls(int(status_line.split()[1]), headers, body, len(raw))


def forwarded(target: str, method: str, path: str, body: bytes,
              content_type: str) -> tuple[int, str, bytes]:
    """The target's answer to a request sent in one write, its head and body at once: the
    service finds the whole body there when it reads it, so a service whose deadline has
    already passed (REQUEST_DEADLINE_SECONDS=0) answers the work's 503, never a 408 for a
    body that came a moment after its head (as a client writing them apart may have it)."""
    parts = urlsplit(target)
    head = (f"{method} {path} HTTP/1.1\r\nHost: {parts.netloc}\r\n"
            f"Content-Type: {content_type}\r\nContent-Length: {len(body)}\r\n"
            "Connection: close\r\n\r\n").encode("latin-1")
    with socket.create_connection((parts.hostname, parts.port), timeout=30) as sock:
        sock.sendall(head + body)
        answer = http.client.HTTPResponse(sock)
        answer.begin()
        return answer.status, answer.getheader("Content-Type", ""), answer.read()


class FlakyProxy:
    """A real HTTP front for `target` that answers `status` to the first `failures` requests,
    with `Retry-After: retry_after` unless that is None.

    It records each request's User-Agent and path, so tests see what a client sent and how
    often. Paths in `missing` are answered 404, as by a service that does not have them;
    requests to paths in `stalled` are taken and never answered, until `release()`.
    """

    def __init__(self, target: str, failures: int, status: int = 503,
                 missing: tuple[str, ...] = (), retry_after: str | None = "0",
                 stalled: tuple[str, ...] = ()) -> None:
        self.target, self.failures, self.status = target, failures, status
        self.missing, self.retry_after, self.stalled = missing, retry_after, stalled
        self.user_agents: list[str] = []
        self.paths: list[str] = []
        self._lock = threading.Lock()
        self._released = threading.Event()

    def release(self) -> None:
        """Let every stalled request go (its client has long given up)."""
        self._released.set()

    def _should_fail(self, user_agent: str, path: str) -> bool:
        with self._lock:
            self.user_agents.append(user_agent)
            self.paths.append(path)
            return len(self.user_agents) <= self.failures

    def handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format, *args):  # noqa: A002 - the base class names it
                pass

            def do_GET(self):  # noqa: N802 - http.server names it
                self._answer(None)

            def do_POST(self):  # noqa: N802
                self._answer(self.rfile.read(int(self.headers.get("Content-Length", 0))))

            def _answer(self, body: bytes | None) -> None:
                if proxy._should_fail(self.headers.get("User-Agent", ""), self.path):
                    self.send_response(proxy.status)
                    if proxy.retry_after is not None:
                        self.send_header("Retry-After", proxy.retry_after)
                    self.send_header("Content-Type", "application/problem+json")
                    self.end_headers()
                    self.wfile.write(b'{"status": %d, "detail": "try again"}' % proxy.status)
                    return
                if self.path in proxy.stalled:
                    proxy._released.wait(timeout=120)
                    return
                if self.path in proxy.missing:
                    self.send_response(404)
                    self.send_header("Content-Type", "application/problem+json")
                    self.end_headers()
                    self.wfile.write(b'{"status": 404, "detail": "no such path"}')
                    return
                status, content_type, content = forwarded(
                    proxy.target, self.command, self.path, body or b"",
                    self.headers.get("Content-Type", "text/plain"))
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(content)))
                self.end_headers()
                self.wfile.write(content)

        return Handler


@contextmanager
def serve(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """Serve a request handler on 127.0.0.1 in a thread; yields the base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    # Its loop looks for shutdown() this often: the default half second is added to every
    # test that stops a server.
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02},
                              daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


@contextmanager
def silent_server() -> Iterator[str]:
    """A port that accepts connections and never answers: for client timeouts."""
    with silent_listener() as listener:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}"


@contextmanager
def silent_listener() -> Iterator[socket.socket]:
    """A listening socket on loopback that never accepts: the kernel completes connections
    to it and queues them, and `connections_made` counts them afterwards."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        yield listener


def connections_made(listener: socket.socket) -> int:
    """How many connections wait in a silent listener's queue (each is taken, and closed)."""
    listener.setblocking(False)
    made = 0
    while True:
        try:
            connection, _ = listener.accept()
        except BlockingIOError:
            return made
        connection.close()
        made += 1


@dataclass(frozen=True)
class Production:
    """A running `make production` stack: its base URL and its run folder (sockets, pids)."""

    base: str
    run_dir: Path
    process: subprocess.Popen

    def instance_pid(self, number: int) -> int:
        return int((self.run_dir / f"gunicorn-{number}.pid").read_text())

    def nginx_pid(self) -> int:
        return int((self.run_dir / "nginx.pid").read_text())


@contextmanager
def production(database_url: str, instances: int = 2, log: Path | None = None,
               **env: str) -> Iterator[Production]:
    """The production stack as `make production` runs it (deploy/production.py): nginx on a
    free loopback port over `instances` gunicorns. It must start within 120 s and stop
    cleanly on SIGTERM."""
    with tempfile.TemporaryDirectory() as folder:
        run_dir = Path(folder)
        log = log or run_dir / "stack.log"

        def launch(port: int) -> subprocess.Popen:
            settings = {**os.environ, "DATABASE_URL": database_url, "PORT": str(port),
                        "RUN_DIR": str(run_dir), "INSTANCES": str(instances),
                        "WEB_CONCURRENCY": "1", **env}
            # Appended to: nginx opens /dev/stdout for itself, and a file opened afresh
            # would write over the lines before its own.
            with log.open("a") as out:
                return subprocess.Popen(
                    [sys.executable, "-m", "deploy.production"], cwd=PROJECT_ROOT,
                    env=settings, stdout=out, stderr=subprocess.STDOUT,
                    start_new_session=True)

        def started(process: subprocess.Popen, _port: int) -> None:
            _wait_for_line(log, process, "deckjudge: serving on")

        def kill(process: subprocess.Popen) -> None:
            # The launcher, nginx and every gunicorn share the launcher's process group.
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)

        with _served(launch, started, kill, 60, log) as (process, port):
            yield Production(f"http://127.0.0.1:{port}", run_dir, process)


def _wait_for_line(log: Path, process: subprocess.Popen, line: str) -> None:
    deadline = time.monotonic() + 120
    while line not in log.read_text():
        if process.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(f"the stack did not start:\n{log.read_text()[-5000:]}")
        time.sleep(0.1)

