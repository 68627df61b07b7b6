"""Read queries over the catalog for the HTTP API."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy import Select, func, select
from sqlalchemy.orm import QueryableAttribute, Session, selectinload

from catalog.identity import name_key
from catalog.image_urls import is_origin
from catalog.models import (
    INTERNATIONAL,
    Card,
    CatalogImport,
    CatalogMeta,
    JapaneseCard,
    Set,
    SetCode,
)
from catalog.numbers import number_sort_key

Record = TypeVar("Record", Set, Card)

# Oldest set first; a set with no release date yet comes last.
SET_ORDER = (Set.release_date.is_(None), Set.release_date)


@dataclass(frozen=True)
class CardFilters:
    name: str | None = None
    set: str | None = None
    number: str | None = None
    q: str | None = None
    supertype: str | None = None


def meta(session: Session) -> CatalogMeta | None:
    return session.get(CatalogMeta, 1)


# Every catalog answer's ETag reads it: the statement is handed to the driver as it is, not
# built and compiled by SQLAlchemy (speed trick "version read raw": docs/performance.md).
_VERSION = f"SELECT version FROM {CatalogMeta.__tablename__} WHERE id = 1"


def version(session: Session) -> str | None:
    """The loaded catalog's version stamp (one small query), or None when none is loaded."""
    value = session.connection().exec_driver_sql(_VERSION).scalar()
    return value if value is None else str(value)


_STAMPS = ("SELECT (SELECT version FROM catalog_meta WHERE id = 1), "
           "(SELECT version FROM rules_bundle WHERE id = 1)")


def stamps(session: Session) -> tuple[str | None, str | None]:
    """The loaded catalog's version stamp and the rules bundle's (one small query), each
    None when none is loaded."""
    catalog, rules = session.connection().exec_driver_sql(_STAMPS).one()
    return (None if catalog is None else str(catalog), None if rules is None else str(rules))


def imports_that_added_sets(session: Session) -> list[CatalogImport]:
    """Every import that added sets to a loaded catalog, oldest first."""
    return list(session.scalars(select(CatalogImport).order_by(CatalogImport.imported_at,
                                                               CatalogImport.id)))


def newest_set(session: Session) -> Set | None:
    """The international set of the latest release day (of those that have one)."""
    query = (select(Set).where(Set.release_date.is_not(None), Set.region == INTERNATIONAL)
             .order_by(Set.release_date.desc(), Set.id.desc()).limit(1))
    return session.scalars(query).first()


def list_sets(session: Session) -> list[Set]:
    """The international sets (Japan's are read where a line names them: catalog.japanese)."""
    query = (select(Set).where(Set.region == INTERNATIONAL).options(selectinload(Set.codes))
             .order_by(*SET_ORDER, Set.id))
    return list(session.scalars(query))


def get_set(session: Session, set_id: str) -> Set | None:
    return _by_id(session, Set, set_id, Set.codes)


def set_ids_for(session: Session, reference: str) -> list[str]:
    """The sets a reference names: a set id, or a set code (a code may name several)."""
    by_id = session.scalars(select(Set.id).where(func.lower(Set.id) == reference.lower())).all()
    if by_id:
        return list(by_id)
    query = (select(SetCode.set_id).where(SetCode.code == reference.upper())
             .order_by(SetCode.priority, SetCode.set_id))
    return list(session.scalars(query))


def matching_ids(session: Session, filters: CardFilters) -> list[str]:
    """The ids of every printing matching every filter given, in set release and
    collector-number order."""
    query = _matching(select(Card.id).join(Card.set), session, filters)
    return list(session.scalars(query.order_by(*SET_ORDER, Card.set_id, Card.number_sort,
                                               Card.id)))


def cards_by_id(session: Session, card_ids: list[str]) -> list[Card]:
    """The printings of these ids, in their order."""
    found = {card.id: card for card in session.scalars(
        select(Card).options(selectinload(Card.set)).where(Card.id.in_(card_ids)))}
    return [found[card_id] for card_id in card_ids if card_id in found]


def _matching(query: Select[Any], session: Session, filters: CardFilters) -> Select[Any]:
    if filters.name:
        query = query.where(Card.name_key == name_key(filters.name))
    if filters.q:
        query = query.where(Card.name_key.contains(name_key(filters.q), autoescape=True))
    if filters.supertype:
        query = query.where(Card.supertype == filters.supertype)
    if filters.set:
        query = query.where(Card.set_id.in_(set_ids_for(session, filters.set)))
    if filters.number:
        # Equal sort keys mean the same number however padded: "004" = "4", "SWSH68" = "SWSH068".
        query = query.where(Card.number_sort == number_sort_key(filters.number))
    return query


def get_card(session: Session, card_id: str) -> Card | None:
    return _by_id(session, Card, card_id, Card.set)


def _by_id(session: Session, model: type[Record], record_id: str,
           related: QueryableAttribute[Any]) -> Record | None:
    """One record by its id, with what `related` names loaded with it."""
    if "\x00" in record_id:
        return None  # no id holds one, and PostgreSQL refuses it in text
    return session.scalars(
        select(model).options(selectinload(related)).where(model.id == record_id)).first()


def printings_of(session: Session, card: Card) -> list[Card]:
    """The other printings of the same card: every printing sharing its function_key."""
    query = (select(Card).join(Card.set)
             .where(Card.function_key == card.function_key, Card.id != card.id)
             .order_by(*SET_ORDER, Card.set_id, Card.number_sort))
    return list(session.scalars(query))


def small_images(session: Session, card_ids: Iterable[str]) -> dict[str, str]:
    """Each printing's small picture URL, for the printings that have one."""
    wanted = sorted(set(card_ids))
    if not wanted:
        return {}
    rows = session.execute(select(Card.id, Card.image_small)
                           .where(Card.id.in_(wanted), Card.image_small.is_not(None)))
    return {card_id: url for card_id, url in rows if url is not None}


def local_names(session: Session, card_ids: Iterable[str]) -> dict[str, dict[str, str]]:
    """Each printing's names in other languages, by language, for those that have some:
    its own, and those of the Japanese printings linked to it (Japanese, Thai…), the
    first of each language."""
    wanted = sorted(set(card_ids))
    if not wanted:
        return {}
    found: dict[str, dict[str, str]] = {}
    rows = session.execute(select(JapaneseCard.linked_id, JapaneseCard.names)
                           .where(JapaneseCard.linked_id.in_(wanted))
                           .order_by(JapaneseCard.set_id, JapaneseCard.number_sort))
    for card_id, names in rows:
        if card_id is not None and names:
            found[card_id] = {**names, **found.get(card_id, {})}
    rows = session.execute(select(Card.id, Card.names).where(Card.id.in_(wanted)))
    for card_id, names in rows:
        if names:
            found[card_id] = {**found.get(card_id, {}), **names}
    return found


def image_origins(session: Session) -> list[str]:
    """The origins (https://host[:port]) the loaded catalog's pictures are served from.

    Each is checked again as it leaves for a page's Content-Security-Policy: a catalog
    imported before catalog.image_urls held its rule may hold anything there."""
    loaded = meta(session)
    stored = loaded.image_origins or [] if loaded is not None else []
    return [value for value in stored if is_origin(value)]


def data_legalities(session: Session) -> dict[str, dict[str, str]]:
    """Each printing's legalities as the imported data gave them (by printing id); a
    printing whose source gives none (TCGdex's) is not in it."""
    rows = session.execute(select(Card.id, Card.legalities))
    return {card_id: dict(found) for card_id, found in rows if found is not None}
