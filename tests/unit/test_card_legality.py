"""A printing's legality in a format on a day (validators/card_legality.py) is what the deck
checks say of a line naming it: its `status` and its `legal`, held so on every printing of
the full catalog, in every format a card has a legality in, on days that stand cards
differently."""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

import pytest

from api.views.card_legalities import legalities as shown_legalities
from decklist.detect import parse
from decklist.resolver import resolve
from validators import card_legality
from validators.card_legality import (
    BAN_UNCERTAIN,
    BANNED,
    BY_FORMAT,
    BY_PRINTED,
    BY_RESTRICTION,
    LEGAL,
    NOT_LEGAL,
    NOT_YET_LEGAL,
    NOT_YET_RELEASED,
    RESTRICTED,
    STATUSES,
    WATCHLISTED,
)
from validators.engine import validate
from validators.records import READING_CHECKS, Restriction

# The checks that judge a card alone (besides the reading checks every deck's rules run,
# which find nothing in lines naming printings by id), and the status each code of theirs
# answers, in the order a status is chosen: out of the pool first, whatever its bans.
CARD_CHECKS = {"not-legal", "banned", "ban-uncertain", "watchlisted", *READING_CHECKS}
STATUS_OF = {"not-legal": NOT_LEGAL, "not-yet-released": NOT_YET_RELEASED,
             "not-yet-legal": NOT_YET_LEGAL, "banned": BANNED, "ban-uncertain": BAN_UNCERTAIN,
             "watchlisted": WATCHLISTED}
# The format's own default day (today, for today's formats); one of the 2010s; Twilight
# Masquerade in stores, not yet legal, and Wally's and Lusamine's Expanded bans lifted on a
# day not established; the eve of the April 2026 rotation and of Medicham V's Expanded ban,
# and their day.
DAYS = (None, dt.date(2011, 6, 1), dt.date(2024, 6, 1), dt.date(2026, 4, 9),
        dt.date(2026, 4, 10))
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
        for day in DAYS:
            judged = card_legality.rules_on(rules, day)
            if judged is not None:
                cases.setdefault((id(judged[0]), judged[1]), (format_id, day))
    return list(cases.values())


@pytest.mark.sweep
@pytest.mark.parametrize(("format_id", "day"), _cases(), ids=str)
def test_a_cards_status_and_legal_are_what_the_checks_say_of_it(full_index, every_printing,
                                                                 format_id, day):
    """The status is the one the checks' findings on the line name, `legal` is true exactly
    when they find no error and exactly for the statuses that say so, and the card search's
    look-up agrees."""
    rules = card_legality.formats()[format_id]
    judge = card_legality.judge(full_index, format_id, rules, day)
    assert judge is not None
    # The rules in force on the day, with the checks that judge a card alone: the others
    # (deck size, copies) only cost the time of 21,000 lines.
    in_force = replace(judge.rules, checks=tuple(spec for spec in judge.rules.checks
                                                 if spec.code in CARD_CHECKS))
    wrong = []
    for lines in every_printing:
        verdict = validate(full_index, lines, in_force, as_of=judge.day)
        errors: dict[int, set[str]] = {}
        warned: dict[int, set[str]] = {}
        for found, violations in ((errors, verdict.violations), (warned, verdict.warnings)):
            for violation in violations:
                found.setdefault(dict(violation.args)["line"], set()).add(violation.code)
        for line in lines:
            printing = line.resolution.card
            assert printing is not None
            said = errors.get(line.entry.line, set())
            codes = said | warned.get(line.entry.line, set())
            # one copy of a restricted card is within its entry: the checks say nothing
            listed = RESTRICTED if printing.function_key in judge.restricted else LEGAL
            status = next((STATUS_OF[code] for code in STATUS_OF if code in codes), listed)
            shown = shown_legalities(full_index, [judge], printing.id)[format_id]
            if (shown["status"], shown["legal"], STATUSES[shown["status"]],
                    judge.playable(printing), "banned" in shown, "ban_uncertain" in shown) != (
                    status, not said, not said, not said, "banned" in codes,
                    "ban-uncertain" in codes):
                wrong.append((printing.id, shown, codes))
    assert wrong == []


def test_a_format_not_yet_played_on_the_day_has_no_legality(full_index):
    found = dict(card_legality.legalities(full_index, full_index.printings["base1-4"],
                                          dt.date(2011, 6, 1)))
    assert "expanded" not in found and "glc" not in found
    # …nor, as format=all on the day, a format past its era (Team Multiplay's 2003 rules,
    # Team Battle's 2009-10 season), before its document (Partner Battles v3.00), or the
    # lineage's id it was not played under (Modified until 2014, Standard after).
    assert set(found) == {"unlimited", "modified", "2v2-casual"}


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
    assert banned.standing.status == BANNED and banned.standing.ban is not None
    assert not banned.standing.legal and banned.limit is None
    # Medicham V in Expanded: legal on the eve of its ban, banned from its day.
    eve = _in(full_index, "swsh7-83", "expanded", dt.date(2026, 4, 9)).standing
    assert (eve.status, eve.legal, eve.ban) == (LEGAL, True, None)
    medicham = _in(full_index, "swsh7-83", "expanded", dt.date(2026, 4, 10)).standing
    assert (medicham.status, medicham.legal) == (BANNED, False)
    assert medicham.ban is not None and medicham.ban.effective == dt.date(2026, 4, 10)
    # Wally in Expanded inside the window its ban was lifted in: legal, the ban uncertain.
    wally = _in(full_index, "xy6-94", "expanded", dt.date(2024, 6, 1)).standing
    assert (wally.status, wally.legal) == (BAN_UNCERTAIN, True) and wally.unsure is not None
    # An ACE SPEC: one a deck, by its own text; a Trainer otherwise: four, by the format.
    ace = _in(full_index, "sv5-153", "expanded", dt.date(2024, 6, 1)).limit
    assert ace is not None and (ace.copies, ace.by) == (1, BY_PRINTED)
    ball = _in(full_index, "sv1-196", "expanded", dt.date(2024, 6, 1)).limit
    assert ball is not None and (ball.copies, ball.by) == (4, BY_FORMAT)
    # Basic Energy: no limit.
    assert _in(full_index, "base1-98", "unlimited", None).limit is None


def test_a_restricted_or_watchlisted_card_is_legal_and_says_so(full_index):
    """Partner Battles' lists are empty in v3.00: a list that names cards is the data's to
    give, and each card on it stands so, as the checks judge one copy of it."""
    partner = card_legality.formats()["partner-battles"]
    listed = replace(partner, restricted=(Restriction("base1-4", "1 copy, not as the Partner",
                                                      1, False),),
                     watchlisted=("base1-2",))
    judge = card_legality.judge(full_index, "partner-battles", listed, None)
    assert judge is not None
    charizard = judge.legality(full_index, full_index.printings["base1-4"])
    assert (charizard.standing.status, charizard.standing.legal) == (RESTRICTED, True)
    assert charizard.limit is not None and charizard.limit.by == BY_RESTRICTION
    blastoise = judge.standing(full_index.printings["base1-2"])
    assert (blastoise.status, blastoise.legal) == (WATCHLISTED, True)
    lines = resolve(full_index, parse([{"count": 1, "id": "base1-4"},
                                       {"count": 1, "id": "base1-2"}]).entries)
    verdict = validate(full_index, lines, listed)
    assert {v.code for v in verdict.violations} & {"restricted", "watchlisted"} == set()
    assert [v.code for v in verdict.warnings if v.code == "watchlisted"] == ["watchlisted"]
