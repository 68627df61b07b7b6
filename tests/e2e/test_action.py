"""The GitHub Action (action.yml): valid against the published schema for actions, its
inputs made into one `deckjudge check`, and its steps run for real on a deck repository
(tests/support/actions_runner.py stands in for the runner and for actions/setup-python and
actions/cache): a first run imports the catalog from an archive of ../shared's data on
loopback HTTP, the next needs no network, a month later the cached catalog is refreshed,
and with `url` the decks go to a running service."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path

import pytest

from client.action import InputError, cache_keys, command, files
from client.report import SUMMARY_FINDINGS
from tests.support.actions_runner import Job, UnknownExpression, run_action
from tests.support.checkout import project_copy
from tests.support.paths import FIXTURES, PROJECT_ROOT
from tests.support.servers import gunicorn

CHECK_JSONSCHEMA = str(Path(sys.executable).with_name("check-jsonschema"))
LEGAL = FIXTURES / "decklists" / "modified-legal.txt"
# Published (tests/corpus/sources.json): Base Set cards, not in the Modified pool.
HAYMAKER = PROJECT_ROOT / "tests" / "corpus" / "ptcg-sim" / "1999-base-fossil-haymaker-deck.txt"
# A problem of the Haymaker list, annotated on its line.
ANNOTATION = (r"^::error file=decks/old/haymaker\.txt,title=deckjudge [a-z-]+,line=\d+::"
              r".+ is not in the Modified")


def schema_check(path: Path) -> subprocess.CompletedProcess:
    """check-jsonschema with the schema for actions it carries (no network)."""
    return subprocess.run([CHECK_JSONSCHEMA, "--builtin-schema", "vendor.github-actions",
                           str(path)], capture_output=True, text=True, timeout=60)


def test_the_action_is_valid_against_the_published_schema(tmp_path):
    done = schema_check(PROJECT_ROOT / "action.yml")
    assert done.returncode == 0, done.stdout + done.stderr
    broken = tmp_path / "action.yml"  # the same check refuses a broken action
    broken.write_text((PROJECT_ROOT / "action.yml").read_text().replace(
        "using: composite", "using: compound"))
    assert schema_check(broken).returncode == 1


@pytest.fixture
def decks(tmp_path) -> Path:
    folder = tmp_path / "workspace"
    (folder / "decks" / "old").mkdir(parents=True)
    shutil.copy(LEGAL, folder / "decks" / "legal.txt")
    shutil.copy(HAYMAKER, folder / "decks" / "old" / "haymaker.txt")
    (folder / "README.md").write_text("decks\n")
    return folder


def test_paths_are_files_or_patterns_each_file_once(decks):
    assert files("decks/**/*.txt", str(decks)) == ["decks/legal.txt", "decks/old/haymaker.txt"]
    assert files("decks/legal.txt\n  decks/*.txt decks/old/*", str(decks)) == [
        "decks/legal.txt", "decks/old/haymaker.txt"]
    with pytest.raises(InputError, match="'decks/\\*.deck' names no file"):
        files("decks/*.txt decks/*.deck", str(decks))
    with pytest.raises(InputError, match="no decklist named"):
        files("  \n", str(decks))


def test_the_inputs_make_one_check_command(decks):
    env = {"INPUT_PATHS": "decks/*.txt", "INPUT_FORMAT": "modified", "INPUT_URL": "",
           "INPUT_ARGS": "--tournament --junit-xml 'reports/deck judge.xml'"}
    assert command(env, str(decks)) == ["check", "decks/legal.txt", "--format", "modified",
                                        "--tournament", "--junit-xml", "reports/deck judge.xml"]
    env.update(INPUT_URL="https://deckjudge.example", INPUT_FORMAT="", INPUT_ARGS="")
    assert command(env, str(decks)) == ["check", "decks/legal.txt", "--url",
                                        "https://deckjudge.example"]
    assert command({**env, "GITHUB_STEP_SUMMARY": "/runner/summary"}, str(decks))[-2:] == [
        "--summary", "/runner/summary"]
    with pytest.raises(InputError, match="args: No closing quotation"):
        command({**env, "INPUT_ARGS": "--as-of '2004"}, str(decks))


def test_cache_keys_change_with_the_month_and_the_source(monkeypatch):
    monkeypatch.delenv("CATALOG_SOURCE", raising=False)
    june = cache_keys({"RUNNER_OS": "Linux"}, datetime(2026, 6, 30, tzinfo=UTC))
    july = cache_keys({"RUNNER_OS": "Linux"}, datetime(2026, 7, 1, tzinfo=UTC))
    assert june["key"].startswith("deckjudge-catalog-Linux-") and june["key"].endswith("2026-06")
    assert july["restore-key"] == june["restore-key"] != july["key"]
    assert july["key"].startswith(july["restore-key"])
    monkeypatch.setenv("CATALOG_SOURCE", "https://mirror.example/data.tar.gz")
    assert cache_keys({"RUNNER_OS": "Linux"}, datetime(2026, 6, 30, tzinfo=UTC)) != june


def test_the_runner_refuses_an_expression_it_does_not_know(tmp_path):
    job = Job(tmp_path, tmp_path, tmp_path, tmp_path, {"url": ""}, tmp_path / "caches")
    assert job.evaluate("inputs.url == '' && steps.x.outputs.y != 'true'") is True
    with pytest.raises(UnknownExpression):
        job.evaluate("startsWith(inputs.url, 'https')")


@pytest.fixture(scope="module")
def action(tmp_path_factory) -> Path:
    """The action as `uses: deckjudge/deckjudge@…` checks it out: the published files."""
    return project_copy(tmp_path_factory.mktemp("action"))


@pytest.fixture(scope="module")
def python(tmp_path_factory) -> Path:
    """Where the Python setup-python gives is made: once for the module."""
    return tmp_path_factory.mktemp("setup-python") / "venv"


@pytest.fixture
def runner(python, action, tmp_path_factory):
    """A job on a fresh runner machine, as hosted runners are."""
    def job(workspace: Path, caches: Path, **inputs: str) -> Job:
        return Job(tmp_path_factory.mktemp("machine"), python, action, workspace, inputs,
                   caches)
    return job


def step(results, name: str):
    return next(result for result in results if result.name == name)


def test_the_action_checks_in_the_job_on_a_cached_catalog(
        tmp_path, decks, runner, served_card_data, monkeypatch):
    url, requested = served_card_data
    before = len(requested)
    caches = tmp_path / "actions-cache"
    inputs = {"paths": "decks/**/*.txt", "format": "modified", "catalog-source": url}
    first = run_action(runner(decks, caches, **inputs))
    assert [result.ran for result in first] == [True, True, True, True, False, True]
    check = step(first, "Check the decklists")
    assert check.returncode == 1, check.output  # the Haymaker is illegal in Modified
    assert "decks/legal.txt: legal in modified" in check.output
    assert re.search(ANNOTATION, check.output, re.MULTILINE), check.output
    assert f"importing it once from {url}" in check.output
    assert len(requested) == before + 1
    summary = check.summary.splitlines()
    assert summary[0].startswith("### deckjudge: 2 decks checked: 1 legal, 1 illegal; ")
    assert "| decks/legal.txt | modified | legal | 0 | 0 |" in summary
    [row] = [line for line in summary if line.startswith("| decks/old/haymaker.txt |")]
    errors, warnings = int(row.split("|")[4]), int(row.split("|")[5])
    assert row.startswith("| decks/old/haymaker.txt | modified | illegal | ")
    assert errors > SUMMARY_FINDINGS
    assert any(line.startswith(f"#### decks/old/haymaker.txt: illegal in modified ({errors} "
                               "errors") for line in summary)
    shown = [line for line in summary if line.startswith("- line ")]
    assert len(shown) == SUMMARY_FINDINGS
    assert all(re.match(r"- line \d+: \*\*[a-z-]+\*\* .+ \\\[DCI Floor Rules 2003 §\d+\\\]$",
                        line) for line in shown), shown
    more = errors + warnings - SUMMARY_FINDINGS
    assert summary[-1] == f"- … and {more} more findings (the step's log lists every one)"
    [saved] = caches.iterdir()  # the catalog is saved for the next run
    assert (saved / "catalog.sqlite3").is_file()

    second = run_action(runner(decks, caches, **inputs))
    again = step(second, "Check the decklists")
    assert again.returncode == 1 and "importing" not in again.output
    assert re.search(ANNOTATION, again.output, re.MULTILINE)
    assert len(requested) == before + 1  # no download: the cache was hit

    # A month later the key is new: the old catalog is restored, then refreshed.
    monkeypatch.setenv("CATALOG_SOURCE", url)
    saved.rename(saved.with_name(cache_keys({"RUNNER_OS": "Linux"},
                                            datetime(1999, 1, 1, tzinfo=UTC))["key"]))
    later = run_action(runner(decks, caches, **inputs))
    refresh = step(later, "Refresh an older catalog")
    assert refresh.ran and refresh.returncode == 0, refresh.output
    assert refresh.output.splitlines()[-1].startswith("unchanged:")  # same data
    assert len(requested) == before + 2
    assert step(later, "Check the decklists").returncode == 1


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_with_a_url_the_action_asks_the_service(
        tmp_path, decks, runner, full_db_url):
    with gunicorn(full_db_url, workers=1) as base:
        results = run_action(runner(decks, tmp_path / "caches",
                                 paths="decks/legal.txt", format="modified", url=base))
    assert [result.ran for result in results] == [True, True, False, False, False, True]
    check = step(results, "Check the decklists")
    assert check.returncode == 0, check.output
    assert check.output.splitlines()[0].startswith(
        f"deckjudge check decks/legal.txt --format modified --url {base} --summary ")
    assert "decks/legal.txt: legal in modified" in check.output
    assert check.summary.splitlines() == [
        "### deckjudge: 1 deck checked: 1 legal, 0 illegal; 0 errors, 0 warnings", "",
        "| file | format | verdict | errors | warnings |", "| --- | --- | --- | ---: | ---: |",
        "| decks/legal.txt | modified | legal | 0 | 0 |"]


def test_a_pattern_that_names_nothing_fails_the_step_with_an_annotation(
        tmp_path, decks, runner):
    results = run_action(runner(decks, tmp_path / "caches",
                             paths="lists/*.txt", url="http://127.0.0.1:9"))
    check = step(results, "Check the decklists")
    assert check.returncode == 2
    assert check.output == "::error title=deckjudge::paths: 'lists/*.txt' names no file\n"
    assert check.summary == ("### deckjudge could not check the decks\n\n"
                             "paths: 'lists/\\*.txt' names no file\n")
