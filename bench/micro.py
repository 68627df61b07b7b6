"""In-process cost of one validation: parse + resolve + check, and the whole request.

    .venv/bin/python bench/micro.py [SECONDS]

On the catalog DATABASE_URL names (default: the embedded SQLite file), with
the worker's in-memory index loaded, as a gunicorn worker holds it. Prints
the median and 99th percentile per deck. A benchmark prints figures; it
asserts nothing.

"warm" is a running worker: lines it has read before, and cards it has
placed in the format, are remembered (docs/performance.md). "cold" empties
those caches before every repetition: a worker's first sight of each line.
"""

from __future__ import annotations

import datetime as dt
import gc
import itertools
import json
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask import Flask  # noqa: E402

from api.middleware import store  # noqa: E402
from app import create_app  # noqa: E402
from bench.decks import modified_decks, partner_text, sixty_lines  # noqa: E402
from bench.figures import record  # noqa: E402
from catalog.index import CatalogIndex, load_index  # noqa: E402
from decklist import text as text_lists  # noqa: E402
from decklist.detect import parse  # noqa: E402
from decklist.languages import read_lines  # noqa: E402
from decklist.resolver import resolve  # noqa: E402
from runtime import deadline  # noqa: E402
from serving import collector  # noqa: E402
from validators import derived  # noqa: E402
from validators.definitions import read_definition  # noqa: E402
from validators.derived import organizer_rules  # noqa: E402
from validators.engine import validate  # noqa: E402
from validators.formats import deck_rules, get_format  # noqa: E402
from validators.judging import judge_deck  # noqa: E402
from validators.targets import ALL, plan_deck  # noqa: E402

# Published lists in other languages (tests/corpus/languages/sources.json names each source).
LANGUAGE_LISTS = Path(__file__).resolve().parents[1] / "tests" / "corpus" / "languages"


def timed(work: Callable[[], object], seconds: float,
          before: Callable[[], object] | None = None) -> list[float]:
    for _ in range(20):
        work()  # warm caches as a running worker has them
    timings = []
    stop = time.perf_counter() + seconds
    while time.perf_counter() < stop:
        if before is not None:
            before()
        start = time.perf_counter()
        work()
        timings.append(time.perf_counter() - start)
    return timings


def forget(index: CatalogIndex) -> Callable[[], None]:
    """Empty what a worker remembers of lines and cards: its first sight of a deck."""
    def empty() -> None:
        text_lists.forget()
        index.caches.forget()
    return empty


def report(key: str, label: str, timings: list[float]) -> float:
    """Print and keep the median and the 99th percentile; the median, in seconds."""
    ordered = sorted(timings)
    median, p99 = statistics.median(ordered), ordered[int(len(ordered) * 0.99) - 1]
    print(f"  {label:<46} median {median * 1e6:8.0f} µs"
          f"   p99 {p99 * 1e6:8.0f} µs   (n={len(ordered)})")
    record(f"micro.{key}.median", median * 1e6, "µs")
    record(f"micro.{key}.p99", p99 * 1e6, "µs")
    return median


def ratio(name: str, label: str, median: float, of: float) -> None:
    """One median against another, as a goal compares them."""
    print(f"  {label:<46} {median / of:8.1f} ×")
    record(f"micro.ratio.{name}", median / of, "×")


def report_build(app: Flask) -> None:
    """The index a worker builds from the database when it starts: the lowest of three."""
    with app.app_context():
        engine = store.engine()
        builds = []
        for _ in range(3):
            start = time.perf_counter()
            load_index(engine)
            builds.append(time.perf_counter() - start)
    print(f"  {'index build (load_index), lowest of 3':<46} {min(builds) * 1e3:8.0f} ms")
    record("micro.index_build", min(builds) * 1e3, "ms")
    with app.app_context():
        gc.collect()
        tracemalloc.start()
        index = load_index(store.engine())
        gc.collect()
        held = tracemalloc.get_traced_memory()[0] / 2**20
        tracemalloc.stop()
        local = len(index.local_names)
    print(f"  {'index memory (tracemalloc, what it holds)':<46} {held:8.1f} MiB "
          f"({local:,} names in other languages)")
    record("micro.index_mib", held, "MiB")


def report_languages(index: CatalogIndex, seconds: float) -> None:
    """A published Spanish list (tests/corpus/languages), read as the service reads it: its
    language detected from its unknown lines and its lines read again in it; warm, and cold
    (a worker's first sight of it)."""
    text = (LANGUAGE_LISTS / "es-ptcgl-starter-lugia-vstar.txt").read_text(encoding="utf-8")
    lines = len(parse(text).entries)
    warm = report("spanish", f"parse+read, a Spanish list ({lines} card lines)",
                  timed(lambda: read_lines(index, parse(text).entries), seconds))
    cold = report("spanish_cold", "  the same, cold (caches emptied each time)",
                  timed(lambda: read_lines(index, parse(text).entries), seconds, forget(index)))
    english = timed(lambda: resolve(index, parse(text).entries), seconds, forget(index))
    report("spanish_as_english_cold", "  the same read in English alone, cold", english)
    ratio("spanish_cold_to_english", "  cold, in Spanish / read in English alone", cold,
          statistics.median(english))
    ratio("spanish_cold_to_warm", "  cold / warm", cold, warm)


EXAMPLES = Path(__file__).resolve().parents[1] / "examples" / "formats"


def report_organizers(app: Flask, index: CatalogIndex, seconds: float) -> None:
    """An organizer's format against its base: "Expanded, five bans, singleton, no Rule Box"
    (the docs' own request) judging a deck legal in both (Gym Leader Challenge's example list)
    and the request's own deck (a 2015 Regionals list, 24 violations there, 1 in Expanded);
    Gym Leader Challenge written as a definition against the built-in glc; the definition
    read and its rules made, cold; the whole request with the definition sent against the
    same request naming Expanded."""
    sent = json.loads((EXAMPLES / "requests" / "expanded-singleton-cup.json").read_text())
    day = dt.date.fromisoformat(sent["as_of"])
    cup = organizer_rules(read_definition(sent["definition"]))
    expanded = get_format("expanded")
    legal = resolve(index, parse((EXAMPLES / "lists" / "gym-leader-challenge.pass.txt")
                                 .read_text()).entries)
    base = report("organizer_base", "Expanded, a deck legal there and in the cup's (warm)",
                  timed(lambda: validate(index, legal, expanded, day), seconds))
    own = report("organizer", "  the same in Expanded, five bans, singleton, no Rule Box",
                 timed(lambda: validate(index, legal, cup, day), seconds))
    ratio("organizer_to_base", "  an organizer's format / its base", own, base)
    lines = resolve(index, parse(sent["deck"]).entries)
    illegal_base = report("organizer_illegal_base", "the docs' request deck in Expanded",
                          timed(lambda: validate(index, lines, expanded, day), seconds))
    illegal = report("organizer_illegal", "  the same in the cup's (24 violations)",
                     timed(lambda: validate(index, lines, cup, day), seconds))
    ratio("organizer_illegal_to_base", "  the cup's / Expanded's", illegal, illegal_base)
    glc = json.loads((EXAMPLES / "definitions" / "gym-leader-challenge.json").read_text())
    written = organizer_rules(read_definition(glc))
    built_in = report("glc_builtin", "  the same in the built-in glc",
                      timed(lambda: validate(index, lines, get_format("glc"), day), seconds))
    as_written = report("glc_written", "  the same in glc written as a definition",
                        timed(lambda: validate(index, lines, written, day), seconds))
    ratio("glc_written_to_builtin", "  glc written / built in", as_written, built_in)
    report("organizer_made", "GLC's definition read and its rules made (cold)",
           timed(lambda: organizer_rules(read_definition(glc)), seconds, derived.forget))
    client = app.test_client()
    named = {**{k: v for k, v in sent.items() if k != "definition"}, "format": "expanded"}
    by_id = report("request_base", "whole request, the docs' deck in Expanded (JSON)",
                   timed(lambda: client.post("/v1/validate", json=named).data, seconds))
    with_definition = report(
        "request_organizer", "  the same with the cup's definition sent instead",
        timed(lambda: client.post("/v1/validate", json=sent).data, seconds))
    ratio("request_organizer_to_base", "  with the definition / naming Expanded",
          with_definition, by_id)


# A CI job checks lists on the days they were played: 60 days in turn, each judged the
# first time in a repetition, more than a worker keeps standings for
# (runtime.caches sizes().format_dates), in the stretches of days a worker has judged.
NEW_DAYS = tuple(dt.date(2025, 6, 1) + dt.timedelta(days=n) for n in range(60))


def report_new_days(index: CatalogIndex, text: str, seconds: float) -> None:
    """The "60 lines" deck each time on the next of NEW_DAYS: a day the worker has not judged
    on lately, in one format and in every format."""
    standard = deck_rules(get_format("standard"))
    days = itertools.cycle(NEW_DAYS)
    report("wide_new_day", "  the same in Standard, on a day not judged lately",
           timed(lambda: validate(index, resolve(index, parse(text).entries), standard,
                                  next(days)), seconds))

    def every_format() -> object:
        day = next(days)
        plan = plan_deck(index, ALL, None, False, None, day)
        return judge_deck(index, plan, parse(text), None, day, False)

    report("wide_all_new_day", "  every format, on a day not judged lately",
           timed(every_format, seconds))


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2
    app = create_app()
    with app.app_context():
        index = store.index()
    decks = modified_decks(index)
    wide = sixty_lines(decks)
    modified = deck_rules(get_format("modified"))
    partner = deck_rules(get_format("partner-battles"))

    def check(text: str, rules=modified) -> Callable[[], object]:
        return lambda: validate(index, resolve(index, parse(text).entries), rules)

    print(f"in process, catalog {index.version} ({len(index.printings):,} printings, "
          f"{len(index.sets)} sets), one thread:")
    record("catalog.printings", len(index.printings), "printings")
    record("catalog.sets", len(index.sets), "sets")
    report_build(app)  # as the master builds it, before the collector is settled
    collector.settle()  # as a gunicorn worker runs: the index frozen, the young collected late
    typical = decks[0]
    record("micro.typical.lines", typical.lines, "lines")
    report("typical", f"parse+resolve+check, {typical.lines} lines (60 cards)",
           timed(check(typical.text), seconds))
    warm = report("wide", "parse+resolve+check, 60 lines (60 cards)",
                  timed(check(wide.text), seconds))
    cold = report("wide_cold", "  the same, cold (caches emptied each time)",
                  timed(check(wide.text), seconds, forget(index)))
    every = plan_deck(index, ALL, None, False, None)

    def check_all(text: str) -> Callable[[], object]:
        return lambda: judge_deck(index, every, parse(text), None, None, False)

    every_warm = report("wide_all", f"parse+resolve+check, 60 lines, every format "
                        f"({len(every.targets)})", timed(check_all(wide.text), seconds))
    report("wide_all_cold", "  the same, cold", timed(check_all(wide.text), seconds,
                                                      forget(index)))
    report_new_days(index, wide.text, seconds)
    ratio("cold_to_warm", "60 lines, cold / warm", cold, warm)
    ratio("all_to_one", "60 lines, every format / one format (warm)", every_warm, warm)
    report("parse", "  of which parse", timed(lambda: parse(wide.text), seconds))
    report("parse_resolve", "  of which parse+resolve",
           timed(lambda: resolve(index, parse(wide.text).entries), seconds))
    report_languages(index, seconds)
    report_organizers(app, index, seconds)
    report("partner", "parse+resolve+check, partner-battles 100 cards",
           timed(check(partner_text(), partner), seconds))
    client = app.test_client()

    def request(text: str, query: str) -> Callable[[], object]:
        return lambda: client.post(f"/v1/validate?{query}", data=text.encode(),
                                   content_type="text/plain")

    report("request_typical", f"whole request (Flask, JSON out), {typical.lines} lines",
           timed(request(typical.text, "format=modified"), seconds))
    report("request_wide", "whole request, 60 lines",
           timed(request(wide.text, "format=modified"), seconds))
    report("request_all", "whole request, format=all",
           timed(request(typical.text, "format=all"), seconds))
    page = "/v1/cards?legal_in=standard&per_page=250&page=2"
    report("request_cards", "whole request, card search, 250 a page",
           timed(lambda: client.get(page).data, seconds))
    report("request_cards_cold", "  the same, cold (every cache emptied)",
           timed(lambda: client.get(page).data, seconds, index.caches.forget))
    report("request_healthz", "whole request, GET /healthz", timed(
        lambda: client.get("/healthz").data, seconds))
    with deadline.within(3600):  # as in a request; each check is timed 1,000 at once
        report("deadline_x1000", "deadline.check() ×1000 (the deadline's cost)",
               timed(lambda: [deadline.check() for _ in range(1000)], seconds))

if __name__ == "__main__":
    main()
