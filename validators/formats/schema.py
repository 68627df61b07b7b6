"""The schema of a format's data, in its two forms, read by the same fields.

A format of deckjudge's own is written whole (validators/formats/*.json, and the seasons of
seasons.json); an organizer's definition is a base format and the changes made to it. Both
name their rules by kind, with each kind's parameters as the rule table declares them
(validators.rule_kinds), and write a ban, a family of names and a dated source alike: one
field declaration each, with its bounds, for either form (deckjudge's own data adds the
announcements and dates its sources give). What a form may not say is refused, naming the
field: a definition is anyone's input, bounded in every list and string, and deckjudge's
own data is held to the same checks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from catalog.identity import ENERGY_TYPES, title_key
from catalog.regulation_marks import MARKS
from runtime import patterns
from runtime.strict_fields import JSONBoolean, JSONInteger, Strict
from validators.records import FAMILY_RULES, PLAYS, REACHES, SHARED_POOL
from validators.rule_kinds import (
    BOOLEAN,
    CHOICES,
    INTEGER,
    NAMED,
    ORGANIZERS,
    RULE_KINDS,
    Param,
    RuleKind,
)

# An id: lower-case words joined by hyphens, as the built-in formats' are.
ID_PATTERN = r"^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$"
MAX_NAME, MAX_TEXT, MAX_URL = 120, 500, 500
URL_PATTERN = r"^https?://[^\s]+$"
# The most entries of each list: a ban list of 200 cards is longer than any organizer's seen
# (Limitless's "Suspended Cards" name a handful); a pool of 2,000 cards covers a cube.
MAX_BANS, MAX_POOL_CARDS, MAX_POOL_TERMS, MAX_RULES = 200, 2_000, 100, 20
MAX_FAMILIES, MAX_FAMILY_NAMES = 20, 10
# The most sets of Japan's a request or a definition may preview: a year of them and more.
MAX_PREVIEW = 20
# deckjudge's own data says more where its sources do: how a date was read, what a format's
# document leaves to the organizer.
MAX_NOTE = 4_000
# A source's date: a day, or a month or a year where only that is established.
DAY_MONTH_OR_YEAR = r"^[0-9]{4}(?:-[0-9]{2}(?:-[0-9]{2})?)?$"
TODAY = "today"  # a default day: the day of the request (a format of today's game)
POOL_KINDS = ("own", SHARED_POOL)  # a team's Limited pools: each player's own, or one


class Matches(validate.Validator):
    """A string the pattern matches whole, through the linear engine (runtime.patterns):
    a definition is anyone's input."""

    def __init__(self, pattern: str, error: str) -> None:
        self.pattern = patterns.compile(pattern)
        self.message = error

    def __call__(self, value: str) -> str:
        if self.pattern.fullmatch(value) is None:
            raise ValidationError(self.message)
        return value


_ID = Matches(ID_PATTERN, "Lower-case letters, digits and hyphens, at most 48.")


def _text(most: int = MAX_TEXT, **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(1, most), **kwargs)


def _texts(most: int, each: int = MAX_NAME, **kwargs: Any) -> fields.List:
    return fields.List(_text(each), validate=validate.Length(1, most), **kwargs)


def _ident(**kwargs: Any) -> fields.String:
    return fields.String(validate=_ID, **kwargs)


def _url(**kwargs: Any) -> fields.String:
    return fields.String(validate=[validate.Length(1, MAX_URL),
                                   Matches(URL_PATTERN, "An http or https address.")],
                         **kwargs)


def _one_of(data: dict[str, Any], keys: tuple[str, ...]) -> None:
    named = [key for key in keys if key in data]
    if len(named) != 1:
        listed = f"{', '.join(keys[:-1])} or {keys[-1]}"
        raise ValidationError(f"Name exactly one of {listed} (given: "
                              f"{', '.join(named) or 'none'}).")


class Source(Strict):
    """Where a dated rule comes from: the publisher's title, its date, the page read."""

    title = _text(MAX_NAME * 2, required=True)
    date = fields.String(required=True, validate=Matches(
        DAY_MONTH_OR_YEAR, "A day (YYYY-MM-DD), or a month or a year where only that is "
        "established."))
    url = _url(required=True)


class Cited(Strict):
    """Where the organizer's document states a change: its section and its words."""

    section = _text(MAX_NAME)
    text = _text()


# Rules ---------------------------------------------------------------------------------


def _param_field(param: Param) -> fields.Field:
    """The field a parameter is read by: its type, its bounds, each choice known."""
    if param.type == INTEGER:
        return JSONInteger(required=param.required,
                              validate=validate.Range(param.least, param.most))
    if param.type == BOOLEAN:
        return JSONBoolean(required=param.required)
    each = (fields.String(validate=validate.OneOf(param.choices)) if param.type == CHOICES
            else _text(param.length))
    return fields.List(each, required=param.required,
                       validate=validate.Length(param.least, param.most))


class _Rule(Strict):
    """A rule by its kind, with the parameters the kind declares."""

    kind: RuleKind
    rule = fields.String(required=True)
    section = _text(MAX_NAME)
    text = _text()

    @validates_schema
    def _some(self, data: dict[str, Any], **_: Any) -> None:
        wanted = self.kind.one_of
        if wanted and not any(data.get(name) for name in wanted):
            raise ValidationError(f"Give {', '.join(wanted)} or both.")


def _rule_schemas(kinds: dict[str, RuleKind], section_required: bool) -> dict[str, Schema]:
    """A schema a kind, made of its parameters; deckjudge's own data cites every rule."""
    made: dict[str, Schema] = {}
    for name, kind in kinds.items():
        declared: dict[str, Any] = {param.name: _param_field(param) for param in kind.params}
        declared["kind"] = kind
        if section_required:
            declared["section"] = _text(MAX_NAME, required=True)
        made[name] = type(f"Rule[{name}]", (_Rule,), declared)()
    return made


class RuleField(fields.Field):
    """A rule, read by the schema of the kind its `rule` names."""

    def __init__(self, schemas: dict[str, Schema], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.schemas = schemas

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise ValidationError("A rule is an object with a `rule`.")
        named = value.get("rule")
        schema = self.schemas.get(named) if isinstance(named, str) else None
        if schema is None:
            raise ValidationError({"rule": [f"Not a rule deckjudge knows; rules: "
                                            f"{', '.join(self.schemas)}."]})
        return schema.load(value)


# The kinds of rule each form may name: an organizer's, those open to organizers;
# deckjudge's own data, any a format's documents state.
ORGANIZER_RULES = _rule_schemas(ORGANIZERS, section_required=False)
SHIPPED_RULES = _rule_schemas(NAMED, section_required=True)


# Bans and families ---------------------------------------------------------------------


class _Banned(Strict):
    """What a ban names, exactly one of `names`, and the days it holds."""

    names: tuple[str, ...] = ("card", "reaches")
    card = _text(48)
    reaches = fields.String(validate=validate.OneOf(sorted(REACHES)))
    effective = fields.Date()
    until = fields.Date()

    @validates_schema
    def _one(self, data: dict[str, Any], **_: Any) -> None:
        _one_of(data, self.names)


class Ban(_Banned):
    """An organizer's ban: one of a name (every card of that English name), a card (every
    printing of its gameplay identity), a printing alone, or a kind of card."""

    names = ("name", "card", "printing", "reaches")
    name = _text(MAX_NAME)
    printing = _text(48)
    note = _text()


class DatedBan(_Banned):
    """A ban of deckjudge's own data: a card or a kind of card, dated as its sources say
    (a window where the day is not established), with the announcement it comes from."""

    effective_by = fields.Date()
    until_by = fields.Date()
    announcement = fields.Nested(Source)
    note = _text(MAX_NOTE)


class _BanField(fields.Field):
    """A card id (banned as long as the document governs), or a dated entry."""

    schema = DatedBan()

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str) and value:
            return {"card": value}
        if not isinstance(value, dict):
            raise ValidationError("A ban is a card id or an object naming a card.")
        return self.schema.load(value)


class Unban(Strict):
    name = _text(MAX_NAME)
    card = _text(48)

    @validates_schema
    def _one(self, data: dict[str, Any], **_: Any) -> None:
        if len(data) != 1:
            raise ValidationError("Name exactly one of name or card.")


class Family(Strict):
    """English names a rule treats as one: two or more, each a title of its own."""

    id = _ident(required=True)
    names = _texts(MAX_FAMILY_NAMES)
    rule = fields.String(required=True, validate=validate.OneOf(FAMILY_RULES))
    effective = fields.Date()
    note = _text()

    @validates_schema
    def _names(self, data: dict[str, Any], **_: Any) -> None:
        names = data.get("names", ())
        if len(names) < 2:
            raise ValidationError("A family is two names or more.", "names")
        seen: dict[str, str] = {}
        for name in names:
            other = seen.setdefault(title_key(name), name)
            if other != name:
                raise ValidationError(f"{other!r} and {name!r} are one title; name each "
                                      "once.", "names")


class SourcedFamily(Family):
    """A family of deckjudge's own data: from its source's day, maybe until another."""

    effective = fields.Date(required=True)
    until = fields.Date()
    source = fields.Nested(Source, required=True)
    note = _text(MAX_NOTE)


# An organizer's definition -------------------------------------------------------------


class NarrowerPool(Strict):
    """A narrower pool: a card must be in the base's pool and meet every term given."""

    sets = _texts(MAX_POOL_TERMS, 32)  # set ids or codes
    series = _texts(MAX_POOL_TERMS, 64)
    regulation_marks = fields.List(fields.String(validate=validate.OneOf(MARKS)),
                                   validate=validate.Length(1, len(MARKS)))
    released_from = fields.Date()
    released_until = fields.Date()
    cards = _texts(MAX_POOL_CARDS, 48)  # printing ids: a card is in when one of its is

    @validates_schema
    def _some(self, data: dict[str, Any], **_: Any) -> None:
        if not data:
            raise ValidationError("Give at least one of its terms, or leave the pool out.")


# The base fields a definition may cite its own section for.
CHANGES = ("deck_size", "copy_limit", "pool", "banned", "families")


class DefinitionSchema(Strict):
    """The short form of a format definition (docs/formats.md, "Formats of your own")."""

    id = _ident()
    name = _text(MAX_NAME)
    base = fields.String(required=True, validate=validate.Length(1, 48))
    document = _text(MAX_NAME)
    url = _url()
    document_date = fields.Date()
    effective = fields.Date()
    description = _text()
    deck_size = JSONInteger(validate=validate.Range(1, 200))
    copy_limit = JSONInteger(allow_none=True, validate=validate.Range(1, 60))
    pool = fields.Nested(NarrowerPool)
    # Sets of Japan's judged as released, by their codes ("M6"): the coming format.
    preview = _texts(MAX_PREVIEW, 16)
    base_bans = JSONBoolean()
    banned = fields.List(fields.Nested(Ban), validate=validate.Length(0, MAX_BANS))
    unbanned = fields.List(fields.Nested(Unban), validate=validate.Length(1, MAX_BANS))
    families = fields.List(fields.Nested(Family), validate=validate.Length(0, MAX_FAMILIES))
    base_families = JSONBoolean()
    rules = fields.List(RuleField(ORGANIZER_RULES), validate=validate.Length(1, MAX_RULES))
    sections = fields.Dict(keys=fields.String(validate=validate.OneOf(CHANGES)),
                           values=fields.Nested(Cited))


# deckjudge's own formats ---------------------------------------------------------------


class _DefaultDay(fields.Field):
    """The day a deck is judged on when a request gives none: a date, or "today"."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if value == TODAY:
            return TODAY
        return fields.Date().deserialize(value)


class Rotation(Strict):
    effective = fields.Date(required=True)
    from_mark = fields.String(required=True, validate=validate.OneOf(
        MARKS, error="Not a regulation mark of the game: {input!r}."))
    announcement = fields.Nested(Source, required=True)
    note = _text(MAX_NOTE)


class CardPool(Strict):
    """Which printings a format allows, before bans (validators.records.CardPool)."""

    all_sets = JSONBoolean()
    sets = fields.List(_text(32))
    later_than = _text(32)
    from_set = _text(32)
    promo_numbers = fields.Dict(keys=_text(32), values=fields.List(
        JSONInteger(allow_none=True), validate=validate.Length(2, 2)))
    exempt_basic_types = fields.List(fields.String(validate=validate.OneOf(ENERGY_TYPES)))
    reprints_legal = JSONBoolean()
    rotations = fields.List(fields.Nested(Rotation))
    legal_fridays = JSONInteger(validate=validate.Range(0, 10))
    legal_days = JSONInteger(validate=validate.Range(0, 100))
    legal_dates = fields.Dict(keys=_text(32), values=fields.Date())
    excluded_sets = fields.List(_text(32))
    tournament_cards_only = JSONBoolean()


class Booster(Strict):
    set = _text(32, required=True)
    packs = JSONInteger(required=True, validate=validate.Range(0, 36))


class Product(Strict):
    id = _ident(required=True)
    name = _text(MAX_NAME, required=True)
    boosters = fields.List(fields.Nested(Booster), required=True,
                           validate=validate.Length(min=1))
    section = _text(MAX_NAME, required=True)


class Restriction(Strict):
    card = _text(48, required=True)
    text = _text(MAX_NOTE, required=True)
    max_copies = JSONInteger(validate=validate.Range(0, 60))
    partner_allowed = JSONBoolean()


class Ineligible(Strict):
    subtype = _text(MAX_NAME, required=True)
    why = _text(MAX_TEXT, required=True)


class Partner(Strict):
    ineligible = fields.List(fields.Nested(Ineligible), required=True)


_SHIPPED_RULES = fields.List(RuleField(SHIPPED_RULES), required=True,
                             validate=validate.Length(min=1))


class DeckData(Strict):
    """A deck's rules as deckjudge's data writes them: a singles format's, or a team play's
    own (which take the team format's names)."""

    play = fields.String(validate=validate.OneOf(PLAYS))
    description = _text(MAX_NOTE)
    deck_size = JSONInteger(required=True, validate=validate.Range(1, 200))
    copy_limit = JSONInteger(required=True, allow_none=True,
                                validate=validate.Range(1, 60))
    pool = fields.Nested(CardPool, required=True)
    banned = fields.List(_BanField())
    default_as_of = _DefaultDay(allow_none=True)
    prizes = JSONInteger(allow_none=True, validate=validate.Range(1, 20))
    round_minutes = JSONInteger(allow_none=True, validate=validate.Range(1, 600))
    rules = _SHIPPED_RULES
    products = fields.List(fields.Nested(Product))
    partner = fields.Nested(Partner)
    restricted = fields.List(fields.Nested(Restriction))
    watchlisted = fields.List(_text(48))
    families = fields.List(fields.Nested(SourcedFamily))
    organizer_notes = _text(MAX_NOTE)


class _Names(Strict):
    """What names a format of deckjudge's and the document it cites."""

    id = _ident(required=True)
    name = _text(MAX_NAME, required=True)
    version = _text(MAX_NAME, required=True)
    description = _text(MAX_NOTE, required=True)
    document = _text(MAX_NAME, required=True)
    document_date = fields.Date(required=True, allow_none=True)
    # The last day the document governed (its season's end), when it is known.
    document_reaches = fields.Date(allow_none=True)


class FormatData(_Names, DeckData):
    """A singles format of deckjudge's: its names and its deck rules."""


class _PlayDeck(fields.Field):
    """A team play's deck rules: another format's id, or rules of its own."""

    schema = DeckData()

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, str):
            return _ident().deserialize(value)
        if not isinstance(value, dict):
            raise ValidationError("A format's id, or deck rules of the play's own.")
        return self.schema.load(value)


class Play(Strict):
    deck = _PlayDeck(required=True)
    prizes = fields.Dict(keys=_text(8), values=JSONInteger(
        validate=validate.Range(1, 20)), required=True)
    round_minutes = JSONInteger(allow_none=True, validate=validate.Range(1, 600))
    pool = fields.String(validate=validate.OneOf(POOL_KINDS))
    section = _text(MAX_NAME, required=True)


class TeamData(_Names):
    """A team format of deckjudge's: seats, and the deck rules of each way it is played."""

    kind = fields.String(required=True, validate=validate.OneOf(("team",)))
    seats = fields.List(_text(8), required=True, validate=validate.Length(min=1))
    seats_section = _text(MAX_NAME, required=True)
    plays = fields.Dict(keys=fields.String(validate=validate.OneOf(PLAYS)),
                        values=fields.Nested(Play), required=True,
                        validate=validate.Length(min=1))

    @validates_schema
    def _seats(self, data: dict[str, Any], **_: Any) -> None:
        if any(set(play["prizes"]) != set(data.get("seats", ()))
               for play in data.get("plays", {}).values()):
            raise ValidationError("A play's Prizes are given by seat, every seat's.", "plays")


class LineageDeck(Strict):
    """The deck rules a lineage's seasons share; each season gives its pool and bans."""

    deck_size = JSONInteger(required=True, validate=validate.Range(1, 200))
    copy_limit = JSONInteger(required=True, allow_none=True,
                                validate=validate.Range(1, 60))
    rules = _SHIPPED_RULES
    prizes = JSONInteger(allow_none=True, validate=validate.Range(1, 20))
    families = fields.List(fields.Nested(SourcedFamily))


class DatedRuleData(Strict):
    id = _ident(required=True)
    name = _text(MAX_NAME, required=True)
    code = _text(48, required=True)  # a violation code (validators.checks.CODES)
    effective = fields.Date(required=True)
    first_printing = _text(48)
    source = fields.Nested(Source, required=True)
    note = _text(MAX_NOTE, required=True)


class SeasonData(Strict):
    """A season: the rules of a format of deckjudge's (`rules`), or its own pool and bans
    over its lineage's deck rules; from a day, or from a day in a window."""

    id = _ident(required=True)
    format = _ident(required=True)
    name = _text(MAX_NAME)
    effective = fields.Date()
    effective_window = fields.List(fields.Date(), validate=validate.Length(2, 2))
    source = fields.Nested(Source, required=True)
    note = _text(MAX_NOTE, required=True)
    pool = fields.Nested(CardPool)
    banned = fields.List(_BanField())
    rules = _ident()

    @validates_schema
    def _said(self, data: dict[str, Any], **_: Any) -> None:
        if ("effective" in data) == ("effective_window" in data):
            raise ValidationError("Give effective or effective_window, one of them.")
        if ("rules" in data) == ("pool" in data):
            raise ValidationError("Give a format's rules or a pool of the season's own.")
        if "pool" in data and "name" not in data:
            raise ValidationError("A season of its own names itself.", "name")


class LineageData(Strict):
    id = _ident(required=True)
    name = _text(MAX_NAME, required=True)
    formats = fields.List(_ident(), required=True, validate=validate.Length(min=1))
    deck = fields.Nested(LineageDeck)
    rules = fields.List(fields.Nested(DatedRuleData))
    seasons = fields.List(fields.Nested(SeasonData), required=True,
                          validate=validate.Length(min=1))


class SeasonsData(Strict):
    description = _text(MAX_NOTE)
    lineages = fields.List(fields.Nested(LineageData), required=True)


DEFINITION = DefinitionSchema()
FORMAT, TEAM, SEASONS, POOL = FormatData(), TeamData(), SeasonsData(), CardPool()


def at_odds(given: Mapping[str, Any]) -> tuple[tuple[str, ...], str] | None:
    """Where a format's data, its schema read, contradicts itself, each part well formed
    (a card banned and unbanned, dates out of order, a rule switched on twice), and how;
    None when it does not. Either form's data, as read: an organizer's definition, or one
    set of deck rules of deckjudge's."""
    pool = given.get("pool", {})
    start, end = pool.get("released_from"), pool.get("released_until")
    if start is not None and end is not None and start > end:
        return ("pool", "released_until"), (f"released_from ({start}) is after "
                                            f"released_until ({end}).")
    for at, entry in enumerate(given.get("banned", ())):
        start, end = entry.get("effective"), entry.get("until")
        if start is not None and end is not None and start >= end:
            return ("banned", str(at), "until"), (f"effective ({start}) is not before until "
                                                  f"({end}).")
    rules = given.get("rules")
    named = [rule["rule"] for rule in rules] if isinstance(rules, list) else []
    twice = sorted({name for name in named if named.count(name) > 1
                    and not RULE_KINDS[name].twice})
    if twice:
        return ("rules",), f"A rule is switched on once: {', '.join(twice)}."
    banned = {_entry_key(entry) for entry in given.get("banned", ())}
    both = sorted(key for key in (_entry_key(entry) for entry in given.get("unbanned", ()))
                  if key in banned)
    if both:
        return ("unbanned",), f"Both banned and unbanned: {', '.join(both)}."
    if given.get("base_bans") is False and given.get("unbanned"):
        return ("unbanned",), ("Nothing to unban: base_bans is false, so the base's bans are "
                               "dropped already.")
    return None


def _entry_key(entry: Mapping[str, Any]) -> str:
    return next(f"{key} {entry[key]}" for key in ("name", "card", "printing", "reaches")
                if key in entry)


# The levels of a mapping's messages that say whether its key or its value is wrong: the
# pointer names the entry either way.
_ENTRY = ("key", "value")


def first_error(messages: Any) -> tuple[tuple[str, ...], str]:
    """The first of marshmallow's messages: where (pointer parts) and what."""
    path: list[str] = []
    while isinstance(messages, dict) and messages:
        key = sorted(messages, key=str)[0]
        if key != "_schema" and not (path and key in _ENTRY):
            path.append(str(key))
        messages = messages[key]
    said = messages[0] if isinstance(messages, list) and messages else messages
    return tuple(path), str(said)[:MAX_TEXT]
