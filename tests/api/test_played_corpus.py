"""Decklists played at sanctioned events, each judged on its event's first day in the format
it was played in (tests/corpus/played: events.json names each event's days, format and
source; known_errors.json the lines that are wrong in the source itself, and the few an
English catalog cannot read (a Japanese printing as registered, a printing the card data
lacks), each with evidence).

A list the players registered was legal that day: every published list is legal unless its
source got it wrong, and then it fails for exactly the recorded lines. All lists go through
/v1/validate/batch, as many to a request as a batch takes."""

from __future__ import annotations

import json
import re
from collections import Counter

import pytest
from flask import Flask

from tests.corpus.played import EVENTS, HERE, KNOWN_ERRORS, PlayedList, played, published
from tests.support.answers import batch_verdicts

pytestmark = pytest.mark.full_catalog
# The verdicts come from the in-memory index: one backend is enough for them.
ON_SQLITE = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
GOAL = 0.99
# What deckjudge answers for each kind of error in a source (known_errors.json's "kinds").
KIND_CODES = {"printing-released-after-event": "not-yet-released", "total-not-60": "deck-size",
              "line-repeated": "copy-limit", "placeholder": "unknown-set",
              "name-not-at-number": "unknown-card",
              # Not the source's errors: what an English catalog cannot read or lacks.
              "japanese-printing": "unknown-set", "japanese-set-code": "unknown-card",
              "japanese-data-other-card": "not-yet-released",
              "japanese-data-unread": "not-released-here",
              "not-in-catalog": "unknown-card"}
FORMATS = {"standard", "expanded"}
COMMIT = re.compile(r"[0-9a-f]{40}")
LISTS = list(played())
RECORDED = {item["list"] for item in KNOWN_ERRORS}


@pytest.fixture(scope="module")
def verdicts(full_app: Flask) -> dict[str, dict]:
    """Every list's verdict on its day, by list."""
    found = batch_verdicts(full_app.test_client(), [
        {"id": item.name, "format": item.format, "as_of": item.day, "deck": item.deck}
        for item in LISTS])
    # Every violation is listed (none counted past the answer's bound), so a list's failures
    # can be compared line by line with its record.
    assert not [name for name, verdict in found.items() if "violations_omitted" in verdict]
    return found


def failures(verdict: dict) -> set[tuple[str, int | None]]:
    """Each violation as (code, line), one for each line it names."""
    return {(violation["code"], card["line"]) for violation in verdict["violations"]
            for card in violation["cards"] or [{"line": None}]}


def described(name: str, verdict: dict) -> str:
    """A list's violations in short: each code, how many, and the first one's message."""
    by_code: dict[str, list[str]] = {}
    for violation in verdict["violations"]:
        by_code.setdefault(violation["code"], []).append(violation["message"])
    return f"{name}: " + "; ".join(f"{code} x{len(messages)} ({messages[0]})"
                                   for code, messages in by_code.items())


def test_at_least_300_lists_from_20_events_each_with_its_days_format_and_source():
    assert len(LISTS) >= 300 and len(EVENTS) >= 20
    for key, event in EVENTS.items():
        first, last = event["days"]
        assert first <= last and event["judged_on"] == first, key
        assert event["name"] and event["format"] and event["deckjudge_format"] in FORMATS, key
        source = event["source"]
        assert (source.get("repository") and source.get("path")
                and COMMIT.fullmatch(source["commit"])) or source.get("url"), key
        for entry in event["lists"].values():
            assert entry["placement"], key
            # A list taken from another source than its event's names its own.
            own = entry.get("source")
            assert own is None or (own["repository"] and own["path"]
                                   and COMMIT.fullmatch(own["commit"])), (key, entry)
    listed = {name for event in EVENTS.values() for name in event["lists"]}
    on_disk = {str(path.relative_to(HERE)) for path in HERE.rglob("*")
               if path.suffix in (".txt", ".json") and path.parent != HERE}
    assert on_disk == listed  # every list kept has its event, and nothing else is here


@ON_SQLITE
def test_every_list_outside_the_known_errors_is_legal_on_its_day(verdicts):
    illegal = [described(item.name, verdicts[item.name]) for item in LISTS
               if item.name not in RECORDED and not verdicts[item.name]["legal"]]
    assert illegal == [], f"{len(illegal)} lists:\n" + "\n".join(illegal)


@ON_SQLITE
def test_every_known_error_list_fails_for_exactly_its_recorded_lines(verdicts):
    expected: dict[str, set[tuple[str, int | None]]] = {}
    for error in KNOWN_ERRORS:
        expected.setdefault(error["list"], set()).add((KIND_CODES[error["kind"]], error["line"]))
    wrong = [f"{name}: recorded but not found {sorted(want - found, key=str)}; found beyond the "
             f"record {dict(Counter(code for code, _ in found - want))}"
             for name, want in expected.items() if (found := failures(verdicts[name])) != want]
    assert wrong == [], f"{len(wrong)} lists:\n" + "\n".join(wrong)
    assert not any(verdicts[name]["legal"] for name in expected)


@ON_SQLITE
def test_at_least_99_percent_of_the_lists_outside_the_known_errors_are_legal(verdicts):
    outside = [item.name for item in LISTS if item.name not in RECORDED]
    legal = sum(verdicts[name]["legal"] for name in outside)
    by_event = Counter(name.split("/")[0] for name in outside if not verdicts[name]["legal"])
    assert legal / len(outside) >= GOAL, (legal, len(outside), dict(by_event))


SUPERTYPES = {"pokemon": "Pokémon", "trainer": "Trainer", "energy": "Energy"}


def sections(item: PlayedList) -> dict[str, int] | None:
    """A list of card objects' own count of each kind of card, by supertype, where its
    source files them in sections (Limitless's and RK9's `pokemon`, `trainer`, `energy`).
    Text lists' stated counts are held by tests/api/test_section_counts.py."""
    if isinstance(item.deck, str):
        return None
    raw = json.loads((HERE / item.name).read_text(encoding="utf-8"))
    if not isinstance(raw, dict):
        return None
    return {SUPERTYPES[kind]: sum(card["count"] for card in raw.get(kind, ()))
            for kind in SUPERTYPES}


@ON_SQLITE
def test_every_list_of_card_objects_holds_as_many_cards_of_each_supertype_as_its_sections(
        verdicts):
    # The players' own sections say what each card is: the catalog's supertypes, decided
    # between its sources (catalog/importing/deciding.py), agree with them wherever every
    # line is read.
    compared = {item.name: (said, verdicts[item.name]["counts"]) for item in LISTS
                if (said := sections(item)) is not None}
    read = {name: (said, counts["by_supertype"]) for name, (said, counts) in compared.items()
            if counts["unresolved"] == 0}
    assert len(read) >= 390
    assert [(name, said, counted) for name, (said, counted) in read.items()
            if said != counted] == []


def test_each_known_error_names_a_line_of_its_list_as_published():
    by_name = {item.name: item for item in LISTS}
    for error in KNOWN_ERRORS:
        assert error["kind"] in KIND_CODES and error["evidence"], error
        item: PlayedList = by_name[error["list"]]
        if error["line"] is None:  # a whole-list error
            assert error["entry"] is None and error["kind"] == "total-not-60", error
            continue
        assert error["entry"] == written(item, error["line"]), error


def written(item: PlayedList, line: int) -> str | dict:
    """The list's line as published: a line of its text, or its card object at that position."""
    deck = published(item.name)
    return deck.splitlines()[line - 1] if isinstance(deck, str) else deck[line - 1]


def test_the_known_errors_file_says_what_each_kind_is():
    kinds = json.loads((HERE / "known_errors.json").read_text(encoding="utf-8"))["kinds"]
    assert set(kinds) == set(KIND_CODES)
    assert all(f"deckjudge: {code}" in kinds[kind] for kind, code in KIND_CODES.items())
