"""Every corpus list that states its section counts ("Pokémon: 19", "Trainer : 32",
"Pokemon - 15", "Pokémon (17)", "Total Cards: 60": the headers decklist/text.py reads) is
judged through POST /v1/validate, and the answer's `counts` must be the list's own: for each
section it states, as many cards of that supertype, and its total.

Where a list's header is not what its own lines hold (it counts lines, or is wrong, or a line
cannot be read), the lines are the truth: tests/corpus/section_counts.json records each such
list with what its lines add up to and the evidence, and the answer must be that."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import pytest
from flask import Flask

from decklist.detect import parse
from decklist.parsed import ENERGY, POKEMON, TRAINER, Decklist
from tests.corpus import HERE, lists
from tests.corpus.played import played

pytestmark = pytest.mark.full_catalog
# The counts come from the in-memory index: one backend is enough for them.
ON_SQLITE = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
SUPERTYPES = {POKEMON: "Pokémon", TRAINER: "Trainer", ENERGY: "Energy"}
TOTAL = "total"
RECORD = json.loads((HERE / "section_counts.json").read_text(encoding="utf-8"))
RECORDED: dict[str, dict[str, Any]] = RECORD["lists"]
LANGUAGES = json.loads((HERE / "languages" / "sources.json").read_text(encoding="utf-8"))


@dataclass(frozen=True)
class StatedList:
    """A corpus list as published, with the format and day it is judged in."""

    name: str  # its path under tests/corpus
    text: str
    format: str
    day: str | None  # a played list's day; the others are judged as of today
    deck: Decklist = field(init=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "deck", parse(self.text))


def text_lists() -> list[StatedList]:
    """Every text list of the corpus: those measured by tests/unit/test_corpus.py, those in
    other languages, and those played at sanctioned events (on their event's day). The others
    are judged in Unlimited, whose pool holds every card: their counts do not depend on it."""
    found = [StatedList(item.name, item.body, "unlimited", None) for item in lists()
             if isinstance(item.body, str)]
    found += [StatedList(name, (HERE / name).read_text(encoding="utf-8"), "unlimited", None)
              for name in sorted(LANGUAGES["lists"])]
    found += [StatedList(f"played/{item.name}", item.deck, item.format, item.day)
              for item in played() if isinstance(item.deck, str)]
    return found


def stated(deck: Decklist) -> dict[str, int]:
    """The counts a list states: cards by supertype, and its total."""
    return {SUPERTYPES.get(section, TOTAL): number for section, (number, _) in deck.declared.items()
            if section in SUPERTYPES or section == TOTAL}


def held(deck: Decklist) -> dict[str, int]:
    """The cards the list's lines hold under each header it has, and in all."""
    cards = {SUPERTYPES[section]: 0 for section in deck.declared if section in SUPERTYPES}
    for entry in deck.main:
        if entry.section in SUPERTYPES and SUPERTYPES[entry.section] in cards:
            cards[SUPERTYPES[entry.section]] += entry.copies
    return {**cards, TOTAL: sum(entry.copies for entry in deck.main)}


STATED = [item for item in text_lists() if stated(item.deck)]


def expected(item: StatedList) -> dict[str, int]:
    """What the answer must count: what the list states, or, where its lines disagree, what
    section_counts.json says they hold."""
    record = RECORDED.get(item.name)
    if record is None:
        return {**stated(item.deck), "unresolved": 0}
    counts = record["counts"]
    total = {TOTAL: sum(counts.values())} if TOTAL in stated(item.deck) else {}
    return {**counts, **total}


def test_at_least_240_lists_state_their_section_counts_and_every_record_is_one_of_them():
    names = {item.name for item in STATED}
    assert len(names) >= 240
    assert set(RECORDED) <= names


def test_every_header_not_recorded_is_what_its_lines_hold():
    disagree = [f"{item.name}: states {stated(item.deck)}, its lines hold {held(item.deck)}"
                for item in STATED if item.name not in RECORDED and not agrees(item.deck)]
    assert disagree == [], "\n".join(disagree)


def agrees(deck: Decklist) -> bool:
    """Whether every count the list states is what its lines hold."""
    lines = held(deck)
    return all(lines[key] == number for key, number in stated(deck).items())


@pytest.mark.parametrize("name", sorted(RECORDED))
def test_each_record_is_what_the_lists_lines_hold_where_its_header_is_not(name):
    record = RECORDED[name]
    assert set(record["kinds"]) <= set(RECORD["kinds"]) and record["kinds"] and record["evidence"]
    assert set(record["counts"]) == {*SUPERTYPES.values(), "unresolved"}
    [item] = [item for item in STATED if item.name == name]
    # Every card of the list's lines is counted once, by supertype or apart.
    assert sum(record["counts"].values()) == held(item.deck)[TOTAL]
    # A record is needed: the list states something its answer cannot repeat.
    needed = {key: number for key, number in stated(item.deck).items()
              if number != expected(item)[key]}
    assert needed or record["counts"]["unresolved"]


@ON_SQLITE
@pytest.mark.parametrize("item", STATED, ids=lambda item: item.name)
def test_the_answer_counts_each_section_as_the_list_states_it(full_app: Flask, item: StatedList):
    request = {"deck": item.text, "format": item.format}
    if item.day:
        request["as_of"] = item.day
    answer = full_app.test_client().post("/v1/validate", json=request)
    assert answer.status_code == 200, answer.get_json()
    counts = answer.get_json()["counts"]
    found = {**counts["by_supertype"], "unresolved": counts["unresolved"], TOTAL: counts["total"]}
    want = expected(item)
    assert {key: found[key] for key in want} == want
