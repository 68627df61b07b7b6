"""One catalog from two sources: pokemon-tcg-data's rows, and TCGdex's where it has more.

A printing or set both sources have is pokemon-tcg-data's row, each field decided by the
rule of catalog/importing/deciding.py: its id, number and name are always
pokemon-tcg-data's, and its content is the value consistent with the rest of its card,
pokemon-tcg-data's where both are (a row that is not a card of its supertype, or that gives
no regulation mark or set release day, takes TCGdex's). TCGdex adds what pokemon-tcg-data
lacks: its sets, its printings of a set both have at a number pokemon-tcg-data lacks, the
names of sets and printings in other languages, and a printing's illustrator and Pokédex
numbers where pokemon-tcg-data gives none. Each field the sources give differently
is a `Decision`, which `flask catalog sources-report` lists with the side taken and why.

A TCGdex set is the catalog's set of the same id, else of the same English name, else the
one `catalog/data/tcgdex.json` maps it to; any other is a new set, whose id follows the
catalog's scheme (me03 → me3, ex5.5 → ex5pt5). A printing is matched by its set and its
number written alike ("001" = "1"); a new one's id is its set's and its number, without
zero padding ("me5-1"). TCGdex's own ids stay known: each set keeps its `tcgdex_id`,
by which catalog.index reads "me05-001" as me5-1.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from catalog.identity import ENERGY, POKEMON, name_key
from catalog.importing.card_rows import finished
from catalog.importing.deciding import (
    BOTH,
    KEEPS,
    PTCG,
    TCGDEX,
    Decision,
    asks,
    decide,
    differences,
)
from catalog.importing.tcgdex_data import SOURCE, TcgdexCard, TcgdexSet, table
from catalog.numbers import number_key, number_sort_key
from runtime import patterns

_PADDED = patterns.compile(r"(?P<head>[a-z]+)0+(?P<digits>\d)")
NO_NAME, NO_TEXT = "no English name", "none of its text"


@dataclass
class Merged:
    sets: list[dict[str, Any]]
    cards: list[dict[str, Any]]
    # Decided while merging: the fields that took TCGdex's value, and the sets' release
    # days and the printings' ids and numbers the sources give differently.
    found: list[Decision]
    # TCGdex printings the catalog does not take, by why: NO_NAME, NO_TEXT.
    left_out: dict[str, int]
    # Each printing both sources have: pokemon-tcg-data's row and TCGdex's printing. Read
    # and compared in full only when asked (`decisions`): an import reads TCGdex's row only
    # where pokemon-tcg-data's may take from it (deciding.asks; speed trick "rows for new
    # printings only": docs/performance.md).
    matched: list[tuple[dict[str, Any], TcgdexCard]] = field(default_factory=list)

    def decisions(self) -> list[Decision]:
        """Every field the sources give differently, with the value the catalog keeps."""
        return self.found + [difference for kept, other in self.matched
                             for difference in differences(kept, other.row)]


def merged(sets: list[dict[str, Any]], cards: list[dict[str, Any]],
           tcgdex: Iterable[TcgdexSet]) -> Merged:
    """pokemon-tcg-data's rows (`sets`, `cards`, left as they are) with TCGdex's added."""
    mapping = table()
    by_id = {row["id"]: row for row in sets}
    by_name = _unique_names(sets)
    printings: dict[str, dict[str, dict[str, Any]]] = {}
    for card in cards:
        of_set = printings.setdefault(card["set_id"], {})
        key = number_key(card["number"])
        # Two printings of one number: the one whose id says it is that number's (the data
        # numbers its Antique Cover Fossil zsv10pt5-80 "60", beside Escavalier zsv10pt5-60).
        if key not in of_set or _numbered(card):
            of_set[key] = card
    result = Merged(list(sets), list(cards), [], {NO_NAME: 0, NO_TEXT: 0})
    ids = {card["id"]: card for card in cards}
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
            _compare_set(by_id[ours], found.row, result.found)
        by_id[ours]["tcgdex_id"] = by_id[ours].get("tcgdex_id") or found.tcgdex_id
        for words in ("names", "abbreviations"):  # pokemon-tcg-data has English alone
            by_id[ours][words] = {**found.row[words], **by_id[ours].get(words, {})}
        _add_cards(ours, found.cards, printings.setdefault(ours, {}), result, ids)
    return result


def _numbered(card: dict[str, Any]) -> bool:
    """Whether a printing's id ends in its number."""
    return number_key(card["id"].rsplit("-", 1)[-1]) == number_key(card["number"])


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
                 decisions: list[Decision]) -> None:
    ours, theirs = kept["release_date"], other["release_date"]
    if ours is None and theirs is not None:
        kept["release_date"] = theirs
        decisions.append(Decision(kept["id"], "release_date", theirs.isoformat(), "", TCGDEX,
                                  "pokemon-tcg-data gives the set no release day"))
    elif ours is not None and theirs is not None and ours != theirs:
        decisions.append(Decision(kept["id"], "release_date", ours.isoformat(),
                                  theirs.isoformat(), PTCG, BOTH))


def _add_cards(set_id: str, printings: list[TcgdexCard],
               present: dict[str, dict[str, Any]], result: Merged,
               ids: dict[str, dict[str, Any]]) -> None:
    for printing in printings:
        kept = present.get(number_key(printing.number))
        if kept is not None:
            result.matched.append((kept, printing))
            if asks(kept, printing.module.value.get("regulationMark")):
                taken = decide(kept, printing.row)
                if taken:
                    result.found.extend(taken)
                    finished(kept, printing.where)  # its keys and limits, of what it holds
            # pokemon-tcg-data names it in English alone: its other names are TCGdex's, and
            # so are its pictures in them (its own, where it has one, stay in front)
            kept["names"] = {**printing.names, **kept.get("names", {})}
            _add_pictures(kept, printing)
            kept["pokedex"] = kept.get("pokedex") or printing.pokedex  # where it gives none
            continue
        row = printing.row
        if _textless(row):
            result.left_out[NO_TEXT] += 1
            continue
        number = str(int(row["number"])) if row["number"].isdecimal() else row["number"]
        card_id = f"{set_id}-{number}"
        same_id = ids.get(card_id)
        if same_id is not None and name_key(same_id["name"]) == name_key(row["name"]):
            # pokemon-tcg-data has this printing under another number (its Antique Cover
            # Fossil zsv10pt5-80 is numbered 60): one printing, whose number is kept.
            result.found.append(Decision(card_id, "number", same_id["number"],
                                         row["number"], PTCG, KEEPS))
            continue
        if same_id is not None:  # the id is another printing's
            result.found.append(Decision(card_id, "id", card_id, f"{card_id}-{SOURCE}", PTCG,
                                         KEEPS))
            card_id = f"{card_id}-{SOURCE}"
        ids[card_id] = row
        card = finished(dict(row, id=card_id, set_id=set_id, number=number,
                             number_sort=number_sort_key(number)), printing.where)
        present[number_key(number)] = card
        result.cards.append(card)


def _add_pictures(kept: dict[str, Any], printing: TcgdexCard) -> None:
    """TCGdex's pictures beside pokemon-tcg-data's, and in its place where it has none."""
    pictures = printing.pictures
    kept["image_path"], kept["image_languages"] = (pictures["image_path"],
                                                   pictures["image_languages"])
    if kept["image_small"] is None and kept["image_large"] is None:
        kept["image_small"], kept["image_large"] = (pictures["image_small"],
                                                    pictures["image_large"])
    kept["artist"] = kept.get("artist") or printing.artist


def _textless(row: dict[str, Any]) -> bool:
    """Whether a printing carries none of its text: some Trainer Kits' files name a Pokémon
    without its attacks, an Item without its effect. Its gameplay identity cannot be told,
    and taken as a card of its own it would make every line of its name ambiguous."""
    if row["supertype"] == POKEMON:
        return not (row["attacks"] or row["abilities"] or row["ancient_trait"])
    if row["supertype"] == ENERGY and "Basic" in row["subtypes"]:
        return False
    return not row["rules"]
