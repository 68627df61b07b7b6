"""Sets and cards: catalog records dumped by marshmallow schemas."""

from __future__ import annotations

from typing import Any

from marshmallow import EXCLUDE, Schema, fields

from catalog.identity import title_key
from catalog.image_urls import tcgdex_images


def card_images(card: Any) -> dict[str, Any]:
    """A printing's pictures: pokemon-tcg-data's where it has the printing, else TCGdex's
    English ones (`small`, `large`), and TCGdex's in each language it publishes the printing
    in (`by_language`)."""
    return {"small": card.image_small, "large": card.image_large,
            "by_language": tcgdex_images(card.image_path, card.image_languages)}


class SetSchema(Schema):
    class Meta:
        unknown = EXCLUDE

    id = fields.String()
    name = fields.String()
    series = fields.String()
    kind = fields.String()
    source = fields.String()
    release_date = fields.Date(allow_none=True)
    printed_total = fields.Integer(allow_none=True)
    total = fields.Integer(allow_none=True)
    ptcgo_code = fields.String(allow_none=True)
    tcgdex_id = fields.String(allow_none=True)
    codes = fields.Method("_codes")
    symbol_url = fields.String(allow_none=True)
    # Its name and abbreviations by language: lists written in them name the set so.
    names = fields.Function(lambda found: {"en": found.name, **(found.names or {})})
    abbreviations = fields.Function(lambda found: dict(found.abbreviations or {}))

    def _codes(self, obj: Any) -> list[str]:
        return [code.code for code in obj.codes]


class SetRefSchema(Schema):
    id = fields.String()
    name = fields.String()
    series = fields.String()
    release_date = fields.Date(allow_none=True)


class IdentitySchema(Schema):
    title_key = fields.Function(lambda card: title_key(card.name))
    name_key = fields.String()
    function_key = fields.String()
    text_fingerprint = fields.String()
    is_basic_energy = fields.Boolean()
    type_identity = fields.List(fields.String())


class LimitsSchema(Schema):
    copies_unlimited = fields.Boolean()
    group = fields.String(attribute="limit_group", allow_none=True)
    scope = fields.String(attribute="limit_scope", allow_none=True)
    max = fields.Integer(attribute="limit_max", allow_none=True)
    text = fields.String(attribute="limit_text", allow_none=True)
    play_together = fields.Integer(allow_none=True)


_IDENTITY, _LIMITS = IdentitySchema(), LimitsSchema()


class CardSchema(Schema):
    id = fields.String()
    name = fields.String()
    # Its name by language, English first: the English one is the title the rules count by.
    names = fields.Function(lambda card: {"en": card.name, **(card.names or {})})
    supertype = fields.String()
    subtypes = fields.List(fields.String())
    set = fields.Nested(SetRefSchema)
    number = fields.String()
    level = fields.String(allow_none=True)
    hp = fields.Integer(allow_none=True)
    types = fields.List(fields.String())
    evolves_from = fields.String(allow_none=True)
    abilities = fields.Raw()
    attacks = fields.Raw()
    weaknesses = fields.Raw()
    resistances = fields.Raw()
    retreat_cost = fields.List(fields.String())
    rules = fields.List(fields.String())
    ancient_trait = fields.Raw(allow_none=True)
    rarity = fields.String(allow_none=True)
    regulation_mark = fields.String(allow_none=True)
    source = fields.String()
    # One schema each, made once: making one deep-copies its fields, which took a third of
    # the time of dumping a card.
    identity = fields.Function(lambda card: _IDENTITY.dump(card))
    limits = fields.Function(lambda card: _LIMITS.dump(card))
    artist = fields.String(allow_none=True)
    images = fields.Function(lambda card: card_images(card))


class PrintingSchema(Schema):
    """Another printing of the same card, and whether its text is word for word the same."""

    id = fields.String()
    name = fields.String()
    set_id = fields.String()
    number = fields.String()
    text_fingerprint = fields.String()
