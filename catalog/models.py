"""Typed SQLAlchemy models of the card catalog.

A *set* is a printed expansion or promo series; a *card* row is one
printing (one collector number in one set).  The identity columns on each
printing (name_key, function_key, text_fingerprint, …) are computed at
import time by catalog.identity so that validators never recompute them.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Date,
    DateTime,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

# Where a set was released (Set.region).
INTERNATIONAL, JAPAN = "international", "japan"

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class Set(Base):
    __tablename__ = "sets"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str] = mapped_column(String(128))
    series: Mapped[str] = mapped_column(String(64))
    ptcgo_code: Mapped[str | None] = mapped_column(String(16))
    release_date: Mapped[dt.date | None] = mapped_column(Date)
    printed_total: Mapped[int | None] = mapped_column(Integer)
    total: Mapped[int | None] = mapped_column(Integer)
    symbol_url: Mapped[str | None] = mapped_column(String(256))
    kind: Mapped[str] = mapped_column(String(16))  # "expansion" or "promo"
    source: Mapped[str] = mapped_column(String(16))  # "upstream", "tcgdex" or "supplement"
    # Where it was released: INTERNATIONAL (the English sets, whose printings `cards` holds)
    # or JAPAN (TCGdex's data-asia, whose printings `japanese_cards` holds, each linked to the
    # international printing it is): a Japanese set is never in an international format's
    # pool by itself.
    region: Mapped[str] = mapped_column(String(16), default=INTERNATIONAL,
                                        server_default=INTERNATIONAL)
    # The set's id in TCGdex's cards-database, by which its card ids ("me05-001") are read.
    tcgdex_id: Mapped[str | None] = mapped_column(String(32), index=True)
    # Its name and abbreviation in the languages TCGdex has ({"fr": "Évolutions à Paldea"},
    # {"fr": "EAP"}): lists written in them name it so (catalog.index).
    names: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=dict)
    abbreviations: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=dict)

    codes: Mapped[list[SetCode]] = relationship(
        back_populates="set", order_by="SetCode.code", cascade="all, delete-orphan"
    )


class SetCode(Base):
    """A code that names a set in decklists: the data's ptcgoCode or an alias other tools write.

    Codes are not unique across sets ("HIF" names both Hidden Fates and its
    Shiny Vault), so the key is the pair; `priority` orders the sets one
    code may name (lowest first) for look-ups that need a single answer.
    """

    __tablename__ = "set_codes"

    code: Mapped[str] = mapped_column(String(16), primary_key=True)
    set_id: Mapped[str] = mapped_column(ForeignKey("sets.id", ondelete="CASCADE"), primary_key=True)
    origin: Mapped[str] = mapped_column(String(16))  # "ptcgo" or "alias"
    priority: Mapped[int] = mapped_column(Integer, default=0)

    set: Mapped[Set] = relationship(back_populates="codes")


class LocalName(Base):
    """A card's name in another language, folded as lines are read (catalog.names.search_key),
    with the language and the English search key of the card it names: what the index reads
    a list in another language by. Derived from `cards.names` at import, each name folded
    once there rather than by every worker that loads the catalog."""

    __tablename__ = "local_names"

    key: Mapped[str] = mapped_column(Text, primary_key=True)
    language: Mapped[str] = mapped_column(String(8), primary_key=True)
    english_key: Mapped[str] = mapped_column(Text, primary_key=True)


class Card(Base):
    """One printing of a card."""

    __tablename__ = "cards"

    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    set_id: Mapped[str] = mapped_column(ForeignKey("sets.id", ondelete="CASCADE"), index=True)
    number: Mapped[str] = mapped_column(String(16))
    number_sort: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(128))
    supertype: Mapped[str] = mapped_column(String(16))
    subtypes: Mapped[list[Any]] = mapped_column(default=list)
    level: Mapped[str | None] = mapped_column(String(8))
    hp: Mapped[int | None] = mapped_column(Integer)
    types: Mapped[list[Any]] = mapped_column(default=list)
    evolves_from: Mapped[str | None] = mapped_column(String(128))
    abilities: Mapped[list[Any]] = mapped_column(default=list)
    attacks: Mapped[list[Any]] = mapped_column(default=list)
    weaknesses: Mapped[list[Any]] = mapped_column(default=list)
    resistances: Mapped[list[Any]] = mapped_column(default=list)
    retreat_cost: Mapped[list[Any]] = mapped_column(default=list)
    rules: Mapped[list[Any]] = mapped_column(default=list)
    ancient_trait: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    rarity: Mapped[str | None] = mapped_column(String(48))
    regulation_mark: Mapped[str | None] = mapped_column(String(4))
    source: Mapped[str] = mapped_column(String(16))  # "upstream", "tcgdex" or "supplement"
    # Where the data says the card's picture is (https only); the organizer's page shows it.
    image_small: Mapped[str | None] = mapped_column(String(256))
    image_large: Mapped[str | None] = mapped_column(String(256))
    # Where TCGdex publishes its pictures ("me/me05/001": its series, set and number, as
    # catalog.image_urls.tcgdex_image spells the address), and in which languages.
    image_path: Mapped[str | None] = mapped_column(String(128))
    image_languages: Mapped[list[Any] | None] = mapped_column(JSON, default=list)
    artist: Mapped[str | None] = mapped_column(String(128))  # the illustrator the card names
    # Each attack's cost, in order ([["Fire", "Colorless"], []]): what a card search by
    # attack cost reads from the index, decoded once per distinct value (catalog.index).
    attack_costs: Mapped[list[Any] | None] = mapped_column(JSON, default=list)
    # What the data says of the card's legality on the day it was taken ({"standard":
    # "Legal", …}); the rules decide, this is compared with them (validators.legalities).
    legalities: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    # Its name in the languages TCGdex has ({"es": "Órdenes de Jefes", …}): lists written in
    # them name it so. The English `name` stays the title the rules count copies by.
    names: Mapped[dict[str, Any] | None] = mapped_column(JSON, default=dict)
    # Its National Pokédex numbers (a Pokémon's): with its artist, what a Japanese printing
    # is linked by (catalog/importing/linking.py).
    pokedex: Mapped[list[Any] | None] = mapped_column(JSON, default=list)

    # Card identity (catalog.identity).
    name_key: Mapped[str] = mapped_column(String(128), index=True)
    function_key: Mapped[str] = mapped_column(String(64), index=True)
    text_fingerprint: Mapped[str] = mapped_column(String(64), index=True)
    is_basic_energy: Mapped[bool] = mapped_column(Boolean, default=False)
    type_identity: Mapped[list[Any]] = mapped_column(default=list)

    # Deck-construction limits the card's own text sets (catalog.printed_limits).
    copies_unlimited: Mapped[bool] = mapped_column(Boolean, default=False)
    limit_group: Mapped[str | None] = mapped_column(String(32))
    limit_scope: Mapped[str | None] = mapped_column(String(8))  # "deck" or "name"
    limit_max: Mapped[int | None] = mapped_column(Integer)
    limit_text: Mapped[str | None] = mapped_column(Text)  # the printed sentence
    play_together: Mapped[int | None] = mapped_column(Integer)

    set: Mapped[Set] = relationship()

    __table_args__ = (Index("ix_cards_set_id_number_sort", "set_id", "number_sort"),)


# What the import found of a Japanese printing's international printing (JapaneseCard.link).
LINKED, NOT_LINKED, AMBIGUOUS = "linked", "not-linked", "ambiguous"


class JapaneseCard(Base):
    """A printing of a set released in Japan (TCGdex's data-asia), with its names in the
    languages of its Asian releases and the international printing it is, where the import
    found one by its gameplay (catalog/importing/linking.py): a line naming it is judged as
    that printing. One not linked is judged as itself, by what its data gives."""

    __tablename__ = "japanese_cards"

    id: Mapped[str] = mapped_column(String(48), primary_key=True)
    set_id: Mapped[str] = mapped_column(ForeignKey("sets.id", ondelete="CASCADE"), index=True)
    number: Mapped[str] = mapped_column(String(16))
    number_sort: Mapped[str] = mapped_column(String(40))
    name: Mapped[str] = mapped_column(String(128))  # as printed in Japan
    # Its card's English name: its international printing's, else that of a printing of its
    # Japanese name that is linked; None when no English card has that name yet.
    english_name: Mapped[str | None] = mapped_column(String(128))
    names: Mapped[dict[str, Any]] = mapped_column(default=dict)  # {"ja": …, "th": …, "id": …}
    supertype: Mapped[str] = mapped_column(String(16))
    subtypes: Mapped[list[Any]] = mapped_column(default=list)
    hp: Mapped[int | None] = mapped_column(Integer)
    types: Mapped[list[Any]] = mapped_column(default=list)
    regulation_mark: Mapped[str | None] = mapped_column(String(4))
    rarity: Mapped[str | None] = mapped_column(String(48))
    pokedex: Mapped[list[Any]] = mapped_column(default=list)
    # The linked card's, or a key of its own gameplay (its reprints in Japan share it).
    function_key: Mapped[str] = mapped_column(String(64))
    is_basic_energy: Mapped[bool] = mapped_column(Boolean, default=False)
    # The deck-construction limits its kind sets (ACE SPEC, Radiant: catalog.printed_limits).
    limit_group: Mapped[str | None] = mapped_column(String(32))
    limit_scope: Mapped[str | None] = mapped_column(String(8))
    limit_max: Mapped[int | None] = mapped_column(Integer)
    limit_text: Mapped[str | None] = mapped_column(Text)
    link: Mapped[str] = mapped_column(String(16))  # LINKED, NOT_LINKED or AMBIGUOUS
    linked_id: Mapped[str | None] = mapped_column(
        ForeignKey("cards.id", ondelete="SET NULL"), index=True)
    # How: "gameplay" (the one card of its gameplay), "number" (a Trainer's or Energy's
    # number in the matching set), "name" (its Japanese name's card), "basic-energy".
    linked_by: Mapped[str | None] = mapped_column(String(16))
    # An ambiguous printing's candidates: one international printing of each card.
    candidates: Mapped[list[Any]] = mapped_column(default=list)

    set: Mapped[Set] = relationship()


class CatalogMeta(Base):
    """The one row that says which catalog is loaded."""

    __tablename__ = "catalog_meta"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    source: Mapped[str] = mapped_column(String(512))
    checksum: Mapped[str] = mapped_column(String(64))
    version: Mapped[str] = mapped_column(String(32))
    imported_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    set_count: Mapped[int] = mapped_column(Integer)
    card_count: Mapped[int] = mapped_column(Integer)
    supplement_count: Mapped[int] = mapped_column(Integer)
    # Where the cards' pictures are (https://host), for the organizer page's policy.
    image_origins: Mapped[list[Any] | None] = mapped_column(JSON)


class RulesBundle(Base):
    """The one row that says which rules bundle the instances judge by, when one was written
    (`flask formats update`): its files as the bundle gives them, stamped like a catalog.
    No row: each instance judges by the files shipped with its code."""

    __tablename__ = "rules_bundle"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    source: Mapped[str] = mapped_column(String(512))
    checksum: Mapped[str] = mapped_column(String(64))
    version: Mapped[str] = mapped_column(String(32))
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    # The bundle's files by name, each its text (UTF-8 JSON).
    files: Mapped[dict[str, str]] = mapped_column(JSON)


class CatalogImport(Base):
    """An import that added sets to a loaded catalog: when, which catalog it made, from
    where, and the sets it added (the change feed lists it)."""

    __tablename__ = "catalog_imports"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    version: Mapped[str] = mapped_column(String(32))
    imported_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    source: Mapped[str] = mapped_column(String(512))
    sets: Mapped[list[str]] = mapped_column(JSON)  # the ids of the sets it added
