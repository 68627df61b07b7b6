"""The catalog read API: sets and cards."""

from __future__ import annotations

import datetime as dt
from typing import Any

import orjson
from flask import Blueprint, request, url_for
from marshmallow import ValidationError, fields, validate

from api import card_search
from api.card_search import CardSearch, Picker
from api.middleware import store
from api.middleware.http_cache import catalog_resource, judged_today
from api.middleware.problems import Problem
from api.schema import MAX_TEXT, QUERY, Strict, load_query, target_problem
from api.views import card_answers, card_legalities
from api.views.card_answers import CatalogRead
from api.views.catalog_records import PrintingSchema, SetSchema
from catalog import lookup
from catalog.index import CatalogIndex
from catalog.lookup import CardFilters
from decklist.parsed import CONTROL_CHARACTERS
from validators import card_legality, vocabulary
from validators.card_history import history
from validators.targets import unknown_format

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


# The characters of a comma list in the query: URL-encoded (up to 9 bytes a character), it
# stays within gunicorn's 4,094-byte request line with the search's other values.
MAX_WORDS_CHARACTERS = 300


class Words(fields.String):
    """A comma-separated list of words (at most 20, each 1..`most` characters, trimmed); with
    `choices`, each one of them, in any letter case, read as they spell it."""

    def __init__(self, choices: tuple[str, ...] = (), most: int = 40, **kwargs: Any) -> None:
        super().__init__(validate=validate.Length(1, MAX_WORDS_CHARACTERS), **kwargs)
        self.choices, self.most = {choice.casefold(): choice for choice in choices}, most

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        text = super()._deserialize(value, attr, data, **kwargs)
        _no_control_characters(text)
        words = [word.strip() for word in text.split(",")]
        if len(words) > 20 or not all(0 < len(word) <= self.most for word in words):
            raise ValidationError(f"Give 1 to 20 words, each of 1 to {self.most} characters, "
                                  "separated by commas.")
        if self.choices:
            unknown = [word for word in words if word.casefold() not in self.choices]
            if unknown:
                raise ValidationError(f"Unknown {unknown[0]!r}; one of: "
                                      f"{', '.join(self.choices.values())}.")
            words = [self.choices[word.casefold()] for word in words]
        return tuple(dict.fromkeys(words))


class CardQueryOne(Strict):
    """GET /v1/cards/{id} arguments."""

    as_of = fields.Date(load_default=None)


class CardQueryAlone(CardQueryOne):
    """GET /v1/cards/{id} arguments: `stretch` gives each legality the days its standing
    holds over, from the card's history (tens of milliseconds a card, where the answer
    alone takes one or two)."""

    stretch = fields.Boolean(load_default=False)


class CardQuery(CardQueryOne):
    """GET /v1/cards arguments."""

    legal_in = FormatIds(validate=validate.Length(1, 200))
    not_legal_in = FormatIds(validate=validate.Length(1, 200))
    name = fields.String(validate=_plain(MAX_TEXT))
    set = fields.String(validate=_plain(40))
    number = fields.String(validate=_plain(20))
    q = fields.String(validate=_plain(MAX_TEXT))
    supertype = fields.String(validate=validate.OneOf(["Pokémon", "Trainer", "Energy"]))
    printing_legal_in = FormatIds(validate=validate.Length(1, 200))
    types = Words(vocabulary.TYPES)
    stage = Words(card_search.STAGES)
    subtypes = Words()
    hp_min = fields.Integer(validate=validate.Range(0, 9_999))
    hp_max = fields.Integer(validate=validate.Range(0, 9_999))
    attack_cost = fields.Integer(validate=validate.Range(0, 20))
    attack_energy = Words(vocabulary.TYPES)
    regulation_mark = Words(most=4)
    rarity = Words(most=48)
    artist = fields.String(validate=_plain(128))
    sort = fields.String(load_default=card_search.NUMBER,
                         validate=validate.OneOf(card_search.SORTS))
    unique = fields.String(load_default=card_search.PRINTS,
                           validate=validate.OneOf(card_search.UNIQUE))
    page = fields.Integer(load_default=1, validate=validate.Range(1, 100_000))
    per_page = fields.Integer(load_default=50, validate=validate.Range(1, 250))


CARD_QUERY = CardQuery()  # one instance: building a schema deep-copies its fields
CARD_QUERY_ALONE = CardQueryAlone()


class HistoryQuery(Strict):
    """GET /v1/cards/{id}/history arguments."""

    format = fields.String(load_default=None, validate=validate.Length(1, MAX_TEXT))


HISTORY_QUERY = HistoryQuery()
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
    legal_in, not_legal_in = tuple(args.pop("legal_in", ())), tuple(args.pop("not_legal_in", ()))
    search = CardSearch(CardFilters(**{name: args.pop(name) for name in _SQL if name in args}),
                        legal_in, not_legal_in, as_of, _picker(store.index(), args),
                        tuple(args.pop("printing_legal_in", ())), args.pop("sort"),
                        args.pop("unique"))
    read = CatalogRead(store.index())
    total, items = _page(read, search, page, per_page)
    if read.stale:  # the database has moved on from the index's catalog: read it all there
        total, items = _page(read, search, page, per_page)
    body = {"items": items, "page": page, "per_page": per_page, "total": total}
    if page * per_page < total:
        body["next"] = url_for("cards.list_cards", **{**request.args.to_dict(),
                                                       "page": page + 1})
    return body


_SQL = ("name", "set", "number", "q", "supertype")  # the filters catalog.lookup reads


def _picker(index: CatalogIndex, args: dict[str, Any]) -> Picker:
    """What a card picker filters by, from the query's arguments (subtypes and rarities as
    the catalog spells them)."""
    return Picker(
        types=args.get("types", ()), stages=args.get("stage", ()),
        subtypes=card_search.spelled(index, "subtypes", args.get("subtypes", ())),
        hp_min=args.get("hp_min"), hp_max=args.get("hp_max"),
        attack_cost=args.get("attack_cost"), attack_energy=args.get("attack_energy", ()),
        regulation_marks=tuple(mark.upper() for mark in args.get("regulation_mark", ())),
        rarities=card_search.spelled(index, "rarity", args.get("rarity", ())),
        artist=card_search.folded_name(args["artist"]) if "artist" in args else None)


def _page(read: CatalogRead, search: CardSearch, page: int,
          per_page: int) -> tuple[int, orjson.Fragment]:
    """How many the search finds, and the answers of the page's cards."""
    found = card_search.found(read, search)
    start = (page - 1) * per_page
    shown = found.ids[start:start + per_page]
    others = ({card_id: found.others.get(card_id, ()) for card_id in shown}
              if search.unique == card_search.CARDS else None)
    return len(found.ids), card_answers.cards(read, shown, search.as_of, others)


def _day(as_of: dt.date | None) -> dt.date | None:
    """The day asked for; with none, each format is judged on its own default day, today's
    for formats of today's game, and the answer is marked as one of today's."""
    if as_of is None:
        judged_today()
    return as_of


@bp.get("/cards/<card_id>/history")
@catalog_resource
def card_history(card_id: str) -> dict[str, Any]:
    """A printing's standing over time in each format a card has a legality in (or those
    `format` names, a comma list): the stretches of days it stands alike, from its card's
    first release to the last change known (validators.card_history)."""
    asked = load_query(HISTORY_QUERY)["format"]
    index = store.index()
    printing = index.printings.get(card_id) or index.by_tcgdex_id(card_id)
    if printing is None:
        raise Problem("card-not-found", f"No card with id {card_id!r}.")
    every = card_legality.formats()
    wanted = list(every) if asked is None else list(dict.fromkeys(asked.split(",")))
    for format_id in wanted:
        if format_id not in every:
            raise target_problem(unknown_format(format_id, list(every)), QUERY)
    return {"id": printing.id, "name": printing.name, "formats": [
        {"format": format_id, "stretches": card_legalities.stretches_view(
            history(index, format_id, every[format_id], printing))}
        for format_id in wanted]}


@bp.get("/cards/<card_id>")
@catalog_resource
def get_card(card_id: str) -> dict[str, Any]:
    args = load_query(CARD_QUERY_ALONE)
    as_of = _day(args["as_of"])
    session = store.session()
    card = lookup.get_card(session, card_id)
    index = store.index()
    if card is None:  # TCGdex's id of a printing ("me05-001"): the index reads it
        known = index.by_tcgdex_id(card_id)
        card = lookup.get_card(session, known.id) if known is not None else None
    if card is None:
        raise Problem("card-not-found", f"No card with id {card_id!r}.")
    body = card_answers.card_answer(index, card_legality.judges(index, as_of), card)
    if args["stretch"]:
        card_legalities.with_stretches(index, card.id, body["legalities"])
    printings = _printings.dump(lookup.printings_of(session, card))
    for printing in printings:
        printing["same_text"] = printing["text_fingerprint"] == card.text_fingerprint
    body["printings"] = printings
    return body
