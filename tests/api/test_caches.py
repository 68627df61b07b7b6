"""What a worker remembers between requests, and that remembering never changes an answer.

Line readings, resolutions, card standings and their JSON views are kept in bounded caches
(docs/performance.md); these tests hold them to the answers computed afresh.
"""

import datetime as dt

from decklist.detect import parse
from decklist.parsed import MAX_LINE_LENGTH
from decklist.resolver import resolve
from tests.support.catalogs import index_of
from validators.engine import validate
from validators.formats import deck_rules, get_format
from validators.records import Ban
from validators.standing import standings_for


def reloaded(url):
    """The index a worker builds after a re-import (here: of the same catalog)."""
    return index_of(url)


def test_index_memo_is_bounded_and_belongs_to_its_index(full_db_url, full_index):
    from runtime import caches

    calls = []

    def double(index, value):
        calls.append(value)
        return value * 2

    spec = caches.Spec("format_dates", caches.plain_pair_bytes)
    before = caches.sizes()
    caches.configure(caches.CacheSizes(format_dates=2), caches.budget())
    try:
        remembered = full_index.caches.memo(double, spec)
    finally:
        caches.configure(before, caches.budget())
    assert [remembered(1), remembered(1), remembered(2), remembered(3)] == [2, 2, 4, 6]
    assert calls == [1, 2, 3] and remembered.entries() == 2
    assert full_index.caches.memo(double, spec) is remembered
    # A re-import swaps in a new index: nothing derived from the old one comes with it.
    fresh = reloaded(full_db_url)
    assert fresh.caches.memo(double, spec)(1) == 2 and calls == [1, 2, 3, 1]


def test_a_resolution_is_shared_within_an_index_and_not_across(full_db_url, full_index):
    first = resolve(full_index, parse("4 Bill LC 108").entries)[0]
    again = resolve(full_index, parse("2 Bill LC 108").entries)[0]
    assert again.resolution is first.resolution and again.entry.copies == 2
    fresh = reloaded(full_db_url)
    other = resolve(fresh, parse("4 Bill LC 108").entries)[0]
    assert other.resolution is not first.resolution
    assert other.resolution.card.id == first.resolution.card.id == "base6-108"


def test_a_long_padded_line_reads_as_its_short_form():
    # Lines longer than MAX_LINE_LENGTH are read afresh rather than remembered.
    short = parse("4 Bill LC 108").entries[0]
    padded_text = "4" + " " * MAX_LINE_LENGTH + "Bill\tLC  108"
    assert len(padded_text) > MAX_LINE_LENGTH
    padded = parse(padded_text).entries[0]
    assert (padded.copies, padded.text, padded.reference) == (
        short.copies, short.text, short.reference)


def test_standings_are_kept_per_format_and_date(full_index):
    modified = deck_rules(get_format("modified"))
    line = resolve(full_index, parse("1 Electabuzz BS 20").entries)[0]
    later = standings_for(full_index, modified.legality, dt.date(2003, 8, 31))
    assert standings_for(full_index, modified.legality, dt.date(2003, 8, 31)) is later
    # Reprinted in Expedition.
    assert later.of(line.entry.reference).cards[0].legal_via is not None
    earlier = standings_for(full_index, modified.legality, dt.date(2002, 6, 1))
    assert earlier is not later
    assert earlier.of(line.entry.reference).cards[0].legal_via is None  # before Expedition


def test_one_lines_answers_in_two_formats_stay_apart(full_index):
    deck = parse("4 Electabuzz BS 20").entries
    unlimited = deck_rules(get_format("unlimited"))
    modified = deck_rules(get_format("modified"))
    before = validate(full_index, resolve(full_index, deck), modified, dt.date(2002, 6, 1))
    assert validate(full_index, resolve(full_index, deck), unlimited).standings[0][1].cards[
        0].legal_via.id == "base1-20"
    after = validate(full_index, resolve(full_index, deck), modified, dt.date(2002, 6, 1))
    assert [v.code for v in after.violations] == [v.code for v in before.violations]
    assert "not-legal" in [v.code for v in after.violations]


def test_shared_views_are_never_changed_by_later_responses(client):
    text = "4 Electabuzz BS 20\n4 Bill LC 108\n"
    resolved = client.post("/v1/resolve", data=text, content_type="text/plain").get_json()
    modified = client.post("/v1/validate?format=modified&as_of=2002-06-01", data=text,
                           content_type="text/plain").get_json()
    unlimited = client.post("/v1/validate?format=unlimited", data=text,
                            content_type="text/plain").get_json()
    again = client.post("/v1/resolve", data=text, content_type="text/plain").get_json()
    # The resolve answer has no legality; a verdict's view of the same line must not leak in.
    assert again["lines"] == resolved["lines"]
    assert "legal_via" not in again["lines"][0]
    assert modified["cards"][0]["legal_via"] is None
    assert unlimited["cards"][0]["legal_via"]["id"] == "base1-20"
    repeat = client.post("/v1/validate?format=modified&as_of=2002-06-01", data=text,
                         content_type="text/plain").get_json()
    assert repeat["cards"] == modified["cards"]


def test_a_query_string_loads_the_same_each_time_and_a_bad_one_fails_each_time(client):
    def ask(query):
        return client.post(f"/v1/validate?{query}", data="4 Bill LC 108\n",
                           content_type="text/plain")

    for _ in range(2):
        answer = ask("format=modified&as_of=2002-06-01")
        assert answer.status_code == 200 and answer.get_json()["as_of"] == "2002-06-01"
        refused = ask("format=modified&as_of=someday")
        assert refused.status_code == 400 and "as_of" in refused.get_json()["detail"]
        repeated = ask("format=modified&format=unlimited")
        assert repeated.status_code == 400 and "format" in repeated.get_json()["detail"]
    assert ask("format=unlimited").get_json()["format"]["id"] == "unlimited"


def test_line_views_live_on_their_index_and_go_with_it(full_db_url, full_index):
    from api.views.deck_lines import readings
    from decklist.resolver import Suggested

    line = resolve(full_index, parse("4 Electabuzz BS 20").entries)[0]
    offered = [Suggested(line.resolution.suggestions)]
    [view] = readings(full_index, [line], offered)
    assert readings(full_index, [line], offered)[0] is view
    fresh = reloaded(full_db_url)
    [again] = readings(fresh, resolve(fresh, parse("4 Electabuzz BS 20").entries), offered)
    assert again == view and again is not view  # built anew for the new index


def test_format_standings_are_keyed_by_pool_and_bans_not_by_name(full_index):
    import dataclasses

    modified = deck_rules(get_format("modified"))
    banned = dataclasses.replace(modified, banned=(Ban("base1-20"),))
    line = resolve(full_index, parse("1 Electabuzz BS 20").entries)[0]
    date = dt.date(2003, 8, 31)
    assert not standings_for(full_index, modified.legality, date).of(
        line.entry.reference).cards[0].banned
    assert standings_for(full_index, banned.legality, date).of(
        line.entry.reference).cards[0].banned
    same = dataclasses.replace(modified, description="another name, the same rules")
    assert same.legality == modified.legality
    assert standings_for(full_index, same.legality, date) is standings_for(
        full_index, modified.legality, date)


def test_cache_sizes_come_from_configuration_and_refuse_what_they_do_not_know():
    import pytest

    from runtime.caches import CacheSizes

    assert CacheSizes.from_config({"line_views": 10}).line_views == 10
    assert CacheSizes.from_config(None) == CacheSizes()
    with pytest.raises(ValueError, match="unknown cache"):
        CacheSizes.from_config({"lines": 10})
    with pytest.raises(ValueError, match="above 0"):
        CacheSizes.from_config({"standings": 0})


def test_an_app_with_tiny_caches_answers_the_same(full_db_url, client):
    from app import create_app
    from runtime import caches

    text = "4 Electabuzz BS 20\n4 Bill LC 108\n4 Potion\n48 Fire Energy BS 98\n"
    expected = client.post("/v1/validate?format=modified", data=text,
                           content_type="text/plain").get_json()
    before, budget = caches.sizes(), caches.budget()
    try:
        tiny = create_app({"DATABASE_URL": full_db_url, "CACHE_SIZES": {
            name: 1 for name in ("raw_lines", "queries", "resolutions", "format_dates",
                                 "standings", "line_views")}}).test_client()
        for _ in range(2):
            got = tiny.post("/v1/validate?format=modified", data=text,
                            content_type="text/plain").get_json()
            assert got == expected
        # A budget smaller than one entry: every cache lets go of what it keeps at once.
        none_kept = create_app({"DATABASE_URL": full_db_url, "CACHE_BYTES": 1}).test_client()
        for _ in range(2):
            got = none_kept.post("/v1/validate?format=modified", data=text,
                                 content_type="text/plain").get_json()
            assert got == expected
            assert caches.held() == 0
    finally:
        caches.configure(before, budget)
