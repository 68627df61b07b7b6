"""The formats deckjudge judges in: its own, read whole from a rules bundle (the files
beside this module, or the one `flask formats update` wrote: validators.rules_bundles), and
a deployment's (validators.deployed), listed after them.

The process judges in one FormatSet at a time: deckjudge's own formats as the shipped files
give them, read when first asked for, until another set is put in their place (`use`). The
set is a frozen value, swapped whole, and a request pins the one it was given (`pin`), so
it reads one set from start to end.
"""

from __future__ import annotations

import functools
from contextvars import ContextVar
from pathlib import Path

from validators.formats.bundle import read_bundle
from validators.formats.reader import directory_files
from validators.records import CONSTRUCTED, PLAYS, DeckRules, Format, FormatSet

__all__ = ["FORMATS_DIR", "ORDER", "PLAYS", "SHIPPED", "all_formats", "builtin_formats",
           "deck_rules", "get_format", "in_use", "own_formats", "pin", "use"]

FORMATS_DIR = Path(__file__).resolve().parent
# The order formats are listed and answered in for format=all; a team format
# comes after the formats its decks refer to.
ORDER = ("unlimited", "modified", "sealed", "booster-draft", "rochester-draft",
         "team-multiplay", "team-battle", "2v2-casual", "partner-battles", "standard",
         "expanded", "glc")


SHIPPED = "deckjudge's own files"  # the source the files beside this module are named by


@functools.cache
def own_formats() -> FormatSet:
    """deckjudge's own formats, as the files beside this module give them (read once)."""
    return read_bundle(directory_files(FORMATS_DIR, ORDER), ORDER, SHIPPED)


_in_use: FormatSet | None = None  # set by `use`; None: deckjudge's own formats alone
# The set one request judges in from start to end, though the process swaps to another
# meanwhile (api.middleware.store pins the one it was given with the catalog's index).
_pinned: ContextVar[FormatSet | None] = ContextVar("pinned_formats", default=None)


def in_use() -> FormatSet:
    """The formats judged in now: those pinned in this context, else the process's."""
    pinned = _pinned.get()
    if pinned is not None:
        return pinned
    return _in_use if _in_use is not None else own_formats()


def use(formats: FormatSet | None) -> None:
    """Judge in `formats` from now on (None: deckjudge's own formats alone)."""
    global _in_use
    _in_use = formats


def pin(formats: FormatSet | None) -> None:
    """Judge in `formats` in this context (a request's), whatever the process swaps to;
    None: in the process's again."""
    _pinned.set(formats)


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
