"""validators/verdict_changes.py: when two days' verdicts of a deck differ."""

from __future__ import annotations

from validators.verdict_changes import differing

LEGAL = (True, frozenset())
BANNED = (False, frozenset({"banned"}))


def test_a_format_differs_by_its_legality_or_its_codes_never_by_nothing():
    before = {"standard": LEGAL, "expanded": BANNED, "glc": (False, frozenset({"not-legal"}))}
    now = {"standard": LEGAL, "expanded": BANNED,
           "glc": (False, frozenset({"not-legal", "banned"}))}
    assert differing(before, now) == ("glc",)
    assert differing(before, before) == ()
    assert differing({"expanded": LEGAL}, {"expanded": BANNED}) == ("expanded",)


def test_a_format_judged_on_one_day_alone_differs_those_judged_now_first():
    assert differing({"modified": LEGAL, "standard": LEGAL},
                     {"standard": LEGAL, "glc": BANNED}) == ("glc", "modified")
    assert differing({}, {}) == ()
