"""Where the suite's card data comes from: ../shared beside the checkout, else the pinned
snapshot, downloaded once into the cache and checked by its content's digest
(tests/support/card_data.py). The download tests serve an archive of the mini catalog on
loopback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

from tests.support.card_data import (
    PINNED_COMMIT,
    PINNED_DIGEST,
    CardDataUnavailable,
    Pin,
    folder_digest,
    provisioned,
)
from tests.support.paths import MINI_CATALOG, PROJECT_ROOT, SHARED_DATA
from tests.support.servers import free_port, static_http

MINI_DIGEST = folder_digest(MINI_CATALOG)


def test_the_card_data_is_a_readable_layout(shared_data):
    sets = json.loads((shared_data / "sets" / "en.json").read_bytes())
    assert sets
    for info in sets:
        cards = json.loads((shared_data / "cards" / "en" / f"{info['id']}.json").read_bytes())
        assert all(card["id"].startswith(f"{info['id']}-") for card in cards), info["id"]


def test_the_pin_is_the_snapshot_the_suite_was_written_for(shared_data):
    assert folder_digest(shared_data) == PINNED_DIGEST
    cards = sum(len(json.loads(path.read_bytes()))
                for path in (shared_data / "cards" / "en").glob("*.json"))
    decks = sum(len(json.loads(path.read_bytes()))
                for path in (shared_data / "decks" / "en").glob("*.json"))
    assert (len(json.loads((shared_data / "sets/en.json").read_bytes())), cards, decks) == (
        172, 20_106, 188)
    readme = SHARED_DATA / "README.md"
    if readme.is_file():  # ../shared names the commit it was taken at
        assert PINNED_COMMIT in readme.read_text()


@pytest.fixture
def served(tmp_path):
    """An archive of the mini catalog, wrapped as GitHub wraps one and holding another
    language too, on a loopback server: its Pin and the paths requested of the server."""
    folder = tmp_path / "served"
    folder.mkdir()
    other = tmp_path / "de.json"
    other.write_text("[]")
    with tarfile.open(folder / "data.tar.gz", "w:gz") as archive:
        archive.add(MINI_CATALOG, arcname="pokemon-tcg-data-abc")
        archive.add(other, arcname="pokemon-tcg-data-abc/cards/de/base1.json")
    requested: list[str] = []
    with static_http(folder, requested) as base:
        yield Pin(f"{base}/data.tar.gz", MINI_DIGEST), requested


def test_the_snapshot_is_downloaded_once_and_checked(tmp_path, served):
    pin, requested = served
    data = provisioned(tmp_path / "cache", pin)
    assert folder_digest(data) == MINI_DIGEST
    assert sorted(p.relative_to(data).as_posix() for p in data.rglob("*") if p.is_file()) \
        == sorted(p.relative_to(MINI_CATALOG).as_posix()
                  for p in MINI_CATALOG.rglob("*.json"))  # English layout files only
    assert requested == ["/data.tar.gz"]
    gone = Pin(f"http://127.0.0.1:{free_port()}/data.tar.gz", MINI_DIGEST)
    assert provisioned(tmp_path / "cache", gone) == data  # no network the second time
    assert requested == ["/data.tar.gz"]


def test_content_that_is_not_the_pinned_one_is_refused_and_not_kept(tmp_path, served):
    pin, _ = served
    wrong = Pin(pin.archive, "0" * 64)
    with pytest.raises(CardDataUnavailable, match=f"digest {MINI_DIGEST}, not the pinned"):
        provisioned(tmp_path / "cache", wrong)
    kept = tmp_path / "cache" / "test-data" / wrong.name
    assert [p.name for p in kept.iterdir()] == ["download.lock"]


def test_an_unreachable_archive_is_said_so(tmp_path):
    gone = Pin(f"http://127.0.0.1:{free_port()}/data.tar.gz", MINI_DIGEST)
    with pytest.raises(CardDataUnavailable, match="data.tar.gz: ConnectionError"):
        provisioned(tmp_path / "cache", gone)


def test_two_runs_at_once_download_it_once(tmp_path, served):
    pin, requested = served
    script = ("import sys; from pathlib import Path; from tests.support.card_data import Pin, "
              "provisioned; print(provisioned(Path(sys.argv[1]), Pin(sys.argv[2], sys.argv[3])))")
    runs = [subprocess.Popen([sys.executable, "-c", script, str(tmp_path / "cache"),
                              pin.archive, pin.digest], cwd=PROJECT_ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            for _ in range(2)]
    outputs = [run.communicate(timeout=120) for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    assert outputs[0][0] == outputs[1][0] != ""
    assert requested == ["/data.tar.gz"]


def _suite(tmp_path: Path, archive: str) -> subprocess.CompletedProcess:
    """This module's layout test, run by pytest as a contributor without ../shared would."""
    env = {**os.environ, "DECKJUDGE_SHARED_DATA": str(tmp_path / "absent"),
           "DECKJUDGE_CACHE": str(tmp_path / "user-cache"),
           "DECKJUDGE_TEST_DATA_ARCHIVE": archive, "DECKJUDGE_TEST_DATA_DIGEST": MINI_DIGEST}
    return subprocess.run(
        [sys.executable, "-m", "pytest", "--no-cov", "-p", "no:cacheprovider",
         "tests/e2e/test_card_data.py::test_the_card_data_is_a_readable_layout"],
        cwd=PROJECT_ROOT, env=env, capture_output=True, text=True, timeout=300)


def test_without_shared_data_the_suite_provisions_it_and_says_so_once(tmp_path, served):
    pin, requested = served
    first = _suite(tmp_path, pin.archive)
    assert first.returncode == 0, first.stdout + first.stderr
    said = [line for line in first.stdout.splitlines() if line.startswith("card data:")]
    assert said == [f"card data: {tmp_path / 'absent'} is absent; using the pinned snapshot "
                    f"{pin.archive} (content sha256 {MINI_DIGEST[:16]}…), downloaded once "
                    f"into {tmp_path / 'user-cache' / 'test-data'}"]
    assert requested == ["/data.tar.gz"]
    # the next run needs no network: the content is kept by its digest
    again = _suite(tmp_path, f"http://127.0.0.1:{free_port()}/data.tar.gz")
    assert again.returncode == 0, again.stdout + again.stderr
    assert requested == ["/data.tar.gz"]
