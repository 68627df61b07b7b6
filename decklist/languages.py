"""The language a list is written in, detected from its lines, and its lines read in it.

Players write card names as printed in their language ("4 Damián SVI 166", "2 Glurak BS 4").
A list is read in English first, as every English list is, so an English list costs and
answers exactly what it did. When lines are left unknown, the names and set abbreviations of
those lines are looked up among the catalog's names in other languages (TCGdex's): each line
votes for every language a name or abbreviation of it is written in, and the language with
the most votes is the list's. Its lines are then read again with that language's names and
abbreviations beside the English ones (decklist.resolver: a name that is another card's in
either is ambiguous, with candidates), and a line still unknown with every language's, so a
list mixing languages resolves line by line.

Section headers are no evidence: the localized PTCG Live clients write English card names
under headers in the player's language ("Energie", "Dresseur :").

A request may say its language (`lang`): "en" reads English alone; another is read as
detected would be, without the detection.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from catalog.index import ANY, CatalogIndex
from catalog.names import LANGUAGE_NAMES, search_key
from decklist.parsed import Entry, InLanguage, Reference
from decklist.reference import readings_of
from decklist.resolver import (
    BY_REFERENCE,
    RESOLUTIONS,
    UNKNOWN,
    Resolution,
    ResolvedLine,
    resolution_of,
    resolve,
)

ENGLISH = "en"
LANGUAGES = LANGUAGE_NAMES  # the languages a list may be read in, by code, with their names
# Ties between languages go to the one with more players' lists in the data: the order of
# TCGdex's coverage of the international sets (fr, de, it, es, pt).
_ORDER = tuple(LANGUAGES)


def read_lines(index: CatalogIndex, entries: list[Entry],
               language: str | None = None) -> tuple[list[ResolvedLine], str]:
    """The lines resolved, and the language they were read in: `language` when the request
    says it, else the one detected (ENGLISH when every line reads in English)."""
    lines = resolve(index, entries)
    if language == ENGLISH:
        return lines, ENGLISH
    if language is None:
        unknown = [line.entry for line in lines if line.resolution.status == UNKNOWN]
        language = detected(index, unknown) if unknown else None
        if language is None:
            return lines, ENGLISH
    resolved = index.caches.memo(resolution_of, RESOLUTIONS)
    return [_in(resolved, line, language) for line in lines], language


def _in(resolved: Callable[[Reference], Resolution], line: ResolvedLine,
        language: str) -> ResolvedLine:
    """The line read in `language`, else in any; as it was when that reads it alike (its
    answers kept by its own reference then, shared with every English list)."""
    written = line.entry.reference
    if isinstance(written, InLanguage):  # read in a language already
        return line
    reference = InLanguage(written, language)
    resolution = resolved(reference)
    if resolution.status == UNKNOWN:
        anywhere = InLanguage(written, ANY)
        found = resolved(anywhere)
        if found.status != UNKNOWN:
            reference, resolution = anywhere, found
        # else unknown in the list's language: its suggestions are sought among its names
    elif resolution.status == line.resolution.status and \
            resolution.printings == line.resolution.printings:
        return line
    return ResolvedLine(line.entry._replace(reference=reference), resolution)


def detected(index: CatalogIndex, entries: Sequence[Entry]) -> str | None:
    """The language most of these lines' names and set abbreviations are written in, or
    None when none is another language's."""
    votes: Counter[str] = Counter()
    written_in = index.caches.memo(languages_of, BY_REFERENCE)
    for entry in entries:
        votes.update(written_in(entry.reference))
    if not votes:
        return None
    return max(votes, key=lambda language: (votes[language], -_rank(language)))


def languages_of(index: CatalogIndex, reference: Reference) -> frozenset[str]:
    """Every language a name (that is no English card's) or set abbreviation of the line is
    written in. Remembered per index and reference, as its resolution is
    (speed trick "a line's languages remembered": docs/performance.md)."""
    found: set[str] = set()
    for candidate in readings_of(reference):
        key = search_key(candidate.name) if candidate.name else ""
        if key and key not in index.by_name:  # an English name is no sign of another tongue
            found.update(index.languages_named(key))
        if candidate.set_code:
            found.update(language for language, _ in
                         index.local_codes.get(candidate.set_code.upper(), ()))
    return frozenset(found)


def _rank(language: str) -> int:
    return _ORDER.index(language) if language in _ORDER else len(_ORDER)
