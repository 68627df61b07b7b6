"""docs/performance.md's figures, written from the last `make bench` (bench/figures.json).

    .venv/bin/python bench/report.py            # write the figures into the doc
    .venv/bin/python bench/report.py --check    # exit 1 where the docs disagree with them

The doc's figures sit between `<!-- figures: NAME -->` and `<!-- end: NAME -->`; this
script writes them and nothing else. `--check` (run by `make lint` and
tests/tooling/test_performance_doc.py) fails when:
- a section differs from what the figures make of it (run this script after `make bench`);
- a figure another doc or a comment cites (CITED) is further from its benchmark's than the
  tolerance given with it: timings on the shared 2-core machine swing by a quarter from run
  to run, sizes and memory much less;
- a speed trick of the doc's table is not marked (`speed trick "NAME"`) in the file its row
  names, or a mark in the service's code names no row of the table;
- the service's code (every .py outside docs/, bench/ and tests/) gives a measured figure: a
  time in µs, ns or ms, seconds measured, or a before → after (`figures_in` says which).
A trick's figure lives in the doc's table alone; the comment at the trick names it and says
why it is there and why it is safe, so that the figure is measured and said in one place.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime import patterns  # noqa: E402

FIGURES = ROOT / "bench" / "figures.json"
DOC = ROOT / "docs" / "performance.md"
OPEN, CLOSE = "<!-- figures: {} -->\n", "<!-- end: {} -->"
_OPENING = patterns.compile(r"<!-- figures: ([\w-]+) -->\n")
TRICKS_HEADING = "## What each speed trick buys"

Figures = dict[str, float]


def load(path: Path = FIGURES) -> tuple[dict[str, Any], Figures]:
    """Where the figures were taken (with the runs of single benchmarks taken apart since,
    `apart`), and the figures by name."""
    kept = json.loads(path.read_text(encoding="utf-8"))
    return ({**kept["machine"], "apart": kept.get("apart", [])},
            {key: item["value"] for key, item in kept["figures"].items()})


def taken_apart(machine: dict[str, Any], keys: set[str]) -> str:
    """Where the figures of `keys` were taken, for those taken apart from the whole run: a
    sentence a run, or nothing."""
    return " ".join(
        f"Taken apart from the whole run "
        f"({', '.join(f'`bench/{each}`' for each in run['benchmarks'])}) on "
        f"{run['machine']['date']} at commit `{run['machine']['commit']}` (load average "
        f"{run['machine']['load_average']} when it began)."
        for run in machine["apart"] if keys & set(run["keys"]))


def n(value: float, decimals: int = 0) -> str:
    """A figure as the docs write it: thousands separated, `decimals` places."""
    return f"{value:,.{decimals}f}"


def table(header: list[str], rows: list[list[str]]) -> str:
    """A Markdown table; a column of figures is aligned right."""
    aligned = ["---:" if all(row[column][:1].isdigit() for row in rows) else "---"
               for column in range(len(header))]
    lines = [header, aligned, *rows]
    return "\n".join("| " + " | ".join(cells) + " |" for cells in lines) + "\n"


# Each section: its name in the doc and how the figures make it.
def taken(machine: dict[str, Any], f: Figures) -> str:
    return (f"Taken on {machine['date']} at commit `{machine['commit']}`: {machine['cores']} "
            f"cores shared with other work (load average {machine['load_average']} when the "
            f"run began), Python {machine['python']}, gunicorn {machine['gunicorn']}, the full "
            f"catalog ({n(f['catalog.printings'])} printings in {n(f['catalog.sets'])} sets) "
            f"in the embedded SQLite file.\n")


def import_and_index(_: dict[str, Any], f: Figures) -> str:
    rows = [["full import of both sources into a new SQLite file, migrations included",
             f"{n(f['import.sqlite.wall'], 1)} s ({n(f['import.sqlite.cpu'], 1)} s CPU), "
             f"peak {n(f['import.sqlite.peak_rss'])} MiB"],
            ["pokemon-tcg-data alone, from its directory",
             f"{n(f['import.sqlite.ptcg_wall'], 1)} s, peak "
             f"{n(f['import.sqlite.ptcg_peak_rss'])} MiB"]]
    if "import.postgresql.wall" in f:
        rows.append(["full import into PostgreSQL", f"{n(f['import.postgresql.wall'], 1)} s"])
    rows.append(["a worker's index build (`load_index`), lowest of 3",
                 f"{n(f['micro.index_build'])} ms"])
    rows.append(["what the index holds (tracemalloc), names in every language included",
                 f"{n(f['micro.index_mib'], 1)} MiB"])
    return table(["work", "figure"], rows)


MICRO_ROWS = [
    ("typical", "parse+resolve+check, {lines} lines"),
    ("wide", "parse+resolve+check, 60 lines"),
    ("wide_cold", "the same, cold"),
    ("wide_all", "parse+resolve+check, 60 lines, every format"),
    ("wide_all_cold", "the same, cold"),
    ("wide_new_day", "60 lines in Standard, each time on a day not judged lately"),
    ("wide_all_new_day", "60 lines in every format, each time on a day not judged lately"),
    ("parse", "of which parse"),
    ("parse_resolve", "of which parse+resolve"),
    ("partner", "parse+resolve+check, Partner Battles 100 cards"),
    ("spanish", "parse+read, a published Spanish list (its language detected, its lines read "
     "in it)"),
    ("spanish_cold", "the same, cold"),
    ("spanish_as_english_cold", "the same list read in English alone, cold"),
    ("organizer_base", "Expanded: a deck legal there and in the organizer's format below"),
    ("organizer", "the same in \"Expanded, five bans, singleton, no Rule Box\""),
    ("organizer_illegal_base", "Expanded: the docs' request deck (a 2015 Regionals list)"),
    ("organizer_illegal", "the same in the organizer's format (24 violations)"),
    ("glc_builtin", "the same in the built-in glc"),
    ("glc_written", "the same in glc written as a definition"),
    ("organizer_made", "GLC's definition read and its rules made, cold"),
    ("request_typical", "whole request (Flask test client, JSON out), {lines} lines"),
    ("request_wide", "whole request, 60 lines"),
    ("request_all", "whole request, `format=all`, {lines} lines"),
    ("request_cards", "whole request, card search by legality (Standard), 250 a page"),
    ("request_cards_cold", "the same, cold: the formats' tables built, the page read and "
     "judged afresh"),
    ("request_healthz", "whole request, `GET /healthz`"),
    ("request_base", "whole request, the docs' request deck in Expanded (JSON)"),
    ("request_organizer", "the same with the organizer's definition sent instead"),
    ("deadline_x1000", "1,000 deadline checks"),
]


def in_process(_: dict[str, Any], f: Figures) -> str:
    lines = int(f["micro.typical.lines"])
    return table(["in process, one thread", "median", "p99"], [
        [label.format(lines=lines), f"{n(f[f'micro.{key}.median'])} µs",
         f"{n(f[f'micro.{key}.p99'])} µs"] for key, label in MICRO_ROWS])


def memory(_: dict[str, Any], f: Figures) -> str:
    return table(["a worker", "resident memory"], [
        ["its index loaded", f"{n(f['memory.index_loaded'])} MiB"],
        [f"every bounded cache full (they count {n(f['memory.caches_counted'], 1)} MiB of "
         f"their budget of {n(f['memory.budget'])} MiB)", f"{n(f['memory.caches_full'])} MiB"],
        ["the lines that fill the caches most, each new, until the caches let go of four "
         "budgets: at its peak", f"{n(f['memory.worst_lines_peak'])} MiB"],
        ["after them", f"{n(f['memory.worst_lines_after'])} MiB"],
        ["peak under wrk (every scenario below)", f"{n(f['load.peak_rss'])} MiB"],
        ["before the largest batch the limits allow", f"{n(f['hostile.batch.rss_before'])} MiB"],
        [f"peak after it ({n(f['hostile.batch.answer_mb'], 1)} MB answered in "
         f"{n(f['hostile.batch.seconds'], 1)} s)", f"{n(f['hostile.batch.rss_after'])} MiB"],
        ["peak after two at once, one on each thread",
         f"{n(f['hostile.batch.rss_after_two'])} MiB"],
        ["the worst batch (4 MiB of JSON entries), four at a time on two workers of two "
         "threads: each worker at its peak", f"{n(f['hostile.four.rss_peak'])} MiB"],
        ["the instance (master and both workers) at its height, PSS",
         f"{n(f['hostile.four.instance_pss'])} MiB"],
        [f"each worker after them (they took {n(f['hostile.four.seconds'], 1)} s)",
         f"{n(f['hostile.four.rss_after'])} MiB"],
        ["24 requests of 500 lines that fill the caches most, four at a time on two workers "
         "of two threads: each worker at its peak", f"{n(f['hostile.fill.rss_peak'])} MiB"],
        ["the instance at its height, PSS", f"{n(f['hostile.fill.instance_pss'])} MiB"],
        ["then four streams of decks of them, each to its deadline: each worker at its peak",
         f"{n(f['hostile.fill.streams_rss_peak'])} MiB"],
        ["the instance at its height, PSS",
         f"{n(f['hostile.fill.streams_instance_pss'])} MiB"],
        ["then two imports of a catalog of another version, each followed by four more "
         "streams: the instance at its height, PSS",
         f"{n(f['hostile.fill.reimported_instance_pss'])} MiB"],
        ["then the worst batch, four at a time: the instance at its height, PSS",
         f"{n(f['hostile.fill.reimported_batches_instance_pss'])} MiB"]])


def hostile(_: dict[str, Any], f: Figures) -> str:
    shapes = sorted((key.removeprefix("hostile.read."), value) for key, value in f.items()
                    if key.startswith("hostile.read.") and key.count(".") == 2
                    and not key.endswith(".normal"))
    reading = table(["reading a deck cold", "CPU per KB"], [
        ["a normal 60-line deck", f"{n(f['hostile.read.normal'])} µs"],
        *[[f"`{shape}`", f"{n(value)} µs"] for shape, value in shapes]])
    normal = [(label, f"hostile.request.normal.{key}") for label, key in (
        ("one format, cold", "one_cold"), ("one format, warm", "one_warm"),
        ("every format, cold", "all_cold"),
        ("every format, the verdict alone, cold", "all_verdict_cold"))]
    requests = table(["whole request", "CPU per KB of request", "answer per request byte"], [
        *[[f"normal 60-line deck, {label}", f"{n(f[key + '.cpu'])} µs",
           f"{n(f[key + '.answer_ratio'], 1)} ×"] for label, key in normal],
        ["the heaviest hostile request", f"{n(f['hostile.request.worst.cpu'])} µs", "–"]])
    probes = table(["asked under the worst batch, four at a time", "median", "the slowest"], [
        [f"`GET /{path}`", f"{n(f[f'hostile.four.{path}.median'])} ms",
         f"{n(f[f'hostile.four.{path}.max'])} ms"] for path in ("healthz", "readyz")])
    return (reading + f"\nThe worst shape costs {n(f['hostile.read.worst.times_normal'], 1)} × "
            f"a normal deck's CPU per KB.\n\n" + requests
            + f"\nThe heaviest hostile request costs "
              f"{n(f['hostile.request.worst.times_normal'], 1)} × a normal deck's CPU per KB "
              f"(one format, cold), and no hostile request's answer is more than "
              f"{n(f['hostile.request.largest_answer_ratio'], 1)} × its bytes.\n\n" + probes)


def answers(_: dict[str, Any], f: Figures) -> str:
    return table(["answer or line", "size or time"], [
        ["every format's definition (`GET /v1/formats`)", f"{n(f['answers.formats'])} KB"],
        ["the largest page of 250 cards", f"{n(f['answers.cards_page'])} KB"],
        ["the largest answer to a corpus list, every format, line by line",
         f"{n(f['answers.corpus_all_formats'])} KB"],
        ["a line naming many cards (`4 Pikachu`), line by line, one format",
         f"{n(f['answers.ambiguous_line'], 1)} KB"],
        ["the same, every format", f"{n(f['answers.ambiguous_line_all'], 1)} KB"],
        ["every corpus list in one batch, every format, the verdicts alone, per batch byte",
         f"{n(f['answers.batch_corpus_ratio'], 1)} ×"],
        ["the first 100 of them", f"{n(f['answers.batch_first_100_ratio'], 1)} ×"],
        ["a line of a real printing, cold, through `/v1/resolve`",
         f"{n(f['answers.known_line_ms'], 2)} ms"],
        ["a made-up name, searched for its closest names",
         f"{n(f['answers.unknown_line_ms'], 2)} ms"],
    ])


def bulk(machine: dict[str, Any], f: Figures) -> str:
    files = [("printings", "printings.ndjson.gz", "printings"),
             ("cards", "cards.ndjson.gz", "cards"), ("formats", "formats.json.gz", "document")]
    rows = [["built, all three (the first `GET /v1/bulk`, in process)",
             f"{n(f['bulk.build_seconds'], 1)} s ({n(f['bulk.build_cpu'], 1)} s CPU)"],
            *[[f"`{name}`", f"{n(f[f'bulk.size.{kind}'], 2)} MiB, "
               f"{n(f[f'bulk.items.{kind}'])} {unit}"] for kind, name, unit in files],
            ["a worker with its index loaded, then its peak while building",
             f"{n(f['bulk.rss_loaded'])} MiB, then {n(f['bulk.build_peak'])} MiB (with every "
             f"cache full: {n(f['memory.caches_full'])} MiB)"],
            ["a card picker's searches, several filters at `unique=cards`, in turn with "
             "healthz (medians of three)",
             f"{n(f['load.legality.cards_picker'])} req/s "
             f"({n(f['load.ratio.cards_picker'], 2)} × healthz)"]]
    apart = taken_apart(machine, {key for key in f if key.startswith("bulk.")}
                        | {"load.ratio.cards_picker"})
    return table(["the bulk files and the picker", "figure"], rows) + (
        f"\n{apart}\n" if apart else "")


def rules(machine: dict[str, Any], f: Figures) -> str:
    rows = [["a rules reload: a ban written, the next request loads the index and the rules "
             "anew (lowest of three)", f"{n(f['rules.reload_seconds'], 2)} s"],
            ["a worker before, then its peak during a reload",
             f"{n(f['rules.rss_loaded'])} MiB, then {n(f['rules.reload_peak'])} MiB"],
            [f"the change feed: a page of 100 of its {n(f['rules.changes_total'])} changes "
             "(median of 50)", f"{n(f['rules.changes_page_ms'], 2)} ms"],
            ["the Atom feed, every change (median of 20)",
             f"{n(f['rules.changes_atom_ms'], 1)} ms"]]
    apart = taken_apart(machine, {key for key in f if key.startswith("rules.")})
    return table(["the rules as data", "figure"], rows) + (f"\n{apart}\n" if apart else "")


LOAD_SCENARIOS = [
    ("healthz", "GET /healthz"),
    ("text", "validate text, 10 Modified decks"),
    ("text_gzip", "the same, gzip"),
    ("text_br", "the same, br"),
    ("text_zstd", "the same, zstd"),
    ("text_verdict", "the same, the verdict alone"),
    ("batch", "batch of 100 decks, verdicts"),
    ("json", "validate JSON, 10 Modified decks"),
    ("all", "validate `format=all`, one deck"),
    ("partner", "validate Partner Battles, 100 cards"),
]


def load_table(_: dict[str, Any], f: Figures) -> str:
    connections = sorted({int(key.split(".")[2][1:]) for key in f
                          if key.startswith("load.healthz.c")})
    rows = [[label, n(f[f"load.bytes.{key}"]), str(c), n(f[f"load.{key}.c{c}.rps"]),
             n(f[f"load.{key}.c{c}.p50"], 2), n(f[f"load.{key}.c{c}.p99"], 2),
             n(f[f"load.{key}.c{c}.failed"])]
            for key, label in LOAD_SCENARIOS for c in connections]
    return table(["scenario", "answer bytes", "connections", "req/s", "p50 ms", "p99 ms",
                  "failed"], rows)


def load_summary(machine: dict[str, Any], f: Figures) -> str:
    def in_turn(key: str) -> str:
        base = f"load.in_turn.{key}"
        return (f"{n(f[base + '.rps'])} req/s (runs {n(f[base + '.rps_low'])} to "
                f"{n(f[base + '.rps_high'])}); CPU a request: workers "
                f"{n(f[base + '.cpu_user'])} µs user + {n(f[base + '.cpu_system'])} µs system, "
                f"wrk {n(f[base + '.cpu_wrk'])} µs")
    single, batch = f["load.decks_per_second.single"], f["load.decks_per_second.batch"]
    apart = taken_apart(machine, {"load.legality.healthz"})
    stream_apart = taken_apart(machine, {"load.stream_changed.decks_per_second"})
    return (f"- **At half the peak** ({n(f['load.half_peak.asked'])} req/s asked, "
            f"{n(f['load.half_peak.rps'])} done): p50 {n(f['load.half_peak.p50'], 2)} ms, "
            f"p99 {n(f['load.half_peak.p99'], 2)} ms.\n"
            f"- **Runs in turn at 32 connections**, medians of three: healthz "
            f"{in_turn('healthz')}; validate text {in_turn('text')}.\n"
            f"- **validate text / healthz:** {n(f['load.ratio.medians'])} % by the medians of "
            f"runs in turn, {n(f['load.ratio.peaks'])} % by the table's peaks.\n"
            f"- **Decks a second**, single requests (the verdict alone) and batches of 100 in "
            f"turn: {n(single)} and {n(batch)} ({n(batch / single, 1)} ×).\n"
            f"- **Every format**, healthz, validate `format=all` and a batch of 100 real lists "
            f"in every format in turn, medians of three: healthz "
            f"{n(f['load.every_format.healthz'])} req/s; `format=all` "
            f"{n(f['load.every_format.all'])} req/s ({n(f['load.ratio.all'])} %); the batch "
            f"{n(f['load.every_format.batch_real_all'])} decks/s "
            f"({n(f['load.ratio.batch_real_all'], 2)} × healthz's requests a second).\n"
            f"- **Legality at a glance**, healthz and each of these in turn, each run once "
            f"before, medians of three: healthz {n(f['load.legality.healthz'])} req/s; the card "
            f"search by legality (Standard, 250 a page, every page in turn) "
            f"{n(f['load.legality.cards_legal_in'])} req/s "
            f"({n(f['load.ratio.cards_legal_in'], 2)} ×); `detail=legal_in`, one 60-line deck "
            f"in every format {n(f['load.legality.legal_in_one'])} req/s "
            f"({n(f['load.ratio.legal_in_one'], 2)} ×); a batch of 100 real lists in every "
            f"format at `legal_in` {n(f['load.legality.batch_real_legal_in'])} decks/s "
            f"({n(f['load.ratio.batch_real_legal_in'], 2)} × healthz's requests a second); "
            f"answers not 2xx or lost: {n(f['load.legality.failed'])}."
            f"{' ' if apart else ''}{apart}\n"
            f"- **A stream of {n(f['load.stream.decks'])} real lists** in every format, on one "
            f"connection: {n(f['load.stream.seconds'], 2)} s, "
            f"{n(f['load.stream.decks_per_second'])} decks/s, {n(f['load.stream.failed'])} "
            f"failed; a worker's peak since it started {n(f['load.stream.peak_rss'])} MiB.\n"
            f"- **After a ban, only what changed**: a stream of the same number of real lists "
            f"in Expanded on 2026-05-01, one in a hundred given Medicham V (banned from "
            f"2026-04-10): {n(f['load.stream_expanded.decks_per_second'])} decks/s "
            f"({n(f['load.ratio.stream_expanded'], 2)} × healthz's requests a second), "
            f"{n(f['load.stream_expanded.answer_mib'], 1)} MiB answered; asked "
            f"`changed_since` 2026-04-01, {n(f['load.stream_changed.decks_per_second'])} "
            f"decks/s ({n(f['load.ratio.stream_changed'], 2)} ×), each judged on both days, "
            f"{n(f['load.stream_changed.changed'])} answered in full as changed (the ban's, and "
            f"lists whose cards became legal between the two days), "
            f"{n(f['load.stream_changed.answer_mib'], 1)} MiB answered."
            f"{' ' if stream_apart else ''}{stream_apart}\n")


def production(_: dict[str, Any], f: Figures) -> str:
    return table(["server", "scenario", "req/s", "p50 ms", "p99 ms"], [
        [server, label, n(f[f"production.{key}.{scenario}.rps"]),
         n(f[f"production.{key}.{scenario}.p50"], 2), n(f[f"production.{key}.{scenario}.p99"], 2)]
        for key, server in (("gunicorn", "gunicorn"), ("stack", "nginx + gunicorn"))
        for scenario, label in (("healthz", "GET /healthz"),
                                ("text", "validate text, 10 Modified decks"))])


def page(_: dict[str, Any], f: Figures) -> str:
    return table(["the organizer's page, 60-card PTCG Live export", "median", "p95"], [
        [label, f"{n(f[f'page.{key}.median'], 1)} ms", f"{n(f[f'page.{key}.p95'], 1)} ms"]
        for key, label in (
            ("server.one", "server, `POST /answer`, one format"),
            ("server.all", "server, `POST /answer`, every format"),
            ("browser.one", "Chromium, click to answer on screen, one format"),
            ("browser.all", "Chromium, click to answer on screen, every format"),
            ("no_script.all", "Chromium without JavaScript, post to page parsed, every format"))])


def corpus(_: dict[str, Any], f: Figures) -> str:
    return (f"{n(f['corpus.lists'])} real decklists, {n(f['corpus.lines'])} card lines: "
            f"{n(f['corpus.resolved'], 2)} % resolve to the printing their list meant.\n")


@dataclass(frozen=True)
class Goal:
    goal: str
    key: str
    met: Callable[[float], bool]
    shown: Callable[[float], str]


GOALS = [
    Goal("full import under 30 s", "import.sqlite.wall", lambda v: v < 30,
         lambda v: f"{n(v, 1)} s"),
    Goal("a worker's index loads well under a second", "micro.index_build",
         lambda v: v < 1000, lambda v: f"{n(v)} ms"),
    Goal("a worker under 150 MB under wrk (peak RSS)", "load.peak_rss",
         lambda v: v * 1.048576 < 150, lambda v: f"{n(v)} MiB ({n(v * 1.048576)} MB)"),
    Goal("a worker under 175 MB with every cache full, the card answers' included",
         "memory.caches_full", lambda v: v * 1.048576 < 175,
         lambda v: f"{n(v)} MiB ({n(v * 1.048576)} MB)"),
    Goal("a worker under 300 MiB under the worst batches, one a thread",
         "hostile.four.rss_peak", lambda v: v < 300, lambda v: f"{n(v)} MiB"),
    Goal("a worker under 180 MiB under the lines that fill the caches most, four at a time",
         "hostile.fill.rss_peak", lambda v: v < 180, lambda v: f"{n(v)} MiB"),
    Goal("the same under four streams of them, each to its deadline",
         "hostile.fill.streams_rss_peak", lambda v: v < 180, lambda v: f"{n(v)} MiB"),
    Goal("an instance within the manifest's 640 MiB (PSS) under the worst batch, four at a "
         "time", "hostile.four.instance_pss", lambda v: v < 640, lambda v: f"{n(v)} MiB"),
    Goal("the same after two imports of another catalog (each worker's index its own)",
         "hostile.fill.reimported_batches_instance_pss", lambda v: v < 640,
         lambda v: f"{n(v)} MiB"),
    Goal("`/healthz` within a second under it", "hostile.four.healthz.max", lambda v: v < 1000,
         lambda v: f"{n(v)} ms"),
    Goal("`/readyz` within a second under it", "hostile.four.readyz.max", lambda v: v < 1000,
         lambda v: f"{n(v)} ms"),
    Goal("60 lines validated in process in 60 µs or less (warm, one format)",
         "micro.wide.median", lambda v: v <= 60, lambda v: f"{n(v)} µs"),
    Goal("the same in every format in at most 2 × one format's time", "micro.ratio.all_to_one",
         lambda v: v <= 2, lambda v: f"{n(v, 1)} ×"),
    Goal("the same cold in at most 2 × its warm time", "micro.ratio.cold_to_warm",
         lambda v: v <= 2, lambda v: f"{n(v, 1)} ×"),
    Goal("an organizer's format judged within 1.2 × its base format's time",
         "micro.ratio.organizer_to_base", lambda v: v <= 1.2, lambda v: f"{n(v, 1)} ×"),
    Goal("p99 under 25 ms at half the peak rate", "load.half_peak.p99", lambda v: v < 25,
         lambda v: f"{n(v, 1)} ms"),
    Goal("validate (text, one format) at 80 % of healthz's throughput or more",
         "load.ratio.medians", lambda v: v >= 80, lambda v: f"{n(v)} %"),
    Goal("validate `format=all` at 60 % of healthz's throughput or more", "load.ratio.all",
         lambda v: v >= 60, lambda v: f"{n(v)} %"),
    Goal("a batch of 100 real lists in every format at `legal_in`: decks a second at least "
         "4 × healthz's requests a second", "load.ratio.batch_real_legal_in", lambda v: v >= 4,
         lambda v: f"{n(v, 2)} ×"),
    Goal("`detail=legal_in`, one 60-line deck in every format, at 0.6 × healthz or more",
         "load.ratio.legal_in_one", lambda v: v >= 0.6, lambda v: f"{n(v, 2)} ×"),
    Goal("card search by legality, 250 a page, at 0.5 × healthz or more",
         "load.ratio.cards_legal_in", lambda v: v >= 0.5, lambda v: f"{n(v, 2)} ×"),
    Goal("a card picker's search, several filters at `unique=cards`, at 0.44 × healthz or "
         "more (the card search's figure)", "load.ratio.cards_picker", lambda v: v >= 0.44,
         lambda v: f"{n(v, 2)} ×"),
    Goal("10,000 decks streamed with a worker under 300 MB", "load.stream.peak_rss",
         lambda v: v * 1.048576 < 300, lambda v: f"{n(v)} MiB ({n(v * 1.048576)} MB)"),
    Goal("the page's answer on screen under 200 ms (p95, every format)", "page.browser.all.p95",
         lambda v: v < 200, lambda v: f"{n(v, 1)} ms"),
    Goal("99 % of the corpus's card lines read as meant", "corpus.resolved",
         lambda v: v >= 99, lambda v: f"{n(v, 2)} %"),
]


def goals(machine: dict[str, Any], f: Figures) -> str:
    apart = [goal for goal in GOALS
             if any(goal.key in run["keys"] for run in machine["apart"])]
    said = taken_apart(machine, {goal.key for goal in apart})
    return table(["goal", "figure", "met"], [
        [goal.goal, goal.shown(f[goal.key]), "yes" if goal.met(f[goal.key]) else "**no**"]
        for goal in GOALS]) + (f"\n{said} Those are the figures of the goals on "
                               f"{', '.join(f'`{goal.key}`' for goal in apart)}.\n"
                               if apart else "")


SECTIONS: dict[str, Callable[[dict[str, Any], Figures], str]] = {
    "taken": taken, "import": import_and_index, "in-process": in_process, "memory": memory,
    "hostile": hostile, "answers": answers, "bulk": bulk, "rules": rules,
    "load": load_table,
    "load-summary": load_summary,
    "production": production, "page": page, "corpus": corpus, "goals": goals}


@dataclass(frozen=True)
class Cited:
    """A figure another doc or a comment gives: the file, a pattern whose first group is the
    number (as written, in the benchmark's unit times `scale`), the figure, the tolerance."""

    path: str
    pattern: str
    key: str
    tolerance: float  # a share of the benchmark's figure
    scale: float = 1.0


TIMING, SIZE = 0.25, 0.10
CITED = [
    Cited("docs/catalog.md", r"built from the database \(about\s+([\d.]+)\s+s\)",
          "micro.index_build", TIMING, 1e-3),
    Cited("docs/catalog.md", r"\| about ([\d.]+) from a directory into SQLite",
          "import.sqlite.ptcg_wall", TIMING),
    Cited("docs/catalog.md", r"both sources: about ([\d.]+) into SQLite", "import.sqlite.wall",
          TIMING),
    Cited("docs/performance.md", r"printings take about \d+ MB and ([\d.]+) s to build",
          "micro.index_build", TIMING, 1e-3),
    Cited("docs/limits.md", r"every cache full of ordinary requests a worker holds about "
          r"([\d.]+) MiB", "memory.caches_full", SIZE),
    Cited("docs/limits.md", r"each worker's peak is ([\d.]+) MiB", "hostile.fill.rss_peak", SIZE),
    Cited("docs/limits.md", r"judged to its deadline, at ([\d.]+) MiB",
          "hostile.fill.streams_rss_peak", SIZE),
    Cited("docs/limits.md", r"take the instance to ([\d.]+) MiB",
          "hostile.fill.reimported_batches_instance_pss", SIZE),
    Cited("docs/limits.md", r"a worker goes from ([\d.]+) to", "hostile.batch.rss_before", SIZE),
    Cited("docs/limits.md", r"a worker goes from [\d.]+ to ([\d.]+) MiB", "hostile.batch.rss_after",
          SIZE),
    Cited("docs/limits.md", r"in each of its two threads to ([\d.]+) MiB",
          "hostile.batch.rss_after_two", SIZE),
    Cited("docs/limits.md", r"each worker peaks at ([\d.]+) MiB", "hostile.four.rss_peak", SIZE),
    Cited("docs/limits.md", r"workers\) at ([\d.]+) MiB of PSS", "hostile.four.instance_pss",
          SIZE),
    Cited("docs/limits.md", r"stays: ([\d.]+) MiB a worker after the four",
          "hostile.four.rss_after", SIZE),
    Cited("docs/limits.md", r"in every format, the verdicts alone, answers ([\d.]+) times",
          "answers.batch_corpus_ratio", SIZE),
    Cited("docs/limits.md", r"the first 100 of them ([\d.]+) times",
          "answers.batch_first_100_ratio", SIZE),
    Cited("docs/deploy.md", r"`/healthz` answered in ([\d.]+) ms \(the median\)",
          "hostile.four.healthz.median", TIMING),
    Cited("docs/deploy.md", r"\(the median\) and ([\d.]+) ms at the slowest",
          "hostile.four.healthz.max", TIMING),
    Cited("docs/deploy.md", r"`/readyz` in ([\d.]+) and", "hostile.four.readyz.median", TIMING),
    Cited("docs/deploy.md", r"`/readyz` in [\d.]+ and ([\d.]+) ms", "hostile.four.readyz.max",
          TIMING),
    Cited("docs/deploy.md", r"caches most the whole pod\s+measured ([\d.]+) MiB",
          "hostile.fill.reimported_instance_pss", SIZE),
    Cited("docs/deploy.md", r"on such workers it measured ([\d.]+) MiB",
          "hostile.fill.reimported_batches_instance_pss", SIZE),
    Cited("deploy/kubernetes/deployment.yaml", r"answer measured was ([\d.]+) ms and the slowest "
          r"/readyz", "hostile.four.healthz.max", TIMING),
    Cited("deploy/kubernetes/deployment.yaml", r"and the slowest /readyz ([\d.]+) ms",
          "hostile.four.readyz.max", TIMING),
    Cited("deploy/kubernetes/deployment.yaml", r"the pod then measured ([\d.]+) MiB",
          "hostile.fill.reimported_instance_pss", SIZE),
    Cited("deploy/kubernetes/deployment.yaml", r"four at a time, ([\d.]+) MiB \(the limit",
          "hostile.fill.reimported_batches_instance_pss", SIZE),
    Cited("docs/limits.md", r"every format, a ([\d.]+) MB answer\)", "hostile.batch.answer_mb",
          SIZE),
    Cited("docs/limits.md", r"takes about ([\d.]+) s on one worker thread", "hostile.batch.seconds",
          0.5),
    Cited("docs/limits.md", r"line by line, answer\s+at most ([\d,]+) KB",
          "answers.corpus_all_formats", SIZE),
    Cited("docs/limits.md", r"answered line by line \(([\d.]+) KB a line",
          "answers.ambiguous_line", SIZE),
    Cited("docs/limits.md", r"\(([\d,]+) KB\s+on the full catalog\)", "answers.cards_page", SIZE),
    Cited("docs/limits.md", r"every format's definition ([\d,]+) KB", "answers.formats", SIZE),
    Cited("docs/limits.md", r"the search costs ([\d.]+) ms a line", "answers.unknown_line_ms",
          0.5),
    Cited("docs/limits.md", r"reading a known\s+line costs ([\d.]+) ms", "answers.known_line_ms",
          0.5),
    Cited("docs/deploy.md", r"each worker measured its peak\s+of ([\d.]+) MiB",
          "memory.caches_full", SIZE),
    Cited("docs/deploy.md", r"Measured peak RSS is about ([\d.]+) MiB", "load.peak_rss", SIZE),
    Cited("deploy/kubernetes/deployment.yaml", r"a worker peaks at ([\d.]+) MiB",
          "memory.caches_full", SIZE),
    Cited("docs/deploy.md", r"every format \(a ([\d.]+) MB\s+answer\)", "hostile.batch.answer_mb",
          SIZE),
    Cited("docs/deploy.md", r"took about ([\d.]+) s on one worker thread", "hostile.batch.seconds",
          0.5),
    # 1,000 checks take N µs: one takes N ns.
    Cited("docs/deploy.md", r"A check costs about ([\d.]+) ns", "micro.deadline_x1000.median",
          TIMING),
    Cited("docs/deploy.md", r"line by line: at most ([\d,]+) KB", "answers.corpus_all_formats",
          SIZE),
    # µs/KB of lines of 300 characters and a line break: a line is 301/1024 of a KB.
    Cited("docs/decklists.md", r"costs ([\d.]+) µs like any other line", "hostile.read.stars",
          0.5, 301 / 1024),
]


def render(text: str, machine: dict[str, Any], figures: Figures) -> str:
    """The text with each marked section written afresh from the figures."""
    written, done = [], 0
    for opening in _OPENING.finditer(text):
        name = opening.group(1)
        if name not in SECTIONS:
            raise SystemExit(f"{DOC.name}: no section {name!r} in bench/report.py")
        end = text.find(CLOSE.format(name), opening.end())
        if end < 0:
            raise SystemExit(f"{DOC.name}: section {name!r} has no {CLOSE.format(name)!r}")
        written += [text[done:opening.end()], SECTIONS[name](machine, figures)]
        done = end
    return "".join(written) + text[done:]


def number(written: str) -> float:
    return float(written.replace(",", ""))


def cited_errors(figures: Figures) -> list[str]:
    errors = []
    for cited in CITED:
        text = (ROOT / cited.path).read_text(encoding="utf-8")
        found = patterns.compile(cited.pattern).search(" ".join(text.split()))
        if found is None:
            errors.append(f"{cited.path}: no figure matches {cited.pattern!r} (bench/report.py "
                          f"CITED): reword the doc or the pattern")
            continue
        measured = figures[cited.key] * cited.scale
        written = number(found.group(1))
        if abs(written - measured) > cited.tolerance * measured:
            errors.append(f"{cited.path}: {found.group(0)!r} says {written:g} where "
                          f"bench/figures.json has {measured:.3g} ({cited.key}, tolerance "
                          f"{cited.tolerance:.0%})")
    return errors


# The service's code: every folder but docs/, bench/ and tests/.
SERVICE = ("app.py", "gunicorn_conf.py", "api", "catalog", "client", "decklist", "runtime",
           "serving", "validators", "web", "deploy", "tools", "migrations")
# Where a speed trick sits: `speed trick "NAME"`, on one line of a comment or docstring.
_MARKER = patterns.compile(r'speed trick "([^"]+)"')
_FILE = patterns.compile(r"`([\w/]+\.py)`")


def service_files(root: Path = ROOT) -> list[Path]:
    """Every Python file of the service, in a stable order."""
    found: list[Path] = []
    for name in SERVICE:
        path = root / name
        found += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return found


def marked(root: Path = ROOT) -> dict[str, list[str]]:
    """Each trick name the service's code marks, with where (`path:line`)."""
    found: dict[str, list[str]] = {}
    for path in service_files(root):
        lines = path.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            for name in _MARKER.findall(line):
                found.setdefault(name, []).append(f"{path.relative_to(root)}:{number}")
    return found


def trick_rows(text: str) -> list[dict[str, str]]:
    """The rows of the table of speed tricks, each a dict from its column's heading."""
    section = text.partition(TRICKS_HEADING)[2].partition("\n## ")[0]
    lines = [line for line in section.splitlines() if line.startswith("| ")]
    if len(lines) < 3:
        return []
    header, *rows = [[cell.strip() for cell in line.strip().strip("|").split("|")]
                     for line in lines]
    return [dict(zip(header, cells, strict=False)) for cells in rows[1:]]


def trick_errors(text: str, root: Path = ROOT) -> list[str]:
    """The table of speed tricks and the code agree: each row's name is marked in the file
    the row names, and each mark in the code names a row."""
    rows = trick_rows(text)
    if not rows:
        return [f"{DOC.name}: no table under {TRICKS_HEADING!r}"]
    marks = marked(root)
    errors, names = [], set()
    for row in rows:
        name, where = row.get("name", ""), _FILE.search(row.get("where", ""))
        if not name or name in names:
            errors.append(f"{DOC.name}: a trick has no name, or another's: {name!r}")
        names.add(name)
        if where is None:
            errors.append(f"{DOC.name}: the trick {name!r} names no file")
        elif not any(at.startswith(where.group(1) + ":") for at in marks.get(name, [])):
            errors.append(f"{where.group(1)}: no comment marks the trick {name!r} "
                          f"(speed trick \"{name}\")")
    for name, places in sorted(marks.items()):
        if name not in names:
            errors += [f"{at}: speed trick {name!r} is no row of {DOC.name}'s table"
                       for at in places]
    return errors


# A measured figure, which the service's code leaves to the docs; a setting is none:
# - a number with µs, ns or ms ("0.22 µs"), but an interval set ("every 5 ms");
# - a number of seconds after a word of measure ("took 1.2 s", "about 10 s", "spent 27 s") or
#   before "of CPU" ("0.65 s of CPU"); a time alone ("a 20 s deadline", "waits 30 s") is a
#   setting;
# - a number, an arrow and a number: before and after ("84 → 51 µs").
# Sizes are not searched: a limit is written as a size measured is ("4 MiB"). A figure split
# over two lines is not seen.
_NUMBER = r"\d[\d,]*(?:\.\d+)?"
_SHORT_TIME = patterns.compile(rf"({_NUMBER}\s?(?:µs|ns|ms))(?P<ahead>[^A-Za-z]|$)")
_SECONDS = patterns.compile(
    rf"(?:^|[^A-Za-z])(?:took|takes?|spent|spends?|costs?|about|in|~)\s*"
    rf"({_NUMBER}(?:\s(?:to|or)\s{_NUMBER})?\s?(?:s|seconds?))(?P<ahead>[^A-Za-z]|$)")
_CPU_SECONDS = patterns.compile(rf"({_NUMBER}\s?(?:s|seconds?) of CPU)")
_BEFORE_AFTER = patterns.compile(
    rf"({_NUMBER}(?:\s?(?:µs|ns|ms|s|%|×))?\s?(?:→|->)\s?{_NUMBER})")


def figures_in(text: str) -> list[tuple[int, str]]:
    """Each measured figure a text gives, with the number of its line."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        found += [(number, time.group(1)) for time in _SHORT_TIME.finditer(line)
                  if line[:time.start(1)].split()[-1:] != ["every"]]
        for pattern in (_SECONDS, _CPU_SECONDS, _BEFORE_AFTER):
            found += [(number, figure.group(1)) for figure in pattern.finditer(line)]
    return found


def figure_errors(root: Path = ROOT) -> list[str]:
    """The service's code gives no measured figure: the docs do, a speed trick's in its row."""
    return [f"{path.relative_to(root)}:{line}: {figure!r} is a measured figure: give it in "
            f"the docs ({DOC.name}'s table for a speed trick) and name the trick here"
            for path in service_files(root)
            for line, figure in figures_in(path.read_text(encoding="utf-8"))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args()
    machine, figures = load()
    text = DOC.read_text(encoding="utf-8")
    rendered = render(text, machine, figures)
    if not args.check:  # written; what else disagrees is said, for the hand to fix
        DOC.write_text(rendered, encoding="utf-8")
        text = rendered
    errors = [] if rendered == text else [
        f"{DOC.relative_to(ROOT)}: its figures are not bench/figures.json's: run "
        f"`.venv/bin/python bench/report.py`"]
    errors += cited_errors(figures) + trick_errors(text) + figure_errors()
    for error in errors:
        print(error, file=sys.stderr)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
