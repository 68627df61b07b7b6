"""`deckjudge check` with nothing running and no catalog named: the catalog in the user's
cache directory, imported on first use from CATALOG_SOURCE (here an archive of the mini
catalog served over loopback HTTP), then reused with no network; `deckjudge catalog info`
and `update`; two first runs at once. Run as the installed console script."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from client.local_catalog import WHAT_TO_SET
from tests.support.catalogs import served_layout
from tests.support.paths import MINI_CATALOG
from tests.support.servers import dripping_http, free_port

DECKJUDGE = str(Path(sys.executable).with_name("deckjudge"))
# A deck of the mini catalog's cards: illegal in Modified (too few cards), but checked.
DECK = "4 Charizard BS 4\n"


@pytest.fixture
def served_archive(tmp_path):
    """The mini catalog as an archive on a loopback HTTP server: its URL."""
    with served_layout(MINI_CATALOG, tmp_path / "served") as (url, _):
        yield url


def deckjudge(*args: str, cache: Path, source: str | None, cwd: Path, start: bool = False,
              **settings: str) -> subprocess.CompletedProcess | subprocess.Popen:
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DECKJUDGE_URL", "CATALOG_SOURCE", "GITHUB_ACTIONS",
                          "CATALOG_IMPORT_SECONDS")}
    env.update(settings, DECKJUDGE_CACHE=str(cache))
    if source:
        env["CATALOG_SOURCE"] = source
    command = [DECKJUDGE, *args]
    if start:
        return subprocess.Popen(command, cwd=cwd, env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
    return subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=300)


@pytest.fixture
def repo(tmp_path) -> Path:
    folder = tmp_path / "decks"
    folder.mkdir()
    (folder / "deck.txt").write_text(DECK)
    return folder


def test_the_first_check_imports_the_catalog_and_later_ones_need_no_network(
        tmp_path, repo, served_archive):
    cache = tmp_path / "cache"
    first = deckjudge("check", "deck.txt", "--format", "modified", cache=cache,
                      source=served_archive, cwd=repo)
    assert first.returncode == 1, first.stderr  # checked: illegal (a 4-card deck)
    assert "deck.txt: illegal in modified" in first.stdout
    said = first.stderr.splitlines()
    assert said[0] == (f"deckjudge: no catalog in {cache} yet: importing it once from "
                       f"{served_archive}")
    # not a terminal: one line a stage, when it is done
    assert said[1:] == ["deckjudge: catalog read 6/6", "deckjudge: catalog write 13/13"]
    assert (cache / "catalog.sqlite3").is_file()
    dead = f"http://127.0.0.1:{free_port()}/catalog.tar.gz"  # nothing listens there
    again = deckjudge("check", "deck.txt", "--format", "modified", cache=cache, source=dead,
                      cwd=repo)
    assert again.returncode == 1 and again.stdout == first.stdout
    assert again.stderr == ""


def test_catalog_info_and_update(tmp_path, repo, served_archive):
    cache = tmp_path / "cache"
    before = deckjudge("catalog", "info", cache=cache, source=served_archive, cwd=repo)
    assert before.returncode == 1
    assert before.stdout.startswith(f"no catalog in {cache / 'catalog.sqlite3'} yet")
    update = deckjudge("catalog", "update", cache=cache, source=served_archive, cwd=repo)
    assert update.returncode == 0, update.stderr
    assert update.stdout.startswith("imported: 7 sets, 13 cards from http://127.0.0.1:")
    info = deckjudge("catalog", "info", cache=cache, source=None, cwd=repo)
    lines = dict(line.split(": ", 1) for line in info.stdout.splitlines())
    assert info.returncode == 0
    assert lines["catalog"] == str(cache / "catalog.sqlite3")
    assert lines["source"] == served_archive and len(lines["version"]) == 16
    assert lines["sets"] == "7" and lines["cards"].startswith("13 ")
    unchanged = deckjudge("catalog", "update", cache=cache, source=served_archive, cwd=repo)
    assert unchanged.stdout.startswith("unchanged: 7 sets, 13 cards")


def test_a_failed_update_keeps_the_catalog(tmp_path, repo, served_archive):
    cache = tmp_path / "cache"
    deckjudge("catalog", "update", cache=cache, source=served_archive, cwd=repo)
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "nothing.txt").write_text("not a catalog")
    failed = deckjudge("catalog", "update", "--source", str(broken), cache=cache,
                       source=None, cwd=repo)
    assert failed.returncode == 2
    assert "could not be imported" in failed.stderr and "previous catalog is kept" in failed.stderr
    checked = deckjudge("check", "deck.txt", "--format", "modified", cache=cache, source=None,
                        cwd=repo)
    assert checked.returncode == 1 and "illegal in modified" in checked.stdout


def test_a_source_that_cannot_be_reached_is_one_line_at_once(tmp_path, repo):
    """Its host is tried once before the import, whose retries would take about 8 s."""
    dead = f"http://127.0.0.1:{free_port()}/catalog.tar.gz"
    cache = tmp_path / "cache"
    started = time.monotonic()
    done = deckjudge("check", "deck.txt", "--format", "modified", cache=cache, source=dead,
                     cwd=repo)
    assert time.monotonic() - started < 5
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"deckjudge: no catalog to judge with: none in {cache}, and 127.0.0.1 cannot be "
        f"reached to download the card data (connection refused); {WHAT_TO_SET}\n")
    update = deckjudge("catalog", "update", cache=cache, source=dead, cwd=repo)
    assert update.returncode == 2
    assert update.stderr == ("deckjudge: 127.0.0.1 cannot be reached to download the card "
                             "data (connection refused); nothing was imported\n")


def test_a_source_that_cannot_be_read_is_a_clear_error(tmp_path, repo, served_archive):
    missing = served_archive.replace("pokemon-tcg-data.tar.gz", "missing.tar.gz")
    done = deckjudge("check", "deck.txt", "--format", "modified", cache=tmp_path / "cache",
                     source=missing, cwd=repo)
    assert done.returncode == 2
    assert "deckjudge: the catalog could not be imported:" in done.stderr
    assert "missing.tar.gz: not found (404)" in done.stderr


def test_two_first_runs_at_once_both_check_and_import_once(tmp_path, repo, served_archive):
    cache = tmp_path / "cache"
    runs = [deckjudge("check", "deck.txt", "--format", "modified", cache=cache,
                      source=served_archive, cwd=repo, start=True) for _ in range(2)]
    outcomes = [(run.wait(300), *run.communicate()) for run in runs]
    assert [status for status, _, _ in outcomes] == [1, 1], outcomes
    assert all("deck.txt: illegal in modified" in out for _, out, _ in outcomes), outcomes
    imports = sum(err.count("importing it once") for _, _, err in outcomes)
    assert imports == 1, outcomes  # the other waited for it, then found it loaded


@pytest.mark.timeout(120)  # the server never finishes: without a deadline no run would end
def test_runs_importing_from_a_server_that_drips_end_at_the_deadline(tmp_path, repo):
    """The first run holds the cache's lock while it imports, the second waits for it: both
    end once the deadline has passed, and neither catalog is half there."""
    cache = tmp_path / "cache"
    with dripping_http() as base:
        runs = [deckjudge("check", "deck.txt", "--format", "modified", cache=cache,
                          source=f"{base}/catalog.tar.gz", cwd=repo, start=True,
                          CATALOG_IMPORT_SECONDS="1") for _ in range(2)]
        outcomes = [(run.wait(), *run.communicate()) for run in runs]
    assert [status for status, _, _ in outcomes] == [2, 2], outcomes
    for _, _, err in outcomes:
        assert "the catalog could not be imported" in err
        assert "deadline of 1 s (CATALOG_IMPORT_SECONDS)" in err
    info = deckjudge("catalog", "info", cache=cache, source=None, cwd=repo)
    assert info.returncode == 1 and info.stdout.startswith("no catalog in")


@pytest.mark.timeout(120)
def test_an_update_from_a_server_that_drips_its_headers_ends_at_the_deadline(
        tmp_path, repo, served_archive):
    cache = tmp_path / "cache"
    deckjudge("catalog", "update", cache=cache, source=served_archive, cwd=repo)
    with dripping_http(headers_too=True) as base:
        done = deckjudge("catalog", "update", "--source", base, cache=cache, source=None,
                         cwd=repo, CATALOG_IMPORT_SECONDS="1")
    assert done.returncode == 2
    assert "deadline of 1 s" in done.stderr and "the previous catalog is kept" in done.stderr
    info = deckjudge("catalog", "info", cache=cache, source=None, cwd=repo)
    assert "cards: 13 " in info.stdout


def test_an_update_that_loses_a_fifth_of_the_cards_takes_force(tmp_path, repo, served_archive):
    cache = tmp_path / "cache"
    deckjudge("catalog", "update", cache=cache, source=served_archive, cwd=repo)
    shrunk = tmp_path / "shrunk"
    shutil.copytree(MINI_CATALOG, shrunk)
    (shrunk / "cards/en/base1.json").write_text("[]")
    refused = deckjudge("catalog", "update", "--source", str(shrunk), cache=cache,
                        source=None, cwd=repo)
    assert refused.returncode == 2
    assert "9 cards where the loaded one has 13" in refused.stderr
    assert "import it with --force" in refused.stderr
    assert "the previous catalog is kept" in refused.stderr
    forced = deckjudge("catalog", "update", "--source", str(shrunk), "--force", cache=cache,
                       source=None, cwd=repo)
    assert forced.returncode == 0, forced.stderr
    assert forced.stdout.startswith("imported: 7 sets, 9 cards")


def test_an_update_reads_the_source_the_catalog_came_from(tmp_path, repo, served_archive):
    source = tmp_path / "data"
    shutil.copytree(MINI_CATALOG, source)
    cache = tmp_path / "cache"
    # A relative folder, from the folder above it: the catalog records where it is.
    first = deckjudge("catalog", "update", "--source", "data", cache=cache, source=None,
                      cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert first.stdout.startswith(f"imported: 7 sets, 13 cards from {source} ")
    # The same cards in other bytes: a new checksum, so an update from here imports.
    (source / "cards/en/base1.json").write_text(
        (MINI_CATALOG / "cards/en/base1.json").read_text() + "\n")
    # Run elsewhere, with nothing named: the recorded folder, changed, not the public archive.
    again = deckjudge("catalog", "update", cache=cache, source=None, cwd=repo)
    assert again.returncode == 0, again.stderr
    assert again.stdout.startswith(f"imported: 7 sets, 13 cards from {source} ")
    unchanged = deckjudge("catalog", "update", cache=cache, source=None, cwd=repo)
    assert unchanged.stdout.startswith(f"unchanged: 7 sets, 13 cards from {source} ")
    # $CATALOG_SOURCE names another source (the original bytes), and wins over the recorded.
    other = deckjudge("catalog", "update", cache=cache, source=served_archive, cwd=repo)
    assert other.stdout.startswith(f"imported: 7 sets, 13 cards from {served_archive} ")
