"""The catalog read API: sets and cards."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request, url_for
from marshmallow import ValidationError, fields, validate

from api.middleware import store
from api.middleware.http_cache import catalog_resource
from api.middleware.problems import Problem
from api.schema import MAX_TEXT, Strict, load_query
from api.views.catalog_records import CardSchema, PrintingSchema, SetSchema
from catalog import lookup
from catalog.lookup import CardFilters
from decklist.parsed import CONTROL_CHARACTERS

bp = Blueprint("cards", __name__, url_prefix="/v1")


def _plain(most: int) -> list[Any]:
    """Text to search for: 1..`most` characters and no control characters (PostgreSQL
    refuses a NUL in text, and SQLite's LIKE stops at one and matched every card)."""
    return [validate.Length(1, most), _no_control_characters]


def _no_control_characters(value: str) -> None:
    # The characters a decklist may not hold either (decklist.parsed).
    if CONTROL_CHARACTERS.search(value):
        raise ValidationError("Control characters are not searchable text.")


class CardQuery(Strict):
    """GET /v1/cards arguments."""

    name = fields.String(validate=_plain(MAX_TEXT))
    set = fields.String(validate=_plain(40))
    number = fields.String(validate=_plain(20))
    q = fields.String(validate=_plain(MAX_TEXT))
    supertype = fields.String(validate=validate.OneOf(["Pokémon", "Trainer", "Energy"]))
    page = fields.Integer(load_default=1, validate=validate.Range(1, 100_000))
    per_page = fields.Integer(load_default=50, validate=validate.Range(1, 250))


CARD_QUERY = CardQuery()  # one instance: building a schema deep-copies its fields
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
    result = lookup.search_cards(store.session(), CardFilters(**args),
                                 offset=(page - 1) * per_page, limit=per_page)
    body = {"items": _cards.dump(result.items), "page": page, "per_page": per_page,
            "total": result.total}
    if page * per_page < result.total:
        body["next"] = url_for("cards.list_cards", **{**request.args.to_dict(),
                                                       "page": page + 1})
    return body


@bp.get("/cards/<card_id>")
@catalog_resource
def get_card(card_id: str) -> dict[str, Any]:
    session = store.session()
    card = lookup.get_card(session, card_id)
    if card is None:
        raise Problem("card-not-found", f"No card with id {card_id!r}.")
    body = _card.dump(card)
    printings = _printings.dump(lookup.printings_of(session, card))
    for printing in printings:
        printing["same_text"] = printing["text_fingerprint"] == card.text_fingerprint
    body["printings"] = printings
    return body
