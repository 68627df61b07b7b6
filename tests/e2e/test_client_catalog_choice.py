"""Which catalog `deckjudge check` judges with in this process when no catalog is named
(client/local_catalog.py), in a checkout as a newcomer has it: a copy of the project in a
folder of its own, run with `python -m client.main` from there (so that the code, and so
the checkout it finds, is the copy's), with no DATABASE_URL, no DECKJUDGE_CACHE, the
platform's cache directory in the test's folder, and every proxy variable pointing at a
closed loopback port, so that any download would fail: the checkout's catalog
(`make run`'s), else the card data beside the checkout (../shared), else the download,
which offline ends at once with one line saying what to set."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url

from client import local_catalog
from tests.support.catalogs import imported_db, sqlite_url
from tests.support.checkout import project_copy
from tests.support.paths import MINI_CATALOG, PROJECT_ROOT
from tests.support.servers import free_port

# README.md, "Checking decklists from the command line and in CI": the check in this
# process, with what it gives.
README_CHECK = ["check", "examples/haymaker-1999.txt", "examples/ptcg-live-2024.txt",
                "--format", "modified"]
README_GIVES = ["examples/haymaker-1999.txt: illegal in modified",
                "examples/ptcg-live-2024.txt: illegal in modified"]
README_SUMMARY = "2 decks checked: 0 legal, 2 illegal"


@pytest.fixture
def checkout(tmp_path) -> Path:
    """The project as a fresh clone has it (tmp_path/deckjudge), nothing beside it."""
    return project_copy(tmp_path / "deckjudge")


def offline(tmp_path: Path) -> dict[str, str]:
    """The environment of a newcomer's shell with nothing set and no network to be had."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("DATABASE_URL", "DECKJUDGE_CACHE", "DECKJUDGE_URL", "CATALOG_SOURCE",
                          "GITHUB_ACTIONS", "NO_PROXY", "no_proxy")}
    closed = f"http://127.0.0.1:{free_port()}"  # nothing listens there
    for name in ("HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy",
                 "all_proxy"):
        env[name] = closed
    env["XDG_CACHE_HOME"] = str(tmp_path / "user-cache")
    return env


def deckjudge(checkout: Path, env: dict[str, str], *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "client.main", *args], cwd=checkout, env=env,
                          capture_output=True, text=True, timeout=300)


def user_cache(tmp_path: Path) -> Path:
    return tmp_path / "user-cache" / "deckjudge"


@pytest.mark.full_catalog
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_the_readme_check_uses_the_catalog_make_run_imported_with_no_network(
        tmp_path, checkout, full_db_url):
    # What `make run` leaves: the full catalog in the app's instance folder.
    (checkout / "instance").mkdir()
    with sqlite3.connect(make_url(full_db_url).database or "") as source, \
            sqlite3.connect(checkout / "instance" / "deckjudge.sqlite3") as target:
        source.backup(target)
    env = offline(tmp_path)
    done = deckjudge(checkout, env, *README_CHECK)
    assert done.returncode == 1, done.stderr  # as the README shows: exit status 1
    assert done.stderr == ""
    assert all(said in done.stdout for said in README_GIVES), done.stdout
    assert done.stdout.splitlines()[-1].startswith(README_SUMMARY)
    assert not user_cache(tmp_path).exists()  # nothing imported, nothing downloaded
    said = deckjudge(checkout, env, "check", "--help")
    assert said.returncode == 0
    assert (f"Without --url or --database, decks are judged in this process with the catalog "
            f"`make run` imported in this checkout, "
            f"{checkout / 'instance' / 'deckjudge.sqlite3'} (21010 cards, imported ") in \
        " ".join(said.stdout.split())


def test_without_a_catalog_the_card_data_beside_the_checkout_is_imported_once(
        tmp_path, checkout):
    shared = tmp_path / "shared"
    shutil.copytree(MINI_CATALOG, shared / "pokemon-tcg-data")
    (shared / "tcgdex" / "data").mkdir(parents=True)  # TCGdex's layout, with no set
    (shared / "tcgdex" / "interfaces.d.ts").write_text("export interface Card {}\n")
    (checkout / "deck.txt").write_text("4 Charizard BS 4\n")
    env = offline(tmp_path)
    first = deckjudge(checkout, env, "check", "deck.txt", "--format", "modified")
    assert first.returncode == 1, first.stderr  # checked: a 4-card deck is illegal
    assert "deck.txt: illegal in modified" in first.stdout
    assert first.stderr.splitlines()[0] == (
        f"deckjudge: no catalog in {user_cache(tmp_path)} yet: importing it once from "
        f"pokemon-tcg-data={shared / 'pokemon-tcg-data'},tcgdex={shared / 'tcgdex'}")
    again = deckjudge(checkout, env, "check", "deck.txt", "--format", "modified")
    assert (again.returncode, again.stdout, again.stderr) == (1, first.stdout, "")
    info = deckjudge(checkout, env, "catalog", "info")
    assert info.stdout.splitlines()[:2] == [
        f"catalog: {user_cache(tmp_path) / 'catalog.sqlite3'}",
        f"source: {shared / 'pokemon-tcg-data'},{shared / 'tcgdex'}"]


def test_offline_with_no_catalog_and_no_card_data_one_line_says_what_to_set(
        tmp_path, checkout):
    (checkout / "deck.txt").write_text("4 Charizard BS 4\n")
    env = offline(tmp_path)
    proxy = env["HTTPS_PROXY"].removeprefix("http://")
    started = time.monotonic()
    done = deckjudge(checkout, env, "check", "deck.txt", "--format", "modified")
    took = time.monotonic() - started
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (
        f"deckjudge: no catalog to judge with: none imported in this checkout "
        f"({checkout / 'instance' / 'deckjudge.sqlite3'}: `make import`), no card data in "
        f"{tmp_path / 'shared'}, none in {user_cache(tmp_path)}, and github.com cannot be "
        f"reached through the proxy {proxy} to download the card data (connection refused); "
        f"{local_catalog.WHAT_TO_SET}\n")
    # The import's own retries of an unreachable host take about 8 s.
    assert took < 5, took
    assert not (user_cache(tmp_path) / "catalog.sqlite3").exists()
    said = deckjudge(checkout, env, "check", "--help")
    assert " ".join(said.stdout.split()).endswith(
        f"decks are judged in this process with deckjudge's own catalog, "
        f"{user_cache(tmp_path) / 'catalog.sqlite3'}, not there yet: the first check imports "
        f"it from pokemon-tcg-data=https://github.com/PokemonTCG/pokemon-tcg-data/archive/"
        f"refs/heads/master.tar.gz,tcgdex=https://github.com/tcgdex/cards-database/archive/"
        f"refs/heads/master.tar.gz.")


def test_the_checkouts_catalog_is_what_catalog_info_and_update_work_on(tmp_path, checkout):
    catalog = checkout / "instance" / "deckjudge.sqlite3"
    imported_db(sqlite_url(catalog), MINI_CATALOG)
    env = offline(tmp_path)
    info = deckjudge(checkout, env, "catalog", "info")
    assert info.returncode == 0, info.stderr
    assert info.stdout.splitlines()[:2] == [
        f"catalog: {catalog} (the catalog `make run` imported in this checkout; `make import` "
        f"updates it too)", f"source: {MINI_CATALOG}"]
    update = deckjudge(checkout, env, "catalog", "update")
    assert update.returncode == 0, update.stderr
    assert update.stdout.startswith(f"unchanged: 7 sets, 13 cards from {MINI_CATALOG} ")
    assert update.stdout.rstrip().endswith(f"in {catalog}")
    # $DECKJUDGE_CACHE chooses deckjudge's own catalog over the checkout's.
    cache = tmp_path / "chosen-cache"
    chosen = deckjudge(checkout, {**env, "DECKJUDGE_CACHE": str(cache)}, "catalog", "info")
    assert chosen.returncode == 1
    assert chosen.stdout.startswith(f"no catalog in {cache / 'catalog.sqlite3'} yet")


def test_the_checkouts_catalog_is_the_one_the_service_uses_by_default(monkeypatch):
    from app import create_app

    monkeypatch.delenv("DATABASE_URL", raising=False)
    monkeypatch.delenv("DECKJUDGE_CACHE", raising=False)
    found = local_catalog.checkout_catalog()
    assert found is not None and found.folder.parent == PROJECT_ROOT
    assert found.url == create_app().config["DATABASE_URL"]
