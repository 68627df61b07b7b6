"""One card line of a text decklist: its count and the readings of its card reference.

Exporters write `COUNT NAME SET NUMBER` (PTCG Live), `* COUNT NAME SET NUMBER`
(PTCGO), `COUNT NAME (SET) NUMBER`, `COUNT NAME SET-NUMBER`, `COUNTx NAME` and plain
`COUNT NAME`: a card line starts with its count. Lists written in Japanese (and the other
languages of Asia's releases) put the count after the name (`ナンジャモ 4`, `ナンジャモ×4`,
`ナンジャモ 4枚`): a line whose name is in their scripts may (`split_trailing_count`).
A name can end in words that look like a set code ("Pikachu GX SM232"), so
a line yields every plausible reading, most specific first, and the
resolver keeps the first that names a real printing.
"""

from __future__ import annotations

import html

from catalog.energy_codes import is_energy_code
from decklist.parsed import Candidate
from runtime import patterns

# A minus sign is read as part of the count, so "-4 Bill" is a count out of range, not a name.
_COUNT = patterns.compile(r"^\s*(?:\*\s*)?(-?\d+)\s*[xX×]?\s+(\S.*)$")
# "(SET) NUMBER" with a set code or a set name: "Bill (LC) 108", "Pikachu (Jungle) 60".
_PAREN = patterns.compile(
    r"^(.+?)\s*\(([A-Za-z0-9][A-Za-z0-9 &'.:\u2014\u2013-]{0,39})\)\s*([A-Za-z]{0,5}\d+[a-zA-Z]?)$")
# "NAME SET-NUMBER", a card id after the name too: "Seedot ex8-71", "Unown ex10-E", and
# TCGdex's ("Tropius me05-001", "Erika's Oddish me02.5-1").
_DASHED = patterns.compile(r"^(.+?)\s+([A-Za-z][A-Za-z0-9]{0,9}(?:\.\d[A-Za-z]?)?)"
                           r"-([A-Za-z]{0,5}\d+[a-zA-Z]?|[A-Z!?])$")
# A collector number as printed: "4", "004", "SWSH068", "SM31", "H10", "102a", "TG01".
_NUMBER = patterns.compile(r"^(?:[A-Za-z]{0,5}\d{1,4}[a-zA-Z]?|[A-Z!?])$")
# A set code as tools write it: "BS", "PR-SW", "SVE", "Energy", "XYEnergy", "B2".
# (and an exporter's code for basic Energy in any letter case: "swshenergy", "ecalt").
# A set code holds a capital letter (`is_set_code` checks).
_SET_CODE = patterns.compile(r"^[A-Za-z][A-Za-z0-9]+(?:-[A-Za-z0-9]+)?$")
_PROMO_NUMBER = patterns.compile(r"^[A-Za-z]{2,5}\d{1,4}[a-zA-Z]?$")
# Print-variant marks exporters write after the number; they name the same card.
# PTCG Live: "PH" (Poké Ball pattern holo) and "MB" (Master Ball pattern holo).
VARIANT_MARKS = frozenset({"PH", "MB"})
# What exporters write after a card's name that is not part of it: Limitless's
# " - ACESPEC", " - Special" and " - Basic" (which says basic Energy), one or more.
_NAME_TAGS = patterns.compile(r"(?:\s+-\s+(?:ace ?spec|special|basic))+$", ignore_case=True)
# A Type tag after a name ("Lightning Energy [L]"); never Unown's letter ("Unown [C]").
_TYPE_TAG = patterns.compile(r"^(.+?)\s*\[[GRWLPFDMYCN]\]$", ignore_case=True)
_UNOWN = patterns.compile(r"^unown(?:\W|$)", ignore_case=True)
# A catalog card id written as the whole reference: "neo1-14", "swsh11tg-TG24", "cel25c-15_A".
# A card id, the catalog's or TCGdex's ("me02.5-1": a "." and a digit in the set's part).
_CARD_ID = patterns.compile(r"^[a-z][a-z0-9]*(?:\.\d[a-z]?)?-[A-Za-z0-9_]+$")


def split_count(text: str) -> tuple[int, str] | None:
    """The leading count and the rest, or None when the line starts with no count."""
    plain = _plain_count(text)
    if plain is not None:
        return plain
    match = _COUNT.match(text)
    if not match:
        return None
    return int(match.group(1)), match.group(2).strip()


def split_trailing_count(text: str) -> tuple[int, str] | None:
    """The count after a name written in an Asian script ("ボスの指令 3", "ムク×4",
    "ナンジャモ 4枚") and the name; None for any other line, so a line of Latin letters
    without a count ("Pikachu BS 58") stays no card line."""
    match = _TRAILING_COUNT.match(text)
    if match is None or not _ASIAN_SCRIPT.search(match.group(1)):
        return None
    return int(match.group(2)), match.group(1).strip()


# A name, then its count: after a space (and a multiplication mark), or after "×", and 枚
# ("cards") after it. An "x" joined to the name is its own ("テツノカイナex 2").
_TRAILING_COUNT = patterns.compile(r"^(\S.*?)(?:\s+[xX×✕]?|\s*[×✕])\s*(\d{1,3})\s*枚?$")
# Kana, CJK ideographs, Hangul, Thai: the scripts of the names of Japan's data.
_ASIAN_SCRIPT = patterns.compile(r"[\x{0E00}-\x{0E7F}\x{3040}-\x{30FF}\x{4E00}-\x{9FFF}"
                                 r"\x{AC00}-\x{D7AF}]")


def _plain_count(text: str) -> tuple[int, str] | None:
    """What _COUNT reads of the commonest form, "4 Hoppip N1 61", read without it: ASCII
    digits, one space, and printable words with no edge space that begin with no
    multiplication mark ("4 x Bill" is the pattern's). A line read for the first time skips
    the pattern's work (speed trick "plain count": docs/performance.md);
    tests/unit/test_decklist_parsers.py holds the two to one answer."""
    head, _, rest = text.partition(" ")
    if (head.isascii() and head.isdigit() and rest.isprintable() and rest.strip(" ") == rest
            and rest != "" and rest[:2] not in _MULTIPLIED):
        return int(head), rest
    return None


_MULTIPLIED = frozenset({"x ", "X ", "× "})


def readings(reference: str) -> tuple[Candidate, ...]:
    """Every plausible reading of a card reference, most specific first."""
    tokens = reference.split()
    variant = None
    if len(tokens) >= 4 and tokens[-1] in VARIANT_MARKS and _NUMBER.match(tokens[-2]):
        variant, tokens = tokens[-1], tokens[:-1]
        reference = " ".join(tokens)
    found: list[Candidate] = []
    dash = "-" in reference  # each pattern runs only where the marks it needs are
    if dash and _CARD_ID.match(reference):
        found.append(Candidate(card_id=reference))
    paren = _PAREN.match(reference) if ")" in reference else None
    if paren:
        found.append(_reading(paren.group(1), paren.group(2), paren.group(3), variant))
    dashed = _DASHED.match(reference) if dash else None
    if dashed:
        found.append(_reading(dashed.group(1), dashed.group(2), dashed.group(3), variant))
    if len(tokens) >= 3 and _NUMBER.match(tokens[-1]) and (
            is_set_code(tokens[-2]) or is_energy_code(tokens[-2])):
        found.append(_reading(" ".join(tokens[:-2]), tokens[-2], tokens[-1], variant))
    if len(tokens) >= 2 and _PROMO_NUMBER.match(tokens[-1]):
        found.append(_reading(" ".join(tokens[:-1]), None, tokens[-1], variant))
    found.append(Candidate(tidy_name(reference)))
    if len(tokens) >= 2 and variant is None and _is_code_alone(tokens[-1]):
        # "Special Red Card CRI": a set and no number, read after the whole line as a name
        # (which "Mewtwo EX" is); the resolver takes it only where the code names a set.
        found.append(Candidate(tidy_name(" ".join(tokens[:-1])), tokens[-1]))
    return tuple(dict.fromkeys(found))


def is_set_code(token: str) -> bool:
    """Whether a token is written as a set code: letters and digits, a capital among them."""
    return _SET_CODE.match(token) is not None and not token.islower()


def _is_code_alone(token: str) -> bool:
    """Whether a line's last word is a set code written as exporters write one, in capitals
    ("CRI", "PR-SV"), and no number."""
    return token.isupper() and is_set_code(token) and _NUMBER.match(token) is None


def is_number(token: str) -> bool:
    """Whether a token is written as a collector number."""
    return _NUMBER.match(token) is not None


def _reading(name: str, set_code: str | None, number: str, variant: str | None) -> Candidate:
    name = tidy_name(name)
    if set_code and set_code.lower() == "energy" and not name.lower().endswith("energy"):
        # Limitless writes basic Energy as "Fire Energy 2": the word is both name and set.
        name = f"{name} Energy"
    return Candidate(name, set_code, number, variant=variant)


def tidy_name(name: str) -> str:
    """A card name without what exporters write around it: HTML entities ("Guzma &amp;
    Hala"), Limitless's " - ACESPEC" and " - Special" tags, a Type tag ("[L]").  " - Basic"
    is kept as the word "Basic" before the name, which asks for basic Energy."""
    name = name.strip()
    if "&" in name and ";" in name:
        name = html.unescape(name)
    basic = False
    tags = _NAME_TAGS.search(name) if "-" in name else None
    if tags:
        # Each tag follows a "-", and none holds one.
        basic = any(tag.strip().lower() == "basic" for tag in tags.group().split("-")[1:])
        name = name[:tags.start()]
    typed = _TYPE_TAG.match(name) if name.endswith("]") else None
    if typed and not _UNOWN.match(name):
        name = typed.group(1)
    return f"Basic {name}" if basic and not name.lower().startswith("basic") else name
