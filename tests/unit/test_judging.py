"""A deck judged in several formats: formats that build decks by one set of rules share a
verdict, and every other format is judged on its own."""

from __future__ import annotations

import datetime as dt

from decklist.detect import parse
from tests.support.paths import FIXTURES
from validators.engine import validate
from validators.judging import judge_deck
from validators.targets import ALL, plan_deck

DECK = (FIXTURES / "decklists" / "modified-legal.txt").read_text(encoding="utf-8")


def test_formats_that_share_deck_rules_share_one_verdict(full_index):
    plan = plan_deck(full_index, ALL, None, False, None)
    judgement = judge_deck(full_index, plan, parse(DECK), None, None, False)
    judged = {target.format.id: verdict for target, verdict in judgement.verdicts}
    rules = {target.format.id: target.rules for target in plan.targets}
    assert rules["team-multiplay"] is rules["modified"]  # Multiplay builds decks as Modified
    assert judged["team-multiplay"] is judged["modified"]
    assert judged["modified"].legal
    shared = [format_id for format_id in judged
              if judged[format_id] is judged["modified"]]
    assert shared == ["modified", "team-multiplay"]
    # and each verdict is the one the format's rules give on their own
    for target in plan.targets:
        alone = validate(full_index, list(judgement.deck.lines), target.rules,
                         product=target.product if target.limited else None)
        assert alone.violations == judged[target.format.id].violations, target.format.id


# A deck that breaks something in every format, on lines the checks read alike in each:
# cards out of most pools, one card on two lines, a copy limit, a card's printed limit, an
# unknown line, a name family and a sideboard.
BROKEN = """Pokémon
4 Pikachu BS 58
2 Charizard CEL 4
Trainer
3 Bill BS 91
2 Bill BS 91
4 Professor Juniper BLW 101
4 Professor Sycamore XY 122
2 Computer Search BCR 137
4 Iono PAL 185
1 Plasma Badge PLF 104
4 Nothing Like It ZZZ 999
Energy
30 Lightning Energy BS 100
Sideboard
1 Potion BS 94
"""


def test_a_deck_shared_by_every_format_is_judged_as_each_format_alone(full_index):
    """Each format's verdict of a deck judged in every format, violations and warnings, is
    the verdict of the format's rules given the lines alone, on every day asked, with the
    index's caches emptied in between (each format's first sight of the deck)."""
    for as_of in (None, dt.date(2015, 6, 1), dt.date(2003, 6, 1)):
        plan = plan_deck(full_index, ALL, None, False, None, as_of)
        judgement = judge_deck(full_index, plan, parse(BROKEN), None, as_of, False)
        assert not judgement.legal_in
        full_index.caches.forget()  # the first of the formats judged below fills it again
        for target, verdict in judgement.verdicts:
            product = target.product if target.limited else None
            alone = validate(full_index, list(judgement.deck.lines), target.rules, as_of,
                             product=product)
            assert alone.violations == verdict.violations, (target.format.id, as_of)
            assert alone.warnings == verdict.warnings, (target.format.id, as_of)


def test_a_card_not_legal_on_two_lines_is_said_of_each_line(full_index):
    """The words of a card's not-legal finding are kept per format and date; each line that
    names the card gets them with its own number and count, and another date its own."""
    plan = plan_deck(full_index, ALL, None, False, None)
    standard = next(target.rules for target in plan.targets if target.format.id == "standard")
    lines = judge_deck(full_index, plan, parse(BROKEN), None, None, False).deck.lines
    found = [v for v in validate(full_index, list(lines), standard).violations
             if v.code == "not-legal" and v.cards[0].id == "base1-91"]
    assert [(v.cards[0].line, v.cards[0].copies, dict(v.args)["line"]) for v in found] == \
        [(5, 3, 5), (6, 2, 6)]
    assert found[0].message == found[1].message.replace("line 6", "line 5")
    on_2021 = [v for v in validate(full_index, list(lines), standard, dt.date(2021, 9, 10))
               .violations if v.code == "not-legal" and v.cards[0].id == "base1-91"]
    assert dict(on_2021[0].args)["date"] == "2021-09-10" != dict(found[0].args)["date"]


def test_a_verdict_to_its_first_error_is_the_full_verdicts_first_and_names_no_lines(
        full_index):
    """In every format, on days on either side of a rotation: the first error the checks
    find is the full verdict's first error; the verdict shows no line (detail=legal_in has
    none to show), and the full verdict, made after it, still has each line's standing."""
    plan = plan_deck(full_index, ALL, None, False, None)
    for day in (dt.date(2003, 8, 31), dt.date(2014, 6, 1), None):
        first = judge_deck(full_index, plan, parse(BROKEN), None, day, False, first_error=True)
        full = judge_deck(full_index, plan, parse(BROKEN), None, day, False)
        for (target, short), (_, whole) in zip(first.verdicts, full.verdicts, strict=True):
            assert short.legal == whole.legal, target.format.id
            assert [v.code for v in short.violations] == [v.code for v in whole.violations][:1]
            assert short.lines == () and short.line_standings == ()
            assert len(whole.line_standings) == len(whole.lines) == len(full.deck.lines)
