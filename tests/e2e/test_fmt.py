"""`deckjudge fmt`: decklists in one canonical form, never with other cards. On published
lists (tests/corpus names their sources) and hand-built ones, as the console script."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from client.fmt import canonical
from decklist.detect import parse
from decklist.resolver import resolve
from tests.support.paths import FIXTURES

pytestmark = [pytest.mark.full_catalog,
              pytest.mark.parametrize("backend", ["sqlite"], indirect=True)]
DECKJUDGE = str(Path(sys.executable).with_name("deckjudge"))
CORPUS = Path(__file__).resolve().parents[1] / "corpus"
PUBLISHED = {
    "haymaker.txt": CORPUS / "ptcg-sim" / "1999-base-fossil-haymaker-deck.txt",
    "ptcg-live.txt": CORPUS / "tools" / "larrymyers-ptcgl_decklist.txt",
    "ptcg-live-pokeball.txt": CORPUS / "tools" / "larrymyers-ptcgl_pokeball_decklist.txt",
    "limitless.txt": CORPUS / "tools" / "larrymyers-limitless_builder_decklist.txt",
    "partner.txt": FIXTURES / "decklists" / "partner-charizard.txt",
    "modified.txt": FIXTURES / "decklists" / "modified-legal.txt",
}


def fmt(folder: Path, *args: str, database: str) -> subprocess.CompletedProcess:
    return subprocess.run([DECKJUDGE, "fmt", *args, "--database", database], cwd=folder,
                          capture_output=True, text=True, timeout=300)


def held(index, text: str) -> list[tuple[str, str, int]]:
    """The cards a list holds: (section, printing, copies), copies of a printing added up."""
    totals: dict[tuple[str, str], int] = {}
    for entry, resolution in resolve(index, parse(text).entries):
        printing = resolution.printings[0]
        group = entry.section if entry.section in ("partner", "sideboard") else "main"
        totals[group, printing.id] = totals.get((group, printing.id), 0) + entry.copies
    return sorted((group, card, copies) for (group, card), copies in totals.items())


@pytest.mark.parametrize("name", sorted(PUBLISHED))
def test_a_published_list_keeps_its_cards_and_formatting_again_changes_nothing(
        full_index, name):
    text = PUBLISHED[name].read_text()
    formatted = canonical(full_index, text)
    assert formatted.text is not None, formatted.reasons
    assert held(full_index, formatted.text) == held(full_index, text)
    assert canonical(full_index, formatted.text).text == formatted.text  # stable
    headings = [line for line in formatted.text.splitlines() if line.endswith(tuple("0123456789"))
                and ": " in line and not line[0].isdigit()]
    assert headings[-1] == "Total Cards: " + str(sum(
        copies for group, _, copies in held(full_index, text) if group != "sideboard"))


def test_the_canonical_form(full_index):
    text = ("# format: modified\n"
            "Trainer: 3\n2 Bill BS 91\n1 Computer Search base4-101\n"
            "4 Pikachu BS 58\n"  # under the wrong heading: it goes with the Pokémon
            "Pokémon: 1\n1 Gust Of Wind BS 93\n2 Bill BS 91\n")
    assert canonical(full_index, text).text == (
        "# format: modified\n\n"
        "Pokémon: 4\n4 Pikachu BS 58\n\n"
        "Trainer: 6\n4 Bill BS 91\n1 Computer Search B2 101\n1 Gust of Wind BS 93\n\n"
        "Total Cards: 10\n")


@pytest.mark.parametrize("text, reason", [
    ("4 Bill BS 91\n4 Pikchu BS 58\n", "line 2: 'Pikchu BS 58' is unknown"),
    ("4 Bill BS 91\n2 Charizard\n", "line 2: 'Charizard' is ambiguous"),
    ("4 Bill BS 91\nthis is no card\n", "line 2: not a card line"),
    ('[{"count": 4, "id": "base1-91"}]', "a JSON list is kept as JSON"),
])
def test_a_list_it_cannot_fully_read_is_left_as_it_is(full_index, text, reason):
    formatted = canonical(full_index, text)
    assert formatted.text is None
    assert any(found.startswith(reason) for found in formatted.reasons), formatted.reasons


def test_check_diff_and_rewrite_as_the_console_script(full_db_url, tmp_path):
    for name, source in PUBLISHED.items():
        shutil.copy(source, tmp_path / name)
    (tmp_path / "unknown.txt").write_text("4 Pikchu BS 58\n")
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    check = fmt(tmp_path, "--check", *before, database=full_db_url)
    assert check.returncode == 1
    assert "would reformat haymaker.txt" in check.stderr
    assert "unknown.txt: left as it is: line 1: 'Pikchu BS 58' is unknown" in check.stderr
    diff = fmt(tmp_path, "--diff", "haymaker.txt", database=full_db_url)
    assert diff.returncode == 1 and "+3 Gust of Wind BS 93" in diff.stdout
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before
    rewrite = fmt(tmp_path, *before, database=full_db_url)
    assert rewrite.returncode == 1 and "reformatted ptcg-live.txt" in rewrite.stderr
    assert (tmp_path / "unknown.txt").read_bytes() == before["unknown.txt"]
    again = fmt(tmp_path, *(name for name in before if name != "unknown.txt"),
                database=full_db_url)
    assert again.returncode == 0 and again.stderr == ""


def test_formatted_lists_get_the_same_verdicts(full_db_url, tmp_path):
    for name, source in PUBLISHED.items():
        shutil.copy(source, tmp_path / name)
    files = sorted(PUBLISHED)

    def verdicts() -> list:
        done = subprocess.run([DECKJUDGE, "check", *files, "--format", "modified",
                               "--output", "json", "--database", full_db_url],
                              cwd=tmp_path, capture_output=True, text=True, timeout=300)
        return [(f["path"], f["legal"], sorted(finding["code"] for finding in f["findings"]))
                for f in json.loads(done.stdout)["files"]]

    def without_totals(found: list) -> list:
        return [(path, legal, [code for code in codes if code != "declared-total"])
                for path, legal, codes in found]

    before = verdicts()
    assert any("declared-total" in codes for _, _, codes in before)  # Haymaker's "(10)"
    fmt(tmp_path, *files, database=full_db_url)
    after = verdicts()
    # the same verdict and findings, but the totals a list got wrong: fmt writes them true
    assert after == without_totals(before)
