"""How people write card and set names, folded into the keys the resolver finds them by.

`search_key` is deliberately looser than `identity.name_key`: it is for
finding printings, never for counting copies.  It folds what exporters and
people vary on: case, accents ("Flabebe"), apostrophe style and presence
("Farfetchd"), periods ("Mr Mime"), hyphens ("Mewtwo EX" for "Mewtwo-EX"),
brackets ("Unown A" for "Unown [A]"), the `{L}` Energy symbols PTCG Live
writes, the words tools write for ★, δ and ◇, and the "Basic" that newer
printings put before a basic Energy's name.  Candidates it joins that are
different cards stay apart by function_key, so looseness here never makes
two cards one.
"""

from __future__ import annotations

import re
import unicodedata

from catalog.identity import ENERGY_TYPES, name_key

_SYMBOLS = {"g": "grass", "r": "fire", "w": "water", "l": "lightning", "p": "psychic",
            "f": "fighting", "d": "darkness", "m": "metal", "y": "fairy", "c": "colorless",
            "n": "dragon"}
_SYMBOL = re.compile(r"\{([a-z])\}")
_MARKS = str.maketrans({"★": " star ", "δ": " delta ", "◇": " prism star ", "&": " & ",
                        "'": "", ".": "", "-": " ", "[": " ", "]": " ", "(": " ", ")": " ",
                        ",": " ", ":": " ", "!": " ! ", "?": " ? "})
_BASIC_ENERGY = re.compile(
    r"^(?:basic )?(" + "|".join(t.lower() for t in ENERGY_TYPES) + r") energy$")


def search_key(name: str | None) -> str:
    """The key a card or set name is looked up by: spelling, accents and symbols folded."""
    key = _SYMBOL.sub(lambda m: _SYMBOLS.get(m.group(1), m.group(0)), name_key(name))
    key = "".join(ch for ch in unicodedata.normalize("NFKD", key)
                  if not unicodedata.combining(ch))
    key = " ".join(key.translate(_MARKS).split())
    energy = _BASIC_ENERGY.match(key)
    return f"{energy.group(1)} energy" if energy else key


def basic_energy_type(name: str | None) -> str | None:
    """The Type a basic Energy name speaks of ("Basic {L} Energy" → "Lightning"), else None."""
    match = _BASIC_ENERGY.match(search_key(name))
    return match.group(1).capitalize() if match else None
