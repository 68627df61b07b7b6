"""Reading a validation request: which formats, which deck(s), and the Limited extras.

The body shape is checked with marshmallow (422 naming the field); the
decklists in it go through `deck_input.decklist`, which answers for their
size and characters; the formats, the product and the play are looked up
here. An unknown format or product is a 404 (like any unknown id the service
is asked for), listing what there is.

Without `format` a deck is checked in every format (`all`). A `pool` or
`product` sent with Constructed formats only, or a `play` the format does not
have, is read, not used, and the answer says so in a notice: each field is
valid on its own, and whether it applies depends on the formats (which a
schema cannot say of a query string), so it is not refused.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from flask import request
from marshmallow import RAISE, Schema, ValidationError, fields, validate

from api import deck_input
from api.args import load_body, load_query
from api.problems import Problem
from catalog.index import CatalogIndex
from decklist.model import Decklist
from validators.formats import ORDER, PLAYS, all_formats, get_format
from validators.model import LIMITED, Format, FormatDefinition, Product, TeamFormat

ALL = "all"
MAX_PLAYERS = 8  # a team is two; a few more get a `team` violation, not a 422
MAX_PRODUCT_SETS = 40
_FORMAT_LIST = r"^[^,]+(,[^,]+)*\Z"  # ids are looked up later: an unknown one is a 404


class _StringOrList(fields.Field):
    """A string, or a list of 1..`most` strings (format ids, product sets)."""

    def __init__(self, most: int, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.most = most

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and 0 < len(value) <= 200:
            return value
        if (isinstance(value, list) and 0 < len(value) <= self.most
                and all(isinstance(item, str) and 0 < len(item) <= 200 for item in value)):
            return value
        raise ValidationError(f"Give a string or a list of 1 to {self.most} strings.")


class _JSONBoolean(fields.Boolean):
    """true or false, as JSON has them; marshmallow's Boolean would also read 0, 1 and "yes"."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise ValidationError("Give true or false.")
        return value


class _Common(Schema):
    class Meta:
        unknown = RAISE

    format = _StringOrList(len(ORDER) + 1, load_default=ALL)
    as_of = fields.Date(load_default=None)
    product = _StringOrList(MAX_PRODUCT_SETS, load_default=None)
    play = fields.String(load_default=None, validate=validate.OneOf(PLAYS))


class ValidateBody(_Common):
    deck = fields.Raw(required=True)
    pool = fields.Raw(load_default=None)
    # Partner Battles II.5.3: watchlisted cards are not allowed in tournament decks.
    tournament = _JSONBoolean(load_default=False)


class _Player(Schema):
    class Meta:
        unknown = RAISE

    seat = fields.String(required=True, validate=validate.Length(1, 20))
    deck = fields.Raw(required=True)
    pool = fields.Raw(load_default=None)


class TeamBody(_Common):
    format = fields.String(required=True, validate=validate.Length(1, 200))  # no `all` here
    players = fields.List(fields.Nested(_Player), required=True,
                          validate=validate.Length(1, MAX_PLAYERS))


class ValidateQuery(Schema):
    """POST /v1/validate with a text/plain body: everything else is in the query."""

    class Meta:
        unknown = RAISE

    format = fields.String(load_default=ALL, validate=[
        validate.Length(1, 400), validate.Regexp(
            _FORMAT_LIST, error=f"Give format ids separated by commas; formats: "
                                f"{', '.join(ORDER)}, {ALL}.")])
    as_of = fields.Date(load_default=None)
    product = fields.String(load_default=None, validate=validate.Length(1, 2000))
    play = fields.String(load_default=None, validate=validate.OneOf(PLAYS))
    tournament = fields.Boolean(load_default=False)


# One instance each: building a schema deep-copies its fields (~150 µs), and load() keeps no
# state on the instance, so threads may share them.
_VALIDATE_QUERY = ValidateQuery()


@dataclass(frozen=True)
class Notice:
    """Something in the request that was read but not used, and why."""

    code: str
    detail: str
    at: dict[str, str]  # {"pointer": "/pool"} or {"parameter": "product"}


@dataclass(frozen=True)
class Target:
    """One format a deck is checked against, and which play of a team format."""

    format: Format
    rules: FormatDefinition
    play: str | None  # set for team formats
    notice: Notice | None = None  # a `play` asked for that the format does not have


@dataclass(frozen=True)
class ValidateRequest:
    targets: list[Target]
    many: bool  # `all` or a list: answer with one verdict per format
    deck: Decklist
    pool: Decklist | None
    product: str | list[str] | None
    as_of: dt.date | None
    tournament: bool
    notices: list[Notice]


_VALIDATE_BODY = ValidateBody()
_TEAM_BODY = TeamBody()


def validate_request() -> ValidateRequest:
    if deck_input.body_kind() == deck_input.TEXT:
        text = deck_input.text_body()
        args = load_query(_VALIDATE_QUERY)
        product = args["product"]
        body = {"format": _distinct(_comma_list(args["format"])), "deck": text,
                "as_of": args["as_of"], "play": args["play"], "pool": None,
                "tournament": args["tournament"],
                "product": _comma_list(product) if product is not None else None}
        where = "?"
    else:
        _check_query()
        body = load_body(_VALIDATE_BODY, deck_input.json_body())
        where = "/"
    targets = _targets(body["format"], body["play"], where)
    deck = deck_input.decklist(body["deck"], "deck")
    pool = deck_input.decklist(body["pool"], "pool") if body["pool"] is not None else None
    notices = [t.notice for t in targets if t.notice is not None]
    limited = _limited(targets)
    if not limited:
        notices += [_unused(targets, name, where) for name in ("pool", "product")
                    if body[name] is not None]
    return ValidateRequest(targets, body["format"] == ALL or isinstance(body["format"], list),
                           deck, pool if limited else None,
                           body["product"] if limited else None, body["as_of"],
                           body["tournament"], notices)


def _check_query() -> None:
    """With a JSON body the body says it all, and the query is not used; a malformed
    query is still refused rather than silently passed over."""
    if request.args:
        _targets(_distinct(_comma_list(load_query(_VALIDATE_QUERY)["format"])), None, "?")


@dataclass(frozen=True)
class PlayerRequest:
    seat: str
    deck: Decklist
    pool: Decklist | None


@dataclass(frozen=True)
class TeamRequest:
    format: TeamFormat
    play: str
    players: list[PlayerRequest]
    product: str | list[str] | None
    as_of: dt.date | None
    notices: list[Notice]


def team_request() -> TeamRequest:
    if deck_input.body_kind() != deck_input.JSON:
        raise Problem(415, "unsupported-media-type", "Unsupported Media Type",
                      "Send a team as application/json: {format, players: [{seat, deck}]}.",
                      supported=["application/json"])
    body = load_body(_TEAM_BODY, deck_input.json_body())
    team = _format(body["format"], {"pointer": "/format"})
    if not isinstance(team, TeamFormat):
        teams = [f.id for f in all_formats().values() if isinstance(f, TeamFormat)]
        raise Problem(422, "not-a-team-format", "Unprocessable Content",
                      f"{team.id} is a format for one deck; team formats: {', '.join(teams)}. "
                      "Check one deck with POST /v1/validate.", pointer="/format",
                      supported=teams)
    target = _target(team, body["play"], {"pointer": "/play"})
    limited = _limited([target])
    players: list[PlayerRequest] = []
    notices = [target.notice] if target.notice is not None else []
    for position, player in enumerate(body["players"]):
        pointer = f"players/{position}"
        pool = None
        if player["pool"] is not None:
            pool = deck_input.decklist(player["pool"], f"{pointer}/pool")
            if not limited:
                notices.append(_unused([target], f"{pointer}/pool", "/"))
                pool = None
        players.append(PlayerRequest(player["seat"],
                                     deck_input.decklist(player["deck"], f"{pointer}/deck"),
                                     pool))
    product = body["product"]
    if product is not None and not limited:
        notices.append(_unused([target], "product", "/"))
        product = None
    assert target.play is not None
    return TeamRequest(team, target.play, players, product, body["as_of"], notices)


def product_for(index: CatalogIndex, rules: FormatDefinition, wanted: str | list[str],
                where: str = "/") -> Product:
    """A product by id (the format's own first, then any format's), or the sets named."""
    if isinstance(wanted, str):
        found = rules.product(wanted) or next(
            (p for f in _deck_rules() for p in f.products if p.id == wanted), None)
        if found is not None:
            return found
        wanted = [wanted]
    set_ids = []
    for name in wanted:
        sets = ([name] if name in index.sets else index.sets_for_code(name)
                or index.sets_named(name))
        if not sets:
            products = sorted({p.id for f in _deck_rules() for p in f.products})
            raise Problem(404, "unknown-product", "Not Found",
                          f"{name!r} is neither a product ({', '.join(products)}) nor a set "
                          "id, code or name.", supported=products, **_at(where, "product"))
        set_ids.extend(sets[:1])
    sets_named = ", ".join(index.sets[set_id].name for set_id in set_ids)
    section = next((c.section for c in rules.checks if c.code == "not-in-product"), "")
    return Product("sets", f"boosters of {sets_named}",
                   tuple((set_id, 0) for set_id in set_ids), section)


def _targets(wanted: str | list[str], play: str | None, where: str) -> list[Target]:
    if wanted == ALL:
        formats = list(all_formats().values())
        return [_target(f, play, None) for f in formats
                if not isinstance(f, TeamFormat) or (play or "constructed") in f.plays]
    names = [wanted] if isinstance(wanted, str) else wanted
    if len(set(names)) != len(names):
        raise Problem(422, "invalid-body", "Unprocessable Content",
                      "A format is named twice.", **_at(where, "format"))
    return [_target(_format(name, _at(where, "format")), play, _at(where, "play"))
            for name in names]


def _format(name: str, at: dict[str, str]) -> Format:
    try:
        return get_format(name)
    except KeyError:
        choices = [*ORDER, ALL]
        raise Problem(404, "unknown-format", "Not Found",
                      f"No format {name!r}; formats: {', '.join(choices)}.",
                      supported=choices, **at) from None


def _target(fmt: Format, play: str | None, at: dict[str, str] | None) -> Target:
    """The deck rules to check against. A play the format lacks is not used (noticed
    where `at` says; format=all skips team formats played otherwise, and says nothing)."""
    if isinstance(fmt, FormatDefinition):
        notice = None
        if play is not None and play != fmt.play and at is not None:
            notice = Notice("play-not-used", f"{fmt.id} is a {fmt.play} format; `play` chooses "
                            f"the deck rules of a team format, and {play} was not used.", at)
        return Target(fmt, fmt, None, notice)
    chosen = play or "constructed"
    if chosen in fmt.plays:
        return Target(fmt, fmt.plays[chosen].deck, chosen)
    only = next(iter(fmt.plays))
    return Target(fmt, fmt.plays[only].deck, only, Notice(
        "play-not-used", f"{fmt.id} is not played {chosen} (plays: {', '.join(fmt.plays)}); "
        f"the deck was checked by its {only} rules.", at or {"pointer": "/play"}))


def _limited(targets: list[Target]) -> bool:
    return any(target.rules.play == LIMITED for target in targets)


def _unused(targets: list[Target], field: str, where: str) -> Notice:
    named = ", ".join(f"{t.format.id} ({t.rules.play})" for t in targets)
    return Notice("limited-only",
                  f"`{field}` applies to Limited play and was not used; the formats asked "
                  f"are Constructed: {named}.", _at(where, field))


def _comma_list(value: str) -> str | list[str]:
    """A query value as the JSON body would give it: one string, or a list of several."""
    parts = value.split(",")  # exactly as written: " modified" is no format
    return parts[0] if len(parts) == 1 else parts


def _distinct(value: str | list[str]) -> str | list[str]:
    """A query's format list with repeats dropped (a JSON body's list may not repeat)."""
    return value if isinstance(value, str) else list(dict.fromkeys(value))


def _deck_rules() -> list[FormatDefinition]:
    return [f for f in all_formats().values() if isinstance(f, FormatDefinition)]


def _at(where: str, field: str) -> dict[str, str]:
    """Where a bad value is: a JSON pointer into the body, or a query parameter."""
    return {"pointer": f"/{field}"} if where == "/" else {"parameter": field}
