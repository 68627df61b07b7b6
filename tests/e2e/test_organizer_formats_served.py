"""Organizers' formats end to end: a real gunicorn serving a deployment's formats
(FORMATS_DIR = examples/formats/definitions), and `deckjudge check --definition` against it
and in process, on the examples' published lists."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from tests.support.paths import PROJECT_ROOT
from tests.support.servers import gunicorn

pytestmark = pytest.mark.full_catalog
DECKJUDGE = str(Path(sys.executable).with_name("deckjudge"))
EXAMPLES = PROJECT_ROOT / "examples" / "formats"
SOURCES = json.loads((EXAMPLES / "sources.json").read_text())["formats"]


@pytest.fixture(scope="module")
def deployment(full_db_url):
    with gunicorn(full_db_url, FORMATS_DIR=str(EXAMPLES / "definitions")) as base:
        yield base


def test_the_deployments_formats_are_listed_and_judged_by_id(deployment):
    listed = [item["id"] for item in requests.get(f"{deployment}/v1/formats",
                                                   timeout=30).json()["items"]]
    assert set(SOURCES) <= set(listed) and listed.index("glc") < listed.index("jibx-pauper")
    for format_id, source in SOURCES.items():
        for kind in ("pass", "fail"):
            answer = requests.post(
                f"{deployment}/v1/validate",
                params={"format": format_id, "as_of": source["as_of"], "detail": "verdict"},
                data=(EXAMPLES / "lists" / f"{format_id}.{kind}.txt").read_bytes(),
                headers={"Content-Type": "text/plain"}, timeout=30).json()
            assert answer["legal"] is (kind == "pass"), (format_id, kind, answer)


def run(folder: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    settings = {key: value for key, value in os.environ.items() if key != "GITHUB_ACTIONS"}
    settings.update(env)
    return subprocess.run([DECKJUDGE, *args], cwd=folder, env=settings, capture_output=True,
                          text=True, timeout=120)


def test_check_with_a_definition_remote_and_local(deployment, full_db_url):
    source = SOURCES["justinbasil-aceless"]
    definition = str(EXAMPLES / "definitions" / "justinbasil-aceless.json")
    lists = EXAMPLES / "lists"
    args = ("check", "justinbasil-aceless.pass.txt", "justinbasil-aceless.fail.txt",
            "--definition", definition, "--as-of", source["as_of"])
    remote = run(lists, *args, "--url", deployment)
    local = run(lists, *args, DATABASE_URL=full_db_url)
    assert remote.returncode == local.returncode == 1, remote.stderr + local.stderr
    assert remote.stdout == local.stdout, (remote.stdout, local.stdout)
    assert "justinbasil-aceless.pass.txt: legal in justinbasil-aceless" in remote.stdout
    assert "justinbasil-aceless.fail.txt:" in remote.stdout and "kind-limit" in remote.stdout


def test_a_definition_at_fault_is_a_usage_error_naming_the_field(tmp_path):
    (tmp_path / "cup.json").write_text(json.dumps({"base": "expanded", "copy_limit": 0}))
    (tmp_path / "deck.txt").write_text("4 Pikachu PAL 62\n")
    done = run(tmp_path, "check", "deck.txt", "--definition", "cup.json")
    assert done.returncode == 2
    assert "cup.json: /copy_limit:" in done.stderr


@pytest.mark.parametrize(("definition", "field"), [
    ({"base": "expanded", "banned": [{"card": "sv2-9999"}]}, "/banned/0/card"),  # not a card
    ({"id": "standard", "base": "expanded"}, "/id"),  # another format's id
    ({"base": "nosuch"}, "/base"),  # no such format to base it on
])
def test_a_definition_the_service_refuses_is_said_once_naming_the_field(
        deployment, full_db_url, tmp_path, definition, field):
    (tmp_path / "cup.json").write_text(json.dumps(definition))
    files = [f"deck{number}.txt" for number in range(3)]
    for name in files:
        (tmp_path / name).write_text("4 Pikachu PAL 62\n56 Basic Lightning Energy SVE 4\n")
    args = ("check", *files, "--definition", "cup.json")
    for done in (run(tmp_path, *args, "--url", deployment),
                 run(tmp_path, *args, DATABASE_URL=full_db_url)):
        assert done.returncode == 2, done.stdout + done.stderr
        assert done.stdout == ""
        [said] = done.stderr.splitlines()
        assert said.startswith(f"deckjudge: cup.json: {field}: "), said
