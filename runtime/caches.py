"""Every bounded cache a worker keeps, what each may hold, and the one budget of bytes they
share: one place, configured.

A decklist line's meaning depends only on its text and the catalog; a card's standing in a
format only on the format's pool and bans, the date and the catalog. The same lines come
back request after request, so a worker remembers them. What is derived from a catalog
version lives in `CatalogIndex.caches` and dies with that index (a re-import starts empty);
what depends on no catalog (a raw line's reading, a query string's values) lives in a
process-wide cache.

Each cache keeps at most its number of entries (`CacheSizes`: the working set of ordinary
requests), and together they hold at most one budget of bytes (`CACHE_BYTES`, read by the
app's settings): every entry is weighed when it is kept, its key and its value, by its
cache's `weigh` (what the input put in it: a line's text, a name as folded, an answer's
bytes; what it shares with the catalog is not its own). Text grows when a name is folded
(one character of U+FDFA is eighteen), so entries are weighed, not counted: past the budget,
the caches that hold the most let go of their oldest entries until they hold seven eighths of
it. tests/api/test_cache_bytes.py holds the weights to what the entries hold in memory.
`CACHE_SIZES` in the app's configuration (or the environment, as JSON) overrides any size.
"""

from __future__ import annotations

import dataclasses
import sys
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from itertools import islice
from typing import Any, Final, Generic, TypeVar

# The bytes every cache together may hold by default (CACHE_BYTES): the entries ordinary
# requests fill every cache with (bench/cache_memory.py) fit in it.
DEFAULT_BUDGET: Final = 40 * 1024 * 1024
# What an entry costs a dict beyond its key and value: its slot, and the room a dict keeps
# free (at most about three slots an entry, just after it grows).
ENTRY_BYTES: Final = 120


@dataclass(frozen=True)
class CacheSizes:
    # Process-wide: a raw line's reading (decklist.text); at most 300 characters each.
    raw_lines: int = 8192
    # Process-wide: a query string's loaded values (api.schema); clients repeat a few.
    queries: int = 256
    # Process-wide: organizers' definitions read (api.deck_requests), each up to 64 KiB
    # written, the rules made of them (validators.derived) and their pools as a catalog reads
    # them (validators.checks.outside_pool); a site sends its own few again and again.
    definitions: int = 16
    # Process-wide: the rules made of organizers' definitions, and their seasons
    # (validators.derived): two entries a definition over a base with seasons.
    definition_rules: int = 32
    # Per catalog: a line's readings → its Resolution (decklist.resolver), and what else a
    # line's reference alone decides: the closest names, the languages it is written in.
    resolutions: int = 8192
    # Per catalog: the names a list in one language is matched against (decklist.resolver),
    # one tuple a language of the catalog's.
    languages: int = 16
    # Per catalog: formats × stretches of days answered (every format on its default date,
    # and some a client asked for): one FormatStandings each (validators.standing), and one
    # table of every printing's standing (validators.card_legality).
    format_dates: int = 16
    # Per format and stretch: a line's standing, and a card's first legal printing.
    standings: int = 4096
    # Per catalog: a resolved line's view, alone (/v1/resolve) or in a format and date.
    line_views: int = 8192
    # Per catalog: what a check found of a card in a format on a date, worded once for every
    # line that names the card (validators.checks.not_legal).
    findings: int = 8192
    # Per catalog: a card's answer with its legalities on a day, encoded (about 2 KB each;
    # api.views.card_answers): enough for every printing legal in Standard.
    card_answers: int = 4096
    # Per catalog: the printings a card search finds, in order (at most the whole catalog's
    # ids, 170 KB; api.card_search).
    card_searches: int = 16

    @classmethod
    def from_config(cls, value: Mapping[str, Any] | None) -> CacheSizes:
        """Sizes from a mapping of field names; an unknown name or a size below 1 is an
        error at start-up, not a cache silently left at its default."""
        if not value:
            return cls()
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(set(value) - known)
        if unknown:
            raise ValueError(f"CACHE_SIZES: unknown cache(s) {', '.join(unknown)}; caches: "
                             f"{', '.join(sorted(known))}")
        bad = sorted(name for name, size in value.items()
                     if not isinstance(size, int) or isinstance(size, bool) or size < 1)
        if bad:
            raise ValueError(f"CACHE_SIZES: {', '.join(bad)} must be whole numbers above 0")
        return cls(**value)


@dataclass(frozen=True)
class Spec:
    """What one kind of cache is bounded by: the `CacheSizes` field that counts its entries,
    and what an entry weighs in bytes, given its key and its value (`ENTRY_BYTES` is added)."""

    size: str
    weigh: Callable[[Any, Any], int]


K = TypeVar("K")
V = TypeVar("V")
_MISSING: Final[Any] = object()
# Every change to any cache, and the holder's count, is made under this one lock; a look-up
# takes none. What runs under it takes it no more (the methods named `_…_held`).
_LOCK: Final = threading.Lock()


class _Holder:
    """The one budget: the bytes every registered cache holds, and what sheds them."""

    def __init__(self) -> None:
        self.budget = DEFAULT_BUDGET
        self.total = 0
        self.dropped = 0  # bytes let go of since the process started, for memory_return
        self.caches: list[Kept[Any, Any]] = []

    def shed(self) -> None:
        """Past the budget, the heaviest caches let go of their oldest entries, an eighth of
        one at a time, until they hold seven eighths of it (called under the lock)."""
        target = self.budget - self.budget // 8
        while self.total > target and self.caches:
            heaviest = max(self.caches, key=_held_bytes)
            if not heaviest.entries():
                return
            heaviest.drop_oldest(max(1, heaviest.entries() // 8))


def _held_bytes(cache: Kept[Any, Any]) -> int:
    return cache.bytes


_holder: Final = _Holder()
_sizes = CacheSizes()
# The process-wide caches: the ones configure() sizes anew.
_process_caches: Final[list[Memo[Any]]] = []


class Kept(Generic[K, V]):
    """Values kept by a key their maker need not see: the caller gives the key (plain values)
    and how to make the value from what it already holds, so that nothing is looked up again
    to make it. A look-up is one dict `get` (speed trick "one dict look-up": docs/performance.md);
    keeping a value weighs it and, past its size or the budget, lets go of the oldest entries.

    A registered cache counts towards the budget; a cache held by a value that a registered
    cache keeps (an `Owner`'s) counts through it, and is closed when that value is let go."""

    def __init__(self, spec: Spec, name: str = "", registered: bool = False) -> None:
        self.spec = spec
        self.name = name or spec.size
        self.bytes = 0  # what its entries weigh, with those of the caches its values hold
        self._weigh = spec.weigh
        self._size: int = getattr(_sizes, spec.size)
        self._values: dict[Any, Any] = {}
        self._parent: Kept[Any, Any] | None = None
        self._registered = registered
        self._open = True
        if registered:
            with _LOCK:
                _holder.caches.append(self)

    def peek(self, key: K) -> V | None:
        """The value kept under `key`, if any."""
        return self._values.get(key)

    def get(self, key: K, make: Callable[..., V], *args: Any) -> V:
        """The value kept under `key`, or `make(*args)` kept under it."""
        value = self._values.get(key)
        if value is None:
            value = self.keep(key, make(*args))
        return value

    def entries(self) -> int:
        return len(self._values)

    def keys(self) -> list[Any]:
        """The keys it holds now."""
        return list(self._values)

    def __call__(self, *args: Any) -> V:
        # Memo's own. Declared here too: mypyc's subclass that adds __call__ to a class without
        # one crashes when it is made.
        raise TypeError("a Kept is looked up with get(); a Memo is called")

    def keep(self, key: K, value: V) -> V:
        """Keep `value` under `key`, or give the value another thread kept first."""
        weight = self._weigh(key, value) + ENTRY_BYTES
        with _LOCK:
            found = self._values.get(key, _MISSING)
            if found is not _MISSING:
                return found
            if not self._open:
                return value  # closed: its values are let go of, not kept
            if len(self._values) >= self._size:
                self.drop_oldest(max(1, self._size // 8))
            self._values[key] = value
            self._charge(weight)
            if isinstance(value, Owner):
                for held in value.held_caches():
                    held._adopt(self)
            if _holder.total > _holder.budget:
                _holder.shed()
        return value

    def drop_oldest(self, count: int) -> None:
        """Let go of the `count` entries kept longest (called under the lock)."""
        weight = 0
        for key in list(islice(self._values, count)):
            value = self._values.pop(key)
            weight += self._weigh(key, value) + ENTRY_BYTES
            if isinstance(value, Owner):
                weight += _orphan(value)
        self._charge(-weight)
        _holder.dropped += weight

    def clear(self) -> None:
        """Let go of every entry."""
        with _LOCK:
            self._clear_held()

    def _clear_held(self) -> None:
        values, self._values = self._values, {}
        for value in values.values():
            if isinstance(value, Owner):
                _orphan(value)
        _holder.dropped += self.bytes
        self._charge(-self.bytes)

    def close(self) -> None:
        """Let go of every entry and keep none from now on (its catalog was replaced)."""
        with _LOCK:
            self._clear_held()
            self._open = False
            if self._registered:
                _holder.caches.remove(self)
                self._registered = False

    def resize(self) -> None:
        """Take the current size of its kind, emptied (configure)."""
        with _LOCK:
            self._resize_held()

    def _resize_held(self) -> None:
        self._clear_held()
        self._size = getattr(_sizes, self.spec.size)

    def recount(self) -> int:
        """What its entries weigh, weighed again now, with the caches its values hold: its
        `bytes`, while every weight stays what it was when the entry was kept."""
        with _LOCK:
            return self._recount_held()

    def _recount_held(self) -> int:
        total = 0
        for key, value in self._values.items():
            total += self._weigh(key, value) + ENTRY_BYTES
            if isinstance(value, Owner):
                for held in value.held_caches():
                    total += held._recount_held()
        return total

    def _charge(self, weight: int) -> None:
        """Add `weight` to this cache and to those that hold it, up to a registered one."""
        cache: Kept[Any, Any] | None = self
        while cache is not None:
            cache.bytes += weight
            if cache._registered:
                _holder.total += weight
                return
            cache = cache._parent

    def _adopt(self, parent: Kept[Any, Any]) -> None:
        """Count through `parent` from now on, with what it already holds."""
        self._parent = parent
        parent._charge(self.bytes)


def _orphan(value: Owner) -> int:
    """Close the caches a value let go of holds; the bytes they held (under the lock)."""
    held = 0
    for cache in value.held_caches():
        held += cache.bytes
        cache._parent = None
        cache._values = {}
        cache.bytes = 0
        cache._open = False
    return held


class Owner:
    """A value that holds caches of its own (a format's standings, each line's): kept in a
    registered cache, they count towards the budget through it, and close when it lets the
    value go. Until then, and when the value is made outside any cache, they count nowhere
    and are bounded by their sizes alone."""

    def held_caches(self) -> tuple[Kept[Any, Any], ...]:
        return ()


class Memo(Kept[Any, V]):
    """A function remembered by its arguments (plain values), bounded as every cache is:
    `memo(*args)` is `function(*args)`, made once. Called as the cache itself, not through a
    wrapper whose Python frame every call would pay (speed trick "bare cache call":
    docs/performance.md)."""

    def __init__(self, function: Callable[..., V], spec: Spec, name: str = "",
                 registered: bool = False) -> None:
        super().__init__(spec, name, registered)
        self._function = function

    def __call__(self, *args: Any) -> V:
        key = args[0] if len(args) == 1 else args
        value = self._values.get(key, _MISSING)
        if value is _MISSING:
            value = self.keep(key, self._function(*args))
        return value


def process_cache(function: Callable[..., V], spec: Spec) -> Memo[V]:
    """`function` remembered for the life of the process, counted in the budget. Only for
    values that depend on no catalog."""
    memo = Memo(function, spec, spec.size, registered=True)
    _process_caches.append(memo)
    return memo


def sizes() -> CacheSizes:
    return _sizes


def budget() -> int:
    """The bytes every cache together may hold."""
    return _holder.budget


def held() -> int:
    """The bytes every registered cache holds now."""
    return _holder.total


def dropped() -> int:
    """The bytes the caches have let go of since the process started."""
    return _holder.dropped


def empty() -> None:
    """Let go of every entry of every cache (a cold worker, for benchmarks and tests)."""
    with _LOCK:
        for cache in _holder.caches:
            cache._clear_held()


def registered() -> list[Kept[Any, Any]]:
    """Every cache that counts towards the budget."""
    with _LOCK:
        return list(_holder.caches)


def report() -> list[tuple[str, int, int]]:
    """Each registered cache: its name, its entries and the bytes it holds, heaviest first."""
    with _LOCK:
        found = [(cache.name, cache.entries(), cache.bytes) for cache in _holder.caches]
    return sorted(found, key=lambda row: -row[2])


def configure(new: CacheSizes, budget_bytes: int = DEFAULT_BUDGET) -> None:
    """Set every size and the budget; a change empties the process-wide caches and sizes
    them anew (a catalog's caches take the sizes when they are made)."""
    global _sizes
    with _LOCK:
        _holder.budget = budget_bytes
        if new != _sizes:
            _sizes = new
            for cache in _process_caches:
                cache._resize_held()
        if _holder.total > _holder.budget:
            _holder.shed()


def text_bytes(text: str | bytes | None) -> int:
    """The most bytes a text may hold (none for None), whatever is done with it later: a
    str that is not ASCII keeps its UTF-8 form beside it once something asks for that (orjson,
    RE2), so its size is counted as if it were of four bytes a character, with that form.
    What a cache counts of an entry must not change while it is kept."""
    if text is None:
        return 0
    if isinstance(text, bytes):
        return sys.getsizeof(text)
    if text.isascii():
        return _ASCII_BYTES + len(text)
    return _UNICODE_BYTES + 8 * len(text)


# A str's header: ASCII (with its closing NUL), and any other (with room for both forms').
_ASCII_BYTES: Final = sys.getsizeof("")
_UNICODE_BYTES: Final = sys.getsizeof("\u0100") + 8


def plain_bytes(value: object) -> int:
    """The bytes a plain value holds: texts, numbers, dates, and tuples, lists, sets and
    dicts of them (named tuples too), each object counted where it appears, shared or not.
    Any other object counts as its own size alone."""
    if value is None or value is True or value is False:
        return 0
    if isinstance(value, str):
        return text_bytes(value)
    total = sys.getsizeof(value)
    if isinstance(value, (tuple, list, frozenset, set)):
        for item in value:
            total += plain_bytes(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            total += plain_bytes(key) + plain_bytes(item)
    return total


def plain_pair_bytes(key: object, value: object) -> int:
    """A cache entry's weight when its key and value are both plain values."""
    return plain_bytes(key) + plain_bytes(value)
