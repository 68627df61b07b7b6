"""A worker's memory with every cache full, of ordinary requests and of the worst lines.

    .venv/bin/python bench/cache_memory.py

Loads the index as a worker does, then validates decklists of distinct real
printings (every line new) in Modified on days of as many stretches of days as a worker
keeps standings for (validators.stretches), through the Flask app so the JSON views are
cached too, until each bounded cache is at its size; then pages through the card search
until the kept card searches and card answers are at theirs; then sends organizers'
definitions at their largest until those read and the rules made of them are at theirs.
Prints the resident set size before and after, and the bytes the caches count against
their budget (runtime.caches). Then sends lines that fill the caches most (each distinct,
of the characters whose names grow most when folded: bench/hostile_lines.py), line
by line and to /v1/resolve, until the caches have let go of their whole budget four times
over, and prints the worker's peak and its memory after. A benchmark prints figures; it
asserts nothing.
"""

from __future__ import annotations

import datetime as dt
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask.testing import FlaskClient  # noqa: E402

from api.middleware import store  # noqa: E402
from app import create_app  # noqa: E402
from bench.figures import record  # noqa: E402
from bench.hostile_lines import growing_lines  # noqa: E402
from bench.proc import status_mib  # noqa: E402
from catalog.index import CatalogIndex  # noqa: E402
from decklist.parsed import MAX_ENTRIES  # noqa: E402
from runtime import caches  # noqa: E402
from runtime.caches import sizes  # noqa: E402
from serving import memory_return  # noqa: E402
from validators.formats import deck_rules, get_format  # noqa: E402
from validators.seasons import in_force, lineage_of  # noqa: E402
from validators.stretches import changes_of, stretch_of  # noqa: E402

FORMAT_DATES = sizes().format_dates
LINES_PER_DATE = sizes().standings


def rss_mib() -> float:
    return status_mib("self", "VmRSS")


def stretches(index: CatalogIndex, count: int) -> list[dt.date]:
    """`count` days Modified was played on, from 2003-08-31 back and then on from it, each in
    a stretch of days of its own: each its own standings (validators.standing keeps them per
    stretch of days, not per day)."""
    rules = deck_rules(get_format("modified"))
    lineage = lineage_of("modified")
    assert lineage is not None
    candidates = {day for season in lineage.seasons
                  for day in changes_of(index, season.rules.legality)
                  if lineage.first_day <= day <= dt.date.today()}
    last = dt.date(2003, 8, 31)
    chosen: dict[object, dt.date] = {}
    for day in sorted(candidates, key=lambda day: (day > last, abs((last - day).days))):
        season = in_force(rules, day)
        legality = (season.season.rules if season is not None else rules).legality
        chosen.setdefault((legality, stretch_of(index, legality, day)), day)
    assert len(chosen) >= count, "Modified changes on fewer days than the caches hold"
    return list(chosen.values())[:count]


def fill_card_caches(client: FlaskClient) -> None:
    """Every kept card search of the whole catalog (each on a day of its own, past its last
    page, so that it keeps no card), then every kept card answer."""
    searches, answers = sizes().card_searches, sizes().card_answers
    for day in range(searches):
        as_of = (dt.date(2026, 1, 1) + dt.timedelta(days=day)).isoformat()
        assert client.get(f"/v1/cards?per_page=1&page=100000&as_of={as_of}").status_code == 200
    print(f"  searches kept: {rss_mib():.0f} MiB")
    per_page = 128  # a whole number of pages fills the cache to its size
    for page in range(1, answers // per_page + 1):
        answer = client.get(f"/v1/cards?per_page={per_page}&page={page}&as_of=2026-01-01")
        assert len(answer.get_json()["items"]) == per_page


def fill_definition_caches(client: FlaskClient, index: CatalogIndex) -> None:
    """Organizers' definitions at their largest, each new, until those read and the rules
    made of them are at their sizes (api.deck_requests, validators.derived)."""
    ids = list(index.printings)
    for n in range(max(sizes().definitions, sizes().definition_rules)):
        cards = ids[n * 2000 % len(ids):][:2000]
        definition = {"id": f"cup-{n}", "base": "expanded", "copy_limit": 1,
                      "document": "x" * 120, "description": "y" * 500,
                      "pool": {"cards": cards},
                      "banned": [{"card": card, "note": "z" * 100} for card in cards[:200]],
                      "rules": [{"rule": "no-rule-box", "text": "w" * 500}]}
        answer = client.post("/v1/validate", json={"deck": "4 Pikachu PAL 62",
                                                   "definition": definition})
        assert answer.status_code == 200, answer.get_json()


def main() -> None:
    app = create_app()
    with app.app_context():
        index = store.index()
    client = app.test_client()
    loaded = rss_mib()
    print(f"worker with its index loaded: {loaded:.0f} MiB")
    record("memory.index_loaded", loaded, "MiB")
    lines = [f"1 {p.name} {p.set_id} {p.number}" for p in index.printings.values()]
    started = time.perf_counter()
    for date, day in enumerate(stretches(index, FORMAT_DATES)):
        as_of = day.isoformat()
        # A different part of the catalog for each date, so the line caches turn over too.
        chosen = lines[date * LINES_PER_DATE % len(lines):][:LINES_PER_DATE]
        for start in range(0, len(chosen), MAX_ENTRIES):
            body = "\n".join(chosen[start:start + MAX_ENTRIES])
            answer = client.post(f"/v1/validate?format=modified&as_of={as_of}",
                                 data=body.encode(), content_type="text/plain")
            assert answer.status_code == 200, answer.get_json()
    print(f"  line caches full: {rss_mib():.0f} MiB")
    fill_card_caches(client)
    print(f"  card caches full: {rss_mib():.0f} MiB")
    fill_definition_caches(client, index)
    full = rss_mib()
    counted = caches.held() / 2**20
    print(f"every cache full ({FORMAT_DATES} dates x {LINES_PER_DATE} distinct lines, "
          f"{time.perf_counter() - started:.0f} s): {full:.0f} MiB; the caches count "
          f"{counted:.1f} MiB of their budget of {caches.budget() / 2**20:.0f} MiB")
    for name, entries, held in caches.report()[:8]:
        print(f"  {name:<20} {entries:6,} entries {held / 2**20:6.1f} MiB")
    record("memory.caches_full", full, "MiB")
    record("memory.caches_counted", counted, "MiB")
    record("memory.budget", caches.budget() / 2**20, "MiB")
    fill_with_the_worst_lines(client)


def fill_with_the_worst_lines(client: FlaskClient) -> None:
    """Lines that grow most when folded, each new, line by line and to /v1/resolve, until
    the caches have let go of four budgets: the worker's peak, and its memory after."""
    started, dropped, at = time.perf_counter(), caches.dropped(), 0
    while caches.dropped() - dropped < 4 * caches.budget():
        body = "\n".join(growing_lines(at * MAX_ENTRIES, MAX_ENTRIES)).encode()
        for path in ("/v1/validate?format=modified", "/v1/resolve"):
            answer = client.post(path, data=body, content_type="text/plain")
            assert answer.status_code == 200, answer.get_json()
            memory_return.after({"PATH_INFO": path, "CONTENT_LENGTH": str(len(body))})
        at += 1
    peak, after = status_mib("self", "VmHWM"), rss_mib()
    print(f"the worst lines ({at * MAX_ENTRIES:,} of them, each new, "
          f"{time.perf_counter() - started:.0f} s): the worker's peak {peak:.0f} MiB, "
          f"{after:.0f} MiB after; the caches count {caches.held() / 2**20:.1f} MiB")
    record("memory.worst_lines_peak", peak, "MiB")
    record("memory.worst_lines_after", after, "MiB")


if __name__ == "__main__":
    main()
