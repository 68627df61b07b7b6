"""What every request schema shares: strict objects and the field types bodies use, loading
a query string or a body with its errors reported, and where a field was written.

A query string or body of the wrong shape is a 400 (query) or 422 (body) naming the field,
and at most MAX_ERRORS_SHOWN of them; the decklists in a body go through `api.body`, which
answers for their size and characters. Nothing here looks anything up: formats, plays and
products are the domain's (validators.targets), and `located` turns the field a domain
error names back into where the client wrote it, a JSON pointer or a query parameter.
"""

from __future__ import annotations

from collections import Counter
from typing import Any
from urllib.parse import parse_qsl

from flask import request
from marshmallow import Schema, ValidationError, fields, validate

from api.middleware.problems import Problem
from decklist.languages import LANGUAGES
from runtime.caches import Spec, plain_pair_bytes, process_cache
from runtime.strict_fields import Strict
from validators.formats import PLAYS
from validators.targets import (
    CardNotInCatalog,
    NotATeamFormat,
    NotInForce,
    RepeatedFormat,
    SetNotInCatalog,
    TakenFormatId,
    TargetError,
    UnknownFormat,
    UnknownProduct,
)

MAX_PRODUCT_SETS = 40
MAX_TEXT = 200
BODY, QUERY = "body", "query"  # where a request's options were written
# How much of each verdict to answer with (the `detail` option): every line, the verdict
# alone, or (a deck's only) whether it is legal in each format and what fails there first.
FULL, VERDICT, LEGAL_IN = "full", "verdict", "legal_in"
# Who may keep a verdict (the `cache` option): nobody but the client, or any cache.
NO_STORE, PUBLIC = "no-store", "public"


class StringOrList(fields.Field):
    """A string, or a list of 1..`most` strings (format ids, product sets)."""

    def __init__(self, most: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.most = most

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and 0 < len(value) <= MAX_TEXT:
            return value
        if (isinstance(value, list) and 0 < len(value) <= self.most
                and all(isinstance(item, str) and 0 < len(item) <= MAX_TEXT for item in value)):
            return value
        raise ValidationError(f"Give a string or a list of 1 to {self.most} strings.")


class Options(Strict):
    """What every validation body may say besides its decks."""

    as_of = fields.Date(load_default=None)
    product = StringOrList(MAX_PRODUCT_SETS, load_default=None)
    play = fields.String(load_default=None, validate=validate.OneOf(PLAYS))
    detail = fields.String(load_default=FULL, validate=validate.OneOf([FULL, VERDICT]))
    # The language the lists' card names are written in; none: detected (decklist.languages).
    lang = fields.String(load_default=None, validate=validate.OneOf(list(LANGUAGES)))


def located(field: str, sent_in: str = BODY) -> dict[str, str]:
    """Where a field is in the request: a JSON pointer into the body, or a query parameter."""
    return {"pointer": f"/{field}"} if sent_in == BODY else {"parameter": field}


# The problem type of each thing a request may ask for that the domain cannot give.
_TARGET_PROBLEMS: dict[type[TargetError], str] = {
    UnknownFormat: "unknown-format", UnknownProduct: "unknown-product",
    NotATeamFormat: "not-a-team-format", RepeatedFormat: "invalid-body",
    NotInForce: "not-in-force", CardNotInCatalog: "card-not-found",
    SetNotInCatalog: "set-not-found", TakenFormatId: "definition-conflict"}


def target_problem(error: TargetError, sent_in: str = BODY) -> Problem:
    """A format, product or team asked for that does not exist, as its problem."""
    extensions: dict[str, Any] = located(error.field, sent_in) if error.field else {}
    if error.supported:
        extensions["supported"] = error.supported
    return Problem(_TARGET_PROBLEMS[type(error)], str(error), **extensions)


def load_query(schema: Schema) -> dict[str, Any]:
    """The request's query arguments, checked; a repeated argument is an error too."""
    return dict(_loaded_query(schema, request.query_string))


def _load_query(schema: Schema, query_string: bytes) -> dict[str, Any]:
    # Read from the raw query string as werkzeug reads request.args, so that the loaded values
    # are remembered by the bytes alone and a repeated query is not parsed at all.
    try:
        decoded = query_string.decode()
    except UnicodeDecodeError as error:
        # gunicorn refuses such a request line itself; another server may pass it on.
        before = query_string[:error.start].rsplit(b"&", 1)[-1].split(b"=", 1)[0]
        raise Problem("invalid-query", f"The query string is not UTF-8: byte "
                      f"0x{query_string[error.start]:02x} at position {error.start}.",
                      parameter=before.decode(errors="replace")) from None
    pairs = parse_qsl(decoded, keep_blank_values=True, errors="werkzeug.url_quote")
    repeated = sorted(key for key, times in Counter(key for key, _ in pairs).items()
                      if times > 1)
    if repeated:
        raise Problem("invalid-query",
                      f"Query argument given more than once: {', '.join(repeated)}.",
                      parameter=repeated[0])
    try:
        return schema.load(dict(pairs))
    except ValidationError as error:
        errors, detail = _reported(error.normalized_messages())
        raise Problem("invalid-query", f"Invalid query: {detail}",
                      parameter=_first_path(errors)[0], **errors) from None


# What a query string loads to depends on nothing else, and clients send the same few again
# and again ("format=modified"): loading one costs many times a look-up
# (speed trick "query strings remembered": docs/performance.md). A query that fails is
# checked afresh each time (a cache keeps no exceptions).
_loaded_query = process_cache(_load_query, Spec("queries", plain_pair_bytes))


def load_body(schema: Schema, sent: Any) -> dict[str, Any]:
    """A JSON body, checked; a wrong shape is a 422 naming the first bad field."""
    if not isinstance(sent, dict):
        raise Problem("invalid-body", "The body must be a JSON object.", pointer="")
    try:
        return schema.load(sent)
    except ValidationError as error:
        errors, detail = _reported(error.normalized_messages())
        raise Problem("invalid-body", f"Invalid body: {detail}",
                      pointer="/" + "/".join(_first_path(errors)), **errors) from None


# A 422 (or 400) names at most this many fields, each at most MAX_TEXT characters long: a
# body of 60,000 unknown keys is told about the first ones and how many more, not echoed.
MAX_ERRORS_SHOWN = 20


def _reported(messages: dict[Any, Any]) -> tuple[dict[str, Any], str]:
    """marshmallow's messages as a problem reports them: the first MAX_ERRORS_SHOWN fields
    (`errors`, with `errors_omitted` when there were more) and a one-line detail."""
    shown: dict[str, Any] = {}
    lines = []
    for key in sorted(messages, key=str)[:MAX_ERRORS_SHOWN]:
        name = _clipped(str(key))
        shown[name] = _clipped_messages(messages[key])
        lines.append(f"{name}: {' '.join(_flatten(shown[name]))}")
    errors: dict[str, Any] = {"errors": shown}
    if len(messages) > MAX_ERRORS_SHOWN:
        errors["errors_omitted"] = len(messages) - MAX_ERRORS_SHOWN
        lines.append(f"and {len(messages) - MAX_ERRORS_SHOWN:,} more")
    return errors, "; ".join(lines)


def _clipped_messages(messages: Any) -> Any:
    """Nested messages (a list's items, a nested object's fields), bounded like the top."""
    if isinstance(messages, dict):
        return _reported(messages)[0]["errors"]
    if isinstance(messages, list):
        return [_clipped(str(m)) for m in messages[:MAX_ERRORS_SHOWN]]
    return _clipped(str(messages))


def _clipped(text: str) -> str:
    return text if len(text) <= MAX_TEXT else text[:MAX_TEXT] + "…"


def _flatten(messages: Any) -> list[str]:
    if isinstance(messages, dict):
        return [m for value in messages.values() for m in _flatten(value)]
    if isinstance(messages, list):
        return [str(m) for m in messages]
    return [str(messages)]


def _first_path(errors: dict[str, Any]) -> list[str]:
    """The JSON pointer parts of the first error reported (`_reported`)."""
    return _path(errors["errors"])


def _path(messages: Any) -> list[str]:
    if not isinstance(messages, dict) or not messages:
        return []
    key = sorted(messages, key=str)[0]
    return [str(key), *_path(messages[key])]


def comma_list(value: str) -> str | list[str]:
    """A query value as the JSON body would give it: one string, or a list of several."""
    parts = value.split(",")  # exactly as written: " modified" is no format
    return parts[0] if len(parts) == 1 else parts
