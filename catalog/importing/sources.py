"""Which sources of card data an import reads: pokemon-tcg-data, TCGdex, or both.

A location names one source or several, separated by commas: each a directory, an archive
or an http(s) URL, with its kind written before it (`tcgdex=…`, `pokemon-tcg-data=…`) or
told from it: a directory holding `interfaces.d.ts`, or a name holding `cards-database`
or `tcgdex`, is TCGdex; anything else is pokemon-tcg-data. One of each kind at most.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from catalog.importing import ptcg_data, tcgdex_data
from catalog.importing.fields import CatalogImportError

PTCG, TCGDEX = "pokemon-tcg-data", "tcgdex"
KINDS = (PTCG, TCGDEX)
# GitHub's archive of TCGdex's repository is named for it (cards-database-<ref>.tar.gz).
_TCGDEX_HINTS = ("cards-database", "tcgdex")


@dataclass(frozen=True)
class Sources:
    """The location of each source an import reads (None: not read)."""

    ptcg: str | None
    tcgdex: str | None

    @property
    def description(self) -> str:
        return ",".join(f"{kind}={where}" for kind, where in
                        ((PTCG, self.ptcg), (TCGDEX, self.tcgdex)) if where)


def parse(location: str) -> Sources:
    found: dict[str, str] = {}
    for part in (piece.strip() for piece in location.split(",")):
        if not part:
            continue
        kind, _, rest = part.partition("=")
        if kind in KINDS and rest:
            where = rest.strip()
        else:
            kind, where = _kind_of(part), part
        if kind in found:
            raise CatalogImportError(f"{location}: names two {kind} sources; an import reads "
                                     "one of each kind")
        found[kind] = where
    if not found:
        raise CatalogImportError("no catalog source given")
    return Sources(found.get(PTCG), found.get(TCGDEX))


def _kind_of(location: str) -> str:
    path = Path(location).expanduser()
    if "://" not in location and path.is_dir():
        return TCGDEX if (path / tcgdex_data.MARKER).is_file() else PTCG
    name = location.rstrip("/").rsplit("/", 1)[-1].lower()
    lowered = location.lower()
    if any(hint in name for hint in _TCGDEX_HINTS) or "/tcgdex/" in lowered:
        return TCGDEX
    return PTCG


def default_source(project_root: Path) -> str:
    """CATALOG_SOURCE; else both sources from ../shared beside the project (each where it is
    there); else both upstream repositories (docs/catalog-sources.md)."""
    configured = os.environ.get("CATALOG_SOURCE")
    if configured:
        return configured
    shared = project_root.parent / "shared"
    ptcg = shared / "pokemon-tcg-data"
    ptcg_where = str(ptcg) if (ptcg / ptcg_data.SETS_PATH).is_file() else ptcg_data.UPSTREAM_URL
    tcgdex = shared_tcgdex(shared / "tcgdex")
    return Sources(ptcg_where, str(tcgdex) if tcgdex else tcgdex_data.UPSTREAM_ARCHIVE
                   ).description


def shared_tcgdex(folder: Path) -> Path | None:
    """TCGdex's snapshot in a folder: a checkout (holding interfaces.d.ts), else the newest
    newest of GitHub's archives of it there (cards-database-<commit>.tar.gz) by mtime."""
    if (folder / tcgdex_data.MARKER).is_file():
        return folder
    archives = sorted(folder.glob("cards-database-*.tar.gz"),
                      key=lambda path: path.stat().st_mtime)
    return archives[-1] if archives else None
