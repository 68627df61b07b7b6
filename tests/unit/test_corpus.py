"""The corpus of real decklists (tests/corpus): at least 200 lists from public sources, each
named, and at least 99 % of their card lines resolved to the printing their list meant."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from decklist.languages import ENGLISH, read_lines
from decklist.resolver import RESOLVED
from tests.corpus import EXPECTED, HERE, SOURCES, lists, measure, parsed

GOAL = 0.99
# The lists played at sanctioned events, with their own index (tests/api/test_played_corpus.py),
# and those in other languages (tests/unit/test_language_corpus.py): measured on their own.
PLAYED, LANGUAGES = HERE / "played", HERE / "languages"


@pytest.fixture(scope="module")
def outcomes(full_index):
    return measure(full_index)


def test_at_least_200_lists_each_from_a_named_source():
    items = list(lists())
    assert len(items) >= 200
    for source in SOURCES.values():
        assert source["repository"] and source["path"] and len(source["commit"]) == 40
    listed = {name for source in SOURCES.values() for name in source["lists"]}
    on_disk = {str(path.relative_to(HERE)) for path in HERE.rglob("*")
               if path.suffix in (".txt", ".json") and path.parent != HERE
               and PLAYED not in path.parents and LANGUAGES not in path.parents}
    assert on_disk == listed  # every list kept names its source, and nothing else is here


def test_eras_and_export_forms_are_covered():
    # No genuine PTCGO client export is in the corpus yet: PTCGO's form is covered by the
    # hand-built fixture tests/fixtures/decklists/ptcgo.txt only.
    items = list(lists())
    assert {item.form for item in items} == {"ptcg-live", "limitless", "limitless-api",
                                             "ligapokemon", "card-ids", "plain"}
    eras = {item.era for item in items}
    assert "1999 Base-Fossil" in eras and "2024 Standard" in eras


def test_at_least_99_percent_of_card_lines_resolve_to_the_printing_meant(outcomes):
    good = sum(outcome.ok for outcome in outcomes)
    failing = [f"{o.where}: {o.line.entry.text!r}: {o.cause}" for o in outcomes if not o.ok]
    assert good / len(outcomes) >= GOAL, "\n".join(failing)


def test_every_tolerated_line_resolves_to_the_card_written_down(outcomes):
    tolerated = {entry["at"] for entry in EXPECTED["tolerated"]}
    seen = {outcome.where: outcome for outcome in outcomes if outcome.where in tolerated}
    assert set(seen) == tolerated  # no expectation is stale
    wrong = [f"{where}: {outcome.cause}" for where, outcome in seen.items() if not outcome.ok]
    assert wrong == []


def test_a_lists_own_errors_never_resolve_to_a_wrong_card(outcomes):
    errors = {entry["at"] for entry in EXPECTED["list_errors"]}
    seen = [outcome for outcome in outcomes if outcome.where in errors]
    assert len(seen) == len(errors)
    assert all(outcome.line.resolution.status != RESOLVED for outcome in seen)
    # Every line not resolved as meant is one of them: nothing else fails.
    assert {o.where for o in outcomes if not o.ok} == errors


def test_no_client_export_gets_a_declared_total_problem():
    exports = [item for item in lists() if item.client_export]
    assert len(exports) >= 5
    for item in exports:
        assert [p for p in parsed(item).problems if p.code == "declared-total"] == [], item.name


def test_only_the_lines_that_are_not_cards_are_unreadable():
    # Headers, totals, banners and footers of every exporter are read as what they are; the
    # one stray line is the parser test's own ("Random line at the end").
    unreadable = {f"{item.name}:{problem.line}": problem.text for item in lists()
                  for problem in parsed(item).problems if problem.code != "declared-total"}
    assert unreadable == {"tools/icemad-decklist.fr.txt:33": "Random line at the end"}


def test_expected_file_is_well_formed():
    data = json.loads(Path(HERE / "expected.json").read_text(encoding="utf-8"))
    assert all({"at", "line", "card", "why"} <= set(entry) for entry in data["tolerated"])
    assert all({"at", "line", "why"} <= set(entry) for entry in data["list_errors"])


def test_every_list_is_read_as_english(full_index):
    """Lists in English answer as they did before other languages were read: none is taken
    for another language (decklist.languages)."""
    taken = [(item.name, language) for item in lists()
             if (language := read_lines(full_index, parsed(item).entries)[1]) != ENGLISH]
    assert taken == []
