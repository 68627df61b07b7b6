"""Play! Pokémon's age divisions: each season's birth-year cut-offs, and the division a birth
date falls in on an event's day."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta

JUNIOR = "Junior"
SENIOR = "Senior"
MASTERS = "Masters"
DIVISIONS = (JUNIOR, SENIOR, MASTERS)


@dataclass(frozen=True, slots=True)
class Season:
    """One Championship Series season: its first day and the birth years of its divisions."""

    name: str
    first_day: date
    junior_born_from: int  # born in this year or later: Junior
    masters_born_until: int  # born in this year or earlier: Masters; between: Senior


# The cut-offs move one birth year a season, when a season begins (the World Championships
# close the season before). Play! Pokémon's 2022 Championship Series announcement set
# Junior to born 2010 or later, Senior 2006-2009, Masters 2005 or earlier (as reported by
# upcomer.com, "Changes revealed for Play! Pokémon 2022 Championship Series"; Bulbapedia's
# "Play! Pokémon" article, Age divisions, gives the yearly step and the season's turn after
# Worlds). Each later season adds one year; a season begins the day after the World
# Championships that close the one before (London 2022-08-21, Yokohama 2023-08-13,
# Honolulu 2024-08-18, Anaheim 2025-08-17, San Francisco 2026-08-30).
SEASONS: tuple[Season, ...] = (
    Season("2023", date(2022, 8, 22), 2011, 2006),
    Season("2024", date(2023, 8, 14), 2012, 2007),
    Season("2025", date(2024, 8, 19), 2013, 2008),
    Season("2026", date(2025, 8, 18), 2014, 2009),
    Season("2027", date(2026, 8, 31), 2015, 2010),
)


# The last season listed ends within a year of its first day; past that, no season is known.
LONGEST_SEASON = timedelta(days=366)


def season_on(day: date) -> Season | None:
    """Return the season an event on this day belongs to, or None outside those listed."""
    if day >= SEASONS[-1].first_day + LONGEST_SEASON:
        return None
    found = None
    for season in SEASONS:
        if season.first_day <= day:
            found = season
    return found


def age_division(birth_date: date, event_date: date) -> str | None:
    """Return the division a player born on birth_date plays in on event_date, if known."""
    season = season_on(event_date)
    if season is None:
        return None
    if birth_date.year >= season.junior_born_from:
        return JUNIOR
    if birth_date.year <= season.masters_born_until:
        return MASTERS
    return SENIOR
