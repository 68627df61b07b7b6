"""Both hooks of .pre-commit-hooks.yaml run by pre-commit itself, in a throwaway deck
repository, as docs/cli.md's entry has them: pre-commit clones this project, installs it in
its own environment, and the hooks import the catalog on first use from CATALOG_SOURCE
(here an archive of ../shared's card data on a loopback HTTP server), then reuse it with no
network. Two first runs at once share one import."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.checkout import committed, git, project_copy
from tests.support.paths import FIXTURES
from tests.support.servers import free_port

pytestmark = pytest.mark.full_catalog
# The suite's own pre-commit (a dev dependency), found beside its Python: `make test` runs
# .venv/bin/python without putting .venv/bin on PATH.
PRE_COMMIT = str(Path(sys.executable).with_name("pre-commit"))
CORPUS = Path(__file__).resolve().parents[1] / "corpus"
# A hand-built legal Modified list, and a published 1999 Haymaker (Base Set cards: not in
# the Modified pool), neither in canonical form.
LEGAL = FIXTURES / "decklists" / "modified-legal.txt"
HAYMAKER = CORPUS / "ptcg-sim" / "1999-base-fossil-haymaker-deck.txt"
CONFIG = """\
repos:
  - repo: {repo}
    rev: {rev}
    hooks:
      - id: deckjudge
        args: [--format, modified]
      - id: deckjudge-fmt
"""


@pytest.fixture(scope="module")
def hooks(tmp_path_factory) -> tuple[Path, str]:
    """This project as a hook repository: its path and commit."""
    folder = project_copy(tmp_path_factory.mktemp("deckjudge-repo"))
    return folder, committed(folder)


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory) -> Path:
    """pre-commit's own store, kept for the module: the hook environment installs once."""
    return tmp_path_factory.mktemp("pre-commit-home")


def deck_repository(folder: Path, hooks: tuple[Path, str], *decks: Path) -> Path:
    folder.mkdir()
    (folder / ".pre-commit-config.yaml").write_text(CONFIG.format(repo=hooks[0], rev=hooks[1]))
    (folder / "decks").mkdir()
    for deck in decks:
        shutil.copy(deck, folder / "decks" / deck.name)
    committed(folder, "decks")
    return folder


def pre_commit(repo: Path, home: Path, cache: Path, source: str,
               start: bool = False) -> subprocess.CompletedProcess | subprocess.Popen:
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DECKJUDGE_URL", "GITHUB_ACTIONS", "VIRTUAL_ENV")}
    env.update(PRE_COMMIT_HOME=str(home), DECKJUDGE_CACHE=str(cache), CATALOG_SOURCE=source,
               PRE_COMMIT_COLOR="never")
    command = [PRE_COMMIT, "run", "--all-files"]
    if start:
        return subprocess.Popen(command, cwd=repo, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
    return subprocess.run(command, cwd=repo, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=900)


def result_of(output: str, hook: str) -> str:
    """'Passed' or 'Failed', as pre-commit reports a hook."""
    line = next(line for line in output.splitlines() if line.startswith(hook))
    return line.rsplit(".", 1)[-1]


def test_both_hooks_through_pre_commit_then_again_with_no_network(
        tmp_path, hooks, pre_commit_home, served_card_data):
    url, requested = served_card_data
    before = len(requested)
    repo = deck_repository(tmp_path / "decks-repo", hooks, LEGAL, HAYMAKER)
    cache = tmp_path / "cache"

    first = pre_commit(repo, pre_commit_home, cache, url)
    assert first.returncode == 1, first.stdout
    assert result_of(first.stdout, "deckjudge (decklist legality)") == "Failed"
    assert "decks/1999-base-fossil-haymaker-deck.txt: illegal in modified" in first.stdout
    assert "decks/modified-legal.txt: legal in modified" in first.stdout
    assert f"importing it once from {url}" in first.stdout
    assert result_of(first.stdout, "deckjudge fmt") == "Failed"
    assert "files were modified by this hook" in first.stdout
    assert "reformatted decks/modified-legal.txt" in first.stdout
    assert len(requested) == before + 1
    rewritten = (repo / "decks" / "modified-legal.txt").read_text()
    assert rewritten != LEGAL.read_text() and rewritten.endswith("Total Cards: 60\n")

    git(repo, "add", "-A")  # the formatter's changes, as a user would stage them
    dead = f"http://127.0.0.1:{free_port()}/pokemon-tcg-data.tar.gz"
    second = pre_commit(repo, pre_commit_home, cache, dead)
    assert second.returncode == 1, second.stdout  # the Haymaker is still illegal
    assert result_of(second.stdout, "deckjudge (decklist legality)") == "Failed"
    assert result_of(second.stdout, "deckjudge fmt") == "Passed"
    assert "importing" not in second.stdout and len(requested) == before + 1

    git(repo, "rm", "-q", "-f", "decks/1999-base-fossil-haymaker-deck.txt")
    fixed = pre_commit(repo, pre_commit_home, cache, dead)
    assert fixed.returncode == 0, fixed.stdout
    assert [result_of(fixed.stdout, hook) for hook in ("deckjudge (decklist", "deckjudge fmt")
            ] == ["Passed", "Passed"]


def test_two_first_runs_at_once_both_succeed_on_one_import(
        tmp_path, hooks, pre_commit_home, served_card_data):
    url, requested = served_card_data
    before = len(requested)
    repos = [deck_repository(tmp_path / f"repo-{n}", hooks, LEGAL) for n in (1, 2)]
    cache = tmp_path / "shared-cache"  # one user's cache, two repositories
    runs = [pre_commit(repo, pre_commit_home, cache, url, start=True) for repo in repos]
    outputs = [run.communicate(timeout=900)[0] for run in runs]
    # each list is legal; the formatter rewrites it (exit 1, as formatters do)
    assert [run.returncode for run in runs] == [1, 1], outputs
    for output in outputs:
        assert result_of(output, "deckjudge (decklist legality)") == "Passed", output
        assert "reformatted decks/modified-legal.txt" in output
    assert len(requested) == before + 1  # one import; the other run waited for it
    assert (cache / "catalog.sqlite3").is_file()
    assert [(repo / "decks" / "modified-legal.txt").read_text() for repo in repos][0] == \
        (repos[1] / "decks" / "modified-legal.txt").read_text()
