"""The reader of TCGdex's cards-database: its layout, its modules and its fields, as catalog rows.

The layout (the repository, or GitHub's archive of it): `data/<serie>.ts` (a series),
`data/<serie>/<set>.ts` (a set), `data/<serie>/<set>/<number>.ts` (one printing), and
`interfaces.d.ts` at the root, the types every data file follows. `data-asia/` holds the
Asian releases in the same layout (other sets, other numbers): its modules are read here
too, and catalog/importing/japan_data.py makes Japan's sets of them. Each file is a
TypeScript module of one object literal (catalog/importing/ts_modules.py), whose fields are
checked against the types `interfaces.d.ts` declares for it (`SERIE`, `SET`, `CARD`
below; tests/tooling holds them to the file) and against the limits of every import
(catalog/importing/fields.py).

TCGdex names a card in several languages; the catalog keeps the English name and texts,
and each printing's and set's names in the languages players write lists in (`LANGUAGES`),
with a set's abbreviations in them (the French "EAP" for Paldea Evolved). A card without an
English name (a French-only McDonald's set) is left out and counted. The series
`catalog/data/tcgdex.json` leaves out (the video game Pokémon TCG Pocket) are not read at all.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import unquote

from catalog.data_files import TCGDEX_PATH
from catalog.identity import ENERGY, POKEMON, TRAINER
from catalog.image_urls import tcgdex_images, tcgdex_path
from catalog.importing.fields import (
    NAME,
    TEXT,
    CatalogImportError,
    fitted,
    integer,
    items,
    mapping,
    pokedex,
    record,
    refuse_count,
    string,
)
from catalog.importing.import_limits import MAX_LANGUAGES, MAX_LIST_ITEMS
from catalog.importing.locations import (
    Budget,
    Digest,
    Layout,
    Progress,
    SourceError,
    open_source,
)
from catalog.importing.ts_modules import Module, ModuleError, read_module
from catalog.models import Set
from catalog.names import basic_energy_type
from catalog.numbers import number_sort_key
from runtime import patterns

UPSTREAM_ARCHIVE = "https://github.com/tcgdex/cards-database/archive/refs/heads/master.tar.gz"
MARKER = "interfaces.d.ts"
LAYOUT = Layout(files=patterns.compile(
    r"interfaces\.d\.ts|data(?:-asia)?/[^/]+(?:/[^/]+){0,2}\.ts"), marker=MARKER)
ASIA = "data-asia/"  # the folder of the Asian releases
SOURCE = "tcgdex"
# The languages whose names the catalog keeps beside English: those of TCGdex's international
# releases. Asian releases are other sets (data-asia/), not read.
LANGUAGES = ("fr", "de", "it", "es", "es-mx", "pt", "pt-br", "nl", "pl", "ru")

# The fields interfaces.d.ts declares, each with whether it is required: a file with a
# field not declared, or without a required one, is refused.
SERIE = {"id": True, "name": True, "energies": False}
SET = {"id": True, "name": True, "abbreviations": False, "serie": True, "tcgOnline": False,
       "cardCount": True, "boosters": False, "releaseDate": True, "thirdParty": False}
CARD = {"name": True, "illustrator": False, "boosters": False, "rarity": True,
        "category": True, "variants": False, "set": True, "regulationMark": False,
        "dexId": False, "hp": False, "types": False, "evolveFrom": False, "weight": False,
        "description": False, "level": False, "stage": False, "suffix": False,
        "item": False, "abilities": False, "attacks": False, "weaknesses": False,
        "resistances": False, "retreat": False, "effect": False, "trainerType": False,
        "energyType": False, "thirdParty": False}

MAX_PATH_CHARS = 128  # the image_path column's size
_CATEGORIES = {"Pokemon": POKEMON, "Trainer": TRAINER, "Energy": ENERGY}
# TCGdex's stage, suffix, Trainer and Energy kinds as the catalog's subtypes spell them.
_STAGES = {"Basic": "Basic", "Stage1": "Stage 1", "Stage2": "Stage 2", "BREAK": "BREAK",
           "LEVEL-UP": "Level-Up", "MEGA": "MEGA", "RESTORED": "Restored", "VMAX": "VMAX",
           "VSTAR": "VSTAR", "V-UNION": "V-UNION", "Baby": "Baby"}
_SUFFIXES = {"EX": ("EX",), "GX": ("GX",), "V": ("V",), "Legend": ("LEGEND",),
             "Prime": ("Prime",), "SP": ("SP",), "TAG TEAM-GX": ("TAG TEAM", "GX"),
             "ex": ("ex",)}
_TRAINER_KINDS = {"Supporter": "Supporter", "Item": "Item", "Stadium": "Stadium",
                  "Tool": "Pokémon Tool", "Ace Spec": "ACE SPEC",
                  "Technical Machine": "Technical Machine",
                  "Goldenrod Game Corner": "Goldenrod Game Corner",
                  "Rocket's Secret Machine": "Rocket's Secret Machine"}
_ENERGY_KINDS = {"Normal": "Basic", "Special": "Special"}
_ABILITY_KINDS = {"Pokemon Power": "Pokémon Power", "Poke-BODY": "Poké-Body",
                  "Poke-POWER": "Poké-Power", "Ability": "Ability"}
# Rule lines a card prints for its kind, which TCGdex leaves out of its texts: they set
# deck limits (catalog.printed_limits) and are part of the printed text.
RULE_LINES = {
    "ACE SPEC": "You can't have more than 1 ACE SPEC card in your deck.",
    "Radiant": "Radiant Pokémon Rule: You can't have more than 1 Radiant Pokémon in your deck.",
}


@dataclass
class RawTcgdex:
    """Every module of a TCGdex source, read and parsed, in layout order."""

    source: str
    series: dict[str, Module] = field(default_factory=dict)  # path -> module
    sets: dict[str, Module] = field(default_factory=dict)
    cards: dict[str, list[tuple[str, Module]]] = field(default_factory=dict)  # set path -> …
    # The modules of data-asia/, in the same layout (catalog/importing/japan_data.py).
    asia: RawTcgdex | None = None


@dataclass
class TcgdexSet:
    """A TCGdex set as the catalog reads it: its row (under TCGdex's id) and printings."""

    tcgdex_id: str
    row: dict[str, Any]
    cards: list[TcgdexCard]  # the printings with an English name
    left_out: int  # printings with no English name


@dataclass
class TcgdexCard:
    """A printing of a TCGdex set, its file checked against the shape interfaces.d.ts
    declares. Its row is read from its fields only when asked: the merge asks for the
    printings the catalog takes, a sources report for the rest
    (speed trick "rows for new printings only": docs/performance.md)."""

    module: Module
    set_id: str  # TCGdex's
    number: str
    name: str  # English
    where: str  # the file, for errors
    # Its pictures' path at TCGdex (its series's, set's and file's ids: "me/me05/001"), and
    # the languages its set is named in, of which TCGdex publishes the card in those that
    # name it too.
    image_path: str = ""
    set_languages: frozenset[str] = frozenset()

    @property
    def names(self) -> dict[str, str]:
        """Its names in LANGUAGES, by language (the merge gives them to the printing
        pokemon-tcg-data has, whose row is never read)."""
        return local_names(self.module.value.get("name"), "'name'", self.where)

    @property
    def pokedex(self) -> list[int]:
        """Its Pokédex numbers (the merge gives them to the printing pokemon-tcg-data has
        where that gives none: what Japan's printings are linked by)."""
        return pokedex(self.module.value.get("dexId"), "'dexId'", self.where)

    @functools.cached_property
    def row(self) -> dict[str, Any]:
        """Its row under TCGdex's ids, every field checked; identity keys and printed
        limits not yet computed (card_rows.finished does)."""
        return {**_card_row(self.module.value, self.set_id, self.number, self.name, self.where),
                **self.pictures}

    @property
    def artist(self) -> str | None:
        """The illustrator its file names, checked as the row checks it."""
        return string(self.module.value.get("illustrator"), "'illustrator'", self.where,
                      NAME) or None

    @property
    def pictures(self) -> dict[str, Any]:
        """Where TCGdex publishes its pictures: the path, and the languages in which both
        the card and its set are named (TCGdex's API lists a card in a language only then,
        and gives its picture's address there); English, which every printing read has,
        first. Its `image_small` and `image_large` are the English ones."""
        named = {"en", *self.names}
        path = self.image_path if len(self.image_path) <= MAX_PATH_CHARS else ""
        languages = [language for language in ("en", *LANGUAGES)
                     if path and language in named and language in self.set_languages]
        english = tcgdex_images(path, languages).get("en", {})
        return {"image_path": path or None, "image_languages": languages,
                "image_small": english.get("small"), "image_large": english.get("large")}


def table() -> dict[str, Any]:
    return dict(json.loads(TCGDEX_PATH.read_bytes()))


def read(location: str, progress: Progress, budget: Budget, digest: Digest) -> RawTcgdex:
    """Every module of the source, each hashed into `digest` with its path, then parsed."""
    try:
        with open_source(location, LAYOUT, budget) as source:
            paths = [path for path in source.paths() if path != MARKER]
            interfaces = source.read(MARKER)
            digest.update(MARKER.encode() + b"\n" + interfaces)
            raw = RawTcgdex(source.description, asia=RawTcgdex(source.description))
            for folder in ("data/", ASIA):
                _refuse_sizes(folder, [path for path in paths if path.startswith(folder)],
                              budget)
            for done, (path, body) in enumerate(source.read_many(paths), start=1):
                digest.update(path.encode() + b"\n" + body)
                _place(raw, path, _module(body, f"{source.description}: {path}"))
                if done % 500 == 0 or done == len(paths):
                    progress("read", done, len(paths))
    except SourceError as error:
        raise CatalogImportError(str(error)) from None
    return raw


def _refuse_sizes(folder: str, paths: list[str], budget: Budget) -> None:
    sets = sum(1 for path in paths if path.count("/") == 2)
    cards = sum(1 for path in paths if path.count("/") == 3)
    refuse_count(folder, "sets", sets, budget.limits.sets, "a catalog")
    refuse_count(folder, "cards", cards, budget.limits.cards, "a catalog")


def _module(body: bytes, where: str) -> Module:
    try:
        return read_module(body, where)
    except ModuleError as error:
        raise CatalogImportError(str(error)) from None


def _place(raw: RawTcgdex, path: str, module: Module) -> None:
    if path.startswith(ASIA) and raw.asia is not None:
        raw = raw.asia
    depth = path.count("/")
    if depth == 1:
        raw.series[path] = module
    elif depth == 2:
        raw.sets[path] = module
    else:
        raw.cards.setdefault(str(PurePosixPath(path).parent) + ".ts", []).append((path, module))


def sets(raw: RawTcgdex, budget: Budget) -> list[TcgdexSet]:
    """Every set of the series read, with its printings' rows, each checked."""
    left_out = set(table()["series_left_out"])
    series = {path: _serie(module, f"{raw.source}: {path}") for path, module in raw.series.items()}
    found = []
    for path, module in raw.sets.items():
        where = f"{raw.source}: {path}"
        serie = series.get(imported(module, "serie", path, where))
        if serie is None:
            raise CatalogImportError(f"{where}: its 'serie' is not a series file of the source")
        if serie["id"] in left_out:
            continue
        cards = raw.cards.get(path, [])
        if not cards:
            continue  # a set with no printings (Radiant Collection, Sample): nothing to judge
        budget.check_time(where)
        refuse_count(where, "cards", len(cards), budget.limits.set_cards, "one set")
        row = set_row(module.value, serie, len(cards), where)
        named_in = frozenset(record(module.value.get("name"), "'name'", where))
        printings = [card(card_module, row["id"], card_path, f"{raw.source}: {card_path}", path,
                          (serie["id"], named_in)) for card_path, card_module in cards]
        kept = [printing for printing in printings if printing is not None]
        found.append(TcgdexSet(row["id"], row, kept, len(printings) - len(kept)))
    return found


def imported(module: Module, key: str, path: str, where: str) -> str:
    """The data path of the module `key` names (`set: Set`), as the layout writes it."""
    named = module.imported(module.value.get(key))
    if named is None:
        raise CatalogImportError(f"{where}: {key!r} must name the default import of its "
                                 "parent file")
    parent = PurePosixPath(path).parent / named
    parts: list[str] = []
    for part in parent.parts:
        if part == "..":
            if not parts:
                raise CatalogImportError(f"{where}: {key!r} imports from outside the source")
            parts.pop()
        elif part != ".":
            parts.append(part)
    found = "/".join(parts)
    return found if found.endswith(".ts") else found + ".ts"  # TypeScript may name either


def shape(value: dict[str, Any], fields: dict[str, bool], where: str) -> None:
    for key in value:
        if key not in fields:
            raise CatalogImportError(f"{where}: {key!r} is not a field interfaces.d.ts declares")
    for key, required in fields.items():
        if required and value.get(key) is None:
            raise CatalogImportError(f"{where}: missing {key!r}")


def _serie(module: Module, where: str) -> dict[str, Any]:
    _type(module, "Serie", where)
    shape(module.value, SERIE, where)
    return {"id": _id(module.value, where),
            "name": _english(module.value.get("name"), "'name'", where) or ""}


def _type(module: Module, expected: str, where: str) -> None:
    if module.type_name != expected:
        raise CatalogImportError(f"{where}: declared {module.type_name!r}, not {expected!r}")


def _id(value: dict[str, Any], where: str) -> str:
    found = string(value.get("id"), "'id'", where, NAME)
    if not found or not found.strip():
        raise CatalogImportError(f"{where}: missing or empty 'id'")
    return found.strip()


def _english(value: Any, label: str, where: str, limit: tuple[int, str] = NAME) -> str | None:
    """The English of a value written by language ({"en": …, "fr": …})."""
    if value is None:
        return None
    names = record(value, label, where)
    refuse_count(where, f"languages in {label}", len(names), MAX_LANGUAGES,
                 "a text by language")
    return string(names.get("en"), f"{label} 'en'", where, limit) or None


def local_names(value: Any, label: str, where: str) -> dict[str, str]:
    """The names of a value written by language in LANGUAGES, by language; each checked as
    the English is (a name's length, the count of languages)."""
    if value is None:
        return {}
    names = record(value, label, where)
    refuse_count(where, f"languages in {label}", len(names), MAX_LANGUAGES,
                 "a text by language")
    found = {}
    for language in LANGUAGES:
        name = string(names.get(language), f"{label} {language!r}", where, NAME)
        if name and name.strip():
            found[language] = name.strip()
    return found


def set_row(value: dict[str, Any], serie: dict[str, Any], printings: int,
            where: str) -> dict[str, Any]:
    shape(value, SET, where)
    set_id = _id(value, where)
    name = _english(value.get("name"), "'name'", where)
    abbreviations = mapping(value.get("abbreviations"))
    released = value.get("releaseDate")
    if isinstance(released, dict):
        released = released.get("en") or next(iter(released.values()), None)
    row = {
        "id": set_id,
        "name": name or set_id,
        "series": serie["name"],
        "ptcgo_code": string(abbreviations.get("official"), "'abbreviations' 'official'",
                             where, NAME) or None,
        "release_date": _date(released),
        "printed_total": integer(mapping(value.get("cardCount")).get("official")),
        "total": printings,
        "symbol_url": None,
        "kind": "promo" if "Promo" in (name or "") else "expansion",
        "source": SOURCE,
        "tcgdex_id": set_id,
        "names": local_names(value.get("name"), "'name'", where),
        "abbreviations": {language: code.strip() for language, code in (
            (language, string(abbreviations.get(language), f"'abbreviations' {language!r}",
                              where, NAME)) for language in LANGUAGES) if code and code.strip()},
    }
    return fitted(row, Set, where)


def card(module: Module, set_id: str, path: str, where: str, set_path: str,
         pictures: tuple[str, frozenset[str]] = ("", frozenset())) -> TcgdexCard | None:
    """The printing of a card file, its shape and set checked, or None when it has no
    English name; `pictures`: its series's id and the languages its set is named in."""
    _type(module, "Card", where)
    value = module.value
    shape(value, CARD, where)
    if imported(module, "set", path, where) != set_path:
        raise CatalogImportError(f"{where}: its 'set' is not the set file it sits under")
    if value.get("category") not in _CATEGORIES:
        raise CatalogImportError(f"{where}: unknown category {value.get('category')!r}")
    name = _english(value.get("name"), "'name'", where)
    number = unquote(PurePosixPath(path).stem)  # "%3F.ts" is the Unown "?"
    if name is None:
        return None
    serie, languages = pictures
    return TcgdexCard(module, set_id, number, name, where,
                      tcgdex_path(serie, set_id, number) if serie else "", languages)


def _card_row(value: dict[str, Any], set_id: str, number: str, name: str,
              where: str) -> dict[str, Any]:
    category = value["category"]
    subtypes = _subtypes(value, name, where)
    trait, abilities = _abilities(value, where)
    effect = _english(value.get("effect"), "'effect'", where, TEXT)
    row: dict[str, Any] = {
        "id": f"{set_id}-{number}",
        "set_id": set_id,
        "number": number,
        "number_sort": number_sort_key(number),
        "name": name,
        "supertype": _CATEGORIES[category],
        "subtypes": subtypes,
        "level": _level(value.get("level"), where),
        "hp": _hp(value.get("hp"), where),
        "types": _names(value.get("types"), "'types'", where),
        "evolves_from": _english(value.get("evolveFrom"), "'evolveFrom'", where),
        "abilities": abilities,
        "attacks": [_attack(item, f"'attacks' #{position}", where) for position, item
                    in enumerate(items(value.get("attacks"), "'attacks'", where), start=1)],
        "weaknesses": _modifiers(value.get("weaknesses"), "'weaknesses'", where),
        "resistances": _modifiers(value.get("resistances"), "'resistances'", where),
        "retreat_cost": ["Colorless"] * _retreat(value.get("retreat"), where),
        "rules": ([effect] if effect else []) + [RULE_LINES[kind] for kind in subtypes
                                                  if kind in RULE_LINES],
        "ancient_trait": trait,
        "rarity": string(value.get("rarity"), "'rarity'", where, NAME),
        "regulation_mark": string(value.get("regulationMark"), "'regulationMark'", where,
                                  NAME) or None,
        "source": SOURCE,
        "legalities": None,
        "artist": string(value.get("illustrator"), "'illustrator'", where, NAME) or None,
        "names": local_names(value.get("name"), "'name'", where),
        "pokedex": pokedex(value.get("dexId"), "'dexId'", where),
    }
    return row


def _subtypes(value: dict[str, Any], name: str, where: str) -> list[str]:
    return subtypes(value, where, basic=bool(basic_energy_type(name)),
                    mega=name.startswith("Mega "), radiant=name.startswith("Radiant "))


def subtypes(value: dict[str, Any], where: str, *, basic: bool, mega: bool,
             radiant: bool) -> list[str]:
    """A card's subtypes in the catalog's spelling; `basic`, `mega`, `radiant`: its name
    is a basic Energy's, a Mega Evolution's, a Radiant Pokémon's (in its own language)."""
    found: list[str] = []
    stage, suffix = value.get("stage"), value.get("suffix")
    trainer, energy = value.get("trainerType"), value.get("energyType")
    if value.get("category") == "Energy":
        # Some Trainer Kits' Energy files give a "stage" and no "energyType" (the HS Kits'
        # Water Energy): an Energy has no stage, and one named as a basic Energy, with no
        # text of its own, is one.
        stage = None
        if energy is None and basic and value.get("effect") is None:
            energy = "Normal"
    for kind, table_of, label in ((stage, _STAGES, "stage"), (trainer, _TRAINER_KINDS,
                                  "trainerType"), (energy, _ENERGY_KINDS, "energyType")):
        if kind is not None:
            if kind not in table_of:
                raise CatalogImportError(f"{where}: unknown {label} {kind!r}")
            found.append(table_of[kind])
    if suffix is not None:
        if suffix not in _SUFFIXES:
            raise CatalogImportError(f"{where}: unknown suffix {suffix!r}")
        found.extend(_SUFFIXES[suffix])
    if suffix == "ex" and mega and "MEGA" not in found:
        found.append("MEGA")  # a Mega Evolution Pokémon ex
    if radiant:
        found.append("Radiant")
    if value.get("rarity") == "ACE SPEC Rare" and "ACE SPEC" not in found:
        found.append("ACE SPEC")
    return list(dict.fromkeys(found))


def _abilities(value: dict[str, Any], where: str
               ) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    trait = None
    found = []
    for position, item in enumerate(items(value.get("abilities"), "'abilities'", where), 1):
        label = f"'abilities' #{position}"
        ability = record(item, label, where)
        kind = ability.get("type")
        name = _english(ability.get("name"), f"{label} 'name'", where) or ""
        text = _english(ability.get("effect"), f"{label} 'effect'", where, TEXT) or ""
        if kind == "Ancient Trait":
            trait = {"name": name, "text": text}
        elif kind in _ABILITY_KINDS:
            found.append({"name": name, "text": text, "type": _ABILITY_KINDS[kind]})
        else:
            raise CatalogImportError(f"{where}: {label} has unknown type {kind!r}")
    return trait, found


def _attack(raw: Any, label: str, where: str) -> dict[str, Any]:
    item = record(raw, label, where)
    damage = item.get("damage")
    if isinstance(damage, int) and not isinstance(damage, bool):
        damage = str(damage)
    return {"name": _english(item.get("name"), f"{label} 'name'", where) or "",
            "cost": _names(item.get("cost"), f"{label} 'cost'", where),
            "damage": string(damage, f"{label} 'damage'", where, NAME) or "",
            "text": _english(item.get("effect"), f"{label} 'effect'", where, TEXT) or ""}


def _modifiers(value: Any, label: str, where: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for position, item in enumerate(items(value, label, where), start=1):
        modifier = record(item, f"{label} #{position}", where)
        found.append({key: string(modifier.get(key), f"{label} #{position} {key!r}", where,
                                  NAME) for key in ("type", "value") if key in modifier})
    return found


def _names(value: Any, label: str, where: str) -> list[str]:
    return [string(item, f"{label} #{position}", where, NAME) or ""
            for position, item in enumerate(items(value, label, where), start=1)]


def _number(value: Any, label: str, where: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10_000:
        raise CatalogImportError(f"{where}: {label} must be a whole number from 0 to 9999")
    return value


def _hp(value: Any, where: str) -> int | None:
    return _number(value, "'hp'", where)


def _retreat(value: Any, where: str) -> int:
    found = _number(value, "'retreat'", where) or 0
    refuse_count(where, "Energy in 'retreat'", found, MAX_LIST_ITEMS, "a list on a card")
    return found


def _level(value: Any, where: str) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool):
        return str(value)
    return string(value, "'level'", where, NAME) or None


def _date(value: Any) -> dt.date | None:
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        return None

