"""What hostile input costs, per KB, beside a normal deck: reading lines, whole requests,
and a worker's memory under the largest batch the limits allow.

    .venv/bin/python bench/hostile.py [SECONDS]
    .venv/bin/python bench/hostile.py fill     # 6. alone

1. Reading lines (below). 2. Whole requests: every request of tests/e2e/test_hostile_requests.py's
table, sent through the app in this process with every cache emptied first (a hostile
request is new by construction), grouped by kind; for the worst of each kind, CPU seconds
per KB of request and answer bytes per request byte, beside a normal 60-line deck's, cold
and warm. 3. A real gunicorn worker's peak RSS (VmHWM) after the largest batch, and after
two at once on its two threads. 4. make run's settings (two workers of two threads) under
the batch that takes a worker's memory highest, four at a time: eight are sent at once, so
that both threads of both workers are busy whichever worker the kernel hands each to. Each
worker's peak, the instance's PSS at its height (what a pod's memory limit counts), each
worker's memory once they are done, and /healthz and /readyz asked all the while. 5. The
streams: the crafted one (4,500 decks of the 60 most reprinted names, every format, the
verdict alone), its bytes in and out; and a worker's peak (one worker of two threads) after
it, after the largest stream of real lists the limits allow (10,000 decks, every format, the
verdicts alone, stopped at its bound), and after two of that at once. 6. make run's settings
under the lines that fill a worker's caches most (bench/hostile_lines.py's
`growing_lines`, each new): 24 requests of 500 such lines, four at a time, then four
streams of decks of them, each judged to its deadline; each worker's peak and its memory
after, and the instance's PSS at its height.

A hostile deck is 100 different lines of 300 characters of one shape (`HOSTILE`), each
built to make a backtracking matcher work hard; tests/unit/test_linear_patterns.py counts the
pattern engine's work on the same shapes. Reading a deck is what the service does with its
words before the catalog: parse it, read every line's references, and fold each candidate's
name and number into keys (`read_deck`). Every reading is cold: the line cache is emptied
first. The normal deck is bench/micro.py's 60 lines, from the catalog DATABASE_URL names.
Prints the median CPU time per KB of text. A benchmark prints figures; it asserts nothing.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import requests  # noqa: E402
from flask import Flask  # noqa: E402
from flask.testing import FlaskClient  # noqa: E402

from api.middleware import store  # noqa: E402
from app import create_app  # noqa: E402
from bench.decks import modified_decks, sixty_lines  # noqa: E402
from bench.figures import record  # noqa: E402
from bench.hostile_lines import (  # noqa: E402
    HOSTILE,
    LENGTH,
    LINES,
    growing_lines,
    hostile_deck,
    read_deck,
)
from bench.load import peak_rss_mib, start_gunicorn  # noqa: E402
from bench.proc import children, pss_mib, status_mib  # noqa: E402
from decklist import text as text_lists  # noqa: E402
from decklist.parsed import MAX_ENTRIES  # noqa: E402
from tests.corpus import lists  # noqa: E402
from tests.e2e.test_hostile_requests import (  # noqa: E402
    CASES,
    JSON,
    NDJSON,
    STREAM,
    TEXT,
    _largest_batch,
)
from tests.support.crafted import crafted_stream  # noqa: E402


def per_kb(text: str, seconds: float) -> float:
    """Median CPU seconds per KB of reading the text cold."""
    timings = []
    stop = time.process_time() + seconds
    while time.process_time() < stop or len(timings) < 3:
        text_lists.forget()
        start = time.process_time()
        read_deck(text)
        timings.append(time.process_time() - start)
    return statistics.median(timings) / (len(text.encode()) / 1024)


def request_costs(app: Flask, normal: str) -> None:
    """Each hostile kind's worst request (CPU per KB and answer bytes per request byte)
    beside a normal deck's, through the app in this process."""
    client = app.test_client()
    rows = {(f"normal 60-line deck, {label}", key): _cost(client, "POST", path,
                                                        normal.encode(), TEXT, cold)
            for label, key, path, cold in (
                ("one format, cold", "one_cold", "/v1/validate?format=modified", True),
                ("one format, warm", "one_warm", "/v1/validate?format=modified", False),
                ("every format, cold", "all_cold", "/v1/validate?format=all", True),
                ("every format, verdict, cold", "all_verdict_cold",
                 "/v1/validate?format=all&detail=verdict", True))}
    worst: dict[str, tuple[float, float, int, str]] = {}
    for case in CASES:
        if case.method != "POST":  # a catalog read: its cost is the catalog's, not per KB sent
            continue
        cost = _cost(client, case.method, case.path, case.body, case.headers, True)
        if case.kind not in worst or cost[0] > worst[case.kind][0]:
            worst[case.kind] = (*cost[:3], case.id)
    print("whole requests, cold (every cache emptied first): CPU per KB of request, answer "
          "bytes per request byte")
    for (label, key), (cpu, ratio, status, *_) in rows.items():
        print(f"  {label:<40} {cpu * 1e6:9.0f} µs/KB  {ratio:6.1f} ×  {status}")
        record(f"hostile.request.normal.{key}.cpu", cpu * 1e6, "µs/KB")
        record(f"hostile.request.normal.{key}.answer_ratio", ratio, "×")
    base = next(cost[0] for (_, key), cost in rows.items() if key == "one_cold")
    for cpu, ratio, status, case_id in sorted(worst.values(), reverse=True):
        print(f"  {case_id:<40} {cpu * 1e6:9.0f} µs/KB  {ratio:6.1f} ×  {status}"
              f"  ({cpu / base:.1f} × the normal deck's CPU per KB)")
    kinds = {case_id: kind for kind, (*_, case_id) in worst.items()}
    heaviest = max(worst.values())
    record("hostile.request.worst.cpu", heaviest[0] * 1e6, "µs/KB")
    record("hostile.request.worst.times_normal", heaviest[0] / base, "×")
    print(f"  the heaviest kind: {kinds[heaviest[3]]}")
    largest = max(r[1] for r in worst.values())
    print(f"  the largest answer per request byte: {largest:.1f} ×")
    record("hostile.request.largest_answer_ratio", largest, "×")


def _cost(client: FlaskClient, method: str, path: str, body: bytes, headers: dict[str, str],
          cold: bool) -> tuple[float, float, int]:
    """CPU seconds per KB of one request, its answer bytes per request byte, its status."""
    if cold:
        store.index().caches.forget()
        text_lists.forget()
    else:
        client.open(path, method=method, data=body, headers=headers)
    start = time.thread_time()
    answer = client.open(path, method=method, data=body, headers=headers)
    cpu = time.thread_time() - start
    asked = len(body) + len(path.partition("?")[2])
    return cpu / (asked / 1024), len(answer.data) / asked, answer.status_code


def worker_peak_under_the_largest_batch() -> None:
    """A gunicorn worker's peak RSS (VmHWM) after the largest batch the limits allow, then
    after two at once on its two threads; and how long one takes."""
    body = _largest_batch()
    with tempfile.TemporaryDirectory() as folder:
        pidfile = Path(folder) / "gunicorn.pid"
        os.environ.update(WEB_CONCURRENCY="1", GUNICORN_THREADS="2")
        server, base = start_gunicorn(pidfile)
        try:
            before = peak_rss_mib(pidfile)[0]
            start = time.perf_counter()
            answer = requests.post(f"{base}/v1/validate/batch", data=body, headers=JSON,
                                   timeout=120)
            seconds = time.perf_counter() - start
            one = peak_rss_mib(pidfile)[0]
            with ThreadPoolExecutor(2) as pool:
                statuses = list(pool.map(lambda _: requests.post(
                    f"{base}/v1/validate/batch", data=body, headers=JSON,
                    timeout=120).status_code, range(2)))
            two = peak_rss_mib(pidfile)[0]
        finally:
            server.terminate()
            server.wait(timeout=60)
    print(f"largest batch (500 real lists in every format, {answer.status_code}, "
          f"{len(answer.content) / 1e6:.1f} MB answered in {seconds:.1f} s): worker peak RSS "
          f"{before:.0f} MiB before, {one:.0f} MiB after; after two at once ({statuses}) "
          f"{two:.0f} MiB")
    record("hostile.batch.answer_mb", len(answer.content) / 1e6, "MB")
    record("hostile.batch.seconds", seconds, "s")
    record("hostile.batch.rss_before", before, "MiB")
    record("hostile.batch.rss_after", one, "MiB")
    record("hostile.batch.rss_after_two", two, "MiB")


# The batch that takes a worker's memory highest (of the hostile table's, measured): 4 MiB
# of JSON entries, read whole before the first deck is judged.
WORST_BATCH = "batch-4-mib-of-entries"
PROBE_EVERY = 0.2  # seconds between two rounds of probes
SENT_AT_ONCE = 8  # four are answered at a time, on the instance's four threads


def four_worst_batches_at_once() -> None:
    """make run's settings under the worst batch, four at a time (the module's 4)."""
    body = next(case.body for case in CASES if case.id == WORST_BATCH)
    with tempfile.TemporaryDirectory() as folder:
        pidfile = Path(folder) / "gunicorn.pid"
        os.environ.update(WEB_CONCURRENCY="2", GUNICORN_THREADS="2")
        server, base = start_gunicorn(pidfile)
        try:
            master = int(pidfile.read_text())
            workers = _all_workers(master, 2)
            before = max(status_mib(pid, "VmRSS") for pid in workers)
            height = _Height([str(master), *workers])
            probes = _Probes(base)
            start = time.perf_counter()
            with height, probes, ThreadPoolExecutor(SENT_AT_ONCE) as pool:
                statuses = list(pool.map(lambda _: requests.post(
                    f"{base}/v1/validate/batch", data=body, headers=JSON,
                    timeout=120).status_code, range(SENT_AT_ONCE)))
            seconds = time.perf_counter() - start
            peak = max(status_mib(pid, "VmHWM") for pid in workers)
            time.sleep(1)  # the last answers' memory handed back
            after = max(status_mib(pid, "VmRSS") for pid in workers)
        finally:
            server.terminate()
            server.wait(timeout=60)
    print(f"the worst batch ({WORST_BATCH}, {len(body) / 1e6:.1f} MB), {SENT_AT_ONCE} sent at "
          f"once to two workers of two threads ({sorted(set(statuses))}, all answered in "
          f"{seconds:.1f} s): each worker {before:.0f} MiB "
          f"before, {peak:.0f} MiB at its peak, {after:.0f} MiB after; the instance's PSS "
          f"at its height {height.pss:.0f} MiB")
    for path, times in probes.times.items():
        print(f"  {path} meanwhile ({len(times)} asked): {statistics.median(times) * 1e3:.0f} ms "
              f"median, {max(times) * 1e3:.0f} ms the slowest")
        record(f"hostile.four.{path.strip('/')}.median", statistics.median(times) * 1e3, "ms")
        record(f"hostile.four.{path.strip('/')}.max", max(times) * 1e3, "ms")
    record("hostile.four.seconds", seconds, "s")
    record("hostile.four.rss_before", before, "MiB")
    record("hostile.four.rss_peak", peak, "MiB")
    record("hostile.four.rss_after", after, "MiB")
    record("hostile.four.instance_pss", height.pss, "MiB")


# Requests of lines that fill the caches most, each of 500 lines never sent before.
FILLERS = 24
# A stream's deck of such lines: as many as a deck's line of a stream may hold (16 KiB, the
# text in UTF-8), and decks more than a stream judges by its deadline, within its 32 MiB.
STREAM_DECK_LINES = 16
STREAM_DECKS = 2000


def _filler(at: int) -> bytes:
    return "\n".join(growing_lines(at * MAX_ENTRIES, MAX_ENTRIES)).encode()


def _stream_of_fillers(at: int) -> bytes:
    """Decks of cache-filling lines, more than a stream judges by its deadline."""
    first = FILLERS * MAX_ENTRIES + at * STREAM_DECKS * STREAM_DECK_LINES
    return b"".join(json.dumps({"id": str(n), "format": "modified", "deck": "\n".join(
        growing_lines(first + n * STREAM_DECK_LINES, STREAM_DECK_LINES))},
        ensure_ascii=False).encode() + b"\n" for n in range(STREAM_DECKS))


def four_cache_fillers_at_once() -> None:
    """make run's settings under the lines that fill the caches most, four at a time: each
    worker's peak, the instance's PSS at its height, each worker after; then the same under
    four streams of decks of such lines, each judged to its deadline."""
    with tempfile.TemporaryDirectory() as folder:
        pidfile = Path(folder) / "gunicorn.pid"
        os.environ.update(WEB_CONCURRENCY="2", GUNICORN_THREADS="2")
        server, base = start_gunicorn(pidfile)
        try:
            master = int(pidfile.read_text())
            workers = _all_workers(master, 2)
            before = max(status_mib(pid, "VmRSS") for pid in workers)
            height = _Height([str(master), *workers])
            paths = ("/v1/validate?format=modified", "/v1/resolve")
            start = time.perf_counter()
            with height, ThreadPoolExecutor(4) as pool:
                statuses = list(pool.map(lambda at: requests.post(
                    base + paths[at % 2], data=_filler(at), headers=TEXT,
                    timeout=120).status_code, range(FILLERS)))
            seconds = time.perf_counter() - start
            peak = max(status_mib(pid, "VmHWM") for pid in workers)
            after = max(status_mib(pid, "VmRSS") for pid in workers)
            streams = _Height([str(master), *workers])
            with streams, ThreadPoolExecutor(4) as pool:
                judged = list(pool.map(lambda at: _streamed(base, _stream_of_fillers(at)),
                                       range(4)))
            stream_peak = max(status_mib(pid, "VmHWM") for pid in workers)
            stream_after = max(status_mib(pid, "VmRSS") for pid in workers)
        finally:
            server.terminate()
            server.wait(timeout=60)
    print(f"lines that fill the caches most: {FILLERS} requests of {MAX_ENTRIES} new lines "
          f"each, four at a time ({sorted(set(statuses))}, {seconds:.1f} s): each worker "
          f"{before:.0f} MiB before, {peak:.0f} MiB at its peak, {after:.0f} MiB after; the "
          f"instance's PSS at its height {height.pss:.0f} MiB")
    print(f"  then four streams of decks of them, each to its deadline ({judged} decks "
          f"judged): each worker at its peak {stream_peak:.0f} MiB, {stream_after:.0f} MiB "
          f"after; the instance's PSS at its height {streams.pss:.0f} MiB")
    record("hostile.fill.seconds", seconds, "s")
    record("hostile.fill.rss_before", before, "MiB")
    record("hostile.fill.rss_peak", peak, "MiB")
    record("hostile.fill.rss_after", after, "MiB")
    record("hostile.fill.instance_pss", height.pss, "MiB")
    record("hostile.fill.streams_rss_peak", stream_peak, "MiB")
    record("hostile.fill.streams_rss_after", stream_after, "MiB")
    record("hostile.fill.streams_instance_pss", streams.pss, "MiB")


def _streamed(base: str, body: bytes) -> int:
    """A stream sent whole and its answer read: how many decks it judged."""
    answer = requests.post(f"{base}/v1/validate/stream", data=body, timeout=120,
                           headers={"Content-Type": "application/x-ndjson"})
    last = json.loads(answer.content.splitlines()[-1])
    return int(last["done"]["answered"])


def _all_workers(master: int, count: int) -> list[str]:
    """The master's workers once all `count` are up: the server answers as soon as its
    first worker does, the second may not be forked yet."""
    deadline = time.monotonic() + 60
    while len(workers := children(master)) < count:
        if time.monotonic() > deadline:
            raise SystemExit(f"gunicorn started {len(workers)} of its {count} workers")
        time.sleep(0.1)
    time.sleep(1)  # each takes its index from the master as it starts
    return workers


class _Meanwhile:
    """Something done every `every` seconds on a thread of its own while the block runs."""

    every = 0.02

    def __init__(self) -> None:
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run)

    def __enter__(self) -> _Meanwhile:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._done.set()
        self._thread.join()

    def _run(self) -> None:
        while not self._done.wait(self.every):
            self.once()

    def once(self) -> None:
        raise NotImplementedError


class _Height(_Meanwhile):
    """The highest PSS the processes reach together while the block runs (sampled)."""

    def __init__(self, pids: list[str]) -> None:
        super().__init__()
        self.pids = pids
        self.pss = 0.0

    def once(self) -> None:
        self.pss = max(self.pss, sum(pss_mib(pid) for pid in self.pids))


class _Probes(_Meanwhile):
    """/healthz and /readyz asked in turn while the block runs, each answer timed."""

    every = PROBE_EVERY

    def __init__(self, base: str) -> None:
        super().__init__()
        self.base = base
        self.times: dict[str, list[float]] = {"/healthz": [], "/readyz": []}

    def once(self) -> None:
        for path, times in self.times.items():
            start = time.perf_counter()
            answer = requests.get(self.base + path, timeout=60)
            times.append(time.perf_counter() - start)
            if answer.status_code != 200:
                raise SystemExit(f"{path} answered {answer.status_code} under load")


# The crafted stream at the size the hostile sweep sent: 3.6 MB.
CRAFTED_DECKS = 4500


def _largest_real_stream() -> bytes:
    """10,000 real lists (tests/corpus, each named with its source there), every format, the
    verdicts alone: the most decks a stream may send."""
    texts = [item.body for item in lists()]
    return "".join(json.dumps({"id": str(n), "format": "all", "detail": "verdict",
                               "deck": texts[n % len(texts)]}) + "\n"
                   for n in range(10_000)).encode()


def worst_streams(crafted: bytes) -> None:
    """The crafted stream's bytes in and out through a real gunicorn worker (one, of two
    threads), and the worker's peak RSS after it, after the largest stream of real lists,
    and after two of those at once."""
    real = _largest_real_stream()

    def sent(base: str, body: bytes) -> tuple[int, int, float]:
        start = time.perf_counter()
        answer = requests.post(base + STREAM, data=body, headers=NDJSON, timeout=120)
        return answer.status_code, len(answer.content), time.perf_counter() - start

    with tempfile.TemporaryDirectory() as folder:
        pidfile = Path(folder) / "gunicorn.pid"
        os.environ.update(WEB_CONCURRENCY="1", GUNICORN_THREADS="2")
        server, base = start_gunicorn(pidfile)
        try:
            before = peak_rss_mib(pidfile)[0]
            status, out, seconds = sent(base, crafted)
            after_crafted = peak_rss_mib(pidfile)[0]
            real_status, real_out, real_seconds = sent(base, real)
            after_real = peak_rss_mib(pidfile)[0]
            with ThreadPoolExecutor(2) as pool:
                statuses = [answer[0] for answer in pool.map(lambda _: sent(base, real),
                                                              range(2))]
            after_two = peak_rss_mib(pidfile)[0]
        finally:
            server.terminate()
            server.wait(timeout=60)
    ratio = out / len(crafted)
    print(f"the crafted stream ({CRAFTED_DECKS} decks of the most reprinted names, every "
          f"format, the verdict alone; {status}): {len(crafted) / 1e6:.2f} MB in, "
          f"{out / 1e6:.2f} MB out ({ratio:.2f} ×) in {seconds:.1f} s")
    print(f"the largest stream of real lists (10,000, every format, the verdicts alone; "
          f"{real_status}): {len(real) / 1e6:.1f} MB in, {real_out / 1e6:.1f} MB out in "
          f"{real_seconds:.1f} s")
    print(f"  worker peak RSS {before:.0f} MiB before, {after_crafted:.0f} MiB after the "
          f"crafted stream, {after_real:.0f} MiB after the real one, {after_two:.0f} MiB "
          f"after two at once ({statuses})")
    record("hostile.stream.crafted.in_mb", len(crafted) / 1e6, "MB")
    record("hostile.stream.crafted.out_mb", out / 1e6, "MB")
    record("hostile.stream.crafted.ratio", ratio, "×")
    record("hostile.stream.real.out_mb", real_out / 1e6, "MB")
    record("hostile.stream.rss_before", before, "MiB")
    record("hostile.stream.rss_after_crafted", after_crafted, "MiB")
    record("hostile.stream.rss_after_real", after_real, "MiB")
    record("hostile.stream.rss_after_two", after_two, "MiB")


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 0.5
    app = create_app()
    with app.app_context():
        normal = sixty_lines(modified_decks(store.index())).text
    print(f"reading a deck cold, CPU per KB ({LINES} lines of {LENGTH} characters a hostile "
          "deck):")
    figures = {"a normal 60-line deck": per_kb(normal, seconds)}
    figures.update({shape: per_kb(hostile_deck(shape), seconds) for shape in HOSTILE})
    for label, figure in figures.items():
        print(f"  {label:<24} {figure * 1e6:9.0f} µs/KB")
        record(f"hostile.read.{'normal' if label not in HOSTILE else label}", figure * 1e6,
               "µs/KB")
    worst = max(HOSTILE, key=figures.__getitem__)
    times = figures[worst] / figures["a normal 60-line deck"]
    print(f"  worst hostile shape: {worst}, {times:.1f} × a normal deck's cost per KB")
    record("hostile.read.worst.times_normal", times, "×")
    with app.app_context():
        request_costs(app, normal)
        crafted = crafted_stream(store.index(), CRAFTED_DECKS)
    worker_peak_under_the_largest_batch()
    four_worst_batches_at_once()
    worst_streams(crafted)
    four_cache_fillers_at_once()


if __name__ == "__main__":
    if sys.argv[1:] == ["fill"]:  # the caches' part alone
        four_cache_fillers_at_once()
    else:
        main()
