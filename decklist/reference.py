"""What a decklist line says about which card: the plain value all it means is keyed by.

A line's meaning (its readings, its resolution, its standing in a format, its view) depends
on nothing but what it says about its card, so every cache of it is keyed by that: a text
line's card reference as written ("Bill LC 108"), a JSON entry's one reading (a Candidate,
its fields as sent, tidied). The two are of different types, so a text line never shares a
key with an entry whose fields read the same. The readings are read from the reference when
a cache misses.
"""

from __future__ import annotations

from decklist.card_lines import readings
from decklist.parsed import Candidate, InLanguage, Reference


def readings_of(reference: Reference) -> tuple[Candidate, ...]:
    """Every reading of the reference the resolver tries, most specific first."""
    if isinstance(reference, str):
        return readings(reference)
    if isinstance(reference, InLanguage):
        return readings_of(reference.reference)
    return (reference,)
