"""The regulation marks the game has printed, in the order formats rotate them, and how a
source's spelling of one is read.

A regulation mark is the letter in a card's lower corner that Standard's rotations go by
(validators/formats/standard.json: "D and later", "H and later"). Japanese printings carried
A from the Sun & Moon series, B from the Ultra Sun and Ultra Moon products and C from TAG
TEAM GX; English printings carry them from D on (Sword & Shield, 2020): E (2021), F (2022),
G (Scarlet & Violet, 2023), H (2024), I (2025) and J (2026, the newest either source of the
catalog prints). A mark the sources spell otherwise is read here once, at the import: the
text "None" is no mark, a lower-case letter is its capital, and anything else that is not
a mark of the game is no mark (each counted by `flask catalog sources-report`). So every
mark the catalog holds is one of MARKS, and a check compares two by their place in it.
"""

from __future__ import annotations

# Oldest first: a rotation's "from_mark and later" is every mark from its place on. A new
# mark the sources print is added here, after the newest (until it is, the import reads it
# as no mark and the sources report names it).
MARKS = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J")
# Each mark's place in MARKS.
RANK = {mark: place for place, mark in enumerate(MARKS)}


def read_mark(spelled: str | None) -> str | None:
    """The mark a source's spelling means: one of MARKS, or None."""
    mark = (spelled or "").strip().upper()
    return mark if mark in RANK else None


def why_read(spelled: str | None) -> str | None:
    """Why `read_mark` reads a spelling as other than it is written (None when it reads it
    as written, or there is nothing written)."""
    if not spelled or spelled == read_mark(spelled):
        return None
    if spelled.strip().upper() in RANK:
        return "a mark written in lower case or with spaces is its capital letter"
    return "not a regulation mark of the game: read as no mark"
