"""An organizer's format, as a request or a deployment writes it: a base format and changes.

A definition names a format of deckjudge's own (`base`, judged by its rules in force on the
day, seasons and all) and what the organizer changes: the deck's size and copy limit, a
narrower card pool, bans added or lifted (by English name, by card or by one printing), and
rules the checks know, each a switch with its parameters. It is data, read by a schema that
refuses what it does not know (naming the field), bounded in every list and string, and
never evaluated. Its canonical form (its fields as read, keys sorted) names it by a hash
that stays the same however the JSON was spaced or ordered (validators.derived makes the
rules of it; docs/formats.md, "Formats of your own", is the reference).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import orjson
from marshmallow import Schema, ValidationError, fields, validate, validates_schema

from catalog.regulation_marks import MARKS
from runtime import patterns
from runtime.caches import plain_bytes, text_bytes
from runtime.strict_fields import JSONBoolean, Strict
from validators.records import CONSTRUCTED, FAMILY_RULES, REACHES, Format, FormatDefinition

# An id: lower-case words joined by hyphens, as the built-in formats' are.
ID_PATTERN = r"^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$"
MAX_NAME, MAX_TEXT, MAX_URL = 120, 500, 500
URL_PATTERN = r"^https?://[^\s]+$"
# The most entries of each list: a ban list of 200 cards is longer than any organizer's seen
# (Limitless's "Suspended Cards" name a handful); a pool of 2,000 cards covers a cube.
MAX_BANS, MAX_POOL_CARDS, MAX_POOL_TERMS, MAX_RULES, MAX_KINDS = 200, 2_000, 100, 20, 40
MAX_FAMILIES, MAX_FAMILY_NAMES = 20, 10
# The most bytes a definition's canonical form may take: the lists above at their longest.
MAX_BYTES = 64 * 1024

# The subtypes the catalog's cards carry that a rule may name: a kind not among them is a
# mistake (a "VMAXX"), refused rather than matched by nothing.
POKEMON_KINDS = ("Basic", "Stage 1", "Stage 2", "Baby", "Restored", "Level-Up", "BREAK",
                 "MEGA", "Mega Evolution ex", "ex", "EX", "GX", "TAG TEAM", "V", "VMAX",
                 "VSTAR", "V-UNION", "Radiant", "Prism Star", "Star", "LEGEND", "Prime", "SP",
                 "Tera", "Ancient", "Future", "Ultra Beast", "Fusion Strike", "Rapid Strike",
                 "Single Strike", "Team Plasma", "Eternamax", "Trainer-Owned")
CARD_KINDS = ("ACE SPEC", "Prism Star", "Item", "Supporter", "Stadium", "Pokémon Tool",
              "Technical Machine", "Special", "Special Energy", "Team Plasma",
              "Rocket's Secret Machine", "Goldenrod Game Corner")
STAGES = ("Basic", "Stage 1", "Stage 2", "Baby", "Restored", "Level-Up", "BREAK", "MEGA",
          "VMAX", "VSTAR", "V-UNION")


class DefinitionError(ValueError):
    """A definition that cannot be judged by: `pointer` is where in it (JSON pointer parts
    below the definition), `detail` what is wrong. `conflict`: each part is well formed, but
    they contradict each other (a card banned and unbanned, dates out of order)."""

    def __init__(self, detail: str, pointer: tuple[str, ...] = (),
                 conflict: bool = False) -> None:
        super().__init__(detail)
        self.detail = detail
        self.pointer = pointer
        self.conflict = conflict


class _Matches(validate.Validator):
    """A string the pattern matches whole, through the linear engine (runtime.patterns):
    a definition is anyone's input."""

    def __init__(self, pattern: str, error: str) -> None:
        self.pattern = patterns.compile(pattern)
        self.message = error

    def __call__(self, value: str) -> str:
        if self.pattern.fullmatch(value) is None:
            raise ValidationError(self.message)
        return value


_ID = _Matches(ID_PATTERN, "Lower-case letters, digits and hyphens, at most 48.")


def _text(most: int = MAX_TEXT, **kwargs: Any) -> fields.String:
    return fields.String(validate=validate.Length(1, most), **kwargs)


def _texts(most: int, each: int = MAX_NAME) -> fields.List:
    return fields.List(_text(each), validate=validate.Length(1, most))


class _Cited(Strict):
    """Where the organizer's document states a change: its section and its words."""

    section = _text(MAX_NAME)
    text = _text()


class _Pool(Strict):
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


class _Entry(Strict):
    """A ban or an unban: one of a name, a card (every printing of its gameplay identity),
    a printing alone, or (a ban) a kind of card."""

    name = _text(MAX_NAME)
    card = _text(48)
    printing = _text(48)
    reaches = fields.String(validate=validate.OneOf(sorted(REACHES)))
    effective = fields.Date()
    until = fields.Date()
    note = _text()

    @validates_schema
    def _one(self, data: dict[str, Any], **_: Any) -> None:
        named = [key for key in ("name", "card", "printing", "reaches") if key in data]
        if len(named) != 1:
            raise ValidationError("Name exactly one of name, card, printing or reaches "
                                  f"(given: {', '.join(named) or 'none'}).")


class _Unban(Strict):
    name = _text(MAX_NAME)
    card = _text(48)

    @validates_schema
    def _one(self, data: dict[str, Any], **_: Any) -> None:
        if len(data) != 1:
            raise ValidationError("Name exactly one of name or card.")


class _Family(Strict):
    id = fields.String(required=True, validate=_ID)
    names = _texts(MAX_FAMILY_NAMES)
    rule = fields.String(required=True, validate=validate.OneOf(FAMILY_RULES))
    effective = fields.Date()
    note = _text()

    @validates_schema
    def _names(self, data: dict[str, Any], **_: Any) -> None:
        if len(data.get("names", ())) < 2:
            raise ValidationError("A family is two names or more.", "names")


def _kinds(choices: tuple[str, ...]) -> fields.List:
    return fields.List(fields.String(validate=validate.OneOf(choices)),
                       validate=validate.Length(0, MAX_KINDS))


class _Rule(Strict):
    rule = fields.String(required=True)
    section = _text(MAX_NAME)
    text = _text()


class _NoParams(_Rule):
    pass


TYPES = ("Grass", "Fire", "Water", "Lightning", "Psychic", "Fighting", "Darkness", "Metal",
         "Fairy", "Dragon", "Colorless")


class _OneType(_Rule):
    types = fields.List(fields.String(validate=validate.OneOf(TYPES)),
                        validate=validate.Length(1, len(TYPES)))
    basic_energy = JSONBoolean()


class _RuleBox(_Rule):
    kinds = _kinds(POKEMON_KINDS)
    card_kinds = _kinds(CARD_KINDS)


class _KindLimit(_Rule):
    kinds = _kinds(POKEMON_KINDS)
    card_kinds = _kinds(CARD_KINDS)
    max = fields.Integer(required=True, strict=True, validate=validate.Range(0, 60))
    per_name = JSONBoolean()  # true: at most `max` copies of each English title of the kinds

    @validates_schema
    def _some(self, data: dict[str, Any], **_: Any) -> None:
        if not data.get("kinds") and not data.get("card_kinds"):
            raise ValidationError("Give kinds, card_kinds or both.")


class _Rarity(_Rule):
    allowed = _texts(40, 48)
    # true: a card is in when any printing of it is of an allowed rarity ("Pauper": a card
    # with a common printing may be played in any of its printings)
    any_printing = JSONBoolean()
    cards = _texts(MAX_BANS, 48)  # printing ids allowed whatever their rarity


class _MaxHp(_Rule):
    hp = fields.Integer(required=True, strict=True, validate=validate.Range(10, 1000))


class _Stages(_Rule):
    allowed = fields.List(fields.String(validate=validate.OneOf(STAGES)), required=True,
                          validate=validate.Length(1, len(STAGES)))


# Each rule a definition may switch on, by the name it is written with, and its parameters.
RULE_SCHEMAS: dict[str, Schema] = {
    "one-type": _OneType(), "no-rule-box": _RuleBox(), "kind-limit": _KindLimit(),
    "single-prize": _NoParams(), "no-ace-spec": _NoParams(), "rarity": _Rarity(),
    "max-hp": _MaxHp(), "stages": _Stages()}


class _RuleField(fields.Field):
    """A rule, read by the schema its `rule` names."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, dict):
            raise ValidationError("A rule is an object with a `rule`.")
        named = value.get("rule")
        schema = RULE_SCHEMAS.get(named) if isinstance(named, str) else None
        if schema is None:
            raise ValidationError({"rule": [f"Not a rule deckjudge knows; rules: "
                                            f"{', '.join(RULE_SCHEMAS)}."]})
        return schema.load(value)


class DefinitionSchema(Strict):
    """The short form of a format definition (docs/formats.md, "Formats of your own")."""

    id = fields.String(validate=_ID)
    name = _text(MAX_NAME)
    base = fields.String(required=True, validate=validate.Length(1, 48))
    document = _text(MAX_NAME)
    url = fields.String(validate=[validate.Length(1, MAX_URL),
                                  _Matches(URL_PATTERN, "An http or https address.")])
    document_date = fields.Date()
    effective = fields.Date()
    description = _text()
    deck_size = fields.Integer(strict=True, validate=validate.Range(1, 200))
    copy_limit = fields.Integer(strict=True, allow_none=True, validate=validate.Range(1, 60))
    pool = fields.Nested(_Pool)
    base_bans = JSONBoolean()
    banned = fields.List(fields.Nested(_Entry), validate=validate.Length(0, MAX_BANS))
    unbanned = fields.List(fields.Nested(_Unban), validate=validate.Length(1, MAX_BANS))
    families = fields.List(fields.Nested(_Family), validate=validate.Length(0, MAX_FAMILIES))
    base_families = JSONBoolean()
    rules = fields.List(_RuleField(), validate=validate.Length(1, MAX_RULES))
    sections = fields.Dict(keys=fields.String(validate=validate.OneOf(
        ("deck_size", "copy_limit", "pool", "banned", "families"))),
        values=fields.Nested(_Cited))


def _contradiction(given: dict[str, Any]) -> DefinitionError | None:
    """The first place where a definition the schema read, each part well formed,
    contradicts itself; None when it does not."""
    pool = given.get("pool", {})
    start, end = pool.get("released_from"), pool.get("released_until")
    if start is not None and end is not None and start > end:
        return _conflict(f"released_from ({start}) is after released_until ({end}).",
                         "pool", "released_until")
    for at, entry in enumerate(given.get("banned", ())):
        start, end = entry.get("effective"), entry.get("until")
        if start is not None and end is not None and start >= end:
            return _conflict(f"effective ({start}) is not before until ({end}).",
                             "banned", str(at), "until")
    rules = [rule["rule"] for rule in given.get("rules", ())]
    twice = sorted({rule for rule in rules if rules.count(rule) > 1} - {"kind-limit"})
    if twice:
        return _conflict(f"A rule is switched on once: {', '.join(twice)}.", "rules")
    banned = {_entry_key(entry) for entry in given.get("banned", ())}
    both = sorted(key for key in (_entry_key(entry) for entry in given.get("unbanned", ()))
                  if key in banned)
    if both:
        return _conflict(f"Both banned and unbanned: {', '.join(both)}.", "unbanned")
    if given.get("base_bans") is False and given.get("unbanned"):
        return _conflict("Nothing to unban: base_bans is false, so the base's bans are "
                         "dropped already.", "unbanned")
    return None


def _conflict(detail: str, *pointer: str) -> DefinitionError:
    return DefinitionError(detail, pointer, conflict=True)


def _entry_key(entry: dict[str, Any]) -> str:
    return next(f"{key} {entry[key]}" for key in ("name", "card", "printing", "reaches")
                if key in entry)


SCHEMA = DefinitionSchema()


@dataclass(frozen=True, eq=False)
class Definition:
    """A definition as read: its fields (dates as dates), its canonical form and its hash.
    Compared and hashed by its hash: two requests that send one definition, spaced or
    ordered apart, share what is made of it."""

    fields: dict[str, Any]
    canonical: str  # the definition as read, keys sorted, no spaces: what the hash is of
    hash: str  # sha256 of `canonical`, hex

    @property
    def id(self) -> str:
        """Its own id, or one made of its hash for a definition that gives none."""
        return str(self.fields.get("id") or f"custom-{self.hash[:12]}")

    @property
    def base(self) -> str:
        return str(self.fields["base"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Definition) and other.hash == self.hash

    def __hash__(self) -> int:
        return hash(self.hash)

    def weight(self) -> int:
        """The bytes it holds: its fields as read, its canonical form and its hash."""
        return DEFINITION_BYTES + plain_bytes(self.fields) + text_bytes(self.canonical) + \
            text_bytes(self.hash)


# What a Definition holds besides its fields and texts: the object and its dict.
DEFINITION_BYTES = 160


def read_definition(sent: Any) -> Definition:
    """A definition from its JSON value; DefinitionError names the first field at fault."""
    if not isinstance(sent, dict):
        raise DefinitionError("A format definition is a JSON object.")
    try:
        loaded = SCHEMA.load(sent)
    except ValidationError as error:
        pointer, detail = first_error(error.normalized_messages())
        raise DefinitionError(detail, pointer) from None
    contradiction = _contradiction(loaded)
    if contradiction is not None:
        raise contradiction
    canonical = orjson.dumps(loaded, option=orjson.OPT_SORT_KEYS)  # dates as ISO days
    if len(canonical) > MAX_BYTES:
        raise DefinitionError(f"The definition takes {len(canonical):,} bytes; at most "
                              f"{MAX_BYTES:,}.")
    return Definition(loaded, canonical.decode(), hashlib.sha256(canonical).hexdigest())


def check_base(definition: Definition, formats: Mapping[str, Format]) -> FormatDefinition:
    """The base the definition names: one of deckjudge's formats for one Constructed deck."""
    bases = [format_id for format_id, fmt in formats.items()
             if isinstance(fmt, FormatDefinition) and fmt.play == CONSTRUCTED]
    base = formats.get(definition.base)
    if not isinstance(base, FormatDefinition) or base.id not in bases:
        raise DefinitionError(f"No format {definition.base!r} to base a format on; bases: "
                              f"{', '.join(bases)}.", ("base",))
    return base


_ENTRY = ("key", "value")


def first_error(messages: Any) -> tuple[tuple[str, ...], str]:
    """The first of marshmallow's messages: where (pointer parts) and what."""
    path: list[str] = []
    while isinstance(messages, dict) and messages:
        key = sorted(messages, key=str)[0]
        # A mapping's messages say whether its key or its value is wrong: the pointer names
        # the entry either way.
        if key != "_schema" and not (path and path[0] == "sections" and key in _ENTRY):
            path.append(str(key))
        messages = messages[key]
    text = messages[0] if isinstance(messages, list) and messages else messages
    return tuple(path), str(text)[:MAX_TEXT]

