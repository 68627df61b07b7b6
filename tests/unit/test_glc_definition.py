"""Gym Leader Challenge written as an organizer's definition over Expanded
(examples/formats/definitions/gym-leader-challenge.json) judges every corpus list as the
built-in glc does, on days from the format's first months (Ancient Trait Pokémon banned) to
today's ban list: the same legality and the same codes."""

from __future__ import annotations

import datetime as dt
import json

import pytest

from decklist.resolver import resolve
from tests.corpus import lists, parsed
from tests.support.paths import PROJECT_ROOT
from validators.definitions import read_definition
from validators.derived import organizer_rules
from validators.engine import validate
from validators.formats import get_format

DEFINITION = PROJECT_ROOT / "examples" / "formats" / "definitions" / "gym-leader-challenge.json"
DAYS = [dt.date(2021, 9, 1), dt.date(2022, 7, 1), dt.date(2023, 12, 1), dt.date(2024, 10, 1),
        dt.date(2026, 11, 27)]


def _codes(verdict):
    return (verdict.legal, sorted(v.code for v in verdict.violations),
            sorted(v.code for v in verdict.warnings))


@pytest.mark.full_catalog
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_the_definition_judges_every_corpus_list_as_glc_does(full_index):
    written = organizer_rules(read_definition(json.loads(DEFINITION.read_text())))
    built_in = get_format("glc")
    differ, legal_somewhere, judged = [], 0, 0
    for item in lists():
        lines = resolve(full_index, parsed(item).entries)
        for day in DAYS:
            ours = _codes(validate(full_index, lines, built_in, day))
            theirs = _codes(validate(full_index, lines, written, day))
            judged += 1
            legal_somewhere += ours[0]
            if ours != theirs:
                differ.append((item.name, day.isoformat(), ours, theirs))
    assert differ == [], differ[:5]
    assert judged >= 1000, judged  # every corpus list on every day
    # The corpus holds GLC lists: the comparison is not of illegal decks alone.
    assert legal_somewhere >= 5, legal_somewhere


@pytest.mark.full_catalog
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_the_definition_cites_the_organizers_sections(full_index):
    written = organizer_rules(read_definition(json.loads(DEFINITION.read_text())))
    deck = "2 Professor's Research SVI 189\n1 Pikachu ex SSP 57\n56 Fire Energy BS 98\n"
    verdict = validate(full_index, resolve(full_index, parsed_text(deck)), written,
                       dt.date(2026, 11, 27))
    cited = {v.code: (v.rule.document, v.rule.section) for v in verdict.violations}
    document = "Gym Leader Challenge format rules (gymleaderchallenge.com)"
    assert cited["copy-limit"] == (document, "Singleton")
    assert cited["rule-box"] == (document, "No Rule Box")
    # a rule kept from the base cites the base's document
    assert cited["deck-size"][0] == get_format("expanded").document


def parsed_text(text: str):
    from decklist.detect import parse

    return parse(text).entries
