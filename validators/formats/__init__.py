"""The formats deckjudge judges in: its own, read whole from the files beside this module
(validators.formats.reader), and a deployment's (validators.deployed), listed after them.

The process judges in one FormatSet at a time: deckjudge's own formats as their files
give them, read when first asked for, until a deployment's are added to them (`use`). The
set is a frozen value, swapped whole, so a request reads one set from start to end.
"""

from __future__ import annotations

import functools
from pathlib import Path

from validators.formats.reader import read_formats
from validators.records import CONSTRUCTED, PLAYS, DeckRules, Format, FormatSet

__all__ = ["FORMATS_DIR", "ORDER", "PLAYS", "all_formats", "builtin_formats", "deck_rules",
           "get_format", "in_use", "own_formats", "use"]

FORMATS_DIR = Path(__file__).resolve().parent
# The order formats are listed and answered in for format=all; a team format
# comes after the formats its decks refer to.
ORDER = ("unlimited", "modified", "sealed", "booster-draft", "rochester-draft",
         "team-multiplay", "team-battle", "2v2-casual", "partner-battles", "standard",
         "expanded", "glc")


@functools.cache
def own_formats() -> FormatSet:
    """deckjudge's own formats, as the files beside this module give them (read once)."""
    return read_formats(FORMATS_DIR, ORDER)


_in_use: FormatSet | None = None  # set by `use`; None: deckjudge's own formats alone


def in_use() -> FormatSet:
    """The formats judged in now."""
    return _in_use if _in_use is not None else own_formats()


def use(formats: FormatSet | None) -> None:
    """Judge in `formats` from now on (None: deckjudge's own formats alone)."""
    global _in_use
    _in_use = formats


def all_formats() -> dict[str, Format]:
    """Every format: deckjudge's own, then the deployment's."""
    return in_use().every


def builtin_formats() -> dict[str, Format]:
    """deckjudge's own formats."""
    return in_use().own


def get_format(format_id: str) -> Format:
    """The format with this id; KeyError when none has it (validators.targets words that for
    a request: UnknownFormat)."""
    return in_use().every[format_id]


def deck_rules(fmt: Format, play: str | None = None) -> DeckRules:
    """The rules one deck is checked against: the format's own, or a team play's."""
    if isinstance(fmt, DeckRules):
        return fmt
    return fmt.plays[play or CONSTRUCTED].deck
