"""outside-pool: every card is in the narrower pool an organizer's format gives (by sets,
series, regulation marks, release days or a list of cards), on top of its base's pool, which
not-legal judges. Basic Energy is exempt, as a base's pool has it.

A printing is in when it meets every term given; a card listed by one printing brings in
every printing of its gameplay identity. Where the base takes reprints (Expanded, Standard),
a printing is in when any printing of its card is, as the base's pool reads reprints.

Legal:   Pikachu PAL 62 in a pool of sets ["sv2"]; its reprint Pikachu PAF 18 in a pool of
         cards ["sv2-62"]
Illegal: Pikachu BS 58 in a pool of series ["Scarlet & Violet"]
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from catalog.index import CatalogIndex, Printing
from decklist.canonical import written
from runtime.caches import Spec, plain_bytes, text_bytes
from validators.context import Context
from validators.records import ERROR, CheckSpec, Code, Violation

CHECK = "outside-pool"
MESSAGE = "line {line}: {card} is outside {format}'s card pool ({pool})"
OUTSIDE_POOL = Code("outside-pool", "outside the format's pool", (ERROR,), (MESSAGE,))
CODES = (OUTSIDE_POOL,)
# What Terms hold besides their sets and texts: the object and its dict.
TERMS_BYTES = 512


def terms_bytes(key: tuple[tuple[str, Any], ...], terms: Terms) -> int:
    """What a pool's parameters (its key: up to 2,000 card ids) and its terms hold: their
    sets' own sizes (the ids and keys in them are the catalog's), the series as folded, the
    words."""
    own = TERMS_BYTES + plain_bytes(key) + text_bytes(terms.words)
    for found in (terms.sets, terms.series, terms.marks, terms.cards):
        if found is not None:
            own += sys.getsizeof(found)
    return own + (plain_bytes(terms.series) if terms.series is not None else 0)


# Pools looked up in a catalog, kept: as many as the definitions a worker keeps read
# (runtime.caches `definitions`); a pool of 2,000 cards holds about 0.1 MB.
POOL_TERMS = Spec("definitions", terms_bytes)


@dataclass(frozen=True)
class Terms:
    """A pool's terms, looked up in one catalog: each None when not given."""

    sets: frozenset[str] | None
    series: frozenset[str] | None
    marks: frozenset[str] | None
    released_from: dt.date | None
    released_until: dt.date | None
    cards: frozenset[str] | None  # function keys
    words: str  # the pool as a verdict words it

    def take(self, index: CatalogIndex, printing: Printing) -> bool:
        info = index.sets.get(printing.set_id)
        released = info.release_date if info is not None else None
        return ((self.sets is None or printing.set_id in self.sets)
                and (self.series is None
                     or (info is not None and info.series.casefold() in self.series))
                and (self.marks is None or printing.regulation_mark in self.marks)
                and (self.released_from is None
                     or (released is not None and released >= self.released_from))
                and (self.released_until is None
                     or (released is not None and released <= self.released_until))
                and (self.cards is None or printing.function_key in self.cards))


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    terms = ctx.index.caches.memo(terms_of, POOL_TERMS)(_key(spec.params))
    reprints = ctx.format.pool.reprints_legal
    for line in ctx.known:
        card = line.resolution.card
        if card is None or card.is_basic_energy:
            continue  # ambiguous: ambiguous-card asks for the printing
        printings = ctx.index.by_function.get(card.function_key, ()) if reprints else ()
        if terms.take(ctx.index, card) or any(terms.take(ctx.index, p) for p in printings):
            continue
        yield Violation.of(OUTSIDE_POOL, MESSAGE, ctx.format.rule(spec.section),
                           (ctx.ref(line),), line=line.entry.line, name=card.name, id=card.id,
                           card=written(ctx.index, card),
                           format=ctx.format.name, pool=terms.words)


def _key(params: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    return tuple(sorted(params.items()))


def terms_of(index: CatalogIndex, key: tuple[tuple[str, Any], ...]) -> Terms:
    """The pool's terms in the catalog: set codes read as the sets they name."""
    given = dict(key)
    sets = given.get("sets")
    cards = given.get("cards")
    return Terms(
        frozenset(set_id for each in sets for set_id in set_ids(index, each))
        if sets is not None else None,
        frozenset(each.casefold() for each in given["series"]) if "series" in given else None,
        frozenset(given["regulation_marks"]) if "regulation_marks" in given else None,
        given.get("released_from"), given.get("released_until"),
        frozenset(printing.function_key for each in cards
                  if (printing := index.card(each)) is not None) if cards is not None else None,
        _words(given))


def set_ids(index: CatalogIndex, reference: str) -> tuple[str, ...]:
    """The sets a pool's set term names: a set id, else a code."""
    return (reference,) if reference in index.sets else index.sets_for_code(reference)


def _words(given: dict[str, Any]) -> str:
    parts = []
    for name, words in (("sets", "sets"), ("series", "series"),
                        ("regulation_marks", "regulation marks")):
        if name in given:
            shown = list(given[name])
            parts.append(f"{words} {', '.join(shown[:8])}{' …' if len(shown) > 8 else ''}")
    if "released_from" in given:
        parts.append(f"released from {given['released_from']}")
    if "released_until" in given:
        parts.append(f"released until {given['released_until']}")
    if "cards" in given:
        parts.append(f"{len(given['cards'])} cards listed")
    return "; ".join(parts)
