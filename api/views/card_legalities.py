"""A printing's legality in every format, as a card answer shows it
(validators/card_legality.py judges it)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from catalog.index import CatalogIndex, Printing
from validators import card_history, card_legality
from validators.card_legality import CardLegality, FormatJudge, Limit
from validators.records import Ban


def legalities(index: CatalogIndex, judges: list[FormatJudge],
               card_id: str) -> dict[str, Any]:
    """`legalities` of a card answer: each format played on the day (`judges`, made once
    for the request), by id."""
    printing = index.printings.get(card_id)
    if printing is None:  # the database and the index of one catalog hold the same ids
        return {}
    return {each.format_id: _legality(each.legality(index, printing)) for each in judges}


def with_stretches(index: CatalogIndex, card_id: str, shown: dict[str, Any]) -> None:
    """Each legality of one card's answer given the stretch of days its standing holds:
    `since`, the day it began (None: before the card's first release or the format's first
    day), and `until`, the day a known change ends it (None: no change known); from the
    card's history (validators.card_history), a card answer alone: it costs a printing
    hundreds of looks a format."""
    printing = index.printings.get(card_id)
    every = card_legality.formats()
    for format_id, legality in shown.items():
        day = legality.get("as_of")
        if printing is None or day is None or format_id not in every:
            legality.update(since=None, until=None)
            continue
        stretches = card_history.history(index, format_id, every[format_id], printing)
        found = card_history.stretch_on(stretches, dt.date.fromisoformat(day))
        if found is None:
            legality.update(since=None, until=stretches[0].since.isoformat()
                            if stretches else None)
        else:
            legality.update(since=found.since.isoformat(),
                            until=found.until.isoformat() if found.until else None)


def stretches_view(stretches: tuple[card_history.Stretch, ...]) -> list[dict[str, Any]]:
    """A card's history in one format, as its answer shows it."""
    return [{"since": stretch.since.isoformat(),
             "until": stretch.until.isoformat() if stretch.until else None,
             "status": stretch.status, "legal": stretch.legal} for stretch in stretches]


def _legality(found: CardLegality) -> dict[str, Any]:
    standing = found.standing
    shown: dict[str, Any] = {"status": standing.status, "legal": standing.legal,
                             "as_of": found.day.isoformat() if found.day else None}
    if standing.via is not None:
        shown["via"] = standing.via.id
    if standing.legal_from is not None:
        shown["legal_from"] = standing.legal_from.isoformat()
    if standing.ban is not None:
        shown["banned"] = _ban(standing.ban)
    if standing.unsure is not None:
        shown["ban_uncertain"] = _ban(standing.unsure)
    if standing.restriction is not None:
        shown["restriction"] = standing.restriction.text
    if found.limit is not None:
        shown["limit"] = _limit(found.limit)
    return shown


def _ban(ban: Ban) -> dict[str, Any]:
    said = ban.announcement
    return {"source": said.title if said else ban.note or "the format's ban list",
            "url": said.url if said else None,
            "effective": ban.effective.isoformat() if ban.effective else None,
            "until": ban.until.isoformat() if ban.until else None}


def _limit(limit: Limit) -> dict[str, Any]:
    return {"copies": limit.copies, "by": limit.by, "text": limit.text}


def playable_in(index: CatalogIndex, format_ids: list[str],
                as_of: dt.date | None) -> list[Callable[[Printing], bool]]:
    """For each format, what says whether a printing is legal and unbanned in it on the day:
    no printing is, in a format not yet played on it."""
    every = card_legality.formats()
    found = [card_legality.judge(index, format_id, every[format_id], as_of)
             for format_id in format_ids]
    return [each.playable if each is not None else _nothing for each in found]


def playable_itself_in(index: CatalogIndex, format_ids: list[str],
                       as_of: dt.date | None) -> list[Callable[[Printing], bool]]:
    """As `playable_in`, of the printing itself: legal and unbanned in each format on the
    day, not through a reprint (its standing names no `via`)."""
    every = card_legality.formats()
    found = [card_legality.judge(index, format_id, every[format_id], as_of)
             for format_id in format_ids]
    return [_itself(each) if each is not None else _nothing for each in found]


def _itself(judge: FormatJudge) -> Callable[[Printing], bool]:
    return lambda printing: judge.playable(printing) and judge.standing(printing).via is None


def _nothing(_: Printing) -> bool:
    return False
