"""Seasons: which rules a format had, from which day, on whose word."""

from __future__ import annotations

from typing import Any

from api.views import iso_date
from validators.records import DatedRule, Lineage, Season


def season_view(season: Season) -> dict[str, Any]:
    source = season.source
    return {"id": season.id, "format": season.format, "name": season.name,
            "effective": iso_date(season.effective),
            "effective_window": None if season.window_from is None else {
                "from": iso_date(season.window_from), "to": iso_date(season.effective)},
            "source": {"title": source.title, "date": source.date, "url": source.url},
            "note": season.note}


def season_ref(season: Season) -> dict[str, Any]:
    """The season a verdict was judged by, as the verdict names it (GET /v1/formats has the
    rest)."""
    ref: dict[str, Any] = {"id": season.id, "name": season.name,
                           "effective": iso_date(season.effective),
                           "source": {"title": season.source.title, "url": season.source.url}}
    if season.window_from is not None:
        ref["effective_window"] = {"from": iso_date(season.window_from),
                                   "to": iso_date(season.effective)}
    return ref


def lineage_view(lineage: Lineage) -> dict[str, Any]:
    return {"id": lineage.id, "name": lineage.name, "formats": list(lineage.formats),
            "first_day": iso_date(lineage.first_day),
            "seasons": [season_view(season) for season in lineage.seasons],
            "rules": [_rule_view(rule) for rule in lineage.rules]}


def _rule_view(rule: DatedRule) -> dict[str, Any]:
    return {"id": rule.id, "name": rule.name, "code": rule.code,
            "effective": iso_date(rule.effective), "first_printing": rule.first_printing,
            "source": {"title": rule.source.title, "date": rule.source.date,
                       "url": rule.source.url},
            "note": rule.note}
