"""The codes exporters write for basic Energy instead of a set: PTCG Live's "Energy", PTCGO's
"XYEnergy" (any code ending in "Energy"), and the energy sets of the newer clients ("SVE",
"MEE", "SSPJP", "ECALT"), in any letter case.  The list is data (set_codes.json's
`energy_codes`), read on first use; the decklist reader and the catalog index both ask this
module."""

from __future__ import annotations

import functools
import json

from catalog.data_files import SET_CODES_PATH


@functools.cache
def codes() -> frozenset[str]:
    """The codes set_codes.json lists, upper case."""
    listed = json.loads(SET_CODES_PATH.read_bytes())["energy_codes"]["codes"]
    return frozenset(code.upper() for code in listed)


def is_energy_code(code: str) -> bool:
    """Whether exporters write this code for basic Energy ("Energy", "swshenergy", "SVE")."""
    upper = code.upper()
    return upper in codes() or upper.endswith("ENERGY")
