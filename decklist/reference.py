"""What a decklist line says about which card, as one string: the key to all it means.

A line's meaning (its readings, its resolution, its standing in a format, its view) depends
on nothing but its card reference, so every cache of it is keyed by the reference. A string
hashes once in its life, where a tuple of Candidates would be hashed on every look-up: three
look-ups a line would cost a 60-line request about 15 µs more (timeit). The readings are
read from the reference when a cache misses.
"""

from __future__ import annotations

from decklist.lines import readings
from decklist.model import Candidate, Reference

# A text line's reference is its words; a JSON entry's, its fields. Each is marked, so that
# a text line never shares a key with an entry whose fields read the same.
_TEXT, _ENTRY = "t", "j"
# Between an entry's fields, and in place of a field it leaves out: control characters,
# which no JSON entry may hold (decklist.json_list), so the encoding cannot be ambiguous.
_FIELD, _NONE = "\x1f", "\x00"


def text_reference(card_reference: str) -> Reference:
    """A text line's card reference, as written ("Bill LC 108")."""
    return Reference(_TEXT + card_reference)


def entry_reference(candidate: Candidate) -> Reference:
    """A JSON entry's one reading: its name, set, number and id as sent (tidied)."""
    return Reference(_ENTRY + _FIELD.join(_NONE if value is None else value
                                          for value in candidate))


def readings_of(reference: Reference) -> tuple[Candidate, ...]:
    """Every reading of the reference the resolver tries, most specific first."""
    if reference.startswith(_TEXT):
        return readings(reference[1:])
    return (Candidate(*(None if value == _NONE else value
                        for value in reference[1:].split(_FIELD))),)
