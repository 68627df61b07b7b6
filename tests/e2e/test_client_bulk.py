"""`deckjudge catalog bulk` (client/bulk.py), the installed console script, against the real
gunicorn: a bulk file downloaded whole, not fetched again, resumed where it was cut off, and
fetched whole again once the service's file is another."""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
import requests

from tests.support.servers import gunicorn

DECKJUDGE = str(Path(sys.executable).with_name("deckjudge"))


@pytest.fixture(scope="module")
def server(new_db_url, tmp_path_factory):
    from tests.support.catalogs import imported_db
    from tests.support.paths import MINI_CATALOG

    url = imported_db(new_db_url("bulk-mini"), MINI_CATALOG)
    with gunicorn(url, BULK_DIR=str(tmp_path_factory.mktemp("served-bulk"))) as base:
        yield base


def run(folder: Path, *args: str):
    return subprocess.run([DECKJUDGE, "catalog", "bulk", *args], cwd=folder,
                          env={**os.environ}, capture_output=True, text=True, timeout=120)


def test_a_bulk_file_is_downloaded_then_not_again(server, tmp_path):
    first = run(tmp_path, "--url", server)
    assert first.returncode == 0, first.stderr
    listed = requests.get(f"{server}/v1/bulk", timeout=30).json()["items"][0]
    assert first.stdout.startswith(f"printings.ndjson.gz: {listed['items']} printings, "
                                   f"{listed['size']:,} bytes")
    printings = [orjson.loads(line) for line in
                 gzip.decompress((tmp_path / "printings.ndjson.gz").read_bytes()).splitlines()]
    assert len(printings) == listed["items"] and "legalities" in printings[0]
    again = run(tmp_path, "--url", server)
    assert again.returncode == 0 and again.stdout.rstrip().endswith("(already here)")


def test_a_download_cut_off_is_resumed(server, tmp_path):
    whole = requests.get(f"{server}/v1/bulk/cards", timeout=30).content
    first = run(tmp_path, "--url", server, "--kind", "cards", "-o", "cards.gz")
    assert first.returncode == 0, first.stderr
    (tmp_path / "cards.gz").unlink()
    (tmp_path / "cards.gz.part").write_bytes(whole[:100])  # as a broken download leaves it
    resumed = run(tmp_path, "--url", server, "--kind", "cards", "-o", "cards.gz")
    assert resumed.returncode == 0, resumed.stderr
    assert (tmp_path / "cards.gz").read_bytes() == whole
    # A part of another file (another ETag) is not resumed: the whole new file comes.
    (tmp_path / "cards.gz").unlink()
    (tmp_path / "cards.gz.part").write_bytes(b"x" * 100)
    (tmp_path / "cards.gz.etag").write_text("0" * 32)
    fresh = run(tmp_path, "--url", server, "--kind", "cards", "-o", "cards.gz")
    assert fresh.returncode == 0, fresh.stderr
    assert (tmp_path / "cards.gz").read_bytes() == whole


def test_a_service_that_is_not_there_is_said_with_exit_2(tmp_path):
    done = run(tmp_path, "--url", "http://127.0.0.1:9", "--retries", "0")
    assert done.returncode == 2 and "cannot reach" in done.stderr
