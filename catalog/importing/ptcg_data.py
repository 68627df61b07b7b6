"""The reader of pokemon-tcg-data: its layout, its files and its fields, as catalog rows.

The layout: `sets/en.json` (a list of sets) and `cards/en/<set id>.json` (the printings of
one set), beside `decks/en/<set id>.json`. deckjudge's own supplement (catalog/data) is
written in this layout's fields too.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from catalog import identity
from catalog.image_urls import image_url
from catalog.importing.card_rows import SUPERTYPES, finished
from catalog.importing.fields import (
    NAME,
    TEXT,
    CatalogImportError,
    check_unique,
    fitted,
    integer,
    items,
    items_of,
    kept,
    load_json,
    mapping,
    optional,
    pokedex,
    record,
    records,
    refuse_count,
    require,
    string,
    strings,
)
from catalog.importing.import_limits import MAX_LIST_ITEMS
from catalog.importing.locations import (
    Budget,
    Digest,
    Layout,
    Progress,
    SourceError,
    open_source,
)
from catalog.models import Set
from catalog.numbers import number_sort_key
from runtime import patterns

UPSTREAM_URL = "https://raw.githubusercontent.com/PokemonTCG/pokemon-tcg-data/master"
# The same data as one archive: one download rather than one a file.
UPSTREAM_ARCHIVE = ("https://github.com/PokemonTCG/pokemon-tcg-data/archive/refs/heads/"
                    "master.tar.gz")
SETS_PATH = "sets/en.json"
# The English files of the layout: all an archive reader keeps of an archive.
LAYOUT = Layout(files=patterns.compile(r"sets/en\.json|(?:cards|decks)/en/[^/]+\.json"),
                marker=SETS_PATH)


@dataclass
class RawCatalog:
    """The bytes of every layout file of a source, in layout order, and their checksum."""

    source: str
    checksum: str
    sets: Any
    card_files: list[tuple[str, str, bytes]]  # (set id, layout path, bytes)


def card_path(set_id: str) -> str:
    return f"cards/en/{set_id}.json"


def read(location: str, progress: Progress, budget: Budget, digest: Digest) -> RawCatalog:
    """Every file of the source, each hashed into `digest` with its path, in layout order."""
    try:
        with open_source(location, LAYOUT, budget) as source:
            sets_body = source.read(SETS_PATH)
            digest.update(SETS_PATH.encode() + b"\n" + sets_body)
            raw_sets = load_json(sets_body, SETS_PATH)
            if not isinstance(raw_sets, list):
                raise CatalogImportError(f"{SETS_PATH}: expected a list of sets")
            refuse_count(SETS_PATH, "sets", len(raw_sets), budget.limits.sets, "a catalog")
            set_ids = [require(raw, "id", f"{SETS_PATH}: set #{index + 1}")
                       for index, raw in enumerate(raw_sets)]
            check_unique(set_ids, SETS_PATH, "set")
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


def rows(raw: RawCatalog, budget: Budget) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Every set's and card's row, each checked."""
    limits = budget.limits
    sets = [set_row(item, index, "upstream") for index, item in enumerate(raw.sets)]
    cards: list[dict[str, Any]] = []
    for set_id, path, body in raw.card_files:
        budget.check_time(path)
        raw_cards = load_json(body, path)
        if not isinstance(raw_cards, list):
            raise CatalogImportError(f"{path}: expected a list of cards")
        refuse_count(path, "cards", len(raw_cards), limits.set_cards, "one set")
        refuse_count(path, "cards with the sets before it", len(cards) + len(raw_cards),
                     limits.cards, "a catalog")
        cards.extend(card_row(item, set_id, path, index, "upstream")
                     for index, item in enumerate(raw_cards))
    return sets, cards


def set_row(raw: Any, index: int, origin: str) -> dict[str, Any]:
    where = f"{SETS_PATH}: set #{index + 1}"
    set_id = require(raw, "id", where)
    where = f"{SETS_PATH}: set {set_id!r}"
    name = require(raw, "name", where)
    row: dict[str, Any] = {
        "id": set_id,
        "name": name,
        "series": optional(raw, "series", where) or "",
        "ptcgo_code": optional(raw, "ptcgoCode", where),
        "release_date": _date(optional(raw, "releaseDate", where)),
        "printed_total": integer(raw.get("printedTotal")),
        "total": integer(raw.get("total")),
        "symbol_url": image_url(mapping(raw.get("images")).get("symbol")),
        "kind": "promo" if ("Promo" in name or name == "Best of Game") else "expansion",
        "source": origin,
        "tcgdex_id": None,
        "names": {},  # TCGdex's, where the merge finds the set there
        "abbreviations": {},
    }
    return fitted(row, Set, where)


def card_row(raw: Any, set_id: str, path: str, index: int, origin: str) -> dict[str, Any]:
    card_id = require(raw, "id", f"{path}: card #{index + 1}")
    where = f"{path}: card {card_id!r}"
    if not card_id.startswith(set_id + "-"):
        raise CatalogImportError(f"{where}: its id does not belong to set {set_id!r}")
    supertype = require(raw, "supertype", where)
    if supertype not in SUPERTYPES:
        raise CatalogImportError(f"{where}: unknown supertype {supertype!r}")
    number = require(raw, "number", where)
    row: dict[str, Any] = {
        "id": card_id,
        "set_id": set_id,
        "number": number,
        "number_sort": number_sort_key(number),
        "name": require(raw, "name", where),
        "supertype": supertype,
        "subtypes": strings(raw, "subtypes", where),
        "level": optional(raw, "level", where),
        "hp": _hp(raw.get("hp"), where),
        "types": strings(raw, "types", where),
        "evolves_from": optional(raw, "evolvesFrom", where),
        "abilities": records(raw, "abilities", where,
                             {"name": NAME, "text": TEXT, "type": NAME}),
        "attacks": [_attack(item, f"'attacks' #{position}", where)
                    for position, item in enumerate(items_of(raw, "attacks", where), start=1)],
        "weaknesses": records(raw, "weaknesses", where, {"type": NAME, "value": NAME}),
        "resistances": records(raw, "resistances", where, {"type": NAME, "value": NAME}),
        "retreat_cost": _cost(raw.get("retreatCost"), "'retreatCost'", where),
        "rules": strings(raw, "rules", where, TEXT),
        "ancient_trait": _trait(raw.get("ancientTrait"), where),
        "rarity": optional(raw, "rarity", where),
        "regulation_mark": optional(raw, "regulationMark", where),
        "source": origin,
        "legalities": _legalities(raw.get("legalities"), where),
        "names": {},  # TCGdex's, where the merge finds the printing there
        "pokedex": pokedex(raw.get("nationalPokedexNumbers"), "'nationalPokedexNumbers'",
                           where),
        "artist": optional(raw, "artist", where),
        **_images(raw.get("images")),
    }
    return finished(row, where)


def _legalities(value: Any, where: str) -> dict[str, str] | None:
    """The data's legalities, as far as they are short strings by format name."""
    if not isinstance(value, dict):
        return None
    refuse_count(where, "'legalities'", len(value), MAX_LIST_ITEMS, "a list on a card")
    found = {str(k)[:32]: v[:16] for k, v in value.items() if isinstance(v, str)}
    return found or None


def _images(value: Any) -> dict[str, Any]:
    """The card's picture URLs, where catalog.image_urls keeps them: a page puts them in
    `src`, and their origins in its Content-Security-Policy."""
    images = mapping(value)
    return {**{f"image_{size}": image_url(images.get(size)) for size in ("small", "large")},
            # TCGdex's, where the merge finds the printing there
            "image_path": None, "image_languages": []}


def _cost(value: Any, label: str, where: str) -> list[str]:
    """A cost as a list of spelled-out Types; one printing writes it as a string ("RR")."""
    if isinstance(value, str):
        symbols = list(string(value, label, where, NAME) or "")
    else:
        symbols = [string(symbol, label, where, NAME) or ""
                   for symbol in items(value, label, where)]
    return identity.cost_types(symbols)


def _hp(value: Any, where: str) -> int | None:
    return identity.parse_hp(value if isinstance(value, int) else
                             string(value, "'hp'", where, NAME))


def _attack(raw: Any, label: str, where: str) -> dict[str, Any]:
    item = record(raw, label, where)
    return {"name": string(item.get("name"), f"{label} 'name'", where, NAME) or "",
            "cost": _cost(item.get("cost"), f"{label} 'cost'", where),
            "damage": identity.clean_text(
                string(item.get("damage"), f"{label} 'damage'", where, NAME)),
            "text": string(item.get("text"), f"{label} 'text'", where, TEXT) or ""}


def _trait(value: Any, where: str) -> dict[str, Any] | None:
    if not value:
        return None
    item = record(value, "'ancientTrait'", where)
    return kept(item, "'ancientTrait'", where, {"name": NAME, "text": TEXT})


def _date(value: str | None) -> dt.date | None:
    try:
        return dt.datetime.strptime(str(value), "%Y/%m/%d").date()
    except ValueError:
        return None  # the data writes "---" for a set not yet released
