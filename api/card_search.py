"""What a card search finds: the printings matching its filters and legality, in order, each
printing or each card once.

The catalog's text filters are read by SQL (catalog.lookup.matching_ids); what a card picker
filters by (Type, stage, subtypes, HP, attack cost, regulation mark, rarity, artist) and
legality by the index (`Picker`, validators.card_legality); the search is sorted and, at
`unique=cards`, folded to one result a gameplay identity (its newest printing found, with the
others found beside it). What a search finds is kept on the index by the search's plain
values, so the next page of a search, and the same search from another client, is a slice
(speed trick "encoded cards": docs/performance.md). Kept only while the database and the
index hold one catalog (api.views.card_answers.CatalogRead).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import functools
import sys
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from sqlalchemy.orm import Session

from api.views.card_answers import CatalogRead
from api.views.card_legalities import playable_in, playable_itself_in
from catalog import lookup
from catalog.identity import POKEMON
from catalog.index import CatalogIndex, Printing
from catalog.lookup import CardFilters
from runtime.caches import Spec, plain_bytes
from validators import vocabulary

# How a search's results are ordered: by the catalog's order (set release, oldest set first,
# then collector number), newest set first, or by English name (then newest first).
NUMBER, RELEASED, NAME = "number", "released", "name"
SORTS = (NUMBER, RELEASED, NAME)
# Each printing found, or each card (gameplay identity) once.
PRINTS, CARDS = "prints", "cards"
UNIQUE = (PRINTS, CARDS)
# The stages a picker filters by: the stages of evolution, and LEGEND (two cards played as
# one, which pickers list beside them).
STAGES = (*vocabulary.STAGES, "LEGEND")
# A stage as the catalog spells it where that is not its name: pokemon-tcg-data spells
# Basic "Basic Stage" in Ascended Heroes and the Mega Evolution promos (as the Basic Pokémon
# check reads it too: validators/checks/basic_pokemon.py).
_STAGE_SPELLED = {"Basic Stage": "Basic"}


def folded_name(text: str) -> str:
    """A name as a search compares it: accents, spaces and letter case aside."""
    return _plain(text).casefold()


@functools.lru_cache(maxsize=4096)  # the catalog's artists, about 1,400
def _artist(name: str | None) -> str:
    return folded_name(name or "")


def _plain(text: str) -> str:
    """A word, accents and spaces aside ("Pokemon tool" is "Pokémon Tool")."""
    plain = unicodedata.normalize("NFKD", text)
    return "".join(char for char in plain if not unicodedata.combining(char) and char != " ")


def spelled(index: CatalogIndex, kind: str, words: Iterable[str]) -> tuple[str, ...]:
    """The catalog's subtypes (`kind` "subtypes") or rarities ("rarity") that words name:
    accents, spaces and letter case aside ("DoubleRare" and "Double rare" are "Double
    Rare"), but for the letter case that tells two subtypes apart (`ex`, Scarlet & Violet's
    rule, is not `EX`, Black & White's). A word that names none matches nothing."""
    exact, folded = index.caches.table(_subtype_words if kind == "subtypes" else _rarity_words)
    found: list[str] = []
    for word in words:
        found.extend(exact.get(_plain(word)) or folded.get(_plain(word).casefold()) or [word])
    return tuple(dict.fromkeys(found))


def _subtype_words(index: CatalogIndex) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    return _words({kind for printing in index.printings.values() for kind in printing.subtypes},
                  case_tells=True)


def _rarity_words(index: CatalogIndex) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    return _words({printing.rarity for printing in index.printings.values() if printing.rarity},
                  case_tells=False)


def _words(spellings: set[str], case_tells: bool
           ) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The catalog's spellings of a vocabulary by their plain form, and by that form in
    lower case; where `case_tells`, two plain forms alike but for letter case are two
    words, each found only as it is written."""
    exact: dict[str, list[str]] = {}
    for spelling in sorted(spellings):
        exact.setdefault(_plain(spelling), []).append(spelling)
    by_case: dict[str, list[str]] = {}
    for plain in exact:
        by_case.setdefault(plain.casefold(), []).append(plain)
    folded = {key: [spelling for plain in plains for spelling in exact[plain]]
              for key, plains in by_case.items() if len(plains) == 1 or not case_tells}
    return exact, folded


@dataclass(frozen=True)
class Picker:
    """What a card picker filters by, read from the index: each filter given must hold."""

    types: tuple[str, ...] = ()  # a Type printed on it: any of these
    stages: tuple[str, ...] = ()  # a Pokémon of any of these stages
    subtypes: tuple[str, ...] = ()  # every one of these (`spelled`)
    hp_min: int | None = None
    hp_max: int | None = None
    attack_cost: int | None = None  # an attack of this many Energy …
    attack_energy: tuple[str, ...] = ()  # … whose cost holds each of these Types
    regulation_marks: tuple[str, ...] = ()  # any of these (upper case)
    rarities: tuple[str, ...] = ()  # any of these (`spelled`)
    artist: str | None = None  # the artist's name holds this (`folded_name`)

    def tests(self) -> Iterable[Callable[[Printing], bool]]:
        """A test of each filter given, each saying whether a printing holds it."""
        if self.types:
            yield lambda p: any(kind in self.types for kind in p.types)
        if self.stages:
            yield lambda p: p.supertype == POKEMON and any(
                _STAGE_SPELLED.get(kind, kind) in self.stages for kind in p.subtypes)
        if self.subtypes:
            yield lambda p: all(kind in p.subtypes for kind in self.subtypes)
        if self.hp_min is not None or self.hp_max is not None:
            yield lambda p: p.hp is not None and (self.hp_min or 0) <= p.hp <= (
                self.hp_max if self.hp_max is not None else p.hp)
        if self.attack_cost is not None or self.attack_energy:
            yield lambda p: any(self._attack(cost) for cost in p.attack_costs)
        if self.regulation_marks:
            yield lambda p: (p.regulation_mark or "").upper() in self.regulation_marks
        if self.rarities:
            yield lambda p: p.rarity in self.rarities
        if self.artist:
            artist = self.artist
            yield lambda p: artist in _artist(p.artist)

    def _attack(self, cost: tuple[str, ...]) -> bool:
        return ((self.attack_cost is None or len(cost) == self.attack_cost)
                and all(kind in cost for kind in self.attack_energy))


@dataclass(frozen=True)
class CardSearch:
    filters: CardFilters
    legal_in: tuple[str, ...] = ()  # legal and unbanned in each of these formats
    not_legal_in: tuple[str, ...] = ()  # … in none of these
    as_of: dt.date | None = None  # None: each format on its own default day
    picker: Picker = Picker()
    printing_legal_in: tuple[str, ...] = ()  # legal as itself, not through a reprint
    sort: str = NUMBER
    unique: str = PRINTS


@dataclass(frozen=True)
class Found:
    """The ids a search finds, in order; at `unique=cards`, each with the ids of the other
    printings of its card the search found, newest first."""

    ids: tuple[str, ...]
    others: dict[str, tuple[str, ...]] = field(default_factory=dict)


def found(read: CatalogRead, search: CardSearch) -> Found:
    """What the search finds (the module)."""
    # A search with no date is one of today's: its formats' default days move with it.
    key = (search, dt.date.today())
    kept = read.kept("card searches", CARD_SEARCHES).peek(key)
    if kept is None:
        kept = _find(read.session, read.index, search)
        # Asked again once the database is open: read from another catalog, the ids are
        # this request's alone (CatalogRead.kept).
        read.kept("card searches", CARD_SEARCHES).get(key, _same, kept)
    return kept


def _same(kept: Found) -> Found:
    return kept


def _search_bytes(key: tuple[CardSearch, dt.date], kept: Found) -> int:
    """What a search's key holds (its filters, a query's values) and what it found: its
    ids' tuple and, at unique=cards, the other printings' tuples (the ids are the
    catalog's)."""
    search, today = key
    return SEARCH_BYTES + plain_bytes(dataclasses.astuple(search)) + plain_bytes(today) + \
        sys.getsizeof(kept.ids) + sys.getsizeof(kept.others) + \
        sum(sys.getsizeof(others) for others in kept.others.values())


# What a search's key holds besides its values: its objects (CardSearch, CardFilters).
SEARCH_BYTES = 512
CARD_SEARCHES = Spec("card_searches", _search_bytes)


def _find(session: Session, index: CatalogIndex, search: CardSearch) -> Found:
    tests = [*playable_in(index, list(search.legal_in), search.as_of),
             *playable_itself_in(index, list(search.printing_legal_in), search.as_of)]
    illegal = playable_in(index, list(search.not_legal_in), search.as_of)
    tests.extend(search.picker.tests())
    ids = lookup.matching_ids(session, search.filters)
    if not (tests or illegal) and search.sort == NUMBER and search.unique == PRINTS:
        return Found(tuple(_shared(index, card_id) for card_id in ids))
    printings = [printing for printing in _printings(index, ids)
                 if all(test(printing) for test in tests)
                 and not any(test(printing) for test in illegal)]
    others: dict[str, tuple[str, ...]] = {}
    if search.unique == CARDS:
        printings, others = one_a_card(index, printings)
    return Found(tuple(printing.id for printing in _sorted(index, printings, search.sort)),
                 others)


def _shared(index: CatalogIndex, card_id: str) -> str:
    """The index's own string for the id where it has one: a kept search then holds
    references, not 21,010 copies."""
    printing = index.printings.get(card_id)
    return printing.id if printing is not None else card_id


def _printings(index: CatalogIndex, ids: list[str]) -> list[Printing]:
    # The database and the index of one catalog hold the same ids; during a re-import a
    # printing the index does not know yet has no legality to pass.
    return [printing for printing in map(index.printings.get, ids) if printing is not None]


def one_a_card(index: CatalogIndex, printings: list[Printing]
                ) -> tuple[list[Printing], dict[str, tuple[str, ...]]]:
    """Each card (gameplay identity) found once, as its newest printing found, with the ids
    of its other printings found, newest first. `printings` are in the catalog's order."""
    by_card: dict[str, list[Printing]] = {}
    for printing in printings:
        by_card.setdefault(printing.function_key, []).append(printing)
    fronts, others = set(), {}
    for found_of in by_card.values():
        newest = _sorted(index, found_of, RELEASED)
        fronts.add(newest[0].id)
        others[newest[0].id] = tuple(printing.id for printing in newest[1:])
    return [printing for printing in printings if printing.id in fronts], others


def _sorted(index: CatalogIndex, printings: list[Printing], sort: str) -> list[Printing]:
    """Printings in the catalog's order, as `sort` orders them (a stable sort: the catalog's
    order decides among equals)."""
    if sort == NUMBER:
        return printings
    newest_first = sorted(printings, key=lambda printing: -index.sets[printing.set_id].order)
    if sort == RELEASED:
        return newest_first
    return sorted(newest_first, key=lambda printing: printing.name.casefold())
