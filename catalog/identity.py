"""Card identity: the three notions the rules speak of.

- `name_key`: the printed name with only spelling noise folded (Unicode
  form, quote style, white space, case, "Pokemon" for "Pokémon", "Nidoran ♀"
  for "Nidoran♀") and the data's own qualifier of an artwork variant
  ("Professor's Research (Professor Oak)" is printed "Professor's
  Research"); every mark stays.  Catalog searches go by it.
- `title_key`: the English title, for the 4-copy rule ("counted by English
  card title equivalent", DCI Floor Rules 2003 §221): the name as the
  Pokémon rulebook counts it ("What does and doesn't count for a Pokémon's
  name?"): a level is not part of the name (Gengar, Gengar LV.43 and Gengar
  LV.X share one) and neither is δ (Aerodactyl and Aerodactyl δ); ★, ◇,
  owners ("Dark Persian" ≠ "Persian", "Team Rocket's Meowth") and forms
  ("Unown [J]" ≠ "Unown [A]") are.
- `function_key`: the gameplay identity shared by reprints (catalog.gameplay).
- `text_fingerprint`: a hash of the whole printed text, to tell an exact
  reprint from a reworded one.
"""

from __future__ import annotations

import hashlib
import json
import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from runtime import patterns

POKEMON = "Pokémon"
TRAINER = "Trainer"
ENERGY = "Energy"

# The Types that have basic Energy, in the order the game prints them.
ENERGY_TYPES = ("Grass", "Fire", "Water", "Lightning", "Psychic", "Fighting", "Darkness",
                "Metal", "Fairy")

# The one-letter symbol of each Type: some printings spell costs with them ("L"), PTCG Live
# writes them in names ("Basic {L} Energy"), Limitless in Blend Energy names ("WLFM").
TYPE_SYMBOLS = {"G": "Grass", "R": "Fire", "W": "Water", "L": "Lightning", "P": "Psychic",
                "F": "Fighting", "D": "Darkness", "M": "Metal", "Y": "Fairy", "C": "Colorless",
                "N": "Dragon"}
# The symbol of each Type that has basic Energy ("Fire" → "R").
ENERGY_LETTERS = {kind: letter for letter, kind in TYPE_SYMBOLS.items() if kind in ENERGY_TYPES}

_QUOTES = str.maketrans({
    "\u2018": "'", "\u2019": "'", "\u201b": "'", "\u2032": "'", "`": "'", "\u00b4": "'",
    "\u201c": '"', "\u201d": '"', "\u201f": '"', "\u2033": '"',
    "\u2010": "-", "\u2011": "-", "\u2012": "-", "\u2013": "-", "\u2014": "-", "\u2212": "-",
    "\u00a0": " ",
})
# The data names artwork variants "Boss's Orders (Ghetsis)"; the printed title ends before " (".
_VARIANT_QUALIFIER = patterns.compile(r"\s+\([^()]*\)$")
_GENDER_SPACE = patterns.compile(r"\s+(?P<ahead>[♂♀])")
# Upstream text has some "×" decoded twice as Latin-1 ("Ã\x97"); repair it before hashing.
_MOJIBAKE = {"Ã\u0097": "×", "Ã©": "é"}


def clean_text(text: str | None) -> str:
    """Normalize Unicode form, quotes, dashes and white space, keeping case."""
    if not text:
        return ""
    for bad, good in _MOJIBAKE.items():
        text = text.replace(bad, good)
    return " ".join(unicodedata.normalize("NFC", text).translate(_QUOTES).split())


def name_key(name: str | None) -> str:
    """The title key for the 4-copy rule: spelling noise folded, distinctions kept."""
    key = clean_text(name)
    if key.endswith(")"):  # each pattern runs only where the text it needs is
        key = _VARIANT_QUALIFIER.sub("", key)
    key = key.casefold()
    if "♂" in key or "♀" in key:
        key = _GENDER_SPACE.sub("", key)
    return key.replace("pokémon", "pokemon")


# "Gengar LV.X", "Absol G LV.X": the level printed in the name (the data keeps numeric levels
# in a field of their own).
_LEVEL = patterns.compile(r"\s+lv\.?\s*(?:x|\d+)(?P<ahead>\s|$)")
_DELTA = patterns.compile(r"\s*δ(?P<ahead>\s|$)")


def title_key(name: str | None) -> str:
    """The English title the copy limit counts by: name_key without a level or δ."""
    key = name_key(name)
    if "lv" in key:
        key = _LEVEL.sub("", key)
    if "δ" in key:
        key = _DELTA.sub("", key)
    return " ".join(key.split())


def digest(value: Any, size: int = 32) -> str:
    raw = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:size]


def cost_types(cost: Iterable[str] | None) -> list[str]:
    """Energy cost symbols spelled out ("L" → "Lightning"); "Free" is no Energy at all."""
    spelled = (TYPE_SYMBOLS.get(symbol, symbol) for symbol in cost or ())
    return [symbol for symbol in spelled if symbol != "Free"]


def modifier_key(value: str | None) -> str:
    """A Weakness/Resistance value or an attack's damage, as one spelling ("×2" → "x2")."""
    return clean_text(value).replace("×", "x").replace(" ", "").lower()


def is_basic_energy(card: Mapping[str, Any]) -> bool:
    """Basic Energy is told by the printing's own subtype, never by its name."""
    return card.get("supertype") == ENERGY and "Basic" in (card.get("subtypes") or ())


def energy_title(card: Mapping[str, Any]) -> str:
    """The title a basic Energy is known by: "Basic Fire Energy" and "Fire Energy" are one."""
    key = name_key(card.get("name"))
    if is_basic_energy(card) and key.startswith("basic "):
        return key[len("basic "):]
    return key


def text_fingerprint(card: Mapping[str, Any]) -> str:
    """A hash of the full printed text: equal only for exact reprints."""
    trait = card.get("ancient_trait") or {}
    text = [
        clean_text(card.get("name")),
        card.get("supertype"),
        sorted(card.get("subtypes") or ()),
        clean_text(card.get("level")),
        parse_hp(card.get("hp")),
        card.get("types") or [],
        clean_text(card.get("evolves_from")),
        [[clean_text(trait.get("name")), clean_text(trait.get("text"))]] if trait else [],
        [[clean_text(a.get("type")), clean_text(a.get("name")), clean_text(a.get("text"))]
         for a in card.get("abilities") or ()],
        [[clean_text(a.get("name")), cost_types(a.get("cost")), modifier_key(a.get("damage")),
          clean_text(a.get("text"))] for a in card.get("attacks") or ()],
        [[w.get("type"), modifier_key(w.get("value"))] for w in card.get("weaknesses") or ()],
        [[r.get("type"), modifier_key(r.get("value"))] for r in card.get("resistances") or ()],
        len(cost_types(card.get("retreat_cost"))),
        [clean_text(rule) for rule in card.get("rules") or ()],
    ]
    return digest(text, size=64)


def type_identity(card: Mapping[str, Any]) -> list[str]:
    """Partner Battles I.2: a Pokémon's Types plus the basic Energy Types in its attack costs.

    Colorless is no Type and Dragon has no basic Energy, so both fall away;
    a non-Pokémon card has no Type Identity even when it shows a cost.
    """
    if card.get("supertype") != POKEMON:
        return []
    found = set(card.get("types") or ())
    for attack in card.get("attacks") or ():
        found.update(cost_types(attack.get("cost")))
    return [energy_type for energy_type in ENERGY_TYPES if energy_type in found]


def parse_hp(value: Any) -> int | None:
    """HP as a number; the data writes it as a string and some cards have none."""
    if value in (None, ""):
        return None
    digits = "".join(char for char in str(value) if char.isdecimal())  # Python's \d
    return int(digits) if digits else None
