"""Import a catalog in the pokemon-tcg-data layout into the SQL catalog, atomically.

Everything is read, checked and transformed before the first write; the
write replaces the whole catalog in one transaction, so a failed or killed
import (even kill -9) leaves the previous catalog serving, whole.  An
import of data whose checksum matches the loaded catalog is skipped.  A
source past one of the limits of catalog/import_limits.py (sizes, counts,
the length of a name or text, the deadline), or that would lose more than a
fifth of the loaded catalog's cards, is refused.
"""

from __future__ import annotations

import datetime as dt
import functools
import hashlib
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, Integer, String, delete, insert, select
from sqlalchemy.orm import Session

from catalog import gameplay, identity
from catalog.db import has_schema, removed_if_failed, upgrade
from catalog.image_urls import image_url, origin
from catalog.import_limits import (
    MAX_IMAGE_ORIGINS,
    MAX_LIST_ITEMS,
    MAX_NAME_CHARS,
    MAX_TEXT_CHARS,
    ImportLimits,
)
from catalog.limits import parse_limits
from catalog.models import Base, Card, CatalogMeta, Set, SetCode
from catalog.numbers import number_sort_key
from catalog.source import SETS_PATH, Budget, SourceError, card_path, open_source

# Bump when the transformation changes, so `make run` re-imports unchanged data.
IMPORT_VERSION = "7"
DATA_DIR = Path(__file__).resolve().parent / "data"
SUPPLEMENT_PATH = DATA_DIR / "supplement.json"
SET_CODES_PATH = DATA_DIR / "set_codes.json"
SUPERTYPES = {identity.POKEMON, identity.TRAINER, identity.ENERGY}
# Sets printed as a gallery or vault inside another set share its code but
# come second when a code must name one set.
_SUBSET_MARKERS = ("Gallery", "Shiny Vault", "Classic Collection")
_BATCH = 1000
# What a string field may hold, and what the error calls it.
_NAME = (MAX_NAME_CHARS, "a name")
_TEXT = (MAX_TEXT_CHARS, "a text")
_INT_RANGE = range(-2**31, 2**31)  # an integer column's, on PostgreSQL

Progress = Callable[[str, int, int], None]


class CatalogImportError(Exception):
    """The source data is bad; the message names the file and the card."""


@dataclass
class Catalog:
    """A catalog read and transformed, ready to write."""

    source: str
    checksum: str
    sets: list[dict[str, Any]] = field(default_factory=list)
    set_codes: list[dict[str, Any]] = field(default_factory=list)
    cards: list[dict[str, Any]] = field(default_factory=list)

    @property
    def supplement_count(self) -> int:
        return sum(1 for card in self.cards if card["source"] == "supplement")

    @property
    def image_origins(self) -> list[str]:
        """Where the cards' pictures are served from (https://host[:port]), for a page's
        Content-Security-Policy: worked out here once, where reading every URL back
        from the database took 110 ms (SQLite, full catalog)."""
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
    return ImportResult(False, catalog.source, catalog.checksum, len(catalog.sets),
                        len(catalog.cards), catalog.supplement_count)


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
class RawCatalog:
    """The bytes of every layout file of a source, in layout order, and their checksum."""

    source: str
    checksum: str
    sets: Any
    card_files: list[tuple[str, str, bytes]]  # (set id, layout path, bytes)


def read_raw(location: str, progress: Progress, budget: Budget | None = None) -> RawCatalog:
    """Read every file of a source (plus deckjudge's own data files) and hash them, within
    the budget's limits and by its deadline."""
    spending = budget or Budget()
    return spending.run(lambda: _read_files(location, progress, spending), location)


def _read_files(location: str, progress: Progress, budget: Budget) -> RawCatalog:
    digest = hashlib.sha256(f"deckjudge-import-{IMPORT_VERSION}\n".encode())
    for own in (SUPPLEMENT_PATH, SET_CODES_PATH, gameplay.OVERRIDES_PATH):
        digest.update(own.read_bytes())
    try:
        with open_source(location, budget) as source:
            sets_body = source.read(SETS_PATH)
            digest.update(SETS_PATH.encode() + b"\n" + sets_body)
            raw_sets = _load_json(sets_body, SETS_PATH)
            if not isinstance(raw_sets, list):
                raise CatalogImportError(f"{SETS_PATH}: expected a list of sets")
            _refuse_count(SETS_PATH, "sets", len(raw_sets), budget.limits.sets, "a catalog")
            set_ids = [_require(raw, "id", f"{SETS_PATH}: set #{index + 1}")
                       for index, raw in enumerate(raw_sets)]
            _check_unique(set_ids, SETS_PATH, "set")
            paths = [card_path(set_id) for set_id in set_ids]
            files = []
            for done, (path, body) in enumerate(source.read_many(paths), start=1):
                digest.update(path.encode() + b"\n" + body)
                files.append((set_ids[done - 1], path, body))
                progress("read", done, len(paths))
            description = source.description
    except SourceError as error:
        raise CatalogImportError(str(error)) from None
    return RawCatalog(description, digest.hexdigest(), raw_sets, files)


def transform(raw: RawCatalog, budget: Budget | None = None) -> Catalog:
    """Check every set and card and compute their rows, identity included."""
    budget = budget or Budget()
    limits = budget.limits
    catalog = Catalog(source=raw.source, checksum=raw.checksum)
    catalog.sets = [_set_row(item, index, "upstream") for index, item in enumerate(raw.sets)]
    for set_id, path, body in raw.card_files:
        budget.check_time(path)
        raw_cards = _load_json(body, path)
        if not isinstance(raw_cards, list):
            raise CatalogImportError(f"{path}: expected a list of cards")
        _refuse_count(path, "cards", len(raw_cards), limits.set_cards, "one set")
        _refuse_count(path, "cards with the sets before it", len(catalog.cards) + len(raw_cards),
                      limits.cards, "a catalog")
        catalog.cards.extend(_card_row(item, set_id, path, index, "upstream")
                             for index, item in enumerate(raw_cards))
    _check_unique((c["id"] for c in catalog.cards), "cards/en", "card")
    _add_supplement(catalog, json.loads(SUPPLEMENT_PATH.read_bytes()))
    _refuse_count("cards/en", "hosts of the cards' pictures", len(catalog.image_origins),
                  MAX_IMAGE_ORIGINS, "the organizer page's Content-Security-Policy")
    # Which printings are one card is decided over the whole catalog (catalog.gameplay).
    released = {s["id"]: s["release_date"].isoformat() if s["release_date"] else None
                for s in catalog.sets}
    budget.check_time("cards/en")
    gameplay.assign_function_keys(catalog.cards, released)
    catalog.set_codes = _set_codes(catalog.sets, json.loads(SET_CODES_PATH.read_bytes()))
    return catalog


def _refuse_count(where: str, what: str, count: int, cap: int, of: str) -> None:
    if count > cap:
        raise CatalogImportError(f"{where}: {count:,} {what}, more than {cap:,}, the limit "
                                 f"of {of}")


def _load_json(body: bytes, path: str) -> Any:
    try:
        return json.loads(body)
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CatalogImportError(f"{path}: malformed JSON ({error})") from None


def _check_unique(ids: Iterable[str], where: str, what: str) -> None:
    seen: set[str] = set()
    for item in ids:
        if item in seen:
            raise CatalogImportError(f"{where}: {what} id {item!r} appears twice")
        seen.add(item)


def _require(raw: Any, key: str, where: str) -> str:
    value = raw.get(key) if isinstance(raw, dict) else None
    if not isinstance(value, str) or not value.strip():
        raise CatalogImportError(f"{where}: missing or empty {key!r}")
    return _string(value.strip(), repr(key), where, _NAME) or ""


def _string(value: Any, label: str, where: str, limit: tuple[int, str]) -> str | None:
    """A string of at most the limit's characters, or None; anything else is refused."""
    if value is None:
        return None
    if not isinstance(value, str):
        raise CatalogImportError(f"{where}: {label} must be a string")
    cap, kind = limit
    if len(value) > cap:
        raise CatalogImportError(f"{where}: {label} is {len(value):,} characters, more than "
                                 f"{cap:,}, the limit of {kind}")
    return value


def _field(raw: dict[str, Any], key: str, where: str,
           limit: tuple[int, str] = _NAME) -> str | None:
    """An optional string field: None when missing or empty."""
    return _string(raw.get(key), repr(key), where, limit) or None


def _set_row(raw: Any, index: int, origin: str) -> dict[str, Any]:
    where = f"{SETS_PATH}: set #{index + 1}"
    set_id = _require(raw, "id", where)
    where = f"{SETS_PATH}: set {set_id!r}"
    name = _require(raw, "name", where)
    row = {
        "id": set_id,
        "name": name,
        "series": _field(raw, "series", where) or "",
        "ptcgo_code": _field(raw, "ptcgoCode", where),
        "release_date": _date(_field(raw, "releaseDate", where)),
        "printed_total": _int(raw.get("printedTotal")),
        "total": _int(raw.get("total")),
        "symbol_url": image_url(_mapping(raw.get("images")).get("symbol")),
        "kind": "promo" if ("Promo" in name or name == "Best of Game") else "expansion",
        "source": origin,
    }
    return _fitted(row, Set, where)


def _card_row(raw: Any, set_id: str, path: str, index: int, origin: str) -> dict[str, Any]:
    card_id = _require(raw, "id", f"{path}: card #{index + 1}")
    where = f"{path}: card {card_id!r}"
    if not card_id.startswith(set_id + "-"):
        raise CatalogImportError(f"{where}: its id does not belong to set {set_id!r}")
    supertype = _require(raw, "supertype", where)
    if supertype not in SUPERTYPES:
        raise CatalogImportError(f"{where}: unknown supertype {supertype!r}")
    number = _require(raw, "number", where)
    row: dict[str, Any] = {
        "id": card_id,
        "set_id": set_id,
        "number": number,
        "number_sort": number_sort_key(number),
        "name": _require(raw, "name", where),
        "supertype": supertype,
        "subtypes": _strings(raw, "subtypes", where),
        "level": _field(raw, "level", where),
        "hp": _hp(raw.get("hp"), where),
        "types": _strings(raw, "types", where),
        "evolves_from": _field(raw, "evolvesFrom", where),
        "abilities": _records(raw, "abilities", where,
                              {"name": _NAME, "text": _TEXT, "type": _NAME}),
        "attacks": [_attack(item, f"'attacks' #{position}", where)
                    for position, item in enumerate(_list(raw, "attacks", where), start=1)],
        "weaknesses": _records(raw, "weaknesses", where, {"type": _NAME, "value": _NAME}),
        "resistances": _records(raw, "resistances", where, {"type": _NAME, "value": _NAME}),
        "retreat_cost": _cost(raw.get("retreatCost"), "'retreatCost'", where),
        "rules": _strings(raw, "rules", where, _TEXT),
        "ancient_trait": _trait(raw.get("ancientTrait"), where),
        "rarity": _field(raw, "rarity", where),
        "regulation_mark": _field(raw, "regulationMark", where),
        "source": origin,
        "legalities": _legalities(raw.get("legalities"), where),
        **_images(raw.get("images")),
    }
    return _fitted(_with_identity(row), Card, where)


def _legalities(value: Any, where: str) -> dict[str, str] | None:
    """The data's legalities, as far as they are short strings by format name."""
    if not isinstance(value, dict):
        return None
    _refuse_count(where, "'legalities'", len(value), MAX_LIST_ITEMS, "a list on a card")
    kept = {str(k)[:32]: v[:16] for k, v in value.items() if isinstance(v, str)}
    return kept or None


def _images(value: Any) -> dict[str, str | None]:
    """The card's picture URLs, where catalog.image_urls keeps them: a page puts them in
    `src`, and their origins in its Content-Security-Policy."""
    images = _mapping(value)
    return {f"image_{size}": image_url(images.get(size)) for size in ("small", "large")}


def _mapping(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


@functools.cache
def _columns(model: type[Base]) -> tuple[dict[str, int], tuple[str, ...]]:
    """A table's sized string columns with their sizes, and its integer columns."""
    columns = model.__table__.columns
    return ({c.key: c.type.length for c in columns
             if isinstance(c.type, String) and c.type.length},
            tuple(c.key for c in columns if isinstance(c.type, Integer)))


def _fitted(row: dict[str, Any], model: type[Base], where: str) -> dict[str, Any]:
    """The row, when every value fits its column: PostgreSQL would refuse one that does
    not in the middle of the write, and SQLite would keep it whatever its size."""
    sizes, integers = _columns(model)
    for key, size in sizes.items():
        value = row.get(key)
        if isinstance(value, str) and len(value) > size:
            raise CatalogImportError(f"{where}: {key!r} is {len(value):,} characters, more "
                                     f"than its column's {size}")
    for key in integers:
        value = row.get(key)
        if isinstance(value, int) and value not in _INT_RANGE:
            raise CatalogImportError(f"{where}: {key!r} is out of its column's range")
    return row


def _with_identity(row: dict[str, Any]) -> dict[str, Any]:
    limits = parse_limits(row["name"], row["rules"])
    row.update(
        name_key=identity.name_key(row["name"]),
        function_key="",  # set for the whole catalog at once (transform)
        text_fingerprint=identity.text_fingerprint(row),
        is_basic_energy=identity.is_basic_energy(row),
        type_identity=identity.type_identity(row),
        copies_unlimited=limits.copies_unlimited,
        limit_group=limits.limit_group,
        limit_scope=limits.limit_scope,
        limit_max=limits.limit_max,
        limit_text=limits.limit_text,
        play_together=limits.play_together,
    )
    return row


def _cost(value: Any, label: str, where: str) -> list[str]:
    """A cost as a list of spelled-out Types; one printing writes it as a string ("RR")."""
    if isinstance(value, str):
        symbols = list(_string(value, label, where, _NAME) or "")
    else:
        symbols = [_string(symbol, label, where, _NAME) or ""
                   for symbol in _items(value, label, where)]
    return identity.cost_types(symbols)


def _hp(value: Any, where: str) -> int | None:
    return identity.parse_hp(value if isinstance(value, int) else
                             _string(value, "'hp'", where, _NAME))


def _attack(raw: Any, label: str, where: str) -> dict[str, Any]:
    item = _record(raw, label, where)
    return {"name": _string(item.get("name"), f"{label} 'name'", where, _NAME) or "",
            "cost": _cost(item.get("cost"), f"{label} 'cost'", where),
            "damage": identity.clean_text(
                _string(item.get("damage"), f"{label} 'damage'", where, _NAME)),
            "text": _string(item.get("text"), f"{label} 'text'", where, _TEXT) or ""}


def _trait(value: Any, where: str) -> dict[str, Any] | None:
    if not value:
        return None
    item = _record(value, "'ancientTrait'", where)
    return _kept(item, "'ancientTrait'", where, {"name": _NAME, "text": _TEXT})


def _records(raw: dict[str, Any], key: str, where: str,
             fields: dict[str, tuple[int, str]]) -> list[dict[str, Any]]:
    """A list of objects, each with only the string fields named (as far as it has them)."""
    records = []
    for number, value in enumerate(_list(raw, key, where), start=1):
        label = f"{key!r} #{number}"
        records.append(_kept(_record(value, label, where), label, where, fields))
    return records


def _kept(item: dict[str, Any], label: str, where: str,
          fields: dict[str, tuple[int, str]]) -> dict[str, Any]:
    return {name: _string(item[name], f"{label} {name!r}", where, limit)
            for name, limit in fields.items() if name in item}


def _record(value: Any, label: str, where: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise CatalogImportError(f"{where}: {label} must be an object")
    return value


def _strings(raw: dict[str, Any], key: str, where: str,
             limit: tuple[int, str] = _NAME) -> list[str]:
    return [_string(value, f"{key!r} #{number}", where, limit) or ""
            for number, value in enumerate(_list(raw, key, where), start=1)]


def _list(raw: dict[str, Any], key: str, where: str) -> list[Any]:
    return _items(raw.get(key), repr(key), where)


def _items(value: Any, label: str, where: str) -> list[Any]:
    """A list of at most MAX_LIST_ITEMS items; a missing one is empty."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise CatalogImportError(f"{where}: {label} must be a list")
    _refuse_count(where, f"items in {label}", len(value), MAX_LIST_ITEMS, "a list on a card")
    return value


def _int(value: Any) -> int | None:
    return value if isinstance(value, int) else None


def _date(value: str | None) -> dt.date | None:
    try:
        return dt.datetime.strptime(str(value), "%Y/%m/%d").date()
    except ValueError:
        return None  # the data writes "---" for a set not yet released


def _add_supplement(catalog: Catalog, data: dict[str, Any]) -> None:
    """Cards tournament rules name but the upstream data lacks (the movie promo Ancient Mew)."""
    where = f"catalog/data/{SUPPLEMENT_PATH.name}"
    known = {s["id"] for s in catalog.sets}
    for index, raw in enumerate(data["sets"]):
        if raw["id"] not in known:
            catalog.sets.append(_set_row(raw, index, "supplement"))
            known.add(raw["id"])
    card_ids = {c["id"] for c in catalog.cards}
    for index, raw in enumerate(data["cards"]):
        if raw["id"] in card_ids:
            continue  # upstream has it now: its data wins
        set_id = raw["id"].rsplit("-", 1)[0]
        if set_id not in known:
            raise CatalogImportError(f"{where}: card {raw['id']!r} has no set")
        catalog.cards.append(_card_row(raw, set_id, where, index, "supplement"))


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
        connection.execute(delete(Card))
        connection.execute(delete(SetCode))
        connection.execute(delete(Set))
        connection.execute(delete(CatalogMeta))
        connection.execute(insert(Set), catalog.sets)
        connection.execute(insert(SetCode), catalog.set_codes)
        total = len(catalog.cards)
        for start in range(0, total, _BATCH):
            if budget is not None:
                budget.check_time("writing the catalog")
            connection.execute(insert(Card), catalog.cards[start:start + _BATCH])
            progress("write", min(start + _BATCH, total), total)
        connection.execute(insert(CatalogMeta), [{
            "id": 1,
            "source": catalog.source[:512],
            "checksum": catalog.checksum,
            "version": catalog.checksum[:16],
            "imported_at": dt.datetime.now(dt.UTC),
            "set_count": len(catalog.sets),
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
