"""Throughput and latency of the real gunicorn under wrk, on loopback.

    .venv/bin/python bench/load.py [--seconds 10] [--connections 8,32,64]

Starts gunicorn with gunicorn_conf.py (one worker a core) on the catalog
DATABASE_URL names, drives it with wrk (Debian's `wrk` package) for a fixed
time at each concurrency, and prints requests/s, p50/p99 latency, non-2xx
answers and the peak RSS of each worker (VmHWM). Then it runs validate at
half the peak rate (wrk's per-request delay) for the p99 there, and healthz
and validate (text) in turn, three times each, for their ratio: on shared
cores one run of either swings by a third, so the ratio is of the medians.
Those runs also print the CPU time a request cost the workers and wrk. Then what a card
picker and a deck database ask, each in turn with healthz: the card search by legality (250
a page), `detail=legal_in` for one deck in every format, a batch of real lists at
`legal_in`; and a stream of 10,000 real lists through POST /v1/validate/stream, in decks a
second and a worker's peak memory. A benchmark prints figures; it asserts nothing.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import requests

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from api.middleware import store  # noqa: E402
from app import create_app  # noqa: E402
from bench.decks import modified_decks, partner_text, sixty_lines  # noqa: E402
from bench.figures import record  # noqa: E402
from bench.proc import children, cpu_seconds, status_mib  # noqa: E402
from runtime import patterns  # noqa: E402
from tests.corpus import lists  # noqa: E402

# wrk sends each connection's requests in turn from a table of bodies (and of paths);
# `delay` paces them.
LUA = """
local bodies = {%(bodies)s}
local paths = {%(paths)s}
local method, ctype, pause = %(method)s, %(ctype)s, %(pause)d
local encoding = %(encoding)s
local n = 0
request = function()
  n = n + 1
  local body = bodies[(n %% #bodies) + 1]
  local path = paths[(n %% #paths) + 1]
  local headers = {}
  if encoding ~= "" then headers["Accept-Encoding"] = encoding end
  if body == "" then return wrk.format(method, path, headers) end
  headers["Content-Type"] = ctype
  return wrk.format(method, path, headers, body)
end
if pause > 0 then delay = function() return pause end end
"""


@dataclass(frozen=True)
class Scenario:
    key: str  # its name among the figures kept (bench/figures.py)
    label: str
    method: str
    path: str
    bodies: list[str]
    ctype: str = "text/plain"
    encoding: str = ""  # Accept-Encoding; wrk sends none otherwise
    decks: int = 1  # decks a request checks (a batch's are many)
    paths: tuple[str, ...] = ()  # paths asked in turn, where not `path` alone


BATCH = 100  # decks a batch request holds (what `deckjudge check` sends)
ENCODINGS = ("gzip", "br", "zstd")


@dataclass(frozen=True)
class Result:
    rps: float
    p50_ms: float
    p99_ms: float
    non_2xx: int
    errors: int


def lua(text: str) -> str:
    """A Lua string literal: JSON's escapes (\\n, \\", \\\\) are Lua's; no \\u is needed
    with the text kept as UTF-8."""
    return json.dumps(text, ensure_ascii=False)


def run_wrk(base: str, scenario: Scenario, connections: int, seconds: float,
            pause_ms: int = 0) -> Result:
    script = LUA % {"bodies": ", ".join(lua(body) for body in scenario.bodies),
                    "paths": ", ".join(lua(path) for path in scenario.paths or (scenario.path,)),
                    "method": lua(scenario.method),
                    "ctype": lua(scenario.ctype), "pause": pause_ms,
                    "encoding": lua(scenario.encoding)}
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as handle:
        handle.write(script)
    try:
        command = ["wrk", "-t", str(min(connections, 2)), "-c", str(connections),
                   "-d", f"{max(int(seconds), 1)}s", "--timeout", "30s", "--latency",
                   "-s", handle.name, base]
        out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    finally:
        os.unlink(handle.name)
    return _parse(out)


def _parse(out: str) -> Result:
    def ms(label: str) -> float:
        value, unit = patterns.compile(rf"(?m)^\s+{label}%\s+([\d.]+)(us|ms|s)\s*$").search(
            out).groups()
        return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]
    non_2xx = patterns.compile(r"Non-2xx or 3xx responses: (\d+)").search(out)
    errors = patterns.compile(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)").search(out)
    return Result(float(patterns.compile(r"Requests/sec:\s+([\d.]+)").search(out)[1]), ms("50"),
                  ms("99"),
                  int(non_2xx[1]) if non_2xx else 0,
                  sum(int(n) for n in errors.groups()) if errors else 0)


def peak_rss_mib(pidfile: Path) -> list[float]:
    return [status_mib(pid, "VmHWM") for pid in children(int(pidfile.read_text()))]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def start_gunicorn(pidfile: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    env = {**os.environ, "BIND": f"127.0.0.1:{port}", "GUNICORN_CMD_ARGS": f"--pid {pidfile}"}
    server = subprocess.Popen([sys.executable, "-m", "gunicorn", "-c", "gunicorn_conf.py",
                               "app:create_app()"], cwd=ROOT, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    wait_ready(server, base, 60, "gunicorn did not become ready (is the catalog imported? "
               "make import)")
    return server, base


def wait_ready(server: subprocess.Popen, base: str, seconds: float, failure: str) -> None:
    """Until `base` answers /readyz with 200; the server is killed if it does not within
    `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if requests.get(f"{base}/readyz", timeout=2).status_code == 200:
                return
        except requests.RequestException:
            pass
        time.sleep(0.1)
    server.kill()
    raise SystemExit(failure)


def scenarios() -> list[Scenario]:
    app = create_app()
    with app.app_context():
        decks = modified_decks(store.index())
    as_json = [json.dumps({"format": "modified", "deck": deck.entries}) for deck in decks]
    texts = [deck.text for deck in decks]
    batch = json.dumps({"decks": [{"id": str(n), "format": "modified", "deck": texts[n % 10]}
                                  for n in range(BATCH)]})
    return [
        Scenario("healthz", "GET /healthz", "GET", "/healthz", [""]),
        Scenario("text", f"validate text, {len(decks)} modified decks", "POST",
                 "/v1/validate?format=modified", texts),
        *[Scenario(f"text_{encoding}", f"  the same, {encoding}", "POST",
                   "/v1/validate?format=modified", texts, encoding=encoding)
          for encoding in ENCODINGS],
        Scenario("text_verdict", "  the same, verdict only", "POST",
                 "/v1/validate?format=modified&detail=verdict", texts),
        Scenario("batch", f"batch of {BATCH} (verdicts)", "POST", "/v1/validate/batch",
                 [batch], "application/json", decks=BATCH),
        Scenario("json", f"validate JSON, {len(decks)} modified decks", "POST", "/v1/validate",
                 as_json, "application/json"),
        Scenario("all", "validate format=all, one deck", "POST", "/v1/validate?format=all",
                 [decks[0].text]),
        Scenario("partner", "validate partner-battles, 100 cards", "POST",
                 "/v1/validate?format=partner-battles", [partner_text()]),
    ]


def real_batch() -> Scenario:
    """The first BATCH real published lists of tests/corpus in one batch, each checked in
    every format, their verdicts alone (a batch's default): a CI job's or an organizer's."""
    body = json.dumps({"decks": [{"id": item.name, "format": "all", "deck": item.body}
                                 for item in itertools.islice(lists(), BATCH)]})
    return Scenario("batch_real_all", f"batch of {BATCH} real lists, every format (verdicts)",
                    "POST", "/v1/validate/batch", [body], "application/json", decks=BATCH)


# A deckbuilding site's card picker, each card once (unique=cards) with several filters,
# asked in turn: the two searches docs/api.md shows, then two more.
PICKER = (
    "/v1/cards?legal_in=standard&supertype=Trainer&unique=cards&sort=name&per_page=250",
    "/v1/cards?legal_in=standard&types=Fire&subtypes=ex&hp_min=200&unique=cards&sort=name",
    "/v1/cards?legal_in=standard&stage=Basic&attack_cost=1&attack_energy=Lightning"
    "&unique=cards&sort=released",
    "/v1/cards?legal_in=expanded&supertype=Pok%C3%A9mon&regulation_mark=G,H&hp_min=100"
    "&hp_max=150&unique=cards&sort=name&per_page=100",
)


def legality_scenarios() -> list[Scenario]:
    """What a card picker and a deck database ask: a card search by legality (every page
    of Standard's cards in turn, 250 a page), a picker's searches with several filters at
    unique=cards, whether one 60-line deck is legal in each format, and a batch of real
    lists asking the same."""
    app = create_app()
    with app.app_context():
        wide = sixty_lines(modified_decks(store.index()))
        search = "/v1/cards?legal_in=standard&per_page=250"
        total = app.test_client().get(search).get_json()["total"]
    pages = tuple(f"{search}&page={page}" for page in range(1, -(-total // 250) + 1))
    body = json.dumps({"decks": [{"id": item.name, "format": "all", "detail": "legal_in",
                                  "deck": item.body}
                                 for item in itertools.islice(lists(), BATCH)]})
    return [
        Scenario("cards_legal_in", f"card search legal_in=standard, 250 a page ({len(pages)} "
                 "pages)", "GET", pages[0], [""], paths=pages),
        Scenario("cards_picker", f"card picker, several filters, unique=cards ({len(PICKER)} "
                 "searches)", "GET", PICKER[0], [""], paths=PICKER),
        Scenario("legal_in_one", "legal_in, one 60-line deck, every format", "POST",
                 "/v1/validate?format=all&detail=legal_in", [wide.text]),
        Scenario("batch_real_legal_in", f"batch of {BATCH} real lists, every format, legal_in",
                 "POST", "/v1/validate/batch", [body], "application/json", decks=BATCH),
    ]


def main() -> None:
    options = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    options.add_argument("--seconds", type=float, default=10)
    options.add_argument("--connections", default="8,32,64")
    options.add_argument("--only", choices=["legality", "stream-changed"],
                         help="run healthz and the legality scenarios alone, or the streams "
                              "re-judging a database after a ban")
    args = options.parse_args()
    if not shutil.which("wrk"):
        raise SystemExit("wrk is not installed: apt-get install wrk")
    concurrencies = [int(n) for n in args.connections.split(",")]
    plan = scenarios()
    with tempfile.TemporaryDirectory() as folder:
        pidfile = Path(folder) / "gunicorn.pid"
        server, base = start_gunicorn(pidfile)
        try:
            if args.only == "stream-changed":
                stream_changed(base, STREAM_DECKS, plan[0])
                return
            if args.only:
                at_a_glance = legality_scenarios()
                answer_bytes(base, at_a_glance)
                legality(base, plan[0], at_a_glance, args.seconds,
                         children(int(pidfile.read_text())))
                return
            run_wrk(base, plan[1], 32, 2)  # warm up: a running worker has read these lines
            answer_bytes(base, plan)
            peaks = measure(base, plan, concurrencies, args.seconds)
            workers = children(int(pidfile.read_text()))
            ratio(base, plan[0], plan[1], args.seconds, workers)
            every_format(base, plan[0], next(s for s in plan if s.key == "all"), real_batch(),
                         args.seconds, workers)
            verdicts = next(s for s in plan if s.path.endswith("detail=verdict"))
            decks_per_second(base, verdicts, next(s for s in plan if s.decks > 1),
                             args.seconds, workers)
            at_a_glance = legality_scenarios()
            answer_bytes(base, at_a_glance)
            legality(base, plan[0], at_a_glance, args.seconds, workers)
            stream(base, STREAM_DECKS, pidfile)
            stream_changed(base, STREAM_DECKS, plan[0])
            peaks_mib = peak_rss_mib(pidfile)
            print(f"peak RSS per worker: {', '.join(f'{mib:.0f} MiB' for mib in peaks_mib)}")
            record("load.peak_rss", max(peaks_mib), "MiB")
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(60)
    healthz, text = peaks[plan[0].label], peaks[plan[1].label]
    print(f"validate text / healthz throughput (peaks of the table): {text / healthz:.0%}")
    record("load.ratio.peaks", 100 * text / healthz, "%")


def answer_bytes(base: str, plan: list[Scenario]) -> None:
    """What each kind of request's answer weighs on the wire, on average over its bodies."""
    print("bytes an answer (on the wire, mean over the scenario's bodies):")
    for scenario in plan:
        sizes = []
        for body in scenario.bodies:
            headers = {"Accept-Encoding": scenario.encoding or "identity"}
            if body:
                headers["Content-Type"] = scenario.ctype
            answer = requests.request(scenario.method, base + scenario.path, data=body.encode(),
                                      headers=headers, timeout=60, stream=True)
            sizes.append(len(answer.raw.read(decode_content=False)))
        mean = statistics.mean(sizes)
        print(f"  {scenario.label:<38} {mean:>10,.0f} B"
              + (f"  ({mean / scenario.decks:,.0f} B a deck)" if scenario.decks > 1 else ""))
        record(f"load.bytes.{scenario.key}", mean, "B")


@dataclass(frozen=True)
class Run:
    result: Result
    cpu_us: tuple[float, float, float]  # a request's: workers user, workers system, wrk


def in_turn(base: str, scenarios: tuple[Scenario, ...], seconds: float, workers: list[str],
            connections: int = 32, rounds: int = 3) -> dict[str, list[Run]]:
    """Each scenario run in turn with the others, `rounds` times, so all meet the same
    moments of a shared machine; with the CPU time a request cost the workers and wrk."""
    runs: dict[str, list[Run]] = {scenario.label: [] for scenario in scenarios}
    for _ in range(rounds):
        for scenario in scenarios:
            _until_idle(workers)
            before = _cpu(workers)
            result = run_wrk(base, scenario, connections, seconds)
            spent = [after - start for after, start in zip(_cpu(workers), before, strict=True)]
            # A run so short that nothing finished costs nothing a request.
            requests_done = max(result.rps * max(int(seconds), 1), 1)
            user, system, client = (part / requests_done * 1e6 for part in spent)
            runs[scenario.label].append(Run(result, (user, system, client)))
    return runs


def ratio(base: str, healthz: Scenario, text: Scenario, seconds: float, workers: list[str],
          connections: int = 32, rounds: int = 3) -> None:
    """healthz and validate (text) in turn; the ratio of their medians. CPU time a request
    swings with the neighbours much less than throughput, and it shows where validate's
    extra cost lies."""
    runs = in_turn(base, (healthz, text), seconds, workers, connections, rounds)
    medians = {label: statistics.median(run.result.rps for run in found)
               for label, found in runs.items()}
    for scenario in (healthz, text):
        label, found = scenario.label, runs[scenario.label]
        shown = ", ".join(f"{run.result.rps:.0f}" for run in found)
        user, system, client = (statistics.median(run.cpu_us[part] for run in found)
                                for part in range(3))
        print(f"{label} at {connections} connections, {rounds} runs in turn: {shown} req/s "
              f"(median {medians[label]:.0f}); CPU a request: workers {user:.0f} µs user + "
              f"{system:.0f} µs system, wrk {client:.0f} µs")
        key = f"load.in_turn.{scenario.key}"
        record(f"{key}.rps", medians[label], "req/s")
        record(f"{key}.rps_low", min(run.result.rps for run in found), "req/s")
        record(f"{key}.rps_high", max(run.result.rps for run in found), "req/s")
        record(f"{key}.cpu_user", user, "µs")
        record(f"{key}.cpu_system", system, "µs")
        record(f"{key}.cpu_wrk", client, "µs")
    share = medians[text.label] / medians[healthz.label]
    print(f"validate text / healthz throughput (medians of runs in turn): {share:.0%}")
    record("load.ratio.medians", 100 * share, "%")
    per_request = {label: statistics.median(sum(run.cpu_us) for run in found)
                   for label, found in runs.items()}
    print(f"healthz / validate text CPU a request (medians, workers and wrk): "
          f"{per_request[healthz.label] / per_request[text.label]:.0%}")


def _until_idle(workers: list[str], within: float = 60) -> None:
    """Until the workers have finished what the last run left in flight: wrk stops at its
    time, but requests it had sent are still answered, and a batch of real lists in every
    format left seconds of work that the next run (healthz) met, halving its figure."""
    deadline = time.monotonic() + within
    spent = sum(_cpu(workers)[:2])
    while time.monotonic() < deadline:
        time.sleep(0.25)
        now = sum(_cpu(workers)[:2])
        if now - spent < 0.02:  # under 4 % of the two cores
            return
        spent = now


def _cpu(workers: list[str]) -> tuple[float, float, float]:
    """CPU seconds so far: the workers' user and system time, and every finished child's
    of this process (each wrk run, waited for)."""
    user = system = 0.0
    for pid in workers:
        worker_user, worker_system = cpu_seconds(pid)
        user, system = user + worker_user, system + worker_system
    finished = resource.getrusage(resource.RUSAGE_CHILDREN)
    return user, system, finished.ru_utime + finished.ru_stime


def every_format(base: str, healthz: Scenario, every: Scenario, batch: Scenario,
                 seconds: float, workers: list[str], connections: int = 32,
                 rounds: int = 3) -> None:
    """healthz, validate `format=all` and a batch of real lists in every format, in turn:
    `format=all` requests a second, and the batch's decks a second, against healthz's
    requests a second (medians of the runs)."""
    runs = in_turn(base, (healthz, every, batch), seconds, workers, connections, rounds)
    medians = {scenario.key: statistics.median(run.result.rps * scenario.decks
                                               for run in runs[scenario.label])
               for scenario in (healthz, every, batch)}
    # An answer that was not a 2xx (a refused batch) is no work done: say how many there were.
    failed = sum(run.result.non_2xx + run.result.errors
                 for scenario in (healthz, every, batch) for run in runs[scenario.label])
    all_share = medians[every.key] / medians[healthz.key]
    batch_times = medians[batch.key] / medians[healthz.key]
    print(f"every format at {connections} connections, {rounds} runs in turn (medians): "
          f"healthz {medians[healthz.key]:,.0f} req/s, format=all {medians[every.key]:,.0f} "
          f"req/s ({all_share:.0%}), {batch.label} {medians[batch.key]:,.0f} decks/s "
          f"({batch_times:.2f}× healthz); answers not 2xx or lost: {failed}")
    record("load.every_format.failed", failed, "answers")
    record("load.every_format.healthz", medians[healthz.key], "req/s")
    record("load.every_format.all", medians[every.key], "req/s")
    record("load.every_format.batch_real_all", medians[batch.key], "decks/s")
    record("load.ratio.all", 100 * all_share, "%")
    record("load.ratio.batch_real_all", batch_times, "×")


def decks_per_second(base: str, single: Scenario, batch: Scenario, seconds: float,
                     workers: list[str], connections: int = 32, rounds: int = 3) -> None:
    """Single requests and batches in turn, both answering the verdict alone: how many
    decks a second each way checks."""
    runs = in_turn(base, (single, batch), seconds, workers, connections, rounds)
    medians = {scenario.label: statistics.median(run.result.rps * scenario.decks
                                                 for run in runs[scenario.label])
               for scenario in (single, batch)}
    print(f"decks a second at {connections} connections, {rounds} runs in turn (medians): "
          f"single requests (verdict only) {medians[single.label]:,.0f}, batches of {batch.decks} "
          f"{medians[batch.label]:,.0f} ({medians[batch.label] / medians[single.label]:.1f}×)")
    record("load.decks_per_second.single", medians[single.label], "decks/s")
    record("load.decks_per_second.batch", medians[batch.label], "decks/s")


def legality(base: str, healthz: Scenario, scenarios: list[Scenario], seconds: float,
             workers: list[str], connections: int = 32, rounds: int = 3) -> None:
    """healthz and the legality scenarios in turn: each one's requests (or, for a batch,
    decks) a second against healthz's requests a second (medians of the runs). Each is run
    once first, as a running worker has seen them: every page of the search is then kept."""
    for scenario in scenarios:
        run_wrk(base, scenario, 8, 2)
    runs = in_turn(base, (healthz, *scenarios), seconds, workers, connections, rounds)
    medians = {scenario.key: statistics.median(run.result.rps * scenario.decks
                                               for run in runs[scenario.label])
               for scenario in (healthz, *scenarios)}
    failed = sum(run.result.non_2xx + run.result.errors
                 for found in runs.values() for run in found)
    print(f"legality at a glance at {connections} connections, {rounds} runs in turn (medians): "
          f"healthz {medians[healthz.key]:,.0f} req/s; answers not 2xx or lost: {failed}")
    record("load.legality.failed", failed, "answers")
    record("load.legality.healthz", medians[healthz.key], "req/s")
    for scenario in scenarios:
        times = medians[scenario.key] / medians[healthz.key]
        unit = "decks/s" if scenario.decks > 1 else "req/s"
        print(f"  {scenario.label:<52} {medians[scenario.key]:>9,.0f} {unit} "
              f"({times:.2f}× healthz)")
        record(f"load.legality.{scenario.key}", medians[scenario.key], unit)
        record(f"load.ratio.{scenario.key}", times, "×")


STREAM_DECKS = 10_000  # what POST /v1/validate/stream takes at most


def stream(base: str, decks: int, pidfile: Path) -> None:
    """A deck database re-judged: `decks` real lists (the corpus's, over and over) in every
    format through POST /v1/validate/stream, timed from the first byte sent to the last line
    read."""
    corpus = list(lists())
    body = b"".join(json.dumps({"id": f"{n}:{item.name}", "format": "all",
                                "deck": item.body}).encode() + b"\n"
                    for n, item in zip(range(decks), itertools.cycle(corpus)))
    started = time.perf_counter()
    answer = requests.post(f"{base}/v1/validate/stream", data=body, stream=True, timeout=120,
                           headers={"Content-Type": "application/x-ndjson"})
    lines = [json.loads(line) for line in answer.iter_lines() if line]
    seconds = time.perf_counter() - started
    done = lines[-1]["done"]
    failed = sum(1 for line in lines[:-1] if line.get("status") != 200)
    # A worker's peak since it started (VmHWM): the stream's, or more.
    peak = max(peak_rss_mib(pidfile))
    print(f"stream of {decks:,} real lists ({len(body) / 2**20:.1f} MiB), every format: "
          f"{seconds:.2f} s, {decks / seconds:,.0f} decks/s; answered {done['answered']:,}, "
          f"failed {failed}; peak RSS of a worker so far {peak:.0f} MiB")
    record("load.stream.peak_rss", peak, "MiB")
    record("load.stream.decks", done["answered"], "decks")
    record("load.stream.failed", failed, "decks")
    record("load.stream.seconds", seconds, "s")
    record("load.stream.decks_per_second", decks / seconds, "decks/s")


# A database re-judged after a ban: one deck in this many holds the banned card.
CHANGED_ONE_IN = 100
BANNED = "4 Medicham V EVS 83"  # Evolving Skies 83, banned in Expanded from 2026-04-10
AFTER_THE_BAN = {"format": "expanded", "as_of": "2026-05-01", "detail": "legal_in"}


def stream_changed(base: str, decks: int, healthz: Scenario) -> None:
    """A deck database re-judged after a ban, with and without `changed_since`: `decks` real
    lists in Expanded on 2026-05-01, one in CHANGED_ONE_IN given Medicham V, asked what
    changed since 2026-04-01; in decks a second, and against healthz's requests a second."""
    texts = [item for item in lists() if isinstance(item.body, str)]

    def body(since: str | None) -> bytes:
        lines = []
        for n, item in zip(range(decks), itertools.cycle(texts)):
            deck = item.body + ("\n" + BANNED if n % CHANGED_ONE_IN == 0 else "")
            sent = {"id": str(n), **AFTER_THE_BAN, "deck": deck}
            if since is not None:
                sent["changed_since"] = since
            lines.append(json.dumps(sent).encode() + b"\n")
        return b"".join(lines)

    healthz_rps = run_wrk(base, healthz, 8, 5).rps
    for key, since in (("stream_expanded", None), ("stream_changed", "2026-04-01")):
        sent = body(since)
        started = time.perf_counter()
        answer = requests.post(f"{base}/v1/validate/stream", data=sent, timeout=300,
                               headers={"Content-Type": "application/x-ndjson"})
        seconds = time.perf_counter() - started
        lines = [json.loads(line) for line in answer.content.splitlines() if line]
        changed = sum(1 for line in lines[:-1] if "changed" in line.get("verdict", {}))
        rate = decks / seconds
        print(f"stream of {decks:,} real lists in Expanded after a ban"
              f"{', changed_since' if since else ''}: {seconds:.2f} s, {rate:,.0f} decks/s "
              f"({rate / healthz_rps:.2f}× healthz's {healthz_rps:,.0f} req/s); "
              f"{changed:,} answered as changed, {len(answer.content) / 2**20:.1f} MiB back")
        record(f"load.{key}.decks_per_second", rate, "decks/s")
        record(f"load.ratio.{key}", rate / healthz_rps, "×")
        record(f"load.{key}.answer_mib", len(answer.content) / 2**20, "MiB")
        if since is not None:
            record(f"load.{key}.changed", changed, "decks")


def measure(base: str, plan: list[Scenario], concurrencies: list[int],
            seconds: float) -> dict[str, float]:
    print(f"gunicorn at {base}, {os.cpu_count()} cores; wrk {seconds:.0f} s a run")
    print(f"{'scenario':<40} {'conns':>5} {'req/s':>9} {'decks/s':>8} {'p50 ms':>8} "
          f"{'p99 ms':>8} {'non-2xx':>8} {'errors':>7}")
    peaks: dict[str, float] = {}
    for scenario in plan:
        for connections in concurrencies:
            result = run_wrk(base, scenario, connections, seconds)
            peaks[scenario.label] = max(peaks.get(scenario.label, 0), result.rps)
            print(f"{scenario.label:<40} {connections:>5} {result.rps:>9.0f} "
                  f"{result.rps * scenario.decks:>8.0f} {result.p50_ms:>8.2f} "
                  f"{result.p99_ms:>8.2f} {result.non_2xx:>8} {result.errors:>7}")
            keep(f"load.{scenario.key}.c{connections}", result)
    text = plan[1]
    half = peaks[text.label] / 2
    connections = 16
    # Each connection waits `pause` between requests: 16 connections at half the peak rate.
    pause = max(int(connections / half * 1000), 1)
    result = run_wrk(base, text, connections, seconds, pause)
    print(f"{text.label} at half its peak ({half:.0f} req/s asked, {result.rps:.0f} done): "
          f"p50 {result.p50_ms:.2f} ms, p99 {result.p99_ms:.2f} ms, "
          f"non-2xx {result.non_2xx}, errors {result.errors}")
    record("load.half_peak.asked", half, "req/s")
    keep("load.half_peak", result)
    return peaks


def keep(key: str, result: Result) -> None:
    """Keep a wrk run's figures under `key` (bench/figures.py)."""
    record(f"{key}.rps", result.rps, "req/s")
    record(f"{key}.p50", result.p50_ms, "ms")
    record(f"{key}.p99", result.p99_ms, "ms")
    record(f"{key}.failed", result.non_2xx + result.errors, "requests")


if __name__ == "__main__":
    main()
