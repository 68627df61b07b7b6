"""The catalog read API: sets and cards."""

from __future__ import annotations

import datetime as dt
from typing import Any

from flask import Blueprint, request, url_for
from marshmallow import ValidationError, fields, validate

from api.middleware import store
from api.middleware.http_cache import catalog_resource, judged_today
from api.middleware.problems import Problem
from api.schema import MAX_TEXT, Strict, load_query
from api.views.card_legalities import legalities, playable_in
from api.views.catalog_records import CardSchema, PrintingSchema, SetSchema
from catalog import lookup
from catalog.index import CatalogIndex
from catalog.lookup import CardFilters
from catalog.models import Card
from decklist.parsed import CONTROL_CHARACTERS
from validators import card_legality
from validators.card_legality import FormatJudge

bp = Blueprint("cards", __name__, url_prefix="/v1")


def _plain(most: int) -> list[Any]:
    """Text to search for: 1..`most` characters and no control characters (PostgreSQL
    refuses a NUL in text, and SQLite's LIKE stops at one and matched every card)."""
    return [validate.Length(1, most), _no_control_characters]


def _no_control_characters(value: str) -> None:
    # The characters a decklist may not hold either (decklist.parsed).
    if CONTROL_CHARACTERS.search(value):
        raise ValidationError("Control characters are not searchable text.")


def _format_ids(value: str) -> list[str]:
    """Format ids, comma-separated: each one a card has a legality in."""
    known = card_legality.formats()
    wanted = [part.strip() for part in value.split(",")]
    unknown = [part for part in wanted if part not in known]
    if unknown or not all(wanted):
        raise ValidationError(f"Unknown format {(unknown or [''])[0]!r}; a card has a legality "
                              f"in: {', '.join(known)}.")
    return list(dict.fromkeys(wanted))


class FormatIds(fields.String):
    """A comma-separated list of the formats a card has a legality in."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        return _format_ids(super()._deserialize(value, attr, data, **kwargs))


class CardQueryOne(Strict):
    """GET /v1/cards/{id} arguments."""

    as_of = fields.Date(load_default=None)


class CardQuery(CardQueryOne):
    """GET /v1/cards arguments."""

    legal_in = FormatIds(validate=validate.Length(1, 200))
    not_legal_in = FormatIds(validate=validate.Length(1, 200))
    name = fields.String(validate=_plain(MAX_TEXT))
    set = fields.String(validate=_plain(40))
    number = fields.String(validate=_plain(20))
    q = fields.String(validate=_plain(MAX_TEXT))
    supertype = fields.String(validate=validate.OneOf(["Pokémon", "Trainer", "Energy"]))
    page = fields.Integer(load_default=1, validate=validate.Range(1, 100_000))
    per_page = fields.Integer(load_default=50, validate=validate.Range(1, 250))


CARD_QUERY = CardQuery()  # one instance: building a schema deep-copies its fields
CARD_QUERY_ONE = CardQueryOne()
_card = CardSchema()
_cards = CardSchema(many=True)
_set = SetSchema()
_sets = SetSchema(many=True)
_printings = PrintingSchema(many=True)


@bp.get("/sets")
@catalog_resource
def list_sets() -> dict[str, Any]:
    sets = lookup.list_sets(store.session())
    return {"items": _sets.dump(sets), "total": len(sets)}


@bp.get("/sets/<set_id>")
@catalog_resource
def get_set(set_id: str) -> dict[str, Any]:
    found = lookup.get_set(store.session(), set_id)
    if found is None:
        raise Problem("set-not-found", f"No set with id {set_id!r}.")
    return _set.dump(found)


@bp.get("/cards")
@catalog_resource
def list_cards() -> dict[str, Any]:
    args = load_query(CARD_QUERY)
    page, per_page = args.pop("page"), args.pop("per_page")
    as_of = _day(args.pop("as_of"))
    legal_in, not_legal_in = args.pop("legal_in", []), args.pop("not_legal_in", [])
    session = store.session()
    filters = CardFilters(**args)
    if legal_in or not_legal_in:
        items, total = _by_legality(filters, legal_in, not_legal_in, as_of, page, per_page)
    else:
        result = lookup.search_cards(session, filters, offset=(page - 1) * per_page,
                                     limit=per_page)
        items, total = result.items, result.total
    index = store.index()
    judges = card_legality.judges(index, as_of)  # once, for every card of the page
    body = {"items": [_with_legalities(index, judges, card) for card in items], "page": page,
            "per_page": per_page, "total": total}
    if page * per_page < total:
        body["next"] = url_for("cards.list_cards", **{**request.args.to_dict(),
                                                       "page": page + 1})
    return body


def _by_legality(filters: CardFilters, legal_in: list[str], not_legal_in: list[str],
                 as_of: dt.date | None, page: int, per_page: int) -> tuple[list[Card], int]:
    """The page of printings matching the filters that are legal in every format of
    `legal_in` and in none of `not_legal_in` on the day, and how many there are."""
    session, index = store.session(), store.index()
    legal = playable_in(index, legal_in, as_of)
    illegal = playable_in(index, not_legal_in, as_of)
    kept = []
    for card_id in lookup.matching_ids(session, filters):
        printing = index.printings.get(card_id)
        if printing is not None and all(test(printing) for test in legal) \
                and not any(test(printing) for test in illegal):
            kept.append(card_id)
    start = (page - 1) * per_page
    return lookup.cards_by_id(session, kept[start:start + per_page]), len(kept)


def _day(as_of: dt.date | None) -> dt.date | None:
    """The day asked for; with none, each format is judged on its own default day, today's
    for formats of today's game, and the answer is marked as one of today's."""
    if as_of is None:
        judged_today()
    return as_of


def _with_legalities(index: CatalogIndex, judges: list[FormatJudge],
                     card: Card) -> dict[str, Any]:
    body: dict[str, Any] = _card.dump(card)
    body["legalities"] = legalities(index, judges, card.id)
    return body


@bp.get("/cards/<card_id>")
@catalog_resource
def get_card(card_id: str) -> dict[str, Any]:
    as_of = _day(load_query(CARD_QUERY_ONE)["as_of"])
    session = store.session()
    card = lookup.get_card(session, card_id)
    index = store.index()
    if card is None:  # TCGdex's id of a printing ("me05-001"): the index reads it
        known = index.by_tcgdex_id(card_id)
        card = lookup.get_card(session, known.id) if known is not None else None
    if card is None:
        raise Problem("card-not-found", f"No card with id {card_id!r}.")
    body = _with_legalities(index, card_legality.judges(index, as_of), card)
    printings = _printings.dump(lookup.printings_of(session, card))
    for printing in printings:
        printing["same_text"] = printing["text_fingerprint"] == card.text_fingerprint
    body["printings"] = printings
    return body
