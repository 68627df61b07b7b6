"""Japan's sets, from TCGdex's data-asia: each set and its printings as catalog rows, and
each printing's gameplay, by which catalog/importing/linking.py finds its international
printing.

data-asia holds the Asian releases in the layout of the international data (a series, its
sets, their printings), each text written by language: Japanese (`ja`), Korean, Chinese,
Thai and Indonesian. A set of Japan's is one with a Japanese name; the others are a
region's own releases (the Simplified Chinese sets, Indonesia's and Thailand's own
products), not read. A set's id is its Japanese code (`M5`, `SV4a`, `S12a`), which lines
write; its catalog id is that code in lower case after `ja-` (`ja-m5`), so it never meets
an international set's (`sv3` is Obsidian Flames, `SV3` Japan's Ruler of the Black Flame).
Its release day is Japan's. A printing keeps its names in every language the data has; one
without a Japanese name (a Thai or Indonesian printing alone) is left out and counted.
"""

from __future__ import annotations

import datetime as dt
import unicodedata
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import unquote

from catalog.identity import ENERGY, ENERGY_TYPES, POKEMON, TRAINER
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
from catalog.importing.import_limits import MAX_LANGUAGES
from catalog.importing.locations import Budget
from catalog.importing.tcgdex_data import (
    CARD,
    RULE_LINES,
    SET,
    SOURCE,
    RawTcgdex,
    imported,
    shape,
    subtypes,
)
from catalog.japanese import PREFIX
from catalog.models import JAPAN, JapaneseCard, Set
from catalog.numbers import number_sort_key
from catalog.printed_limits import parse_limits
from runtime import patterns

JAPANESE = "ja"
# The languages of a Japanese printing's names kept: those of its Asian releases.
LANGUAGES = (JAPANESE, "ko", "zh-tw", "zh-cn", "th", "id")
# Why a printing or set of data-asia is not taken.
NOT_JAPANESE, SAME_CODE = "no Japanese name", "a code another set has"

_CATEGORIES = {"Pokemon": POKEMON, "Trainer": TRAINER, "Energy": ENERGY}
# The fields of a card file, as interfaces.d.ts declares them, but for its rarity, which
# data-asia leaves out of a third of its files (a Start Deck's printings have none).
CARD_FIELDS = {**CARD, "rarity": False}
# The Types of basic Energy as Japan's names print them ("基本悪エネルギー": basic Darkness
# Energy; older printings leave out 基本, "basic": "雷エネルギー"); Fairy is written in
# katakana.
BASIC_TYPES = {"草": "Grass", "炎": "Fire", "水": "Water", "雷": "Lightning", "超": "Psychic",
               "闘": "Fighting", "悪": "Darkness", "鋼": "Metal", "フェアリー": "Fairy"}
_BASIC_NAME = patterns.compile(r"^(?:基本)?(?P<type>.+)エネルギー$")
_NUMBER = patterns.compile(r"\d+")
_DAMAGE = patterns.compile(r"^(?P<amount>\d*)\s*(?P<sign>[+x-]?)$")


@dataclass(frozen=True)
class Gameplay:
    """What a printing's data says of how it plays, in terms both sources share: what links
    a Japanese printing to its international one (catalog/importing/linking.py). A field
    the data leaves out is None: unknown, never "none"."""

    supertype: str
    kind: str  # a Pokémon's stage; a Trainer's or Energy's kind ("Supporter", "Special")
    pokedex: tuple[int, ...] = ()
    hp: int | None = None
    types: tuple[str, ...] = ()
    attacks: tuple[tuple[tuple[str, ...], str], ...] = ()  # each attack's cost and damage
    abilities: int = 0
    retreat: int | None = None
    weaknesses: tuple[str, ...] | None = None
    mark: str | None = None
    numbers: tuple[int, ...] = ()  # a Trainer's or Energy's text's shape (text_numbers)
    basic_type: str | None = None  # a basic Energy's Type
    named_type: str | None = None  # the Type a Special Energy's name holds
    artist: str | None = None  # who illustrated it: a reprint keeps its art everywhere
    length: int = 0  # a Trainer's or Energy's text's length, in characters (0: none)
    concepts: frozenset[str] = frozenset()  # what its text speaks of (CONCEPTS)

    def frame(self) -> tuple[object, ...]:
        """What must be equal for two printings to be one card (the rest must agree where
        both give it)."""
        return (self.supertype, self.kind, self.hp, self.types, self.attacks, self.abilities,
                self.numbers, self.basic_type)


@dataclass
class JapaneseSet:
    """A set released in Japan: its row, and its printings with a Japanese name."""

    code: str  # TCGdex's id, the Japanese code lines write ("M5")
    series: str  # TCGdex's id of its series ("M"), the era a report groups it in
    row: dict[str, Any]
    cards: list[JapanesePrinting] = field(default_factory=list)


@dataclass
class JapanesePrinting:
    """A printing of a Japanese set: its row (models.JapaneseCard, its link not yet
    decided) and its gameplay."""

    row: dict[str, Any]
    gameplay: Gameplay
    where: str


@dataclass
class Japan:
    """Japan's sets of a source, and what of data-asia was not taken, counted by why."""

    sets: list[JapaneseSet]
    left_out: dict[str, int]


def read(raw: RawTcgdex, budget: Budget) -> Japan:
    """Japan's sets of data-asia and their printings, each file checked against the types
    interfaces.d.ts declares and the limits of every import."""
    left_out = {NOT_JAPANESE: 0, SAME_CODE: 0}
    series = {path: _serie(module.value) for path, module in raw.series.items()}
    found: list[JapaneseSet] = []
    codes: set[str] = set()
    for path, module in raw.sets.items():
        where = f"{raw.source}: {path}"
        _type(module.type_name, "Set", where)
        value = module.value
        shape(value, SET, where)
        names = _names(value.get("name"), "'name'", where)
        cards = raw.cards.get(path, [])
        if JAPANESE not in names:
            left_out[NOT_JAPANESE] += len(cards)
            continue
        code = string(value.get("id"), "'id'", where, NAME) or ""
        if not code.strip() or code.casefold() in codes:
            left_out[SAME_CODE] += len(cards)  # one file repeats another's id (BW3b's)
            continue
        codes.add(code.casefold())
        serie = series.get(imported(module, "serie", path, where))
        if serie is None:
            raise CatalogImportError(f"{where}: its 'serie' is not a series file of the source")
        budget.check_time(where)
        refuse_count(where, "cards", len(cards), budget.limits.set_cards, "one set")
        japanese = JapaneseSet(code.strip(), serie[0],
                               set_row(value, code.strip(), names, serie[1], where))
        for card_path, card_module in cards:
            printing = _printing(card_module, japanese, card_path, f"{raw.source}: {card_path}",
                                 path)
            if printing is None:
                left_out[NOT_JAPANESE] += 1
            else:
                japanese.cards.append(printing)
        japanese.row["total"] = len(japanese.cards)
        found.append(japanese)
    return Japan(found, left_out)


def catalog_id(code: str) -> str:
    """A Japanese set's id in the catalog: its code in lower case after PREFIX, "." written
    "pt" as the catalog's ids write it (`CS1.5` → `ja-cs1pt5`)."""
    return PREFIX + code.lower().replace(".", "pt")


def _serie(value: dict[str, Any]) -> tuple[str, str]:
    """A series' id and its Japanese name."""
    found, names = value.get("id"), value.get("name")
    name = names.get(JAPANESE) if isinstance(names, dict) else None
    return (found.strip() if isinstance(found, str) else "",
            name.strip()[:128] if isinstance(name, str) else "")


def _type(declared: str, expected: str, where: str) -> None:
    if declared != expected:
        raise CatalogImportError(f"{where}: declared {declared!r}, not {expected!r}")


def _names(value: Any, label: str, where: str, limit: tuple[int, str] = NAME) -> dict[str, str]:
    """A value written by language, in LANGUAGES: each checked as a name is."""
    if value is None:
        return {}
    names = record(value, label, where)
    refuse_count(where, f"languages in {label}", len(names), MAX_LANGUAGES,
                 "a text by language")
    found = {}
    for language in LANGUAGES:
        text = string(names.get(language), f"{label} {language!r}", where, limit)
        if text and text.strip():
            found[language] = text.strip()
    return found


def set_row(value: dict[str, Any], code: str, names: dict[str, str], series: str,
            where: str) -> dict[str, Any]:
    released = value.get("releaseDate")
    if isinstance(released, dict):
        released = released.get(JAPANESE)
    row = {
        "id": catalog_id(code),
        "name": names[JAPANESE],
        "series": series[:64],
        "ptcgo_code": None,
        "release_date": _date(released),
        "printed_total": integer(mapping(value.get("cardCount")).get("official")),
        "total": 0,
        "symbol_url": None,
        "kind": "promo" if code.upper().endswith("-P") else "expansion",
        "source": SOURCE,
        "region": JAPAN,
        "tcgdex_id": code,
        "names": names,
        "abbreviations": {},
    }
    return fitted(row, Set, where)


def _printing(module: Any, japanese: JapaneseSet, path: str, where: str,
              set_path: str) -> JapanesePrinting | None:
    _type(module.type_name, "Card", where)
    value = module.value
    shape(value, CARD_FIELDS, where)
    if imported(module, "set", path, where) != set_path:
        raise CatalogImportError(f"{where}: its 'set' is not the set file it sits under")
    category = value.get("category")
    if category not in _CATEGORIES:
        raise CatalogImportError(f"{where}: unknown category {category!r}")
    names = _names(value.get("name"), "'name'", where)
    name = names.get(JAPANESE)
    if name is None:
        return None
    number = unquote(PurePosixPath(path).stem)
    plain = value.get("energyType") == "Normal" or (value.get("energyType") is None
                                                    and value.get("effect") is None)
    basic_type = _basic_type(name) if category == "Energy" and plain else None
    kinds = subtypes(value, where, basic=basic_type is not None, mega=name.startswith("メガ"),
                     radiant=name.startswith("かがやく"))
    mark = string(value.get("regulationMark"), "'regulationMark'", where, NAME) or None
    if mark and "EX" in kinds:  # Japan's data writes the ex of Scarlet & Violet on "EX"
        kinds = ["ex" if kind == "EX" else kind for kind in kinds]
    limits = parse_limits(name, [RULE_LINES[kind] for kind in kinds if kind in RULE_LINES])
    unpadded = str(int(number)) if number.isdecimal() else number
    row = {
        "id": f"{japanese.row['id']}-{unpadded}",
        "set_id": japanese.row["id"],
        "number": number,
        "number_sort": number_sort_key(number),
        "name": name,
        "english_name": None,
        "names": names,
        "supertype": _CATEGORIES[category],
        "subtypes": kinds,
        "hp": _whole(value.get("hp"), "'hp'", where),
        "types": _strings(value.get("types"), "'types'", where),
        "regulation_mark": mark,
        "rarity": string(value.get("rarity"), "'rarity'", where, NAME),
        "pokedex": pokedex(value.get("dexId"), "'dexId'", where),
        "function_key": "",
        "is_basic_energy": basic_type is not None and "Basic" in kinds,
        "limit_group": limits.limit_group,
        "limit_scope": limits.limit_scope,
        "limit_max": limits.limit_max,
        "limit_text": limits.limit_text,
        "link": "",
        "linked_id": None,
        "linked_by": None,
        "candidates": [],
    }
    return JapanesePrinting(fitted(row, JapaneseCard, where),
                            _gameplay(value, row, kinds, basic_type, where), where)


def _basic_type(name: str) -> str | None:
    """The Type of a basic Energy by its Japanese name ("基本悪エネルギー": Darkness)."""
    match = _BASIC_NAME.match(unicodedata.normalize("NFKC", name))
    found = BASIC_TYPES.get(match.group("type")) if match else None
    return found if found in ENERGY_TYPES else None


def _gameplay(value: dict[str, Any], row: dict[str, Any], kinds: list[str],
              basic_type: str | None, where: str) -> Gameplay:
    supertype, name = row["supertype"], row["name"]
    artist = string(value.get("illustrator"), "'illustrator'", where, NAME) or None
    if supertype != POKEMON:
        effect = _names(value.get("effect"), "'effect'", where, TEXT).get(JAPANESE, "")
        return Gameplay(supertype, trainer_kind(supertype, kinds, bool(effect)),
                        mark=row["regulation_mark"],
                        numbers=text_numbers(effect, supertype), basic_type=basic_type,
                        named_type=named_type(name) if supertype == ENERGY else None,
                        artist=artist, length=len(unicodedata.normalize("NFKC", effect)),
                        concepts=concepts(effect, JAPANESE))
    attacks = []
    for position, item in enumerate(items(value.get("attacks"), "'attacks'", where), 1):
        attack = record(item, f"'attacks' #{position}", where)
        attacks.append((cost(_strings(attack.get("cost"), "'cost'", where)),
                        damage(attack.get("damage"))))
    abilities = [record(item, "'abilities'", where)
                 for item in items(value.get("abilities"), "'abilities'", where)]
    weaknesses = value.get("weaknesses")
    return Gameplay(
        supertype, stage(kinds), tuple(row["pokedex"]), row["hp"], tuple(sorted(row["types"])),
        tuple(attacks), sum(1 for ability in abilities if ability.get("type") != "Ancient Trait"),
        _whole(value.get("retreat"), "'retreat'", where),
        None if weaknesses is None else tuple(sorted(
            str(record(item, "'weaknesses'", where).get("type", ""))
            for item in items(weaknesses, "'weaknesses'", where))),
        row["regulation_mark"], artist=artist)


# A Trainer's kinds, in the catalog's spelling, the most telling first (a Tool's data may
# call it an Item too).
TRAINER_KINDS = ("Supporter", "Stadium", "Pokémon Tool", "Technical Machine",
                 "Goldenrod Game Corner", "Rocket's Secret Machine", "Item")


def trainer_kind(supertype: str, kinds: list[str], has_text: bool) -> str:
    """How a Trainer or Energy is played, as both sources can tell it: its kind ("Item",
    "Pokémon Tool"…, with "ACE SPEC" after it where it is one), an Energy "Special" when it
    prints a text (pokemon-tcg-data calls some "Basic") and "Basic" otherwise."""
    if supertype == ENERGY:
        return "Special" if has_text else "Basic"
    kind = next((k for k in TRAINER_KINDS if k in kinds), "")
    return f"{kind} ACE SPEC" if "ACE SPEC" in kinds else kind
# A Pokémon's stage, the first of these its subtypes name.
STAGES = ("VMAX", "VSTAR", "V-UNION", "BREAK", "Level-Up", "Stage 2", "Stage 1", "Restored",
          "Baby", "Basic")


def stage(kinds: list[str]) -> str:
    return next((kind for kind in STAGES if kind in kinds), "")


def cost(energy: list[str]) -> tuple[str, ...]:
    """An attack's cost, its order left out (sources list it differently)."""
    return tuple(sorted(kind for kind in energy if kind and kind != "Free"))


def damage(value: Any) -> str:
    """An attack's damage as a number and its sign ("30+", "20x"), however written."""
    text = unicodedata.normalize("NFKC", str(value if value is not None else "")).strip()
    text = text.replace("×", "x").replace("Ã—", "x")
    match = _DAMAGE.match(text)
    return match.group("amount") + match.group("sign") if match else text


def text_numbers(text: str, supertype: str) -> tuple[int, ...]:
    """The numbers a Trainer's or Energy's text holds, each once: the shape its effect keeps
    in every language ("2 Pokémon … draw 3 cards" and "2枚まで … ×3枚"). A Trainer's from 2
    (1 is often written out: "a card"); an Energy's from 10, since the English prints the
    Energy it provides as symbols ("{C}{C}") where Japan's text writes "2個"."""
    least = 10 if supertype == ENERGY else 2
    return tuple(sorted({n for n in map(int, _NUMBER.findall(
        unicodedata.normalize("NFKC", text))) if n >= least}))


# What a Trainer's or Energy's text speaks of, as Japan's text and the English one write it:
# the shape of an effect without numbers (Night Stretcher: discard pile, hand; Energy
# Search: deck, hand). Words of reminders (a Supporter's, a Tool's, "before applying
# Weakness") are left out, and so is what is in parentheses.
CONCEPTS = {"deck": ("山札", "deck"), "hand": ("手札", "hands?"),
            "discard": ("トラッシュ", "discard"), "bench": ("ベンチ", "bench"),
            "active": ("バトル", "active"), "prize": ("サイド", "prizes?"),
            "energy": ("エネルギー", "energy"), "counter": ("ダメカン", "damage counters?"),
            "coin": ("コイン", "coins?"), "heal": ("回復", "heal"), "evolve": ("進化", "evolv"),
            "attach": ("つけ", "attach"), "ability": ("特性", "abilit"),
            "draw": ("引く", "draw"), "shuffle": ("切る", "shuffle"),
            "basic": ("たね", "basic pok"), "special": ("特殊エネルギー", "special energy"),
            "lost": ("ロスト", "lost zone"), "retreat": ("にげる", "retreat"),
            "ex": ("ex", "pok[eé]mon ex")}
# Each English word where a word begins ("deck", not "redeck").
_ENGLISH_CONCEPTS = {concept: patterns.compile(r"(?:^|\W)(?:" + words + ")", ignore_case=True)
                     for concept, (_, words) in CONCEPTS.items()}
_PARENTHESES = patterns.compile(r"\([^)]*\)")


def concepts(text: str, language: str) -> frozenset[str]:
    """What a text speaks of (CONCEPTS), read in Japanese or (any other) English."""
    text = _PARENTHESES.sub("", unicodedata.normalize("NFKC", text))
    if language == JAPANESE:
        return frozenset(concept for concept, (word, _) in CONCEPTS.items() if word in text)
    return frozenset(concept for concept, words in _ENGLISH_CONCEPTS.items()
                     if words.search(text))


def named_type(name: str) -> str | None:
    """The Type a Special Energy's Japanese name holds ("ニトロ炎エネルギー": Fire)."""
    return next((kind for mark, kind in BASIC_TYPES.items() if mark in name), None)


def _strings(value: Any, label: str, where: str) -> list[str]:
    return [string(item, f"{label} #{position}", where, NAME) or ""
            for position, item in enumerate(items(value, label, where), start=1)]


def _whole(value: Any, label: str, where: str) -> int | None:
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 10_000:
        raise CatalogImportError(f"{where}: {label} must be a whole number from 0 to 9999")
    return value


def _date(value: Any) -> dt.date | None:
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError:
        return None
