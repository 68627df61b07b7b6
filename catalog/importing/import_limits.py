"""What one catalog import may cost: every limit on a source's size, shape and time.

A catalog source may be hostile or broken (a URL anyone can serve, an archive from
elsewhere), so each is refused past these, with an error naming the file and the limit,
and the catalog loaded stays. Each is far above the real data; the figures in comments
are pokemon-tcg-data's English files at commit 4e0f8e4 (2026-02-01) and TCGdex's
cards-database at commit d9083b7 (2026-08-21), and docs/catalog.md ("Limits of an
import") lists them all. An import of both sources spends one budget of bytes and time.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

MIB = 1024 * 1024

# Bytes of every layout file read from the sources, together (pokemon-tcg-data: 26,189,408,
# sets/en.json and 172 card files, an archive's decks/en adding 491,326; TCGdex: 44,861,956,
# its 23,881 data files).
MAX_SOURCE_BYTES = 256 * MIB
# Bytes of one layout file (457,617: cards/en/me2pt5.json; TCGdex's largest: 5,393).
MAX_FILE_BYTES = 8 * MIB
# Bytes of an archive, downloaded or on disk (pokemon-tcg-data's pinned mirror's .tar.gz,
# with six more languages: 12,818,117; TCGdex's snapshot: 13,275,960).
MAX_ARCHIVE_BYTES = 128 * MIB
# Bytes an archive inflates to (the mirror's: 174,346,240; TCGdex's: 64,801,075).
MAX_INFLATED_BYTES = 512 * MIB
# Members of an archive, or entries under a directory source (the mirror's: 855, folders
# included; TCGdex's: 42,908, its Asian releases included).
MAX_ARCHIVE_MEMBERS = 250_000
# Sets of a source (pokemon-tcg-data's sets/en.json: 172; TCGdex: 242 set files).
MAX_SETS = 1_000
# Cards in one set (304: cards/en/swshp.json; TCGdex: 331, Mega Rising of TCG Pocket).
MAX_SET_CARDS = 2_000
# Cards of a source, and of the catalog made of both (pokemon-tcg-data: 20,106; TCGdex:
# 23,639 card files; the catalog: see docs/catalog-sources.md).
MAX_CARDS = 100_000
# Characters of a name or label: a card's, a set's, an attack's, an ability's, a Type, a
# subtype, a damage or Weakness value (51: the name of pl2-95). The name columns hold 128.
MAX_NAME_CHARS = 128
# Characters of a text: an attack's, an ability's, an Ancient Trait's, a rule (629: an
# ability of dp7-96).
MAX_TEXT_CHARS = 4_000
# Items of one list on a card: attacks, abilities, rules, Types, subtypes, costs,
# Weaknesses, Resistances, legalities (5: the rules of sv6-164, the retreat cost of ex3-91).
MAX_LIST_ITEMS = 32
# Languages of one text written by language, in TCGdex (7 on the 2026 sets; interfaces.d.ts
# declares 18).
MAX_LANGUAGES = 32
# Hosts the cards' pictures come from (2: images.pokemontcg.io, images.pokedata.ovh); the
# organizer page's Content-Security-Policy names each.
MAX_IMAGE_ORIGINS = 16
# Seconds an import may take, reading, checking and writing: many times what a full import
# from a directory into SQLite takes (docs/performance.md, *Import and index*);
# CATALOG_IMPORT_SECONDS overrides it.
IMPORT_SECONDS = 600.0
# The share of the loaded catalog's cards an import may lose without --force.
MAX_SHRINK = 0.2

SECONDS_ENV = "CATALOG_IMPORT_SECONDS"


@dataclass(frozen=True)
class ImportLimits:
    """The limits of one import: the constants above unless a caller narrows them."""

    seconds: float = IMPORT_SECONDS
    source_bytes: int = MAX_SOURCE_BYTES
    file_bytes: int = MAX_FILE_BYTES
    archive_bytes: int = MAX_ARCHIVE_BYTES
    inflated_bytes: int = MAX_INFLATED_BYTES
    archive_members: int = MAX_ARCHIVE_MEMBERS
    sets: int = MAX_SETS
    set_cards: int = MAX_SET_CARDS
    cards: int = MAX_CARDS
    shrink: float = MAX_SHRINK

    @classmethod
    def from_environ(cls) -> ImportLimits:
        """The limits, with the deadline CATALOG_IMPORT_SECONDS sets when it is set."""
        configured = os.environ.get(SECONDS_ENV)
        if not configured:
            return cls()
        try:
            seconds = float(configured)
        except ValueError:
            seconds = 0.0
        if not 0 < seconds < float("inf"):
            raise ValueError(f"{SECONDS_ENV} must be a number of seconds above 0, "
                             f"not {configured!r}")
        return cls(seconds=seconds)
