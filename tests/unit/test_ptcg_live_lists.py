"""PTCG Live exports of 2026 (tests/corpus/codes4tcg-decks, each list's video named in
sources.json), read and judged as published: the client's alternate-art code, its own
spelling of a name and a set written without a number are each the card the list means, and
each list is legal in Standard on the day it was shown."""

from __future__ import annotations

import datetime as dt

import pytest

from decklist.detect import parse
from decklist.resolver import RESOLVED, resolve
from tests.corpus import HERE
from validators.engine import validate
from validators.formats import get_format
from validators.records import DeckRules


def _read(full_index, name: str):
    return resolve(full_index, parse((HERE / "codes4tcg-decks" / name).read_text(
        encoding="utf-8")).entries)


@pytest.mark.parametrize(("name", "line", "written", "card", "day"), [
    # A 1st place list: Journey Together's Blaziken ex, which its Torchic and Combusken
    # (DRI 40, 41) evolve into, written with PTCG Live's number for its variant.
    ("littledarkfury-2026-05-02-zoroark-blaziken.txt", 7, "Blaziken ex SVALT 220", "sv9-24",
     "2026-05-02"),
    ("littledarkfury-2026-04-29-rockets-honchkrow.txt", 4, "Team Rocket's PORYGON 2 DRI 154",
     "sv10-154", "2026-04-29"),
    # Shown the week before Ascended Heroes came out, judged on its first legal day.
    ("trustyourpilot-2026-01-21-mega-dragonite.txt", 3, "Dragonair ASC", "me2pt5-151",
     "2026-02-13"),
])
def test_a_ptcg_live_line_is_the_card_its_list_means(full_index, name, line, written, card,
                                                     day):
    lines = _read(full_index, name)
    [read] = [each for each in lines if each.entry.line == line]
    assert read.entry.text == written
    assert read.resolution.status == RESOLVED and read.resolution.card is not None
    assert read.resolution.card.id == card, read.resolution.notes
    assert all(each.resolution.status == RESOLVED for each in lines)
    standard = get_format("standard")
    assert isinstance(standard, DeckRules)
    verdict = validate(full_index, lines, standard, as_of=dt.date.fromisoformat(day))
    assert verdict.legal, verdict.violations
    # Printings named by set and number that are legal as reprints of other words are told
    # so, as players write them ("Judge (DRI 222) is legal as a printing of Judge (POR 76)"),
    # their ids kept in the warning's arguments.
    for warning in verdict.warnings:
        assert warning.code == "reprint-wording"
        arguments = dict(warning.args)
        assert str(arguments["id"]) not in warning.message
        assert str(arguments["card"]) in warning.message
