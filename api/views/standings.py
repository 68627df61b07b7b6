"""Where each line's cards stand in a verdict's format and date, encoded once and kept: the
same for every line that reads alike there (api.views.encoded's caches).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from api.views import encoded
from api.views.deck_lines import MAX_CANDIDATES_SHOWN, printing_view, reading_view
from catalog.index import CatalogIndex, Printing
from decklist.resolver import NAME, ResolvedLine, Suggested
from validators.engine import Verdict
from validators.standing import CardStanding, LineStanding


def standings(index: CatalogIndex, verdict: Verdict,
              suggested: Sequence[Suggested]) -> list[bytes]:
    """What each line resolved to and where its cards stand in a verdict's format and date,
    encoded: the same for every line that reads alike there."""
    kept = encoded.kept(index, "standings")
    legality, as_of = verdict.format.legality.token, verdict.as_of
    return [kept.get((legality, as_of, line.entry.reference, offered.searched),
                     _standing_bytes, line, standing, offered)
            for (line, standing), offered in zip(verdict.standings, suggested, strict=True)]


def _standing_bytes(line: ResolvedLine, standing: LineStanding, suggested: Suggested) -> bytes:
    return encoded.encode(_standing_view(line, standing, suggested))


def _standing_view(line: ResolvedLine, standing: LineStanding,
                   suggested: Suggested) -> dict[str, Any]:
    view = reading_view(line.resolution, suggested, _shown(line, standing))
    return {
        **view,
        "candidates": [{**group, "legal_via": _via(card), "banned": card.banned}
                       for group, card in zip(view["candidates"],
                                              standing.cards[:MAX_CANDIDATES_SHOWN],
                                              strict=True)],
        **_where(standing),
    }


def compact(index: CatalogIndex, verdict: Verdict) -> list[bytes]:
    """Where each line's cards stand in a verdict's format and date, without what it
    resolved to (said once in a several-format answer's `lines`), encoded."""
    kept = encoded.kept(index, "compact standings")
    legality, as_of = verdict.format.legality.token, verdict.as_of
    return [kept.get((legality, as_of, line.entry.reference), _compact_bytes, standing)
            for line, standing in verdict.standings]


def _compact_bytes(standing: LineStanding) -> bytes:
    return encoded.encode(_compact_view(standing))


def _compact_view(standing: LineStanding) -> dict[str, Any]:
    view = _where(standing)
    if len(standing.cards) > 1:
        view["candidates"] = [{"legal_via": _via(card), "banned": card.banned}
                              for card in standing.cards[:MAX_CANDIDATES_SHOWN]]
    return view


def _where(standing: LineStanding) -> dict[str, Any]:
    first = standing.considered[0] if len(standing.considered) == 1 else None
    return {"legal_via": _via(first), "banned": first.banned if first else None,
            "playable": standing.all_playable}


def _shown(line: ResolvedLine, standing: LineStanding) -> Printing | None:
    """The printing a line that names a card by its name alone stands for in the format on
    the day: the newest legal there (validators.standing), not the catalog's first."""
    if line.resolution.method != NAME or len(standing.cards) != 1:
        return None
    return standing.cards[0].printing


def _via(standing: CardStanding | None) -> dict[str, Any] | None:
    if standing is None or standing.legal_via is None:
        return None
    return printing_view(standing.legal_via)
