"""Reading requests: the schemas of every query and body, loaded into plain request values.

A query string or body of the wrong shape is a 400 (query) or 422 (body) naming the field;
the decklists in a body go through `api.body`, which answers for their size and
characters. Nothing here looks anything up: formats, plays and products are the domain's
(validators.targets), and `located` turns the field it names back into where the client
wrote it, a JSON pointer or a query parameter.
"""

from __future__ import annotations

import datetime as dt
import logging
from collections import Counter
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qsl

from flask import request
from marshmallow import RAISE, Schema, ValidationError, fields, validate

from api import body
from api.problems import Problem
from catalog.caches import ProcessCache
from decklist.json_list import named
from decklist.model import CONTROL_CHARACTERS, Decklist
from validators.formats import ORDER, PLAYS
from validators.judging import Seat
from validators.targets import (
    ALL,
    NotATeamFormat,
    RepeatedFormat,
    TargetError,
    UnknownFormat,
    UnknownProduct,
    check_formats,
)

log = logging.getLogger(__name__)
MAX_PLAYERS = 8  # a team is two; a few more get a `team` violation, not a 422
MAX_PRODUCT_SETS = 40
MAX_TEXT = 200
BODY, QUERY = "body", "query"
# How much of each verdict to answer with (the `detail` option).
FULL, VERDICT = "full", "verdict"
# Who may keep a verdict (the `cache` option): nobody but the client, or any cache.
NO_STORE, PUBLIC = "no-store", "public"
# POST /v1/validate/batch: at most this many decks, and limits that grow with their number
# (its work too: api.budget). A deck's own limits (lines, entries) are the same as alone; a
# deck that needs more than its share of the body is sent alone to /v1/validate.
MAX_BATCH_DECKS = 500
BATCH_BYTES_PER_DECK = 16 * 1024  # a 60-card list is 1-2 KB as text, 4-6 KB as entries
MAX_ID = 200


class _StringOrList(fields.Field):
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


class _JSONBoolean(fields.Boolean):
    """true or false, as JSON has them; marshmallow's Boolean would also read 0, 1 and "yes"."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise ValidationError("Give true or false.")
        return value


class _Strict(Schema):
    class Meta:
        unknown = RAISE


class _Options(_Strict):
    """What every validation body may say besides its decks."""

    as_of = fields.Date(load_default=None)
    product = _StringOrList(MAX_PRODUCT_SETS, load_default=None)
    play = fields.String(load_default=None, validate=validate.OneOf(PLAYS))
    detail = fields.String(load_default=FULL, validate=validate.OneOf([FULL, VERDICT]))


class ValidateBody(_Options):
    format = _StringOrList(len(ORDER) + 1, load_default=ALL)
    deck = fields.Raw(required=True)
    pool = fields.Raw(load_default=None)
    # Partner Battles II.5.3: watchlisted cards are not allowed in tournament decks.
    tournament = _JSONBoolean(load_default=False)


class _Player(_Strict):
    seat = fields.String(required=True, validate=validate.Length(1, 20))
    deck = fields.Raw(required=True)
    pool = fields.Raw(load_default=None)


class TeamBody(_Options):
    format = fields.String(required=True, validate=validate.Length(1, MAX_TEXT))  # no `all`
    players = fields.List(fields.Nested(_Player), required=True,
                          validate=validate.Length(1, MAX_PLAYERS))


class BatchBody(_Strict):
    # Any item is taken: one that is not a deck is answered in its place (`_batch_item`).
    decks = fields.List(fields.Raw(allow_none=True), required=True,
                        validate=validate.Length(min=1))


def _format_list(value: str) -> None:
    """Format ids separated by commas; ids are looked up later (an unknown one is a 404)."""
    if not all(value.split(",")):
        raise ValidationError(f"Give format ids separated by commas; formats: "
                              f"{', '.join(ORDER)}, {ALL}.")


class ValidateQuery(_Strict):
    """POST /v1/validate with a text/plain body: everything else is in the query."""

    format = fields.String(load_default=ALL, validate=[validate.Length(1, 400), _format_list])
    as_of = fields.Date(load_default=None)
    product = fields.String(load_default=None, validate=validate.Length(1, 2000))
    play = fields.String(load_default=None, validate=validate.OneOf(PLAYS))
    tournament = fields.Boolean(load_default=False)
    detail = fields.String(load_default=FULL, validate=validate.OneOf([FULL, VERDICT]))
    # Read by api.http_cache: `public` lets shared caches keep this answer (JSON bodies too).
    cache = fields.String(load_default=NO_STORE, validate=validate.OneOf([NO_STORE, PUBLIC]))


def _plain(most: int) -> list[Any]:
    """Text to search for: 1..`most` characters and no control characters (PostgreSQL
    refuses a NUL in text, and SQLite's LIKE stops at one and matched every card)."""
    return [validate.Length(1, most), _no_control_characters]


def _no_control_characters(value: str) -> None:
    # The characters a decklist may not hold either (decklist.model).
    if CONTROL_CHARACTERS.search(value):
        raise ValidationError("Control characters are not searchable text.")


class CardQuery(_Strict):
    """GET /v1/cards arguments."""

    name = fields.String(validate=_plain(MAX_TEXT))
    set = fields.String(validate=_plain(40))
    number = fields.String(validate=_plain(20))
    q = fields.String(validate=_plain(MAX_TEXT))
    supertype = fields.String(validate=validate.OneOf(["Pokémon", "Trainer", "Energy"]))
    page = fields.Integer(load_default=1, validate=validate.Range(1, 100_000))
    per_page = fields.Integer(load_default=50, validate=validate.Range(1, 250))


# One instance each: building a schema deep-copies its fields (~150 µs), and load() keeps no
# state on the instance, so threads may share them.
VALIDATE_QUERY, VALIDATE_BODY, TEAM_BODY = ValidateQuery(), ValidateBody(), TeamBody()
BATCH_BODY = BatchBody()
CARD_QUERY = CardQuery()


@dataclass(frozen=True)
class ValidateRequest:
    formats: str | list[str]  # `all`, one id, or several
    play: str | None
    deck: Decklist
    pool: Decklist | None
    product: str | list[str] | None
    as_of: dt.date | None
    tournament: bool
    detail: str  # FULL or VERDICT
    sent_in: str  # BODY or QUERY: where the options were written


@dataclass(frozen=True)
class TeamRequest:
    format: str
    play: str | None
    players: list[Seat]
    product: str | list[str] | None
    as_of: dt.date | None
    detail: str


@dataclass(frozen=True)
class BatchItem:
    """One deck of a batch: its id (None when it gave none) and its request, or the problem
    that stopped it being read, with pointers into the whole batch body."""

    position: int  # in the body's `decks`
    id: str | None
    request: ValidateRequest | None
    problem: Problem | None


@dataclass(frozen=True)
class ResolveRequest:
    deck: Decklist


def validate_request() -> ValidateRequest:
    """POST /v1/validate: a text/plain deck with its options in the query, or a JSON body."""
    if body.body_kind() == body.TEXT:
        text = body.text_body()
        args = load_query(VALIDATE_QUERY)
        product = args["product"]
        return ValidateRequest(_query_formats(args), args["play"],
                               body.decklist(text, "deck", in_json=False), None,
                               _comma_list(product) if product is not None else None,
                               args["as_of"], args["tournament"], args["detail"], QUERY)
    _check_query()
    return validate_body(body.json_body())


def validate_body(sent: Any) -> ValidateRequest:
    """A JSON validation body (alone, or one deck of a batch), read; pointers are into it."""
    loaded = load_body(VALIDATE_BODY, sent)
    pool = loaded["pool"]
    return ValidateRequest(loaded["format"], loaded["play"],
                           body.decklist(loaded["deck"], "deck"),
                           body.decklist(pool, "pool") if pool is not None else None,
                           loaded["product"], loaded["as_of"], loaded["tournament"],
                           loaded["detail"], BODY)


def _check_query() -> None:
    """With a JSON body the body says it all, and the query is not used; a malformed
    query is still refused rather than silently passed over."""
    if request.query_string:
        try:
            check_formats(_query_formats(load_query(VALIDATE_QUERY)))
        except TargetError as error:
            raise target_problem(error, QUERY) from None


def team_request() -> TeamRequest:
    if body.body_kind() != body.JSON:
        raise Problem("unsupported-media-type",
                      "Send a team as application/json: {format, players: [{seat, deck}]}.",
                      supported=["application/json"])
    return team_body(body.json_body())


def team_body(sent: Any) -> TeamRequest:
    """A JSON team body, read; pointers are into it."""
    loaded = load_body(TEAM_BODY, sent)
    players = [Seat(
        player["seat"], body.decklist(player["deck"], f"players/{position}/deck"),
        body.decklist(player["pool"], f"players/{position}/pool")
        if player["pool"] is not None else None)
        for position, player in enumerate(loaded["players"])]
    return TeamRequest(loaded["format"], loaded["play"], players, loaded["product"],
                       loaded["as_of"], loaded["detail"])


def batch_request() -> list[BatchItem]:
    """POST /v1/validate/batch: {"decks": [{id, …a /v1/validate body}, …]}. The batch's
    shape and size are checked as a whole; each deck is read on its own, so one bad deck
    is a problem in its place and not the batch's."""
    request.max_content_length = MAX_BATCH_DECKS * BATCH_BYTES_PER_DECK  # before reading
    if body.body_kind() != body.JSON:
        raise Problem("unsupported-media-type",
                      "Send a batch as application/json: {\"decks\": [{\"id\", \"deck\", …}]}.",
                      supported=["application/json"])
    if request.query_string:
        first = request.query_string.split(b"&", 1)[0].split(b"=", 1)[0]
        raise Problem("invalid-query", "A batch takes no query: each deck gives its own "
                      "options in the body.", parameter=first.decode(errors="replace"))
    whole = body.json_body()
    # Counted before the schema reads the list: 8 MiB of `0,` is four million items, which
    # marshmallow takes 15 s to look at (measured).
    decks = whole.get("decks") if isinstance(whole, dict) else None
    if isinstance(decks, list) and len(decks) > MAX_BATCH_DECKS:
        raise Problem("batch-too-large", f"A batch holds at most {MAX_BATCH_DECKS} decks; this "
                      f"one has {len(decks)}.", pointer="/decks", limit=MAX_BATCH_DECKS)
    sent = load_body(BATCH_BODY, whole)["decks"]
    size = len(body.raw_body())
    if size > len(sent) * BATCH_BYTES_PER_DECK:
        raise Problem("batch-too-large", f"A batch may take {BATCH_BYTES_PER_DECK} bytes a deck, "
                      f"{len(sent) * BATCH_BYTES_PER_DECK} for its {len(sent)}; this one is "
                      f"{size} bytes. Send a larger deck alone to /v1/validate.",
                      pointer="/decks", limit=len(sent) * BATCH_BYTES_PER_DECK)
    seen: dict[str, int] = {}
    return [_batch_item(position, item, seen) for position, item in enumerate(sent)]


def _batch_item(position: int, sent: Any, seen: dict[str, int]) -> BatchItem:
    given = sent.get("id") if isinstance(sent, dict) else None
    deck_id = given if isinstance(given, str) and 0 < len(given) <= MAX_ID else None
    try:
        if not isinstance(sent, dict):
            raise Problem("invalid-body", "Each deck of a batch is a JSON object.", pointer="")
        if deck_id is None:
            raise Problem("invalid-body", f"Each deck needs an `id`: a string of 1 to {MAX_ID} "
                          "characters, to find its answer by.", pointer="/id")
        if deck_id in seen:
            raise Problem("invalid-body", f"The id {deck_id!r} is deck {seen[deck_id]}'s "
                          "already; each deck needs its own.", pointer="/id")
        seen[deck_id] = position
        # A batch answers the verdict alone unless a deck asks for `detail: full`.
        options = {"detail": VERDICT, **{k: v for k, v in sent.items() if k != "id"}}
        return BatchItem(position, deck_id, validate_body(options), None)
    except Problem as problem:
        return BatchItem(position, deck_id, None, in_deck(problem, position))
    except Exception:  # a deck that breaks the reader must not cost the others their answers
        log.exception("reading batch deck %r failed", deck_id)
        return BatchItem(position, deck_id, None, Problem(
            "internal-error", "Reading this deck failed; it has been logged.",
            pointer=f"/decks/{position}"))


def in_deck(problem: Problem, position: int) -> Problem:
    """A problem of one deck of a batch, as the batch has it: its pointer made whole."""
    at = f"/decks/{position}{problem.extensions.get('pointer', '')}"
    return Problem(problem.slug, problem.detail, **{**problem.extensions, "pointer": at})


def resolve_request() -> ResolveRequest:
    """POST /v1/resolve: text, an array of entries, or {"deck": …}."""
    if body.body_kind() == body.TEXT:
        return ResolveRequest(body.decklist(body.text_body(), "deck", in_json=False))
    sent = body.json_body()
    if isinstance(sent, list):
        return ResolveRequest(body.decklist(sent, "deck", ""))
    if not isinstance(sent, dict) or set(sent) != {"deck"}:
        unknown = set(sent) - {"deck"} if isinstance(sent, dict) else set()
        detail = (f"Unknown field(s): {named(unknown)}." if unknown
                  else "Send {\"deck\": <text or entries>} or an array of entries.")
        raise Problem("invalid-body", detail, pointer="")
    return ResolveRequest(body.decklist(sent["deck"], "deck", "/deck"))


def located(field: str, sent_in: str = BODY) -> dict[str, str]:
    """Where a field is in the request: a JSON pointer into the body, or a query parameter."""
    return {"pointer": f"/{field}"} if sent_in == BODY else {"parameter": field}


# The problem type of each thing a request may ask for that the domain cannot give.
_TARGET_PROBLEMS: dict[type[TargetError], str] = {
    UnknownFormat: "unknown-format", UnknownProduct: "unknown-product",
    NotATeamFormat: "not-a-team-format", RepeatedFormat: "invalid-body"}


def target_problem(error: TargetError, sent_in: str = BODY) -> Problem:
    """A format, product or team asked for that does not exist, as its problem."""
    extensions: dict[str, Any] = located(error.field, sent_in)
    if error.supported:
        extensions["supported"] = error.supported
    return Problem(_TARGET_PROBLEMS[type(error)], str(error), **extensions)


def load_query(schema: Schema) -> dict[str, Any]:
    """The request's query arguments, checked; a repeated argument is an error too."""
    return dict(_loaded_query.call(schema, request.query_string))


def _load_query(schema: Schema, query_string: bytes) -> dict[str, Any]:
    # Read from the raw query string as werkzeug reads request.args, so that the loaded values
    # are remembered by the bytes alone and a repeated query is not parsed at all (~4 µs).
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
# and again ("format=modified"): loading one takes about 20 µs (timeit), a look-up well under
# one. A query that fails is checked afresh each time (lru_cache keeps no exceptions).
_loaded_query = ProcessCache(_load_query, lambda sizes: sizes.queries)


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


def _comma_list(value: str) -> str | list[str]:
    """A query value as the JSON body would give it: one string, or a list of several."""
    parts = value.split(",")  # exactly as written: " modified" is no format
    return parts[0] if len(parts) == 1 else parts


def _query_formats(args: dict[str, Any]) -> str | list[str]:
    """The query's formats as a body would give them, with repeats dropped (a JSON body's
    list may not repeat)."""
    value = _comma_list(args["format"])
    return value if isinstance(value, str) else list(dict.fromkeys(value))
