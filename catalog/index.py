"""A read-only, in-memory index of the SQL catalog: what resolving and validating read.

A worker builds it from the database with four queries and then answers
decklists without touching the database; `catalog.index_holder` swaps in a new
index when the catalog's version stamp changes (a re-import).  Records are
slotted and frozen, and repeated strings (function keys, set ids, names)
are interned and JSON lists decoded once per distinct value, which keeps the
index small (speed trick "interned printings": docs/performance.md gives its
size and build time).
"""

from __future__ import annotations

import array
import bisect
import json
import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, String, and_, case, cast, func, or_, select

from catalog import energy_codes, japanese
from catalog.data_files import SET_CODES_PATH
from catalog.db import snapshot_session
from catalog.identity import title_key
from catalog.lookup import SET_ORDER
from catalog.models import (
    JAPAN,
    LINKED,
    NOT_LINKED,
    Card,
    CatalogMeta,
    JapaneseCard,
    LocalName,
    Set,
    SetCode,
)
from catalog.names import alias_keys, base_language, search_key
from catalog.numbers import number_key, number_sort_key
from catalog.printings import Printing, SetInfo
from runtime import patterns
from runtime.catalog_caches import CatalogCaches

# A language a list's lines are read in (decklist.languages) may be any of the catalog's.
ANY = "*"
# Names and set words in other languages, as the index keeps them: a key → each language it
# is written in, with what it names there.
ByLanguage = dict[str, tuple[tuple[str, tuple[str, ...]], ...]]
# Promo numbers carry their series ("SWSH068"); "PR-SW 68" writes the number without it.
_PREFIXED = patterns.compile(r"^([A-Za-z]+)0*(\d+[a-zA-Z]?)$")


class CatalogNotLoaded(Exception):
    """The database holds no catalog yet (run `flask catalog import`)."""


@dataclass
class CatalogIndex:
    version: str
    sets: dict[str, SetInfo]
    printings: dict[str, Printing]
    # Sets a code names, in priority order ("PR" → basep, np, …).
    set_codes: dict[str, tuple[str, ...]]
    set_names: dict[str, tuple[str, ...]]
    by_number: dict[tuple[str, str], tuple[Printing, ...]]
    by_name: dict[str, tuple[Printing, ...]]
    by_function: dict[str, tuple[Printing, ...]]
    # A promo number's series prefix → its set ("SWSH" → swshp).
    promo_prefixes: dict[str, str]
    # The codes (upper case) of the sets that hold basic Energy only ("SVE").
    energy_codes: frozenset[str] = frozenset()
    # Subsets whose every number carries one prefix ("GG" for swsh12pt5gg): a code naming
    # the subset alone may write the number without it ("CRZ-GG 6").
    subset_prefixes: dict[str, str] = field(default_factory=dict)
    _ids_folded: dict[str, str] = field(default_factory=dict)
    # TCGdex's set ids, case folded → the catalog's ("me05" → "me5").
    _tcgdex_sets: dict[str, str] = field(default_factory=dict)
    # The printings with an Ancient Trait, for ban entries that reach them all.
    ancient_traits: tuple[Printing, ...] = ()
    # Names in other languages, one line each: "search key TAB language TAB English search
    # key" (the import's LocalName rows), in order. Read into `local_names` by a worker the
    # first time a list is read in another language
    # (speed trick "names read when first needed": docs/performance.md); a list's language
    # is found in them as they are (`languages_named`).
    local_lines: str = ""
    # Set abbreviations and names in other languages, upper case and by search key → the
    # languages and the sets they name ("EAP" → (("fr", ("sv2",)),)).
    local_codes: ByLanguage = field(default_factory=dict)
    local_set_names: ByLanguage = field(default_factory=dict)
    # Japan's sets by their codes, upper case ("M5" → "ja-m5"), and their printings as two
    # strings read where a line names one (catalog.japanese).
    japanese_codes: dict[str, str] = field(default_factory=dict)
    japanese_lines: str = ""
    japanese_details: str = ""
    # The caches the layers above derive from this catalog, made and dropped with it.
    caches: CatalogCaches = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.caches = CatalogCaches(self)

    def card(self, card_id: str) -> Printing | None:
        """A printing by id, in any letter case ("BASE1-4"), or by TCGdex's id of it; a
        Japanese printing's id ("ja-m5-78") is the printing it is linked to, or its own."""
        found = self.printings.get(card_id)
        if found is None:
            real = self._ids_folded.get(card_id.casefold())
            found = self.printings.get(real) if real else self.by_tcgdex_id(card_id)
        if found is None and card_id[:len(japanese.PREFIX)].lower() == japanese.PREFIX:
            named = japanese.by_id(self, card_id)
            found = named.printings[0] if named and len(named.printings) == 1 else None
        return found

    def by_tcgdex_id(self, card_id: str) -> Printing | None:
        """A printing by TCGdex's id: its set's TCGdex id and its number ("me05-001",
        "sv01-189", "me02.5-1"), where that number holds one printing."""
        tcgdex_set, _, number = card_id.rpartition("-")
        set_id = self._tcgdex_sets.get(tcgdex_set.casefold()) if number else None
        found = self.by_number.get((set_id, number_key(number)), ()) if set_id else ()
        return found[0] if len(found) == 1 else None

    def sets_for_code(self, code: str) -> tuple[str, ...]:
        """The sets a code, a set id or TCGdex's id of a set names, most likely first."""
        found = self.set_codes.get(code.upper())
        if found:
            return found
        set_id = code.lower()
        if set_id in self.sets and not self.sets[set_id].japanese:
            return (set_id,)
        tcgdex = self._tcgdex_sets.get(code.casefold())
        return (tcgdex,) if tcgdex else ()

    def sets_named(self, name: str) -> tuple[str, ...]:
        return self.set_names.get(search_key(name), ())

    def at_number(self, set_id: str, number: str,
                  subset_bare: bool = False) -> tuple[Printing, ...]:
        """The printings at a collector number in a set, however it is padded; with
        `subset_bare`, a subset's number may leave out its prefix ("6" for "GG06")."""
        found = self.by_number.get((set_id, number_key(number)), ())
        prefix = self.subset_prefixes.get(set_id) if subset_bare else None
        if not found and prefix and number.isdigit():
            found = self.by_number.get((set_id, number_key(prefix + number)), ())
        return found

    def promo_set(self, number: str) -> str | None:
        """The promo set a prefixed number names ("SWSH068" → swshp, "SM31" → smp)."""
        match = _prefixed(number)
        return self.promo_prefixes.get(match.group(1).upper()) if match else None

    def newest_set(self) -> SetInfo | None:
        """The international set of the latest release day (of those that have one)."""
        dated = [info for info in self.sets.values()
                 if info.release_date is not None and not info.japanese]
        return max(dated, key=lambda info: info.order) if dated else None

    def japanese_set(self, code: str) -> str | None:
        """The Japanese set a code names ("M5", "sv4a"), or None."""
        return self.japanese_codes.get(code.upper())

    def japanese_at(self, set_id: str, number: str) -> japanese.JapanesePrinting | None:
        """The printing at a number of a Japanese set (catalog.japanese.at)."""
        return japanese.at(self, set_id, number)

    def named(self, name: str) -> tuple[Printing, ...]:
        return self.by_name.get(search_key(name), ())

    def named_spaced(self, key: str) -> tuple[Printing, ...]:
        """The printings of the names that are this search key but for its spaces, in
        catalog order: "team rockets porygon 2" (PTCG Live's "PORYGON 2") is Porygon2."""
        squashed = key.replace(" ", "")
        found = list(self.by_name.get(squashed, ()))
        for name in self.caches.table(_spaced).get(squashed, ()):
            found.extend(self.by_name[name])
        return tuple(dict.fromkeys(found)) if found else ()

    @property
    def local_names(self) -> ByLanguage:
        """Each name in another language (its search key), the languages it is written in,
        and the English search keys of the cards so named in each."""
        return self.caches.table(_local_names)

    def languages_named(self, key: str) -> tuple[str, ...]:
        """The languages in which a card has a name of this search key: looked up by
        bisection in `local_lines`, sorted, so that finding an English list's language
        reads no table of names into a worker (speed trick "languages found in place":
        docs/performance.md); from the table once it is read."""
        if self.caches.built(_local_names):
            return tuple(language for language, _ in self.local_names.get(key, ()))
        lines, starts = self.local_lines, self.caches.table(_line_starts)
        wanted = key + "\t"
        at = bisect.bisect_left(starts, wanted,
                                key=lambda start: lines[start:start + len(wanted)])
        found: list[str] = []
        while at < len(starts) and lines.startswith(wanted, starts[at]):
            start = starts[at] + len(wanted)
            found.append(lines[start:lines.index("\t", start)])
            at += 1
        return tuple(dict.fromkeys(found))

    def english_of(self, key: str, language: str) -> tuple[str, ...]:
        """The English search keys of the cards whose name in `language` (ANY: in any) has
        this search key."""
        return _written_in(self.local_names.get(key, ()), language)

    def named_in(self, key: str, language: str) -> tuple[Printing, ...]:
        """The printings of the cards whose name in `language` (ANY: in any) has this search
        key, in catalog order."""
        found: list[Printing] = []
        for english_key in self.english_of(key, language):
            found.extend(self.by_name.get(english_key, ()))
        return tuple(dict.fromkeys(found)) if found else ()

    def sets_in(self, reference: str, language: str) -> tuple[str, ...]:
        """The sets an abbreviation or a set name in `language` (ANY: in any) names."""
        return tuple(dict.fromkeys(
            _written_in(self.local_codes.get(reference.upper(), ()), language)
            + _written_in(self.local_set_names.get(search_key(reference), ()), language)))

    def is_energy_code(self, code: str) -> bool:
        """Whether a set code is one exporters write for basic Energy ("Energy", "SVE"), or
        the code of a set of this catalog that holds basic Energy only."""
        return energy_codes.is_energy_code(code) or code.upper() in self.energy_codes


def load_index(engine: Engine) -> CatalogIndex:
    """Build the index from the SQL catalog (four queries, of one snapshot)."""
    with snapshot_session(engine) as session:
        meta = session.get(CatalogMeta, 1)
        if meta is None:
            raise CatalogNotLoaded("no catalog has been imported")
        set_rows = session.execute(select(Set).order_by(*SET_ORDER, Set.id)).scalars().all()
        code_rows = session.execute(select(SetCode.code, SetCode.set_id).order_by(
            SetCode.code, SetCode.priority, SetCode.set_id)).all()
        card_rows = session.execute(select(*_CARD_COLUMNS, *_CARD_LISTS)).all()
        # Japan's printings, joined by the database as the names are (catalog.japanese).
        japanese_lines = session.execute(select(func.aggregate_strings(
            _JAPANESE_LINE, "\n"))).scalar() or ""
        japanese_details = session.execute(select(func.aggregate_strings(
            _JAPANESE_DETAILS, "\n")).where(JapaneseCard.link == NOT_LINKED)).scalar() or ""
        # One string, joined by the database: row by row, the names' 11,834 rows left a
        # worker 3 MiB more resident after they were freed.
        local_lines = session.execute(select(func.aggregate_strings(
            LocalName.key + "\t" + LocalName.language + "\t" + LocalName.english_key,
            "\n"))).scalar() or ""
        version = meta.version
    sets = {row.id: SetInfo(sys.intern(row.id), row.name, row.series, row.release_date,
                            row.kind, row.ptcgo_code, order, row.tcgdex_id, row.region)
            for order, row in enumerate(set_rows)}
    index = _assemble(version, sets, code_rows, card_rows, sorted_lines(local_lines))
    index.japanese_codes = {info.tcgdex_id.upper(): set_id for set_id, info in sets.items()
                            if info.japanese and info.tcgdex_id}
    index.japanese_lines = sorted_lines(japanese_lines)
    index.japanese_details = sorted_lines(japanese_details)
    international = [row for row in set_rows if row.region != JAPAN]
    index.local_codes = _local_sets((row.id, row.abbreviations) for row in international)
    index.local_set_names = _local_sets(((row.id, row.names) for row in international),
                                        search_key)
    return index


# The sentence joke and demonstration cards print ("Zacian LV.X", "Imakuni?'s Doduo").
NOT_FOR_TOURNAMENTS = "cannot be used at official tournaments"
_CARD_COLUMNS = (Card.id, Card.set_id, Card.number, Card.name, Card.supertype,
                 Card.function_key, Card.text_fingerprint, Card.is_basic_energy,
                 Card.copies_unlimited, Card.limit_group, Card.limit_scope, Card.limit_max,
                 Card.limit_text, Card.play_together, Card.regulation_mark, Card.hp,
                 Card.rarity, Card.artist)
# JSON lists come as text and are decoded once per distinct value: a few hundred, not 40,000.
_CARD_LISTS = (cast(Card.subtypes, String).label("subtypes"),
               cast(Card.type_identity, String).label("type_identity"),
               cast(Card.types, String).label("types"),
               cast(Card.attack_costs, String).label("attack_costs"),
               cast(Card.rules, String).like(f"%{NOT_FOR_TOURNAMENTS}%")
               .label("not_for_tournaments"),
               and_(Card.hp.is_not(None), cast(Card.types, String) != "[]",
                    or_(cast(Card.attacks, String) != "[]",
                        cast(Card.abilities, String) != "[]")).label("has_full_layout"),
               # A JSON null, as the importer stores "none", reads as the text "null".
               and_(Card.ancient_trait.is_not(None),
                    cast(Card.ancient_trait, String) != "null").label("ancient_trait"),
               and_(Card.supertype == "Trainer", cast(Card.rules, String).like(
                   "%as if it were a%Basic%")).label("plays_as_basic"))


def _text(column: Any) -> Any:
    """A column as text, empty where it is null (a JSON list as its JSON)."""
    return func.coalesce(cast(column, String), "")


def _tabbed(*columns: Any) -> Any:
    joined = columns[0]
    for column in columns[1:]:
        joined = joined + "\t" + column
    return joined


_JAPANESE_LINE = _tabbed(
    JapaneseCard.set_id, JapaneseCard.number_sort, JapaneseCard.number,
    case(*((JapaneseCard.link == link, letter) for link, letter in japanese.LINKS.items())),
    case((JapaneseCard.link == LINKED, _text(JapaneseCard.linked_id)),
         else_=_text(JapaneseCard.candidates)))
_JAPANESE_DETAILS = _tabbed(
    JapaneseCard.set_id, JapaneseCard.number_sort,
    *(case((JapaneseCard.is_basic_energy, "1"), else_="0") if name == "is_basic_energy"
      else _text(getattr(JapaneseCard, name)) for name in japanese.DETAILS))


def _assemble(version: str, sets: dict[str, SetInfo], code_rows: Sequence[Any],
              card_rows: Sequence[Any], local_lines: str = "") -> CatalogIndex:
    builder = _PrintingBuilder()
    printings = {row.id: builder.printing(row) for row in card_rows}
    ordered = sorted(printings.values(),
                     key=lambda p: (sets[p.set_id].order, number_sort_key(p.number), p.id))
    by_number: dict[tuple[str, str], list[Printing]] = defaultdict(list)
    by_name: dict[str, list[Printing]] = defaultdict(list)
    by_function: dict[str, list[Printing]] = defaultdict(list)
    for printing in ordered:
        by_number[printing.set_id, number_key(printing.number)].append(printing)
        by_name[printing.search_key].append(printing)
        for alias in printing.aliases:  # "Poké Turn", "Blend Energy WLFM"
            by_name[alias].append(printing)
        by_function[printing.function_key].append(printing)
    prefixes = _promo_prefixes(sets, ordered)
    for printing in ordered:
        if printing.set_id in prefixes.values() and (bare := _prefixed(printing.number)):
            by_number[printing.set_id, number_key(bare.group(2))].append(printing)
    codes: dict[str, list[str]] = defaultdict(list)
    for code, set_id in code_rows:
        codes[code].append(set_id)
    return CatalogIndex(
        version=version, sets=sets, printings=printings,
        set_codes={code: tuple(ids) for code, ids in codes.items()},
        set_names=_set_names(sets),
        by_number=_frozen(by_number), by_name=_frozen(by_name), by_function=_frozen(by_function),
        promo_prefixes=prefixes, energy_codes=_energy_codes(sets, ordered),
        # The Galarian Gallery ("GG"), the Trainer Galleries ("TG"), the Shiny Vaults ("SV").
        subset_prefixes=_one_prefix(sets, ordered, promo=False),
        _ids_folded={card_id.casefold(): card_id for card_id in printings},
        _tcgdex_sets={info.tcgdex_id.casefold(): set_id for set_id, info in sets.items()
                      if info.tcgdex_id and not info.japanese},
        ancient_traits=tuple(p for p in ordered if p.ancient_trait),
        local_lines=local_lines)


class _PrintingBuilder:
    """Builds printings, decoding and folding each distinct value once and sharing it."""

    def __init__(self) -> None:
        self._tuples: dict[str | None, tuple[str, ...]] = {}
        self._keys: dict[tuple[Callable[[str], str], str], str] = {}
        self._alias_keys: dict[str, tuple[str, ...]] = {}
        self._cost_lists: dict[str | None, tuple[tuple[str, ...], ...]] = {}

    def printing(self, row: Any) -> Printing:
        intern = sys.intern
        return Printing(
            id=row.id, set_id=intern(row.set_id), number=row.number, name=intern(row.name),
            supertype=intern(row.supertype), subtypes=self._tuple(row.subtypes),
            title_key=self._key(title_key, row.name), search_key=self._key(search_key, row.name),
            function_key=intern(row.function_key), text_fingerprint=row.text_fingerprint,
            is_basic_energy=row.is_basic_energy, type_identity=self._tuple(row.type_identity),
            copies_unlimited=row.copies_unlimited, limit_group=row.limit_group,
            limit_scope=row.limit_scope, limit_max=row.limit_max, limit_text=row.limit_text,
            play_together=row.play_together, has_full_layout=bool(row.has_full_layout),
            aliases=self._aliases(row.name),
            regulation_mark=intern(row.regulation_mark) if row.regulation_mark else None,
            types=self._tuple(row.types), for_tournaments=not row.not_for_tournaments,
            ancient_trait=bool(row.ancient_trait), hp=row.hp,
            rarity=intern(row.rarity) if row.rarity else None,
            plays_as_basic=bool(row.plays_as_basic),
            artist=intern(row.artist) if row.artist else None,
            attack_costs=self._costs(row.attack_costs))

    def _tuple(self, raw: str | None) -> tuple[str, ...]:
        if raw not in self._tuples:
            self._tuples[raw] = tuple(sys.intern(item) for item in json.loads(raw or "[]"))
        return self._tuples[raw]

    def _costs(self, raw: str | None) -> tuple[tuple[str, ...], ...]:
        if raw not in self._cost_lists:
            self._cost_lists[raw] = tuple(tuple(sys.intern(kind) for kind in cost)
                                          for cost in json.loads(raw or "[]"))
        return self._cost_lists[raw]

    def _aliases(self, name: str) -> tuple[str, ...]:
        if name not in self._alias_keys:
            self._alias_keys[name] = tuple(sys.intern(key) for key in alias_keys(name))
        return self._alias_keys[name]

    def _key(self, fold: Callable[[str], str], name: str) -> str:
        """`fold(name)`, interned; each distinct name is folded once by each fold."""
        if (fold, name) not in self._keys:
            self._keys[fold, name] = sys.intern(fold(name))
        return self._keys[fold, name]


def _promo_prefixes(sets: dict[str, SetInfo], ordered: list[Printing]) -> dict[str, str]:
    """Promo sets whose every number carries one series prefix ("SWSH" for swshp), by prefix."""
    return {prefix: set_id for set_id, prefix in _one_prefix(sets, ordered, promo=True).items()}


def _one_prefix(sets: dict[str, SetInfo], ordered: list[Printing],
                promo: bool) -> dict[str, str]:
    """The sets (promo sets, or all others) whose every number carries one letter prefix,
    with that prefix."""
    seen: dict[str, set[str]] = defaultdict(set)
    for printing in ordered:
        if (sets[printing.set_id].kind == "promo") == promo:
            match = _prefixed(printing.number)
            seen[printing.set_id].add(match.group(1).upper() if match else "")
    return {set_id: next(iter(found)) for set_id, found in seen.items()
            if len(found) == 1 and "" not in found}


def _prefixed(number: str) -> patterns.Match | None:
    """A number's letter prefix and its number ("SWSH068": "SWSH", "68"), if it has one."""
    return _PREFIXED.match(number) if number[:1].isalpha() else None  # the cheap test first


def _set_names(sets: dict[str, SetInfo]) -> dict[str, tuple[str, ...]]:
    names: dict[str, list[str]] = defaultdict(list)
    for info in sets.values():
        if not info.japanese:  # a Japanese set is named by its code (catalog.japanese)
            names[search_key(info.name)].append(info.id)
    for alias in json.loads(SET_CODES_PATH.read_bytes())["names"]:
        if alias["set"] in sets and alias["set"] not in names[search_key(alias["name"])]:
            names[search_key(alias["name"])].append(alias["set"])
    return {name: tuple(ids) for name, ids in names.items()}


def _spaced(index: CatalogIndex) -> dict[str, tuple[str, ...]]:
    """The names of several words, by their search keys without spaces (built when a line
    first names no card as written)."""
    found: dict[str, list[str]] = defaultdict(list)
    for key in index.by_name:
        if " " in key:
            found[key.replace(" ", "")].append(key)
    return {squashed: tuple(keys) for squashed, keys in found.items()}


def _written_in(entries: tuple[tuple[str, tuple[str, ...]], ...],
                language: str) -> tuple[str, ...]:
    """What a key names in `language` (ANY: in any), from its entries by language."""
    return tuple(named for written_in, names in entries if language in (ANY, written_in)
                 for named in names)


def _by_language(triples: Iterable[tuple[str, str, str]]) -> ByLanguage:
    """(key, language, what it names) triples, gathered by key and language in their order."""
    found: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for key, language, named in triples:
        found[key][language].append(named)
    return {key: tuple((language, tuple(named)) for language, named in languages.items())
            for key, languages in found.items()}


def _local_names(index: CatalogIndex) -> ByLanguage:
    """The index's names in other languages (`local_lines`), by search key, in order."""
    return _by_language((key, language, english) for key, language, english in (
        line.split("\t") for line in index.local_lines.splitlines()))


def _line_starts(index: CatalogIndex) -> array.array[int]:
    """Where each line of `local_lines` starts: 4 bytes a name, for its bisection."""
    lines = index.local_lines
    starts = array.array("I", [0] if lines else [])
    at = lines.find("\n")
    while at != -1:
        starts.append(at + 1)
        at = lines.find("\n", at + 1)
    return starts


def sorted_lines(joined: str) -> str:
    """Lines joined by the database, in an order of its own, put in order: by search key,
    since a tab sorts before every character a key holds."""
    return "\n".join(sorted(joined.splitlines()))


def _local_sets(rows: Iterable[tuple[str, dict[str, str] | None]],
                fold: Callable[[str], str] = str.upper) -> ByLanguage:
    """Sets' abbreviations (or names, with `fold` search_key) in other languages → the
    languages and sets they name."""
    return _by_language((fold(word), base_language(language), set_id)
                        for set_id, words in rows for language, word in (words or {}).items())


def _energy_codes(sets: dict[str, SetInfo], ordered: list[Printing]) -> frozenset[str]:
    """The ptcgoCode of every set whose printings are all basic Energy."""
    only_basic: dict[str, bool] = {}
    for printing in ordered:
        only_basic[printing.set_id] = only_basic.get(printing.set_id, True) and \
            printing.is_basic_energy
    codes = (sets[set_id].ptcgo_code for set_id, basic in only_basic.items() if basic)
    return frozenset(code.upper() for code in codes if code)


def _frozen(groups: dict) -> dict:
    return {key: tuple(values) for key, values in groups.items()}
