"""Lines as the published lists of 2011–2016 write them, resolved on the full real catalog:
the short names of the time, and the look-alikes those may never be confused with.

The real lines come from PTCG Legends' transcriptions of published lists (ptcglegends.com,
whose site source is the public repository AlexWilsonNC/ptcg-story); each is named beside it
by the file it comes from there, and the player whose list it is:

- madison.js: tournaments/regional-spe/2015/madison/madison.js (2015 Madison Regionals)
- ath.js: tournaments/regional-spe/2015/athens/ath.js (2015 Athens Regionals)
- edmonton.js: tournaments/regional-spe/2015/edmonton/results.js (2015 Edmonton Regionals)
"""

import pytest

from decklist.resolve import RESOLVED, SET_NUMBER, UNKNOWN
from tests.conftest import ids


@pytest.mark.parametrize(("written", "expected"), [
    ("Head Ringer PHF 97", "xy4-97"),    # madison.js, Jason Klaczynski
    ("Head Ringer", "xy4-97"),           # by name alone, as Battle Compressor is
    ("Jamming Net PHF 98", "xy4-98"),
])
def test_team_flare_hyper_gear_is_left_out_as_team_flare_gear_is(line, written, expected):
    resolved = line(written)
    assert (resolved.status, ids(resolved)) == (RESOLVED, [expected])
    if "PHF" in written:
        assert resolved.method == SET_NUMBER
        assert resolved.notes == (f"read as {resolved.card.name} ({expected}): "
                                  "the name players write for it",)


def test_a_hyper_gear_name_at_another_cards_number_stays_unknown(line):
    resolved = line("Head Ringer PHF 98")  # PHF 98 is Jamming Net
    assert resolved.status == UNKNOWN
    assert [(s.reason, s.printing.id) for s in resolved.suggestions] == [
        ("at-number", "xy4-98"), ("right-number", "xy4-97")]
