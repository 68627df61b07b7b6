"""What a request to judge a deck or a team says, read from its JSON body: the schemas and
the readers that the routes (api.validate, api.validate_team, api.validate_batch) and the
organizer's page (web.page) share. Pointers in their problems are into the body read.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

import orjson
from marshmallow import ValidationError, fields, validate

from api import body
from api.middleware.problems import Problem
from api.schema import (
    BODY,
    FULL,
    LEGAL_IN,
    MAX_TEXT,
    VERDICT,
    Options,
    Strict,
    StringOrList,
    load_body,
)
from decklist.parsed import Decklist
from runtime.caches import Spec, plain_bytes, process_cache
from runtime.strict_fields import JSONBoolean
from validators.definitions import Definition, DefinitionError, check_base, read_definition
from validators.formats import builtin_formats
from validators.formats.schema import MAX_PREVIEW
from validators.judging import Seat
from validators.targets import ALL

MAX_PLAYERS = 8  # a team is two; a few more get a `team` violation, not a 422
# The most format ids one request names: deckjudge's own and `all`, and a deployment's few.
MAX_FORMATS_NAMED = 80


class DefinitionField(fields.Field):
    """An organizer's format (validators.definitions), read: what is wrong with it is the
    body's error at its field's place."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        try:
            # A site sends its own definition with every deck: read once, found again by
            # its JSON (speed trick "definitions read once": docs/performance.md).
            key = orjson.dumps(value, option=orjson.OPT_SORT_KEYS)
        except (orjson.JSONEncodeError, TypeError):  # what only the schema can say is wrong
            key = None
        try:
            definition = _read_definition(key) if key is not None else \
                _definition_of(value)
        except DefinitionError as error:
            if error.conflict:  # well formed, but at odds with itself
                raise Problem("definition-conflict", error.detail,
                              pointer="/".join(("", attr or "definition", *error.pointer))
                              ) from None
            where = "/".join(error.pointer)
            message: Any = [f"{where}: {error.detail}" if where else error.detail]
            for part in reversed(error.pointer):
                message = {part: message}
            raise ValidationError(message) from None
        return definition


def _definition_of(sent: Any) -> Definition:
    definition = read_definition(sent)
    check_base(definition, builtin_formats())
    return definition


def _read(key: bytes) -> Definition:
    return _definition_of(orjson.loads(key))


def _definition_bytes(key: bytes, definition: Definition) -> int:
    return plain_bytes(key) + definition.weight()


_read_definition = process_cache(_read, Spec("definitions", _definition_bytes))


class DeckBody(Options):
    # None: every format (`all`), or the definition's alone when one is sent.
    format = StringOrList(MAX_FORMATS_NAMED, load_default=None, allow_none=False)
    definition = DefinitionField(load_default=None)
    detail = fields.String(load_default=FULL, validate=validate.OneOf([FULL, VERDICT, LEGAL_IN]))
    deck = fields.Raw(required=True)
    pool = fields.Raw(load_default=None)
    # Partner Battles II.5.3: watchlisted cards are not allowed in tournament decks.
    tournament = JSONBoolean(load_default=False)
    # Japan's sets judged as released (their codes: "M6"), to judge the coming format.
    preview = fields.List(fields.String(validate=validate.Length(1, 16)), load_default=None,
                          validate=validate.Length(1, MAX_PREVIEW))
    # A deck answered in full only where its verdict differs from its verdict on this day
    # (api.judgements, validators.verdict_changes).
    changed_since = fields.Date(load_default=None)


DECK_BODY = DeckBody()  # one instance: building a schema deep-copies its fields


@dataclass(frozen=True)
class DeckRequest:
    formats: str | list[str]  # `all`, one id, or several
    play: str | None
    deck: Decklist
    pool: Decklist | None
    product: str | list[str] | None
    as_of: dt.date | None
    tournament: bool
    detail: str  # FULL, VERDICT or LEGAL_IN
    sent_in: str  # BODY or QUERY: where the options were written
    language: str | None = None  # the lists' language, as the request says it; None: detected
    # Organizers' formats the deck is judged in too, after `formats` (validators.definitions).
    definitions: tuple[Definition, ...] = ()
    preview: tuple[str, ...] = ()  # the codes of Japan's sets judged as released ("M6")
    changed_since: dt.date | None = None  # answered in full only if its verdict differs


def deck_request(sent: Any, read: dict[bytes, dict[str, Any]] | None = None) -> DeckRequest:
    """A JSON validation body (alone, or one deck of a batch), read; pointers are into it.
    `read` keeps the options already read for a request of many decks, which mostly send
    the same (speed trick "options read once a request": docs/performance.md)."""
    loaded = _loaded(sent, read) if read is not None else load_body(DECK_BODY, sent)
    pool = loaded["pool"]
    definition = loaded["definition"]
    formats = loaded["format"]
    if formats is None:
        formats = [] if definition is not None else ALL
    return DeckRequest(formats, loaded["play"],
                       body.decklist(loaded["deck"], "deck"),
                       body.decklist(pool, "pool") if pool is not None else None,
                       loaded["product"], loaded["as_of"], loaded["tournament"],
                       loaded["detail"], BODY, loaded["lang"],
                       (definition,) if definition is not None else (),
                       tuple(loaded["preview"] or ()), loaded["changed_since"])


# The most options (and plans) kept for one request of many decks: a request whose decks all
# ask differently keeps no more than this.
KEPT_A_REQUEST = 256
# The fields the schema passes through as they are (fields.Raw): a deck's options are the
# rest, and read alike whatever these hold.
_RAW = ("deck", "pool")


def _loaded(sent: Any, read: dict[bytes, dict[str, Any]]) -> dict[str, Any]:
    """`load_body(DECK_BODY, sent)`, its options looked up in `read` by their JSON (and
    which raw fields were sent), else read and kept there."""
    if not isinstance(sent, dict):
        return load_body(DECK_BODY, sent)
    try:
        key = orjson.dumps({name: value for name, value in sent.items() if name not in _RAW},
                           option=orjson.OPT_SORT_KEYS) + bytes([name in sent for name in _RAW])
    except (orjson.JSONEncodeError, TypeError):  # what only the schema can say is wrong
        return load_body(DECK_BODY, sent)
    options = read.get(key)
    if options is None:
        loaded = load_body(DECK_BODY, sent)
        if len(read) >= KEPT_A_REQUEST:
            read.clear()
        read[key] = {name: value for name, value in loaded.items() if name not in _RAW}
        return loaded
    return {**options, "deck": sent.get("deck"), "pool": sent.get("pool")}


class _Player(Strict):
    seat = fields.String(required=True, validate=validate.Length(1, 20))
    deck = fields.Raw(required=True)
    pool = fields.Raw(load_default=None)


class TeamBody(Options):
    format = fields.String(required=True, validate=validate.Length(1, MAX_TEXT))  # no `all`
    # An organizer's deck rules for every player, in place of the team format's own.
    definition = DefinitionField(load_default=None)
    players = fields.List(fields.Nested(_Player), required=True,
                          validate=validate.Length(1, MAX_PLAYERS))


TEAM_BODY = TeamBody()  # one instance: building a schema deep-copies its fields


@dataclass(frozen=True)
class TeamRequest:
    format: str
    play: str | None
    players: list[Seat]
    product: str | list[str] | None
    as_of: dt.date | None
    detail: str
    language: str | None = None  # the lists' language, as the request says it; None: detected
    # An organizer's format whose deck rules judge every player, instead of the team's own.
    definitions: tuple[Definition, ...] = ()


def team_request(sent: Any) -> TeamRequest:
    """A JSON team body, read; pointers are into it."""
    loaded = load_body(TEAM_BODY, sent)
    players = [Seat(
        player["seat"], body.decklist(player["deck"], f"players/{position}/deck"),
        body.decklist(player["pool"], f"players/{position}/pool")
        if player["pool"] is not None else None)
        for position, player in enumerate(loaded["players"])]
    definition = loaded["definition"]
    return TeamRequest(loaded["format"], loaded["play"], players, loaded["product"],
                       loaded["as_of"], loaded["detail"], loaded["lang"],
                       (definition,) if definition is not None else ())
