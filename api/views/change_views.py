"""A dated change of the rules (validators.changes) as the answers show it: the change
feed's items (api.changes) and a deck's `changed` (api.judgements)."""

from __future__ import annotations

import uuid
from typing import Any

from catalog.index import CatalogIndex
from validators.changes import Change
from validators.formats import all_formats
from validators.records import Announcement

# The namespace the items' ids are made in: an item keeps its id as long as the change
# keeps its kind, format, day and cards.
_IDS = uuid.UUID("6f1d3c52-5d0e-4f63-9a43-1c2b0b6c7d10")


def change_view(change: Change, index: CatalogIndex) -> dict[str, Any]:
    fmt = all_formats().get(change.format) if change.format else None
    named_format = (fmt.name if fmt else change.format) or "Every format"
    cards = [{"id": card_id, "name": (printing.name if (printing := index.card(card_id))
                                      else None)} for card_id in change.cards]
    sets = [{"id": set_id, "name": info.name if (info := index.sets.get(set_id)) else None}
            for set_id in change.sets]
    named = ", ".join(str(item["name"] or item["id"]) for item in [*cards, *sets])
    return {
        "id": str(uuid.uuid5(_IDS, "\0".join((change.kind, change.format or "",
                                              change.effective.isoformat(), *change.cards,
                                              *change.sets)))),
        "kind": change.kind, "format": change.format,
        "title": f"{named_format}: {named + ': ' if named else ''}{change.summary}",
        "summary": change.summary,
        "effective": change.effective.isoformat(),
        "effective_by": change.effective_by and change.effective_by.isoformat(),
        "announced": change.source.date if change.source else None,
        "cards": cards, "sets": sets,
        "source": _source(change.source)}


def _source(said: Announcement | None) -> dict[str, str] | None:
    return None if said is None else {"title": said.title, "date": said.date, "url": said.url}
