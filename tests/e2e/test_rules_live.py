"""A ban reaches a running service with no restart: real gunicorn, two workers, a copy of
the full real catalog; `flask formats update` reads a rules bundle from an archive of
deckjudge's own repository (the folder holding seasons.json is the bundle), and every worker
judges by it at its next stamp check, in verdicts, answers and ETags."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest
import requests
from sqlalchemy.engine import make_url

from tests.support.paths import PROJECT_ROOT
from tests.support.servers import gunicorn
from validators.formats import FORMATS_DIR, ORDER
from validators.formats.bundle import file_names

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
DECK = "4 Ultra Ball SVI 196\n"  # Ultra Ball, Scarlet & Violet 196: legal in Expanded
BAN = {"card": "sv1-196", "effective": "2026-05-01",
       "announcement": {"title": "A ban written for this test", "date": "2026-04-20",
                        "url": "https://example.org/ban"}}


def repository_archive(folder: Path) -> Path:
    """An archive laid out as GitHub's of deckjudge's repository, its rules with the ban."""
    root = folder / "deckjudge-main"
    rules = root / "validators" / "formats"
    rules.mkdir(parents=True)
    (root / "README.md").write_text("deckjudge\n", encoding="utf-8")
    for name in file_names(ORDER):
        shutil.copy(FORMATS_DIR / name, rules)
    expanded = json.loads((rules / "expanded.json").read_text(encoding="utf-8"))
    expanded["banned"].append(BAN)
    (rules / "expanded.json").write_text(json.dumps(expanded, ensure_ascii=False),
                                         encoding="utf-8")
    archive = folder / "deckjudge-main.tar.gz"
    with tarfile.open(archive, "w:gz") as tar:
        tar.add(root, arcname=root.name)
    return archive


def verdict(base: str) -> tuple[frozenset[str], str, str]:
    body = requests.post(f"{base}/v1/validate?format=expanded&as_of=2026-06-01&detail=verdict",
                         data=DECK.encode(), headers={"Content-Type": "text/plain"},
                         timeout=30).json()
    return (frozenset(v["code"] for v in body["violations"]), body["catalog"]["rules"],
            body["catalog"]["version"])


def test_a_ban_in_the_rules_source_reaches_running_workers(full_db_url, tmp_path):
    path = tmp_path / "catalog.sqlite3"
    shutil.copy(make_url(full_db_url).database, path)
    url = f"sqlite:///{path}"
    archive = repository_archive(tmp_path)
    # Every request checks the stamps: the first after the update sees it, on any worker
    # (and loads the index anew, a few seconds on a loaded machine: past no deadline).
    with gunicorn(url, CATALOG_CHECK_SECONDS="0", REQUEST_DEADLINE_SECONDS="300") as base:
        before = {verdict(base) for _ in range(6)}
        assert len(before) == 1
        codes, shipped, catalog = next(iter(before))
        assert "banned" not in codes
        listed = requests.get(f"{base}/v1/formats/expanded", timeout=30)

        done = subprocess.run([sys.executable, "-m", "flask", "--app", "app", "formats",
                               "update", str(archive)], cwd=PROJECT_ROOT, capture_output=True,
                              text=True, env={**os.environ, "DATABASE_URL": url})
        assert done.returncode == 0, done.stderr

        after = {verdict(base) for _ in range(6)}  # whichever worker answers
        again = requests.get(f"{base}/v1/formats/expanded", timeout=30)
        cached = requests.get(f"{base}/v1/formats/expanded", timeout=30,
                              headers={"If-None-Match": listed.headers["ETag"]})
    assert len(after) == 1
    codes, rules, same_catalog = next(iter(after))
    assert "banned" in codes and rules != shipped and same_catalog == catalog
    assert again.json()["catalog"]["rules"] == rules
    assert "sv1-196" in {ban["id"] for ban in again.json()["banned"]}
    assert again.headers["ETag"] != listed.headers["ETag"] and cached.status_code == 200
