"""A printing's legality in a format on a day (validators/card_legality.py) is what the deck
checks say of a line naming it: held so on every printing of the full catalog, in every
format a card has a legality in, on days that stand cards differently."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from decklist.detect import parse
from decklist.resolver import resolve
from validators import card_legality
from validators.card_legality import (
    BY_FORMAT,
    BY_PRINTED,
    LEGAL,
    NOT_LEGAL,
    NOT_YET_LEGAL,
    NOT_YET_RELEASED,
)
from validators.engine import validate
from validators.records import READING_CHECKS
from validators.seasons import lineage_of

# The checks that judge a card alone (besides the reading checks every deck's rules run,
# which find nothing in lines naming printings by id), the codes they give, and the status
# each answers.
CARD_CHECKS = {"not-legal", "banned", "ban-uncertain", *READING_CHECKS}
CARD_CODES = {"not-legal", "not-yet-released", "not-yet-legal", "banned", "ban-uncertain"}
STATUS_CODES = {NOT_LEGAL: "not-legal", NOT_YET_RELEASED: "not-yet-released",
                NOT_YET_LEGAL: "not-yet-legal"}
# The format's own default day; Twilight Masquerade in stores, not yet legal; Pitch Black
# likewise, after the April 2026 rotation; and, for formats with seasons, one of 2011.
DAYS = (None, dt.date(2024, 6, 1), dt.date(2026, 7, 20))
SEASON = dt.date(2011, 6, 1)
CHUNK = 500  # the most entries one list may have
# The judgements read the in-memory index: one backend is enough for them.
pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)


@pytest.fixture(scope="module")
def every_printing(full_index):
    """Every printing of the catalog, as lines naming it by its id, 500 a list."""
    ids = list(full_index.printings)
    return [resolve(full_index, parse([{"count": 1, "id": card_id}
                                       for card_id in ids[at:at + CHUNK]]).entries)
            for at in range(0, len(ids), CHUNK)]




def _cases() -> list[tuple[str, dt.date | None]]:
    """Each format on each day it was played, once for each rules and day: a team format
    whose decks are another format's (Multiplayer's are Modified's) is judged by it."""
    cases: dict[tuple[int, dt.date | None], tuple[str, dt.date | None]] = {}
    for format_id, rules in card_legality.formats().items():
        for day in (*DAYS, SEASON) if lineage_of(rules.id) else DAYS:
            judged = card_legality.rules_on(rules, day)
            if judged is not None:
                cases.setdefault((id(judged[0]), judged[1]), (format_id, day))
    return list(cases.values())


@pytest.mark.parametrize(("format_id", "day"), _cases(), ids=str)
def test_a_cards_legality_is_what_the_checks_say_of_it(full_index, every_printing,
                                                        format_id, day):
    rules = card_legality.formats()[format_id]
    judged = card_legality.rules_on(rules, day)
    assert judged is not None
    # The rules in force on the day, with the checks that judge a card alone: the others
    # (deck size, copies) only cost the time of 21,000 lines.
    in_force = replace(judged[0], checks=tuple(spec for spec in judged[0].checks
                                               if spec.code in CARD_CHECKS))
    wrong = []
    for lines in every_printing:
        verdict = validate(full_index, lines, in_force, as_of=judged[1])
        said: dict[int, set[str]] = {}
        for violation in (*verdict.violations, *verdict.warnings):
            if violation.code in CARD_CODES:
                said.setdefault(dict(violation.args)["line"], set()).add(violation.code)
        for line in lines:
            printing = line.resolution.card
            assert printing is not None
            [(_, found)] = card_legality.legalities(full_index, printing, day,
                                                    {format_id: rules})
            standing = found.standing
            expected = {STATUS_CODES[standing.status]} if standing.status in STATUS_CODES \
                else set()
            expected |= {"banned"} if standing.ban else set()
            expected |= {"ban-uncertain"} if standing.unsure and found.day else set()
            if expected != said.get(line.entry.line, set()):
                wrong.append((printing.id, standing.status, expected, said.get(line.entry.line)))
    assert wrong == []


def test_a_format_not_yet_played_on_the_day_has_no_legality(full_index):
    found = dict(card_legality.legalities(full_index, full_index.printings["base1-4"], SEASON))
    assert "expanded" not in found and "glc" not in found
    assert set(found) == set(card_legality.formats()) - {"expanded", "glc"}


def _in(full_index, card_id: str, format_id: str, day: dt.date | None):
    wanted = {format_id: card_legality.formats()[format_id]}
    [(_, found)] = card_legality.legalities(full_index, full_index.printings[card_id], day,
                                            wanted)
    return found


def test_what_a_legality_says(full_index):
    # Pitch Black's Gwynn between its release and its legal day, then on it.
    waiting = _in(full_index, "me5-78", "standard", dt.date(2026, 7, 20)).standing
    assert (waiting.status, waiting.legal_from) == (NOT_YET_LEGAL, dt.date(2026, 7, 31))
    assert _in(full_index, "me5-78", "standard", dt.date(2026, 7, 31)).standing.status == LEGAL
    # Base Set Charizard in Modified: legal as Legendary Collection's printing of it.
    reprint = _in(full_index, "base1-4", "modified", None).standing
    assert reprint.status == LEGAL and reprint.via is not None and reprint.via.id == "base6-3"
    # Slowking (Neo Genesis 14) is on Modified's ban list: in the pool, and banned.
    banned = _in(full_index, "neo1-14", "modified", None)
    assert banned.standing.status == LEGAL and banned.standing.ban is not None
    assert not banned.standing.playable and banned.limit is None
    # An ACE SPEC: one a deck, by its own text; a Trainer otherwise: four, by the format.
    ace = _in(full_index, "sv5-153", "expanded", dt.date(2024, 6, 1)).limit
    assert ace is not None and (ace.copies, ace.by) == (1, BY_PRINTED)
    ball = _in(full_index, "sv1-196", "expanded", dt.date(2024, 6, 1)).limit
    assert ball is not None and (ball.copies, ball.by) == (4, BY_FORMAT)
    # Basic Energy: no limit.
    assert _in(full_index, "base1-98", "unlimited", None).limit is None
