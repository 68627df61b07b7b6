"""A rules bundle: the files of deckjudge's own formats (one a format, and seasons.json), as
shipped beside validators.formats or as `flask formats update` reads them from a pinned
location into the database, stamped like a catalog: a sha256 of its files and a version
made of it.

A bundle is used whole or not at all: one that cannot be read, is out of schema, contradicts
itself (validators.formats.reader refuses those) or names cards the catalog lacks is
refused with BundleError, which says which file and why.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

from catalog.index import CatalogIndex
from validators.formats.reader import SEASONS_FILE, FormatDataError, file_names, read_files
from validators.records import DeckRules, FormatSet

# A bundle's stamp is its checksum's first characters, as a catalog's is
# (catalog.importing.importer).
VERSION_LENGTH = 16


class BundleError(ValueError):
    """A rules bundle that cannot be used; the message names the file and why."""


def checksum(files: Mapping[str, bytes]) -> str:
    """The sha256 of a bundle's files, each hashed with its name, in order of name."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\n" + files[name] + b"\n")
    return digest.hexdigest()


def read_bundle(files: Mapping[str, bytes], order: tuple[str, ...], source: str,
                index: CatalogIndex | None = None) -> FormatSet:
    """The formats of a bundle, stamped; with `index`, held to naming only its cards.
    BundleError when the bundle cannot be used."""
    extra = sorted(set(files) - set(file_names(order)))
    if extra:
        raise BundleError(f"{source}: {extra[0]} is no file of a rules bundle (its files: "
                          f"{', '.join(file_names(order))})")
    try:
        formats = read_files(files, order, source)
    except (FormatDataError, ValueError) as error:
        raise BundleError(str(error)) from None
    if index is not None:
        _check_cards(formats, index, source)
    digest = checksum(files)
    return FormatSet(formats.own, formats.lineages, version=digest[:VERSION_LENGTH],
                     checksum=digest, source=source)


def _check_cards(formats: FormatSet, index: CatalogIndex, source: str) -> None:
    for format_id, rules, where in _every_rules(formats):
        named = [*(ban.card for ban in rules.banned if ban.card),
                 *(kept.card for kept in rules.restricted), *rules.watchlisted]
        missing = [card for card in named if index.card(card) is None]
        if missing:
            raise BundleError(f"{source}/{where}: {format_id} names {missing[0]!r}, a card "
                              f"the catalog ({index.version}) lacks")


def _every_rules(formats: FormatSet) -> list[tuple[str, DeckRules, str]]:
    found = [(format_id, rules, f"{format_id}.json") for format_id, rules in formats.own.items()
             if isinstance(rules, DeckRules)]
    for lineage in dict.fromkeys(formats.lineages.values()):
        found += [(season.id, season.rules, SEASONS_FILE) for season in lineage.seasons]
    return found
