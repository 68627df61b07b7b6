"""The production stack's settings, read from the environment, and its nginx config.

One set of names for `make production`, the tests and docs/deploy.md. The limits nginx
enforces come from the app's own (body sizes, the request id pattern), so the two never
disagree.
"""

from __future__ import annotations

import getpass
import json
import math
import os
import resource
from dataclasses import dataclass, field
from pathlib import Path

import jinja2

from api.middleware import deadlines
from api.middleware.problems import Problem
from api.middleware.request_ids import ACCEPTED
from api.middleware.security_headers import DEFAULT_POLICY, NOSNIFF
from api.settings import DEFAULT_MAX_BODY_BYTES
from api.validate_batch import MAX_BATCH_BYTES
from api.validate_stream import MAX_STREAM_BYTES

DEPLOY = Path(__file__).resolve().parent
# nginx waits this much longer for an answer than a request may take in the app
# (REQUEST_DEADLINE_SECONDS), so the app's own deadline-exceeded problem reaches the client:
# past its deadline a request stops at its next check (a line, a format or a deck later,
# milliseconds) and answers, unless a thread of the same worker holds the CPU meanwhile.
DEADLINE_MARGIN = 10
# After one failed attempt nginx sends an instance nothing for this long, then tries it
# again. A rolling restart waits this long (and a second) after an instance is back before
# it stops the next, or nginx could count both out at once and answer 503s.
FAIL_TIMEOUT = 2
# The per-client limits at their highest, for one client that stands for many (a load
# test, a benchmark, a trusted site's backend): nginx's limit_conn takes at most 65535.
NO_CLIENT_LIMITS = {"RATE_LIMIT": "1000000", "RATE_BURST": "1000000",
                    "CONNECTIONS_PER_CLIENT": "65535"}


def problem_body(status: int, detail: str) -> str:
    """The problem document nginx answers for one of its own errors, made by the service's
    one builder, as the single-quoted string nginx's `return` takes."""
    text = json.dumps(Problem.of_status(status, detail).document(), ensure_ascii=False)
    return text.replace("\\", "\\\\").replace("'", "\\'") + "\\n"


def _int(environ: dict[str, str], name: str, default: int, most: int | None = None) -> int:
    value = environ.get(name, "")
    try:
        number = int(value) if value else default
    except ValueError:
        raise SystemExit(f"{name} must be a whole number, not {value!r}") from None
    if number < 1 or (most is not None and number > most):
        raise SystemExit(f"{name} must be from 1 to {most or 'any'}, not {number}")
    return number


def _deadline(environ: dict[str, str]) -> float:
    try:
        return deadlines.configured_seconds(environ.get("REQUEST_DEADLINE_SECONDS"))
    except RuntimeError as error:
        raise SystemExit(str(error)) from None


@dataclass(frozen=True)
class Stack:
    """What `make production` runs: nginx on `port` over `instances` local gunicorns (or
    over `upstreams` elsewhere), with these limits per client."""

    run_dir: Path
    port: int = 8080
    host: str = "127.0.0.1"
    instances: int = 2
    upstreams: tuple[str, ...] = ()  # host:port of gunicorns on other machines
    rate: int = 100  # requests a second per client address, past the burst
    burst: int = 200
    connections_per_client: int = 64  # requests in progress at once per client address
    client_timeout: int = 10  # seconds a client may take to send headers or a body chunk
    keepalive_seconds: int = 30
    nginx_workers: int = 1
    worker_connections: int = 8192
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES
    deadline_seconds: float = deadlines.DEFAULT_SECONDS  # the app's REQUEST_DEADLINE_SECONDS
    real_ip_from: tuple[str, ...] = field(default=())
    access_log: str = "/dev/stdout deckjudge"

    @classmethod
    def from_environ(cls, environ: dict[str, str], run_dir: Path) -> Stack:
        upstreams = tuple(environ.get("UPSTREAMS", "").split())
        return cls(
            run_dir=run_dir,
            port=_int(environ, "PORT", 8080),
            host=environ.get("HOST", "127.0.0.1"),
            instances=0 if upstreams else _int(environ, "INSTANCES", 2),
            upstreams=upstreams,
            rate=_int(environ, "RATE_LIMIT", 100),
            burst=_int(environ, "RATE_BURST", 200),
            connections_per_client=_int(environ, "CONNECTIONS_PER_CLIENT", 64, most=65535),
            client_timeout=_int(environ, "CLIENT_TIMEOUT", 10),
            nginx_workers=_int(environ, "NGINX_WORKERS", 1),
            worker_connections=_int(environ, "NGINX_WORKER_CONNECTIONS", 8192),
            max_body_bytes=_int(environ, "MAX_BODY_BYTES", DEFAULT_MAX_BODY_BYTES),
            deadline_seconds=_deadline(environ),
            real_ip_from=tuple(environ.get("REAL_IP_FROM", "").split()),
            access_log="off" if environ.get("NGINX_ACCESS_LOG") == "off"
            else "/dev/stdout deckjudge",
        )

    def socket(self, number: int) -> Path:
        """Where local gunicorn instance `number` listens."""
        return self.run_dir / f"gunicorn-{number}.sock"

    def servers(self) -> list[str]:
        if self.upstreams:
            return list(self.upstreams)
        return [f"unix:{self.socket(n)}" for n in range(1, self.instances + 1)]

    def upstream_timeout(self) -> int:
        """Seconds nginx waits for an instance's answer: the app's deadline and a margin."""
        return math.ceil(self.deadline_seconds) + DEADLINE_MARGIN

    def open_files(self) -> int:
        """nginx's file limit: a client socket, an upstream one and a temp file may go with
        each connection, but a user other than root cannot pass the hard limit."""
        wanted = self.worker_connections * 2 + 64
        hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
        return wanted if os.geteuid() == 0 or hard == resource.RLIM_INFINITY else min(
            wanted, hard)

    def nginx_conf(self) -> str:
        servers = self.servers()
        template = jinja2.Environment(
            loader=jinja2.FileSystemLoader(DEPLOY), undefined=jinja2.StrictUndefined,
            keep_trailing_newline=True,
        ).get_template("nginx.conf.j2")
        return template.render(
            run_dir=self.run_dir, listen=f"{self.host}:{self.port}", upstreams=servers,
            # As root nginx would run its workers as `nobody`, who cannot reach the run
            # folder or the sockets; they run as the user who started the stack.
            user=getpass.getuser() if os.geteuid() == 0 else None,
            nginx_workers=self.nginx_workers, worker_connections=self.worker_connections,
            open_files=self.open_files(),
            rate=self.rate, burst=self.burst,
            connections_per_client=self.connections_per_client,
            client_timeout=self.client_timeout, keepalive_seconds=self.keepalive_seconds,
            max_body_bytes=self.max_body_bytes,
            max_batch_bytes=MAX_BATCH_BYTES, max_stream_bytes=MAX_STREAM_BYTES,
            upstream_keepalive=16, upstream_timeout=self.upstream_timeout(),
            fail_timeout=FAIL_TIMEOUT,
            # A failed request is tried on each instance at most once.
            upstream_tries=max(len(servers), 2),
            request_id_pattern=ACCEPTED.pattern,
            # A request line or header line fits one buffer; all of them, every buffer.
            header_buffers=4, header_buffer_bytes=8192,
            problem_body=problem_body, nosniff=NOSNIFF, default_policy=DEFAULT_POLICY,
            real_ip_from=self.real_ip_from, access_log=self.access_log,
        )
