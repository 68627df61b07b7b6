"""How people write card and set names, folded into the keys the resolver finds them by.

`search_key` is deliberately looser than `identity.name_key`: it is for
finding printings, never for counting copies.  It folds what exporters and
people vary on: case, accents ("Flabebe"), apostrophe style and presence
("Farfetchd"), periods ("Mr Mime"), hyphens ("Mewtwo EX" for "Mewtwo-EX"),
brackets ("Unown A" for "Unown [A]"), the `{L}` Energy symbols PTCG Live
writes, the words and look-alike symbols tools write for ★ (`Star`, `☆`),
δ (`Delta`, `Delta Species`) and ◇ (`Prism Star`, `♢`), `F`/`M` for ♀/♂,
and the "Basic" that newer printings put before a basic Energy's name.
Candidates it joins that are different cards stay apart by function_key,
so looseness here never makes two cards one.

`alias_keys` are the names players write for a printing whose data name is
longer ("Poké Turn" for "Team Galactic's Invention G-105 Poké Turn", "Head
Ringer" for "Head Ringer Team Flare Hyper Gear"; data/card_names.json lists the
ones no pattern derives, "Plasma Badge" for "Team Plasma Badge"), and
`folded` drops the marks a list may leave out when its set and number
already say which printing it means ("Tropius DF 23" is Tropius δ).
"""

from __future__ import annotations

import functools
import json
import unicodedata

from catalog.data_files import CARD_NAMES_PATH
from catalog.identity import ENERGY_LETTERS, ENERGY_TYPES, TYPE_SYMBOLS, name_key
from runtime import patterns

# The languages a list's card names may be read in (decklist.languages), by code, with the
# names answers and notes give them.
LANGUAGE_NAMES = {"en": "English", "fr": "French", "de": "German", "it": "Italian",
                  "es": "Spanish", "pt": "Portuguese", "nl": "Dutch", "pl": "Polish",
                  "ru": "Russian", "ja": "Japanese", "th": "Thai", "id": "Indonesian",
                  "ko": "Korean", "zh-tw": "Chinese (Traditional)",
                  "zh-cn": "Chinese (Simplified)"}

# Latin American Spanish and Brazilian Portuguese names are read as Spanish and Portuguese:
# a list is in a language, not a region.
_REGIONS = {"es-mx": "es", "pt-br": "pt"}


def base_language(language: str) -> str:
    """The language a regional form of it is read as ("es-mx" → "es")."""
    return _REGIONS.get(language, language)


# PTCG Live writes a Type as its letter in braces ("Basic {L} Energy"), and the Prism Star
# as "{*}" ("Thunder Mountain {*}").
_SYMBOLS = {letter.lower(): kind.lower() for letter, kind in TYPE_SYMBOLS.items()} | {
    "*": " prism star "}
_SYMBOL = patterns.compile(r"\{([a-z*])\}")
_MARKS = str.maketrans({"★": " star ", "☆": " star ", "δ": " delta ", "◇": " prism star ",
                        "♢": " prism star ", "♀": " f ", "♂": " m ", "&": " & ",
                        "'": "", ".": "", "-": " ", "[": " ", "]": " ", "(": " ", ")": " ",
                        ",": " ", ":": " ", "!": " ! ", "?": " ? "})
# The words "delta species" (what comes before them is put back).
_DELTA_SPECIES = patterns.compile(r"(?P<before>^|\W)delta species(?P<ahead>\W|$)")
# Before name_key, which would take "(Delta Species)" for the data's artwork label.
_DELTA_LABEL = patterns.compile(r"\(\s*delta species\s*\)", ignore_case=True)
_BASIC_ENERGY = patterns.compile(
    r"^(?:basic )?(" + "|".join(t.lower() for t in ENERGY_TYPES) + r") energy$")
# "Dark Energy" is what players call basic Darkness Energy.
_NICKNAMES = {"dark energy": "darkness energy", "basic dark energy": "darkness energy"}
# The word "basic" as basic Energy print it in the languages TCGdex names cards in, around
# the Energy's name there (a search key: accents, case and hyphens folded): French "Énergie
# Feu de base", German "Basis-Feuer-Energie", Spanish "Energía Fuego Básica", Portuguese
# "Energia de Fogo Básica", Italian "Energia Fuoco di base" (TCGdex's Generations: "Energia
# base Fire"). TCGdex names the cards without it ("Énergie Feu", "Feuer-Energie").
_LOCAL_BASIC = patterns.compile(
    r"^(?:(?P<fr>energie .+) de base|basis (?P<de>.+ energie)|(?P<es>energia .+) basica"
    r"|(?P<it>energia .+) di base|energia base (?P<it_first>.+))$")

# The words for basic Energy that begin its names in the languages of Japan's data:
# Japanese and Chinese "基本悪エネルギー", "基本【惡】能量", Korean "기본 악 에너지",
# Indonesian "Energi Dasar Air", Thai "พลังงานพื้นฐาน[น้ำ]".
_ASIAN_BASIC = ("基本", "기본", "energi dasar", "พลังงานพื้นฐาน")

# Names printed around the card's own name in the data, which lists leave out.
_INVENTION = patterns.compile(r"^team galactics invention g \d+ (.+)$")
# Phantom Forces labels its Items "Team Flare Gear" and its ACE SPEC "Team Flare Hyper Gear".
_FLARE_GEAR = patterns.compile(r"^(.+) team flare (?:hyper )?gear$")
# Names players write that no pattern derives ("Plasma Badge"): data, each with its source.
# Blend and Unit Energy spell their Types out in the data; lists write the letters ("WLFM").
_MULTI_ENERGY = patterns.compile(r"^(blend|unit) energy ([a-z]+)$")
_TYPE_LETTERS = {kind.lower(): letter.lower() for kind, letter in ENERGY_LETTERS.items()}
_TYPE_WORDS = patterns.compile("|".join(_TYPE_LETTERS))

# Marks a list may leave out when its set and number say which printing it means.
_FOLDABLE = (("prism star", "◇"), ("delta", "δ"), ("star", "★"))


def search_key(name: str | None) -> str:
    """The key a card or set name is looked up by: spelling, accents and symbols folded."""
    if name and "(" in name:
        name = _DELTA_LABEL.sub(" δ", name)
    key = name_key(name)
    if "{" in key:  # each pattern runs only where the words it needs are
        key = _SYMBOL.sub(lambda m: _SYMBOLS.get(m.group(1), m.group(0)), key)
    key = _joined(_unaccented(key).translate(_MARKS).split())
    if "delta species" in key:
        key = _DELTA_SPECIES.sub(lambda m: m.group("before") + "delta", key)
    key = _NICKNAMES.get(key, key)
    if "bas" in key:
        key = local_basic_energy(key) or key
    elif key.startswith("基本") and key.endswith("エネルギー"):
        key = key[2:]  # Japan's "基本雷エネルギー", "basic Lightning Energy", as "雷エネルギー"
    energy = _BASIC_ENERGY.match(key) if key.endswith(" energy") else None
    return f"{energy.group(1)} energy" if energy else key


def _joined(words: list[str]) -> str:
    """Words joined by spaces, but for those between two Japanese or Chinese letters, which
    names write or leave out as they please ("ガチグマ アカツキex", "ガチグマアカツキex")."""
    if len(words) < 2 or all(word.isascii() for word in words):
        return " ".join(words)
    joined = words[0]
    for word in words[1:]:
        joined += word if _cjk(joined[-1]) and _cjk(word[0]) else " " + word
    return joined


def _cjk(letter: str) -> bool:
    """Whether a letter is kana or a CJK ideograph."""
    return "\u3040" <= letter <= "\u30ff" or "\u4e00" <= letter <= "\u9fff"


def _unaccented(key: str) -> str:
    """The key without the accents of its Latin, Greek and Cyrillic letters ("flabébé" →
    "flabebe"); the marks of other scripts are letters of their own (the Japanese ゛ of
    "ボス", a Thai vowel) and are kept, composed again."""
    decomposed = unicodedata.normalize("NFKD", key)
    if decomposed.isascii():
        return decomposed
    kept: list[str] = []
    for ch in decomposed:
        if not (unicodedata.combining(ch) and kept and kept[-1] < _OTHER_SCRIPTS):
            kept.append(ch)
    return unicodedata.normalize("NFC", "".join(kept))


# Letters from here on (Armenian, Hebrew, Arabic, Thai, kana, Hangul, CJK…) keep their marks.
_OTHER_SCRIPTS = "\u0530"


def local_basic_energy(key: str) -> str | None:
    """A search key of a basic Energy's name with another language's word for "basic", that
    name without it ("energie feu de base" → "energie feu"); None when the key has none."""
    match = _LOCAL_BASIC.match(key)
    if match is None:
        return None
    if match.group("it_first"):
        return f"energia {match.group('it_first')}"
    return next(found for found in match.groups() if found)


def says_basic(name: str) -> bool:
    """Whether a name asks for basic Energy in so many words: "Basic Fire Energy", "{R}
    Energy", "Énergie Feu de base", "基本悪エネルギー"; "Darkness Energy" may be the Special
    one."""
    if basic_energy_type(name) is not None:
        return "{" in name or name.strip().lower().startswith("basic")
    if name.strip().lower().startswith(_ASIAN_BASIC):
        return True
    if "bas" not in name.lower():
        return False
    words = "".join(ch for ch in unicodedata.normalize("NFKD", name.lower().replace("-", " "))
                    if not unicodedata.combining(ch))
    return local_basic_energy(" ".join(words.split())) is not None


def basic_energy_type(name: str | None) -> str | None:
    """The Type a basic Energy name speaks of ("Basic {L} Energy" → "Lightning"), else None."""
    return energy_type_of_key(search_key(name))


def energy_type_of_key(key: str) -> str | None:
    """basic_energy_type of the name whose search key this is: a printing's is on it
    (Printing.search_key), and folding a name again would cost more than the match
    (speed trick "basic Energy by key": docs/performance.md)."""
    match = _BASIC_ENERGY.match(key)
    return match.group(1).capitalize() if match else None


def type_alone(name: str | None) -> str | None:
    """The Type a name that is a Type alone speaks of ("Dark" → "Darkness"), else None: the
    lists of 2011–2016 write a basic Energy so ("Fighting BLW 110")."""
    return basic_energy_type(f"{name} energy") if name else None


def alias_keys(name: str) -> tuple[str, ...]:
    """The search keys of names players write for this data name, besides its own."""
    key = search_key(name)
    found = []
    if " g " in key or key.endswith(" gear"):  # each pattern runs only where its words are
        for pattern in (_INVENTION, _FLARE_GEAR):
            match = pattern.match(key)
            if match:
                found.append(match.group(1))
    multi = _MULTI_ENERGY.match(key) if " energy " in key else None
    words = _TYPE_WORDS.findall(multi.group(2)) if multi else []
    if multi and "".join(words) == multi.group(2):
        found.append(f"{multi.group(1)} energy {''.join(_TYPE_LETTERS[w] for w in words)}")
    found.extend(_written_names().get(key, ()))
    return tuple(found)


@functools.cache
def _written_names() -> dict[str, tuple[str, ...]]:
    """The search keys of the names card_names.json lists, by the search key of the card's."""
    found: dict[str, list[str]] = {}
    for entry in json.loads(CARD_NAMES_PATH.read_bytes())["written"]:
        found.setdefault(search_key(entry["card"]), []).append(search_key(entry["written"]))
    return {card: tuple(written) for card, written in found.items()}


def folded(key: str) -> tuple[str, tuple[str, ...]]:
    """A search key without the marks a list may leave out, and the symbols it dropped."""
    words = f" {key} "
    dropped = []
    for word, symbol in _FOLDABLE:
        if f" {word} " in words:
            words = words.replace(f" {word} ", " ")
            dropped.append(symbol)
    return " ".join(words.split()), tuple(dropped)
