"""A Basic Pokémon for a test deck whose point is another card: a game begins with one, so
every format's deck holds one (no-basic-pokemon), and a deck of Trainers and basic Energy
alone is never legal.

Each is a real printing, legal in its format on every day it is given for, that trips no
other check: a plain Basic with no Ability. `tests/unit/checks/test_basics.py` holds each
to that on the first and last day it stands for, and on each season's first day.
"""

from __future__ import annotations

import datetime as dt
from bisect import bisect_right

from validators.engine import effective_date
from validators.formats import get_format

# Unlimited (and 2v2 casual): Charmander (Base Set), Fire like the Base Set Fire Energy
# the test decks fill with.
UNLIMITED = "base1-46"
# Partner Battles: Doduo (Base Set), Colorless with attacks of Colorless Energy alone, so
# no Type Identity: it fits the deck of any Partner.
PARTNER_BATTLES = "base1-48"
# Modified of 2002-03 (the DCI Floor Rules' own season): Charmander (Legendary Collection).
MODIFIED_2002 = "base6-70"
# Expanded and Gym Leader Challenge, Black & White on: Lillipup (Black & White), Colorless.
EXPANDED = "bw1-80"

# The Modified–Standard lineage (validators/formats/seasons.json): for each season, from
# the day its window opens (or its first day), a Basic of a set legal through the season
# and under the season before it (mostly its oldest legal set or mark), so the card holds
# inside a rotation's window, whichever season judges there.
CONSTRUCTED = (
    ("2001-04-01", "base5-55"),    # Rocket-On: Eevee (Team Rocket)
    ("2002-09-01", MODIFIED_2002),  # Sept 1 Modified: Charmander (Legendary Collection)
    ("2003-10-01", "ecard1-123"),  # Expedition-On: Pidgey (Expedition)
    ("2004-08-01", "ex1-79"),      # RS-On: Zigzagoon (Ruby & Sapphire)
    ("2006-09-01", "ex8-80"),      # DX-On: Taillow (Deoxys)
    ("2007-08-01", "ex13-34"),     # HP-On: Zangoose (Holon Phantoms)
    ("2008-08-18", "dp1-70"),      # DP-On: Bidoof (Diamond & Pearl)
    ("2010-08-16", "dp5-53"),      # MD-On: Buneary (Majestic Dawn)
    ("2011-07-01", "hgss1-41"),    # HGSS-On: Dunsparce (HeartGold & SoulSilver)
    ("2012-09-01", EXPANDED),      # BW-On: Lillipup (Black & White)
    ("2013-08-28", "bw4-83"),      # NXD-On: Pidove (Next Destinies)
    ("2014-08-18", "bw7-104"),     # BCR-On: Rattata (Boundaries Crossed)
    ("2015-08-24", "xy1-100"),     # XY-On: Tauros (XY)
    ("2016-09-01", "xy5-111"),     # PRC-On: Zigzagoon (Primal Clash)
    ("2017-09-01", "xy8-121"),     # BKT-On: Teddiursa (BREAKthrough)
    ("2018-08-27", "sm1-106"),     # SUM-On: Pikipek (Sun & Moon)
    ("2019-08-15", "sm5-106"),     # UPR-On: Buneary (Ultra Prism)
    ("2020-08-28", "sm9-129"),     # TEU-On: Tauros (Team Up)
    ("2021-09-10", "swsh1-143"),   # marks D on: Hoothoot (Sword & Shield)
    ("2023-04-14", "swsh5-111"),   # marks E on: Spearow (Battle Styles)
    ("2024-04-05", "swsh9-117"),   # marks F on: Starly (Brilliant Stars)
    ("2025-04-11", "sv1-148"),     # marks G on: Starly (Scarlet & Violet)
    ("2026-04-10", "me1-107"),     # marks H on: Buneary (Mega Evolution, of mark I)
)
_DAYS = [dt.date.fromisoformat(day) for day, _ in CONSTRUCTED]
_BY_FORMAT = {"unlimited": UNLIMITED, "2v2-casual": UNLIMITED,
              "partner-battles": PARTNER_BATTLES, "expanded": EXPANDED, "glc": EXPANDED}


def basic(format_id: str, as_of: str | dt.date | None = None) -> str:
    """The id of a Basic Pokémon legal in `format_id` on `as_of` (None: the day the format
    judges a deck sent without one)."""
    if format_id in _BY_FORMAT:
        return _BY_FORMAT[format_id]
    if format_id not in ("standard", "modified"):
        raise ValueError(f"no Basic Pokémon is kept here for {format_id!r}")
    day = effective_date(get_format(format_id), dt.date.fromisoformat(as_of)
                         if isinstance(as_of, str) else as_of)
    at = bisect_right(_DAYS, day) if day is not None else 0
    if at == 0:
        raise ValueError(f"{format_id} was not played on {day}")
    return CONSTRUCTED[at - 1][1]


def basic_line(format_id: str, as_of: str | dt.date | None = None) -> str:
    """One copy of `basic(format_id, as_of)` as a decklist line."""
    return f"1 {basic(format_id, as_of)}\n"


def basic_entry(format_id: str, as_of: str | dt.date | None = None) -> dict[str, object]:
    """One copy of `basic(format_id, as_of)` as a JSON deck entry."""
    return {"count": 1, "id": basic(format_id, as_of)}
