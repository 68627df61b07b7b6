"""One catalog from two sources: pokemon-tcg-data's rows, and TCGdex's where it has more.

The rule, one for every field: **a printing pokemon-tcg-data has keeps every field as
pokemon-tcg-data gives it**, so every id and every answer given before stays. TCGdex adds
what pokemon-tcg-data lacks: its sets, and its printings of a set both have at a number
pokemon-tcg-data lacks. Where both have a printing and differ (its name, regulation mark,
printed text or subtypes, or its set's release date) the difference is kept as a
`Disagreement`, which `flask catalog sources-report` lists with the side taken.

A TCGdex set is the catalog's set of the same id, else of the same English name, else the
one `catalog/data/tcgdex.json` maps it to; any other is a new set, whose id follows the
catalog's scheme (me03 → me3, ex5.5 → ex5pt5). A printing is matched by its set and its
number written alike ("001" = "1"); a new one's id is its set's and its number, without
zero padding ("me5-1"). TCGdex's own ids stay known: each set keeps its `tcgdex_id`,
by which catalog.lookup reads "me05-001" as me5-1.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from catalog.identity import ENERGY, POKEMON, name_key
from catalog.importing.tcgdex_data import SOURCE, TcgdexSet, table
from catalog.numbers import number_key, number_sort_key
from runtime import patterns

_PADDED = patterns.compile(r"(?P<head>[a-z]+)0+(?P<digits>\d)")
NO_NAME, NO_TEXT = "no English name", "none of its text"


@dataclass(frozen=True)
class Disagreement:
    """A field the two sources give differently for one printing (or set), and what is kept."""

    record: str  # the catalog's id of the printing or set
    field: str
    kept: str  # pokemon-tcg-data's value, which the catalog has
    other: str  # TCGdex's


@dataclass
class Merged:
    sets: list[dict[str, Any]]
    cards: list[dict[str, Any]]
    disagreements: list[Disagreement]
    # TCGdex printings the catalog does not take, by why: NO_NAME, NO_TEXT.
    left_out: dict[str, int]


def merged(sets: list[dict[str, Any]], cards: list[dict[str, Any]],
           tcgdex: Iterable[TcgdexSet]) -> Merged:
    """pokemon-tcg-data's rows (`sets`, `cards`, left as they are) with TCGdex's added."""
    mapping = table()
    by_id = {row["id"]: row for row in sets}
    by_name = _unique_names(sets)
    printings: dict[str, dict[str, dict[str, Any]]] = {}
    for card in cards:
        printings.setdefault(card["set_id"], {})[number_key(card["number"])] = card
    result = Merged(list(sets), list(cards), [], {NO_NAME: 0, NO_TEXT: 0})
    ids = {card["id"] for card in cards}
    taken: set[str] = set()
    for found in tcgdex:
        result.left_out[NO_NAME] += found.left_out
        if found.tcgdex_id in mapping["sets_left_out"] or not found.cards:
            continue
        ours = mapping["sets"].get(found.tcgdex_id)
        if ours is None:  # a set matched by id or name is one TCGdex set's only
            ours = (found.tcgdex_id if found.tcgdex_id in by_id else None) or \
                by_name.get(name_key(found.row["name"]))
            ours = None if ours in taken else ours
            taken.add(ours or "")
        if ours is None or ours not in by_id:
            ours = _new_set(found, mapping["new_ids"], by_id, result)
        else:
            _compare_set(by_id[ours], found.row, result.disagreements)
        by_id[ours]["tcgdex_id"] = by_id[ours].get("tcgdex_id") or found.tcgdex_id
        _add_cards(ours, found.cards, printings.setdefault(ours, {}), result, ids)
    return result


def _unique_names(sets: list[dict[str, Any]]) -> dict[str, str]:
    names: dict[str, list[str]] = {}
    for row in sets:
        names.setdefault(name_key(row["name"]), []).append(row["id"])
    return {name: ids[0] for name, ids in names.items() if len(ids) == 1}


def scheme_id(tcgdex_id: str) -> str:
    """A TCGdex set id in the catalog's scheme: zero padding dropped, "." written "pt"."""
    return _PADDED.sub(lambda m: m.group("head") + m.group("digits"),
                       tcgdex_id.lower()).replace(".", "pt")


def _new_set(found: TcgdexSet, new_ids: dict[str, str], by_id: dict[str, dict[str, Any]],
             result: Merged) -> str:
    ours = new_ids.get(found.tcgdex_id) or scheme_id(found.tcgdex_id)
    if ours in by_id:
        ours = f"{ours}-{SOURCE}"  # never another set's id
    row = dict(found.row, id=ours)
    by_id[ours] = row
    result.sets.append(row)
    return ours


def _compare_set(kept: dict[str, Any], other: dict[str, Any],
                 disagreements: list[Disagreement]) -> None:
    if kept["release_date"] and other["release_date"] \
            and kept["release_date"] != other["release_date"]:
        disagreements.append(Disagreement(kept["id"], "release_date",
                                          kept["release_date"].isoformat(),
                                          other["release_date"].isoformat()))


def _add_cards(set_id: str, rows: list[dict[str, Any]], present: dict[str, dict[str, Any]],
               result: Merged, ids: set[str]) -> None:
    for row in rows:
        key = number_key(row["number"])
        kept = present.get(key)
        if kept is not None:
            result.disagreements.extend(_differences(kept, row))
            continue
        if _textless(row):
            result.left_out[NO_TEXT] += 1
            continue
        number = str(int(row["number"])) if row["number"].isdecimal() else row["number"]
        card_id = f"{set_id}-{number}"
        if card_id in ids:  # pokemon-tcg-data gave the id to a printing of another number
            result.disagreements.append(Disagreement(card_id, "id", card_id,
                                                     f"{card_id}-{SOURCE}"))
            card_id = f"{card_id}-{SOURCE}"
        ids.add(card_id)
        card = dict(row, id=card_id, set_id=set_id, number=number,
                    number_sort=number_sort_key(number))
        present[key] = card
        result.cards.append(card)


def _textless(row: dict[str, Any]) -> bool:
    """Whether a printing carries none of its text: some Trainer Kits' files name a Pokémon
    without its attacks, an Item without its effect. Its gameplay identity cannot be told,
    and taken as a card of its own it would make every line of its name ambiguous."""
    if row["supertype"] == POKEMON:
        return not (row["attacks"] or row["abilities"] or row["ancient_trait"])
    if row["supertype"] == ENERGY and "Basic" in row["subtypes"]:
        return False
    return not row["rules"]


def _differences(kept: dict[str, Any], other: dict[str, Any]) -> Iterable[Disagreement]:
    record = kept["id"]
    if name_key(kept["name"]) != name_key(other["name"]):
        yield Disagreement(record, "name", kept["name"], other["name"])
    if (kept["regulation_mark"] or "") != (other["regulation_mark"] or ""):
        yield Disagreement(record, "regulation_mark", kept["regulation_mark"] or "",
                           other["regulation_mark"] or "")
    if sorted(kept["subtypes"]) != sorted(other["subtypes"]):
        yield Disagreement(record, "subtypes", ", ".join(kept["subtypes"]),
                           ", ".join(other["subtypes"]))
    if kept["text_fingerprint"] != other["text_fingerprint"]:
        yield Disagreement(record, "text", kept["text_fingerprint"][:12],
                           other["text_fingerprint"][:12])
