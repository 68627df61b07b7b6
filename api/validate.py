"""POST /v1/validate: is this deck legal, in one format or several, and why not.

The route reads the request (a text/plain deck with its options in the query, or a JSON
body: api.deck_requests) and answers with what the judging service makes of it
(api.judgements).
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request
from marshmallow import ValidationError, fields, validate

from api import body, judgements
from api.deck_requests import DeckRequest, deck_request
from api.middleware import store
from api.middleware.http_cache import shareable_on_request
from api.schema import (
    FULL,
    LEGAL_IN,
    NO_STORE,
    PUBLIC,
    QUERY,
    VERDICT,
    Strict,
    comma_list,
    load_query,
    target_problem,
)
from decklist.languages import LANGUAGES
from validators.formats import PLAYS, all_formats
from validators.targets import ALL, TargetError, check_formats

bp = Blueprint("validate", __name__, url_prefix="/v1")


def _format_list(value: str) -> None:
    """Format ids separated by commas; ids are looked up later (an unknown one is a 404)."""
    if not all(value.split(",")):
        raise ValidationError(f"Give format ids separated by commas; formats: "
                              f"{', '.join(all_formats())}, {ALL}.")


class ValidateQuery(Strict):
    """POST /v1/validate with a text/plain body: everything else is in the query."""

    format = fields.String(load_default=ALL, validate=[validate.Length(1, 400), _format_list])
    as_of = fields.Date(load_default=None)
    product = fields.String(load_default=None, validate=validate.Length(1, 2000))
    play = fields.String(load_default=None, validate=validate.OneOf(PLAYS))
    tournament = fields.Boolean(load_default=False)
    detail = fields.String(load_default=FULL, validate=validate.OneOf([FULL, VERDICT, LEGAL_IN]))
    lang = fields.String(load_default=None, validate=validate.OneOf(list(LANGUAGES)))
    # Read by api.middleware.http_cache: `public` lets shared caches keep this answer (JSON
    # bodies too).
    cache = fields.String(load_default=NO_STORE, validate=validate.OneOf([NO_STORE, PUBLIC]))


# One instance: building a schema deep-copies its fields, work no request should repeat
# (speed trick "shared schemas": docs/performance.md), and load() keeps no state on the
# instance, so threads may share it.
VALIDATE_QUERY = ValidateQuery()


@bp.post("/validate")
@shareable_on_request
def validate_deck() -> dict[str, Any]:
    return judgements.deck_answer(store.index(), validate_request())


def validate_request() -> DeckRequest:
    """POST /v1/validate: a text/plain deck with its options in the query, or a JSON body."""
    if body.body_kind() == body.TEXT:
        text = body.text_body()
        args = load_query(VALIDATE_QUERY)
        product = args["product"]
        return DeckRequest(query_formats(args), args["play"],
                           body.decklist(text, "deck", in_json=False), None,
                           comma_list(product) if product is not None else None,
                           args["as_of"], args["tournament"], args["detail"], QUERY,
                           args["lang"])
    _check_query()
    return deck_request(body.json_body())


def _check_query() -> None:
    """With a JSON body the body says it all, and the query is not used; a malformed
    query is still refused rather than silently passed over."""
    if request.query_string:
        try:
            check_formats(query_formats(load_query(VALIDATE_QUERY)))
        except TargetError as error:
            raise target_problem(error, QUERY) from None


def query_formats(args: dict[str, Any]) -> str | list[str]:
    """The query's formats as a body would give them, with repeats dropped (a JSON body's
    list may not repeat)."""
    value = comma_list(args["format"])
    return value if isinstance(value, str) else list(dict.fromkeys(value))


