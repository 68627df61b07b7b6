"""Import a catalog from its sources into the SQL catalog, atomically.

Each source's reader (catalog/importing/ptcg_data.py, catalog/importing/tcgdex_data.py)
reads and checks its files; catalog/importing/merging.py makes one catalog of them; this
module adds deckjudge's own data, decides which printings are one card over the whole
catalog, and writes. Everything is read, checked and transformed before the first write;
the write replaces the whole catalog in one transaction, so a failed or killed import
(even kill -9) leaves the previous catalog serving, whole.  An import of data whose
checksum matches the loaded catalog is skipped.  A source past one of the limits of
catalog/importing/import_limits.py (sizes, counts, the length of a name or text, the
deadline), or that would lose more than a fifth of the loaded catalog's cards, is refused.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine, delete, insert, select
from sqlalchemy.orm import Session

from catalog import gameplay
from catalog.data_files import IDENTITY_PATH, SET_CODES_PATH, SUPPLEMENT_PATH, TCGDEX_PATH
from catalog.db import has_schema, removed_if_failed, upgrade
from catalog.image_urls import origin
from catalog.importing import (
    deciding,
    japan_data,
    linking,
    merging,
    ptcg_data,
    sources,
    tcgdex_data,
)
from catalog.importing.fields import CatalogImportError, check_unique, refuse_count
from catalog.importing.import_limits import MAX_IMAGE_ORIGINS, ImportLimits
from catalog.importing.local_names import japanese_name_rows, local_name_rows
from catalog.importing.locations import Budget, Progress, SourceError
from catalog.models import (
    INTERNATIONAL,
    Card,
    CatalogImport,
    CatalogMeta,
    JapaneseCard,
    LocalName,
    Set,
    SetCode,
)

# Bump when the transformation changes, so `make run` re-imports unchanged data.
IMPORT_VERSION = "13"
# Sets printed as a gallery or vault inside another set share its code but
# come second when a code must name one set.
_SUBSET_MARKERS = ("Gallery", "Shiny Vault", "Classic Collection")
_BATCH = 1000


@dataclass
class Catalog:
    """A catalog read and transformed, ready to write."""

    source: str
    checksum: str
    sets: list[dict[str, Any]] = field(default_factory=list)
    set_codes: list[dict[str, Any]] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)
    # The cards' names in other languages, folded (models.LocalName), from `cards`' names.
    local_names: list[dict[str, Any]] = field(default_factory=list)
    # How the two sources were merged, when both were read: where they differ, and the
    # TCGdex printings the catalog does not take (catalog/importing/merging.py).
    merged: merging.Merged | None = None
    # The values read otherwise than a source spells them (catalog/importing/deciding.py).
    readings: list[deciding.Reading] = field(default_factory=list)
    # Japan's printings (models.JapaneseCard), each linked to its international printing
    # where one is (catalog/importing/linking.py); their sets are among `sets`.
    japanese_cards: list[dict[str, Any]] = field(default_factory=list)
    # What of TCGdex's data-asia was read, and each Japanese set's matching sets.
    japan: japan_data.Japan | None = None
    links: linking.Links | None = None

    @property
    def international_sets(self) -> int:
        return sum(1 for row in self.sets if row.get("region", INTERNATIONAL) == INTERNATIONAL)

    @property
    def supplement_count(self) -> int:
        return sum(1 for card in self.cards if card["source"] == "supplement")

    @property
    def image_origins(self) -> list[str]:
        """Where the cards' pictures are served from (https://host[:port]), for a page's
        Content-Security-Policy: worked out here once, rather than by reading every URL
        back from the database (speed trick "image origins at import": docs/performance.md)."""
        return sorted({origin(url) for card in self.cards
                       for url in (card["image_small"], card["image_large"]) if url})


@dataclass(frozen=True)
class ImportResult:
    skipped: bool
    source: str
    checksum: str
    set_count: int
    card_count: int
    supplement_count: int
    japanese_count: int = 0  # Japan's printings (models.JapaneseCard)


def import_catalog(engine: Engine, location: str, *, force: bool = False,
                   progress: Progress | None = None,
                   limits: ImportLimits | None = None) -> ImportResult:
    """Read `location`, then replace the catalog in one transaction (skipped if unchanged).

    Refused past any of `limits`, and when the catalog would lose more than their share
    of the loaded one's cards, unless `force` (which also imports unchanged data). A new
    database gets its schema only once the catalog is read and checked, and a new SQLite
    file is taken away again if the write fails: a failed import leaves nothing new."""
    progress = progress or (lambda _stage, _done, _total: None)
    budget = Budget(limits)
    try:
        raw = read_raw(location, progress, budget)
        if has_schema(engine):
            upgrade(engine)  # the loaded catalog's metadata, read as the models have it
        current = loaded_meta(engine)
        if current is not None and current.checksum == raw.checksum and not force:
            return ImportResult(True, raw.source, raw.checksum, current.set_count,
                                current.card_count, current.supplement_count)
        catalog = transform(raw, budget)
        if current is not None and not force:
            _refuse_shrinking(catalog, current, budget.limits.shrink)
        with removed_if_failed(engine):
            upgrade(engine)
            write_catalog(engine, catalog, progress, budget)
    except SourceError as error:
        raise CatalogImportError(str(error)) from None
    return ImportResult(False, catalog.source, catalog.checksum, catalog.international_sets,
                        len(catalog.cards), catalog.supplement_count,
                        len(catalog.japanese_cards))


def _refuse_shrinking(catalog: Catalog, current: CatalogMeta, share: float) -> None:
    """A catalog that loses more than `share` of the loaded one's cards is likely a broken
    source (a set file emptied, a truncated archive): it takes --force."""
    had, has = current.card_count, len(catalog.cards)
    if has < had * (1 - share):
        raise CatalogImportError(
            f"{catalog.source}: the new catalog has {has:,} cards where the loaded one has "
            f"{had:,}, {1 - has / had:.0%} fewer, more than the {share:.0%} an import may "
            f"drop; if the source is right, import it with --force")


@dataclass
class RawSources:
    """What every source of an import holds, read and parsed, and one checksum of it all."""

    source: str
    checksum: str
    ptcg: ptcg_data.RawCatalog | None
    tcgdex: tcgdex_data.RawTcgdex | None


def read_raw(location: str, progress: Progress, budget: Budget | None = None) -> RawSources:
    """Read every file of the sources `location` names and hash them with deckjudge's own
    data files, within the budget's limits and by its deadline."""
    spending = budget or Budget()
    named = sources.parse(location)
    digest = hashlib.sha256(f"deckjudge-import-{IMPORT_VERSION}\n".encode())
    for own in (SUPPLEMENT_PATH, SET_CODES_PATH, IDENTITY_PATH, TCGDEX_PATH):
        digest.update(own.read_bytes())

    def read_all() -> RawSources:
        ptcg = tcgdex = None
        if named.ptcg:
            ptcg = ptcg_data.read(named.ptcg, progress, spending, digest)
        if named.tcgdex:
            tcgdex = tcgdex_data.read(named.tcgdex, progress, spending, digest)
        description = ",".join(raw.source for raw in (ptcg, tcgdex) if raw is not None)
        return RawSources(description, digest.hexdigest(), ptcg, tcgdex)

    return spending.run(read_all, location)


def transform(raw: RawSources, budget: Budget | None = None) -> Catalog:
    """Check every set and card and compute their rows, identity included."""
    budget = budget or Budget()
    catalog = Catalog(source=raw.source, checksum=raw.checksum)
    if raw.ptcg is not None:
        catalog.sets, catalog.cards = ptcg_data.rows(raw.ptcg, budget)
        check_unique((c["id"] for c in catalog.cards), "cards/en", "card")
    if raw.tcgdex is not None:
        both = merging.merged(catalog.sets, catalog.cards,
                              tcgdex_data.sets(raw.tcgdex, budget))
        catalog.sets, catalog.cards = both.sets, both.cards
        catalog.merged = both
        refuse_count(raw.source, "cards", len(catalog.cards), budget.limits.cards, "a catalog")
        check_unique((c["id"] for c in catalog.cards), raw.source, "card")
    _add_supplement(catalog, json.loads(SUPPLEMENT_PATH.read_bytes()))
    catalog.readings = deciding.read_marks(catalog.cards)
    refuse_count("cards/en", "hosts of the cards' pictures", len(catalog.image_origins),
                 MAX_IMAGE_ORIGINS, "the organizer page's Content-Security-Policy")
    # Which printings are one card is decided over the whole catalog (catalog.gameplay).
    released = {s["id"]: s["release_date"].isoformat() if s["release_date"] else None
                for s in catalog.sets}
    budget.check_time("cards/en")
    gameplay.assign_function_keys(catalog.cards, released)
    for row in catalog.sets:  # each source's sets are released internationally
        row.setdefault("region", INTERNATIONAL)
    catalog.set_codes = _set_codes(catalog.sets, json.loads(SET_CODES_PATH.read_bytes()))
    catalog.local_names = local_name_rows(catalog.cards)
    if raw.tcgdex is not None and raw.tcgdex.asia is not None:
        _add_japan(catalog, raw.tcgdex.asia, budget)
    return catalog


def _add_japan(catalog: Catalog, asia: tcgdex_data.RawTcgdex, budget: Budget) -> None:
    """Japan's sets and printings, each printing linked to its international printing, and
    their names in the languages of their Asian releases beside the others."""
    budget.check_time("data-asia/")
    japan = japan_data.read(asia, budget)
    catalog.links = linking.link(japan, catalog.cards, catalog.sets)
    catalog.japan = japan
    catalog.sets.extend(japanese.row for japanese in japan.sets)
    catalog.japanese_cards = [printing.row for japanese in japan.sets
                              for printing in japanese.cards]
    refuse_count(catalog.source, "Japanese printings", len(catalog.japanese_cards),
                 budget.limits.cards, "a catalog")
    japanese = japanese_name_rows(catalog.japanese_cards,
                                  {card["id"]: card["name"] for card in catalog.cards})
    catalog.local_names = list({(row["key"], row["language"], row["english_key"]): row
                                for row in catalog.local_names + japanese}.values())


def _add_supplement(catalog: Catalog, data: dict[str, Any]) -> None:
    """Cards tournament rules name but the upstream data lacks (the movie promo Ancient Mew),
    written in pokemon-tcg-data's fields."""
    where = f"catalog/data/{SUPPLEMENT_PATH.name}"
    known = {s["id"] for s in catalog.sets}
    for index, raw in enumerate(data["sets"]):
        if raw["id"] not in known:
            catalog.sets.append(ptcg_data.set_row(raw, index, "supplement"))
            known.add(raw["id"])
    card_ids = {c["id"] for c in catalog.cards}
    for index, raw in enumerate(data["cards"]):
        if raw["id"] in card_ids:
            continue  # upstream has it now: its data wins
        set_id = raw["id"].rsplit("-", 1)[0]
        if set_id not in known:
            raise CatalogImportError(f"{where}: card {raw['id']!r} has no set")
        catalog.cards.append(ptcg_data.card_row(raw, set_id, where, index, "supplement"))


def _set_codes(sets: list[dict[str, Any]], table: dict[str, Any]) -> list[dict[str, Any]]:
    """The data's ptcgoCode of every set, plus the codes other tools write, in priority order."""
    rows: dict[tuple[str, str], dict[str, Any]] = {}
    for row in sets:
        code = (row["ptcgo_code"] or "").upper()
        if code:
            subset = any(marker in row["name"] for marker in _SUBSET_MARKERS)
            rows[code, row["id"]] = {"code": code, "set_id": row["id"], "origin": "ptcgo",
                                     "priority": 1 if subset else 0}
    known = {row["id"] for row in sets}
    for alias in table["aliases"]:
        code = alias["code"].upper()
        for priority, set_id in enumerate(alias["sets"]):
            if set_id in known and (code, set_id) not in rows:
                rows[code, set_id] = {"code": code, "set_id": set_id, "origin": "alias",
                                      "priority": priority}
    return list(rows.values())


def write_catalog(engine: Engine, catalog: Catalog, progress: Progress,
                  budget: Budget | None = None) -> None:
    """Replace the whole catalog in one transaction: readers see the old one until commit
    (and keep it when the budget's deadline passes first)."""
    with engine.begin() as connection:
        had = set(connection.execute(select(Set.id)).scalars())
        connection.execute(delete(LocalName))
        connection.execute(delete(JapaneseCard))
        connection.execute(delete(Card))
        connection.execute(delete(SetCode))
        connection.execute(delete(Set))
        connection.execute(delete(CatalogMeta))
        connection.execute(insert(Set), catalog.sets)
        connection.execute(insert(SetCode), catalog.set_codes)
        if catalog.local_names:
            connection.execute(insert(LocalName), catalog.local_names)
        total = len(catalog.cards)
        for start in range(0, total, _BATCH):
            if budget is not None:
                budget.check_time("writing the catalog")
            connection.execute(insert(Card), catalog.cards[start:start + _BATCH])
            progress("write", min(start + _BATCH, total), total)
        for start in range(0, len(catalog.japanese_cards), _BATCH):
            if budget is not None:
                budget.check_time("writing the catalog")
            connection.execute(insert(JapaneseCard),
                               catalog.japanese_cards[start:start + _BATCH])
        now = dt.datetime.now(dt.UTC)
        added = [row["id"] for row in catalog.sets if row["id"] not in had]
        if had and added:  # a first import adds every set: no news
            connection.execute(insert(CatalogImport), [{
                "version": catalog.checksum[:16], "imported_at": now,
                "source": catalog.source[:512], "sets": added}])
        connection.execute(insert(CatalogMeta), [{
            "id": 1,
            "source": catalog.source[:512],
            "checksum": catalog.checksum,
            "version": catalog.checksum[:16],
            "imported_at": now,
            "set_count": catalog.international_sets,
            "card_count": len(catalog.cards),
            "supplement_count": catalog.supplement_count,
            "image_origins": catalog.image_origins,
        }])


def loaded_meta(engine: Engine) -> CatalogMeta | None:
    """The metadata of the loaded catalog, or None when none is loaded."""
    if not has_schema(engine):
        return None
    with Session(engine) as session:
        return session.scalars(select(CatalogMeta)).first()
