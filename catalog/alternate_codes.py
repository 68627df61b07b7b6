"""The codes PTCG Live writes for its alternate-art and promo variants instead of a set:
"SVALT", "SWSHALT", "SMALT", "MEALT", one a series, in any letter case. The client numbers
those variants in tables of its own, so the number after the code names no printed card:
the line's name decides among the printings of the code's series. The list is data
(set_codes.json's `alternate_art`, each code with where it is seen), read on first use.
"""

from __future__ import annotations

import functools
import json

from catalog.data_files import SET_CODES_PATH


@functools.cache
def _series() -> dict[str, str]:
    """The series each code covers, by the code in upper case."""
    listed = json.loads(SET_CODES_PATH.read_bytes())["alternate_art"]["codes"]
    return {entry["code"].upper(): entry["series"] for entry in listed}


def series_of(code: str) -> str | None:
    """The series whose alternate-art variants PTCG Live writes with this code, or None when
    the code is no such code ("SVALT" → "Scarlet & Violet")."""
    return _series().get(code.upper())
