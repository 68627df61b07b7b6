"""Cards in answers, kept encoded.

A card's answer in a search is its record (CardSchema's dump) and its `legalities` (the
formats judge it on the day): it depends only on the catalog, the formats and the day. Each
is kept encoded on the catalog's index by printing and day, and a page is its cards' bytes
joined as one orjson Fragment (api/views/encoded.py holds the same trick for a decklist
line). A page of 250 cards is read by SQL, dumped by marshmallow and judged once, then
written from kept answers
(speed trick "encoded cards": docs/performance.md, measured with bench/micro.py).

A page whose answers are all kept is written without opening the database: what is kept was
read from the index's catalog, whose version the ETag names. Answers are kept only while the
database and the index hold one catalog: during a re-import, before the index follows, a
page is read afresh each time (`CatalogRead`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Hashable, Sequence
from functools import cached_property
from typing import Any

import orjson
from sqlalchemy.orm import Session

from api.middleware import store
from api.views.card_legalities import legalities
from api.views.catalog_records import CardSchema
from api.views.encoded import encode
from catalog import lookup
from catalog.index import CatalogIndex
from catalog.models import Card
from runtime.caches import Kept, Spec, plain_bytes, text_bytes
from validators import card_legality
from validators.card_legality import FormatJudge, judges_bytes

_card = CardSchema()


def _answer_bytes(key: object, answer: bytes) -> int:
    return plain_bytes(key) + text_bytes(answer)


CARD_ANSWERS = Spec("card_answers", _answer_bytes)
CARD_JUDGES = Spec("format_dates", judges_bytes)


class CatalogRead:
    """A request's reading of the catalog: the index, and the database opened only when an
    answer is not kept. Kept answers were read from the index's catalog; once the database is
    open they are used only if it holds that catalog too (`stale` otherwise: read it all
    again, and keep nothing)."""

    def __init__(self, index: CatalogIndex) -> None:
        self.index = index
        self._own: dict[str, Kept[Hashable, Any]] = {}

    @cached_property
    def session(self) -> Session:
        return store.session()

    @property
    def stale(self) -> bool:
        """The database, opened, holds a catalog other than the index's."""
        return "session" in self.__dict__ and store.answer_version() != self.index.version

    def kept(self, kind: str, spec: Spec) -> Kept[Hashable, Any]:
        """The values of one kind kept on the index; this request's alone when stale."""
        if self.stale:
            return self._own.setdefault(kind, Kept(spec, kind))
        return self.index.caches.kept(kind, spec)


def cards(read: CatalogRead, card_ids: Sequence[str], as_of: dt.date | None) -> orjson.Fragment:
    """The answers of the printings `card_ids` (those the catalog holds, in that order), as
    one JSON array, with their legalities on `as_of` (None: each format's own default day,
    which moves with today's date). The printings not kept are read in one query."""
    day = (as_of, dt.date.today())
    kept = read.kept("card answers", CARD_ANSWERS)
    # The page's own answers, held here: keeping one may let go of others (Kept).
    page = {card_id: kept.peek((card_id, day)) for card_id in card_ids}
    missing = [card_id for card_id, answer in page.items() if answer is None]
    if missing:
        loaded = lookup.cards_by_id(read.session, missing)
        kept = read.kept("card answers", CARD_ANSWERS)  # the database may be stale
        judges = read.kept("card judges", CARD_JUDGES).get(
            day, card_legality.judges, read.index, as_of)  # once, for every card of the page
        for card in loaded:
            page[card.id] = kept.get((card.id, day), _encoded, read.index, judges, card)
    return orjson.Fragment(b"[" + b",".join(answer for answer in page.values() if answer)
                           + b"]")


def card_answer(index: CatalogIndex, judges: list[FormatJudge], card: Card) -> dict[str, Any]:
    """A card as an answer shows it: its record, and its legality by each of `judges`."""
    answer: dict[str, Any] = _card.dump(card)
    answer["legalities"] = legalities(index, judges, card.id)
    return answer


def _encoded(index: CatalogIndex, judges: list[FormatJudge], card: Card) -> bytes:
    return encode(card_answer(index, judges, card))
