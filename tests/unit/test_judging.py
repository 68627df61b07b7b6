"""A deck judged in several formats: formats that build decks by one set of rules share a
verdict, and every other format is judged on its own."""

from __future__ import annotations

from decklist.detect import parse
from tests.conftest import FIXTURES
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
