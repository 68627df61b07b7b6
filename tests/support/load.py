"""A small real load for fault tests: N threads sending requests until told to stop.

Each request opens its own connection (`Connection: close`), so a failure is
always that request's own: refused before it was sent, or dropped after.
Benchmarks use wrk (bench/); this is for counting failures, not for speed.

Each connection sends a request every INTERVAL seconds (sooner is never: a slow answer
delays the next), so the faults these tests make meet requests in flight without the load
taking the machine: sent as fast as they are answered, the suite's loads took both cores
of the 2-core CI machine for a minute and more, from the tests running beside them. A test
that needs the server saturated (a client over its rate limit, a stop that must meet
requests in flight) asks for `interval=0`.
"""

from __future__ import annotations

import http.client
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

MODIFIED_DECK = (Path(__file__).resolve().parents[1] / "fixtures" / "decklists"
                 / "modified-legal.txt").read_bytes()


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    body: bytes | None = None
    content_type: str | None = None


VALIDATE_TEXT = Call("POST", "/v1/validate?format=modified", MODIFIED_DECK, "text/plain")
VALIDATE_ALL = Call("POST", "/v1/validate?format=all", MODIFIED_DECK, "text/plain")
# 10 requests a second a connection: 320 a second at 32 connections.
INTERVAL = 0.1
MIX = (VALIDATE_TEXT, VALIDATE_ALL, Call("GET", "/healthz"), Call("GET", "/v1/cards/base1-4"))


@dataclass
class Tally:
    statuses: Counter = field(default_factory=Counter)
    refused: int = 0  # the connection was refused: no request was sent
    dropped: list[str] = field(default_factory=list)  # sent, then no answer

    @property
    def answered(self) -> int:
        return sum(self.statuses.values())

    @property
    def failed(self) -> int:
        return len(self.dropped) + sum(n for status, n in self.statuses.items() if status >= 500)


class Load:
    """`with Load(base, 32) as load:` … `load.tally` once the block ends."""

    def __init__(self, base: str, connections: int, calls: tuple[Call, ...] = MIX,
                 timeout: float = 30, source: str | None = None,
                 interval: float = INTERVAL) -> None:
        parts = urlsplit(base)
        # A loopback source address (127.0.0.2…) makes this load a client of its own to a
        # server that counts per client address.
        self.source = (source, 0) if source else None
        self.host, self.port = parts.hostname or "127.0.0.1", parts.port or 80
        self.connections, self.calls, self.timeout = connections, calls, timeout
        self.interval = interval
        self.tally = Tally()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._threads = [threading.Thread(target=self._run, args=(n,), daemon=True)
                         for n in range(connections)]

    def __enter__(self) -> Load:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(self.timeout + 5)

    def wait_for(self, answered: int, within: float = 30) -> None:
        deadline = time.monotonic() + within
        while self.tally.answered < answered:
            if time.monotonic() > deadline:
                raise AssertionError(f"only {self.tally.answered} answers in {within} s")
            time.sleep(0.05)

    def _run(self, number: int) -> None:
        turn = number
        # The connections' turns spread over the interval rather than all at once.
        self._stop.wait(self.interval * number / self.connections)
        due = time.monotonic()
        while not self._stop.is_set():
            self._send(self.calls[turn % len(self.calls)])
            turn += 1
            due = max(due + self.interval, time.monotonic())  # late: no burst to catch up
            self._stop.wait(due - time.monotonic())

    def _send(self, call: Call) -> None:
        connection = http.client.HTTPConnection(self.host, self.port, timeout=self.timeout,
                                                source_address=self.source)
        headers = {"Connection": "close"}
        if call.content_type:
            headers["Content-Type"] = call.content_type
        try:
            try:
                connection.connect()
            except ConnectionRefusedError:
                with self._lock:
                    self.tally.refused += 1
                time.sleep(0.01)
                return
            connection.request(call.method, call.path, call.body, headers)
            response = connection.getresponse()
            response.read()
            with self._lock:
                self.tally.statuses[response.status] += 1
        except (OSError, http.client.HTTPException) as error:
            with self._lock:
                self.tally.dropped.append(f"{call.method} {call.path}: {error!r}")
        finally:
            connection.close()
