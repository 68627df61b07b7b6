"""Whether the cards, names and sets an organizer's definition gives are the catalog's.

A ban of a card the catalog does not have would ban nothing, and a pool of a set it does not
know would hold nothing: either is the definition's mistake, said where it is rather than
judged silently. Checked against the catalog that judges the request.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from catalog.identity import title_key
from catalog.index import CatalogIndex
from validators.checks.outside_pool import set_ids
from validators.records import Definition
from validators.rule_kinds import PRINTINGS, RULE_KINDS
from validators.standing import titled

# Where in the definition (pointer parts), what, and whether a card's or a set's.
Found = tuple[tuple[str, ...], str, str]
CARD, SET = "card", "set"


def not_in_catalog(index: CatalogIndex, definition: Definition) -> Found | None:
    """The first card, name or set of the definition the catalog lacks; None when none."""
    return next(_missing(index, definition.fields), None)


def _missing(index: CatalogIndex, given: dict[str, Any]) -> Iterator[Found]:
    for field in ("banned", "unbanned"):
        for at, entry in enumerate(given.get(field, ())):
            for key in ("card", "printing"):
                if key in entry and index.card(entry[key]) is None:
                    yield ((field, str(at), key),
                           f"No printing has the id {entry[key]!r} (ids as /v1/cards gives "
                           "them: set id, hyphen, number).", CARD)
            if "name" in entry and not titled(index, title_key(entry["name"])):
                yield ((field, str(at), "name"), f"No card is named {entry['name']!r} in English.",
                       CARD)
    pool = given.get("pool", {})
    for at, reference in enumerate(pool.get("sets", ())):
        if not set_ids(index, reference):
            yield ("pool", "sets", str(at)), f"No set has the id or code {reference!r}.", SET
    series = {info.series.casefold() for info in index.sets.values()} \
        if "series" in pool else set()
    for at, name in enumerate(pool.get("series", ())):
        if name.casefold() not in series:
            yield ("pool", "series", str(at)), f"No series is named {name!r}.", SET
    for at, card_id in enumerate(pool.get("cards", ())):
        if index.card(card_id) is None:
            yield ("pool", "cards", str(at)), f"No printing has the id {card_id!r}.", CARD
    for at, rule in enumerate(given.get("rules", ())):
        for param in RULE_KINDS[rule["rule"]].params:
            if param.type != PRINTINGS:
                continue
            for place, card_id in enumerate(rule.get(param.name, ())):
                if index.card(card_id) is None:
                    yield (("rules", str(at), param.name, str(place)),
                           f"No printing has the id {card_id!r}.", CARD)
    for at, family in enumerate(given.get("families", ())):
        for place, name in enumerate(family["names"]):
            if not titled(index, title_key(name)):
                yield (("families", str(at), "names", str(place)),
                       f"No card is named {name!r} in English.", CARD)
