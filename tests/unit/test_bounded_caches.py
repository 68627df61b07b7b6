"""The caches' own rules (runtime/caches.py): each bounded by its entries and, with every
other, by one budget of bytes; what an entry weighs stays what it was counted as."""

from __future__ import annotations

import sys

import orjson
import pytest

from runtime import caches
from runtime.caches import CacheSizes, Kept, Memo, Spec

BY_LENGTH = Spec("format_dates", lambda key, value: len(value))


@pytest.fixture
def sized():
    """Sizes and a budget of the test's own, the process's put back after."""
    before, budget = caches.sizes(), caches.budget()

    def configure(budget_bytes: int = budget, **sizes: int) -> None:
        caches.configure(CacheSizes(**sizes), budget_bytes)

    yield configure
    caches.configure(before, budget)


def test_a_cache_past_its_size_lets_go_of_its_oldest_entries(sized):
    sized(format_dates=8)
    kept = Kept(BY_LENGTH, "test")
    for n in range(9):
        assert kept.get(n, str, n) == str(n)
    # An eighth of it (one entry) went, the oldest.
    assert kept.entries() == 8 and kept.peek(0) is None and kept.peek(8) == "8"


def test_a_memo_remembers_none_and_is_called_as_the_function():
    calls = []

    def nothing(value: int) -> None:
        calls.append(value)

    remembered = Memo(nothing, Spec("format_dates", lambda key, value: 0))
    assert remembered(1) is None and remembered(1) is None and calls == [1]
    two = Memo(lambda a, b: a + b, Spec("format_dates", lambda key, value: 0))
    assert two(1, 2) == 3 and two.peek((1, 2)) == 3


def test_the_budget_holds_every_registered_cache_and_the_heaviest_let_go(sized):
    sized(budget_bytes=4096, format_dates=1000)
    light = Kept(BY_LENGTH, "light", registered=True)
    heavy = Kept(BY_LENGTH, "heavy", registered=True)
    try:
        light.keep("a", "x" * 100)
        for n in range(40):
            heavy.keep(n, "y" * 300)
            assert caches.held() <= caches.budget()
            assert caches.held() == light.bytes + heavy.bytes + sum(
                cache.bytes for cache in _others(light, heavy))
        # The heavy one let go of its own oldest; the light one kept its entry.
        assert light.peek("a") is not None and heavy.peek(0) is None and heavy.peek(39)
        assert heavy.bytes == heavy.recount() and light.bytes == light.recount()
    finally:
        light.close()
        heavy.close()
    assert "light" not in {name for name, _, _ in caches.report()}


def _others(*mine: Kept) -> list[Kept]:
    # the process's own caches (the tests' modules fill some) count in the budget too
    return [cache for cache in caches.registered() if cache not in mine]


def test_a_closed_cache_keeps_nothing_and_gives_its_bytes_back():
    kept = Kept(BY_LENGTH, "closing", registered=True)
    kept.keep("a", "b" * 1000)
    held = caches.held()
    kept.close()
    assert caches.held() == held - 1000 - caches.ENTRY_BYTES
    assert kept.get("c", str, 5) == "5" and kept.entries() == 0


@pytest.mark.parametrize("text", ["", "Bill LC 108", "Pokémon Catcher SSH 175",
                                  "\ufdfa" * 298, "ピカチュウ", "\U0001f525 Energy" * 20])
def test_a_text_counts_at_least_what_it_may_come_to_hold(text):
    counted = caches.text_bytes(text)
    assert counted >= sys.getsizeof(text)
    orjson.dumps(text)  # asks for its UTF-8 form, which CPython then keeps beside it
    assert counted >= sys.getsizeof(text) and caches.text_bytes(text) == counted


def test_plain_values_count_every_part():
    assert caches.plain_bytes(None) == 0
    key = ("Bill LC 108", 3, ("x" * 100,))
    assert caches.plain_bytes(key) == sys.getsizeof(key) + caches.text_bytes("Bill LC 108") + \
        sys.getsizeof(3) + sys.getsizeof(key[2]) + caches.text_bytes("x" * 100)
    assert caches.plain_bytes({"a": [1]}) >= sys.getsizeof({"a": [1]}) + sys.getsizeof([1])
