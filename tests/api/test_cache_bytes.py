"""What the caches count against their budget (runtime/caches.py) covers what they hold.

Every entry is weighed when it is kept, its key and its value. These tests send requests of
every kind a worker keeps something for (real lists line by line and in every format, JSON
entries, names that grow when folded, unknown names, organizers' definitions, card searches,
query strings) and hold the bytes the caches counted to the memory the process kept
(tracemalloc): never less, and not many times more for real lists. Then they hold the budget
under the worst lines the limits allow, and a format's standings to count their own caches.
"""

from __future__ import annotations

import datetime as dt
import gc
import tracemalloc

import pytest

from bench.hostile_lines import growing_lines
from runtime import caches
from runtime.caches import Kept
from tests.support.apps import contract_app
from validators.formats import deck_rules, get_format
from validators.records import Ban, Legality
from validators.standing import FORMAT_DATES, FormatStandings

TEXT = "text/plain"
# What the process may keep besides the caches while a round of requests runs (a few
# objects of the framework's, made once per kind of request).
SLACK = 256 * 1024
FULL_CATALOG_LINES = 150
WORST_LINES = 150


@pytest.fixture
def budgeted():
    """The process's sizes and budget put back after a test that sets its own."""
    before, budget = caches.sizes(), caches.budget()
    yield
    caches.configure(before, budget)


def _round(client, index, at: int) -> None:
    """Requests of every kind a worker keeps something for, each new in round `at`."""
    ids = list(index.printings)
    chosen = [index.printings[card_id] for card_id in ids[at * FULL_CATALOG_LINES:]
              [:FULL_CATALOG_LINES]]
    real = "\n".join(f"1 {p.name} {p.set_id} {p.number}" for p in chosen)
    day = (dt.date(2004, 1, 1) + dt.timedelta(days=400 * at)).isoformat()
    asked = [
        ("/v1/validate?format=modified", real),
        (f"/v1/validate?format=all&as_of={day}&detail=verdict", real),
        ("/v1/resolve", real),
        ("/v1/validate?format=modified", "\n".join(growing_lines(at * 60, 60))),
        ("/v1/validate?format=modified", "".join(f"1 Qzxv{at}k{n:03}wq\n" for n in range(20))),
    ]
    for path, body in asked:
        assert client.post(path, data=body, content_type=TEXT).status_code == 200
    entries = [{"count": 1, "name": p.name, "set": p.set_id, "number": f"{p.number}x"}
               for p in chosen[:50]]
    assert client.post("/v1/validate", json={"format": "expanded",
                                             "deck": entries}).status_code == 200
    definition = {"id": f"cup-{at}", "base": "expanded", "document": "x" * 120,
                  "banned": [{"card": card_id, "note": "z" * 100}
                             for card_id in ids[at * 200:][:200]],
                  "pool": {"cards": ids[at * 300:][:300]}}
    assert client.post("/v1/validate", json={"deck": real, "definition": definition}
                       ).status_code == 200
    assert client.get(f"/v1/cards?per_page=50&as_of={day}").status_code == 200
    assert client.get(f"/v1/cards?legal_in=standard&per_page=20&as_of={day}&name=a"
                      ).status_code == 200


def _kept_now() -> int:
    gc.collect()
    return tracemalloc.get_traced_memory()[0]


@pytest.mark.sweep  # tracemalloc slows every allocation of three rounds of every request
def test_what_the_caches_count_covers_what_they_hold(full_db_url, full_index, budgeted):
    app = contract_app(full_db_url, REQUEST_DEADLINE_SECONDS=None,
                       CACHE_BYTES=1024 * 1024 * 1024)
    client = app.test_client()
    with app.app_context():
        from api.middleware import store

        index = store.index()
    caches.empty()
    tracemalloc.start()
    try:
        _round(client, index, 0)  # what the framework makes once per kind of request
        caches.empty()
        kept, counted = _kept_now(), caches.held()
        for at in range(1, 3):
            _round(client, index, at)
            grown, weighed = _kept_now() - kept, caches.held() - counted
            assert grown <= weighed + SLACK, (grown, weighed, caches.report())
    finally:
        tracemalloc.stop()
    # Real lists' entries are counted near what they hold (a name that is not ASCII counts
    # as the most it may hold).
    assert weighed <= 4 * grown, (grown, weighed)
    for cache in caches.registered():
        assert cache.bytes == cache.recount(), cache.name


def test_the_budget_holds_under_the_worst_lines(full_db_url, budgeted):
    # A request of 150 such lines alone would have the caches keep ten times this budget.
    budget = 1024 * 1024
    # No deadline: a request of 500 such lines takes seconds of a core, and on a busy shared
    # machine one cut short at the deadline keeps less than the budget is held to.
    client = contract_app(full_db_url, REQUEST_DEADLINE_SECONDS=None,
                          CACHE_BYTES=budget).test_client()
    for at in range(2):
        body = "\n".join(growing_lines(at * WORST_LINES, WORST_LINES))
        for path in ("/v1/validate?format=modified", "/v1/resolve"):
            answer = client.post(path, data=body, content_type=TEXT)
            assert answer.status_code == 200
            assert caches.held() <= budget
            assert caches.held() == sum(bytes_ for _, _, bytes_ in caches.report())
    assert caches.dropped() > budget  # the caches turned over, within their budget
    for cache in caches.registered():
        assert cache.bytes == cache.recount(), cache.name


def test_a_format_s_standings_count_their_own_caches(full_index, line, budgeted):
    legality = deck_rules(get_format("modified")).legality
    caches.configure(caches.CacheSizes(format_dates=1), caches.budget())
    outer = Kept(FORMAT_DATES, "test standings", registered=True)
    try:
        standings = FormatStandings(full_index, legality, dt.date(2003, 8, 31))
        outer.keep(1, standings)
        first = outer.bytes
        assert first == standings.weight + caches.ENTRY_BYTES
        for reference in ("Bill LC 108", "Electabuzz BS 20", "Pikachu"):
            line(reference)  # resolved first: its resolution counts in its own cache
            standings.of(reference)
        assert outer.bytes > first and outer.bytes == outer.recount()
        # Let go of (another takes its place): its caches close with it.
        outer.keep(2, FormatStandings(full_index, legality, dt.date(2004, 1, 1)))
        assert outer.peek(1) is None and outer.bytes == outer.recount()
        assert standings.of.entries() == 0
        standings.of("Bill LC 108")  # a request still on it is answered, keeps nothing
        assert standings.of.entries() == 0
    finally:
        outer.close()


def _parts(value: object):
    if isinstance(value, tuple):
        for item in value:
            yield from _parts(item)
    else:
        yield value


def test_no_cache_is_keyed_by_an_organizer_s_ban_list(full_db_url, full_index):
    # Caches key what depends on a format's pool and bans by its token, a number: a new
    # definition's views, findings and standings hold no ban list in their keys, which would
    # outlive the rules made of it (70 KB a definition of 200 bans, in every cache's count).
    client = contract_app(full_db_url).test_client()
    ids = list(full_index.printings)
    for n in range(3):
        definition = {"id": f"cup-{n}", "base": "expanded",
                      "banned": [{"card": card_id, "note": "z" * 100}
                                 for card_id in ids[n * 200:][:200]]}
        answer = client.post("/v1/validate", json={"deck": "4 Pikachu PAL 62\n1 Bill LC 108",
                                                   "definition": definition})
        assert answer.status_code == 200
    keyed = [cache for cache in caches.registered() if cache.entries()]
    assert {"standings", "format standings"} <= {cache.name for cache in keyed}
    for cache in keyed:
        for key in cache.keys():
            assert not any(isinstance(part, (Legality, Ban)) for part in _parts(key)), cache.name
