"""One catalog from two sources: pokemon-tcg-data's rows, and TCGdex's where it has more.

The rule, one for every field: **a printing pokemon-tcg-data has keeps every field as
pokemon-tcg-data gives it**, so every id and every answer given before stays. TCGdex adds
what pokemon-tcg-data lacks: its sets, its printings of a set both have at a number
pokemon-tcg-data lacks, and the names of sets and printings in other languages. Where both
have a printing and differ (its name, number, regulation mark, printed text or subtypes, or
its set's release date) the difference is kept as a `Disagreement`, which
`flask catalog sources-report` lists with the side taken.

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

from catalog.identity import (
    ENERGY,
    POKEMON,
    clean_text,
    cost_types,
    modifier_key,
    name_key,
    parse_hp,
)
from catalog.importing.card_rows import finished
from catalog.importing.tcgdex_data import SOURCE, TcgdexCard, TcgdexSet, table
from catalog.numbers import number_key, number_sort_key
from runtime import patterns

_PADDED = patterns.compile(r"(?P<head>[a-z]+)0+(?P<digits>\d)")
NO_NAME, NO_TEXT = "no English name", "none of its text"
# The fields a disagreement can be on.
FIELDS = ("name", "number", "regulation_mark", "subtypes", "text", "release_date", "id")


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
    # Found while merging: on sets' release days, printings' ids and numbers.
    found: list[Disagreement]
    # TCGdex printings the catalog does not take, by why: NO_NAME, NO_TEXT.
    left_out: dict[str, int]
    # Each printing both sources have: pokemon-tcg-data's row and TCGdex's printing. Read
    # and compared only when asked (`disagreements`): an import needs none of it
    # (speed trick "rows for new printings only": docs/performance.md).
    matched: list[tuple[dict[str, Any], TcgdexCard]] = field(default_factory=list)

    def disagreements(self) -> list[Disagreement]:
        """Every disagreement between the sources, with what the catalog keeps."""
        return self.found + [difference for kept, other in self.matched
                             for difference in _differences(kept, other.row)]


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


def _add_cards(set_id: str, printings: list[TcgdexCard],
               present: dict[str, dict[str, Any]], result: Merged,
               ids: dict[str, dict[str, Any]]) -> None:
    for printing in printings:
        kept = present.get(number_key(printing.number))
        if kept is not None:
            result.matched.append((kept, printing))
            # pokemon-tcg-data names it in English alone: its other names are TCGdex's
            kept["names"] = {**printing.names, **kept.get("names", {})}
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
            result.found.append(Disagreement(card_id, "number", same_id["number"],
                                             row["number"]))
            continue
        if same_id is not None:  # the id is another printing's
            result.found.append(Disagreement(card_id, "id", card_id, f"{card_id}-{SOURCE}"))
            card_id = f"{card_id}-{SOURCE}"
        ids[card_id] = row
        card = finished(dict(row, id=card_id, set_id=set_id, number=number,
                             number_sort=number_sort_key(number)), printing.where)
        present[number_key(number)] = card
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
    ours, theirs = _text_parts(kept), _text_parts(other)
    if ours != theirs:
        label = next(label for label in dict.fromkeys([*ours, *theirs])
                     if ours.get(label, "") != theirs.get(label, ""))
        yield Disagreement(record, "text", f"{label}: {ours.get(label, '')}",
                           f"{label}: {theirs.get(label, '')}")


def _text_parts(card: dict[str, Any]) -> dict[str, str]:
    """A printing's text by part ("attack 2", "rule 1"), each as the fingerprint reads it
    (catalog.identity.text_fingerprint), so a report names the first part that differs."""
    parts = {"HP": str(parse_hp(card.get("hp")) or ""), "Types": " ".join(card["types"] or ()),
             "evolves from": clean_text(card.get("evolves_from"))}
    trait = card.get("ancient_trait")
    if trait:
        parts["Ancient Trait"] = f"{clean_text(trait.get('name'))}: {clean_text(trait.get('text'))}"
    for number, ability in enumerate(card["abilities"] or (), start=1):
        parts[f"ability {number}"] = (f"{clean_text(ability.get('name'))}: "
                                      f"{clean_text(ability.get('text'))}")
    for number, attack in enumerate(card["attacks"] or (), start=1):
        parts[f"attack {number}"] = (
            f"{clean_text(attack.get('name'))} [{' '.join(cost_types(attack.get('cost')))}] "
            f"{modifier_key(attack.get('damage'))}: {clean_text(attack.get('text'))}")
    for kind in ("weaknesses", "resistances"):
        parts[kind] = " ".join(f"{m.get('type')}{modifier_key(m.get('value'))}"
                               for m in card[kind] or ())
    parts["Retreat"] = str(len(cost_types(card.get("retreat_cost"))))
    for number, rule in enumerate(card["rules"] or (), start=1):
        parts[f"rule {number}"] = clean_text(rule)
    return parts
