"""Where a card stands: a line that names one printing of one card, the commonest, is stood
by a shorter way than several; both give one answer."""

from __future__ import annotations

import datetime as dt

from validators.formats import deck_rules, get_format
from validators.standing import FormatStandings, line_of_several, line_standing

# Days on which the formats' pools, waiting periods and bans differ: a printing released,
# waiting, rotated, reprinted or banned on one of them is so on another not.
DAYS = (None, dt.date(2003, 6, 1), dt.date(2015, 6, 1), dt.date(2024, 6, 1))


def test_one_printing_stands_as_the_general_way_stands_it(full_index):
    printings = list(full_index.printings.values())[::23]  # every set, about 900 printings
    compared = banned = unreleased = not_legal = 0
    for format_id in ("modified", "standard", "expanded", "glc", "unlimited"):
        rules = deck_rules(get_format(format_id))
        for day in DAYS:
            standings = FormatStandings(full_index, rules.legality, day)
            for printing in printings:
                one = standings._standing((printing,))
                assert one == standings.standing_of_several((printing,)), printing.id
                assert line_standing((one,)) == line_of_several((one,)), printing.id
                compared += 1
                banned += one.banned
                unreleased += not one.released
                not_legal += one.legal_via is None
    # the sample reaches every kind of standing the short way gives
    assert compared > 10_000 and banned and unreleased and not_legal
