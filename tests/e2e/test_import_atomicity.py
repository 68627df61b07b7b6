"""A catalog import killed midway (kill -9) leaves the previous catalog serving, whole; and
answers read while imports commit are each of one catalog."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time

import requests
from sqlalchemy import text

from catalog.db import make_engine
from catalog.importing.importer import import_catalog, loaded_meta
from tests.api.test_index_refresh import rename_card
from tests.support.apps import make_client
from tests.support.paths import PROJECT_ROOT
from tests.support.servers import gunicorn


def _start_import(url: str, source: str) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "PYTHONUNBUFFERED": "1"}
    return subprocess.Popen(
        [sys.executable, "-m", "flask", "--app", "app", "catalog", "import", source],
        cwd=PROJECT_ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_kill_9_during_the_write_keeps_the_old_catalog(mini_db_url, shared_data):
    client = make_client(mini_db_url)
    old = client.get("/readyz").get_json()["catalog"]
    assert old["cards"] == 13

    with _start_import(mini_db_url, str(shared_data)) as process:
        try:
            for line in process.stderr:
                if line.startswith("write "):
                    break  # the write transaction is open and holds the first rows
            else:
                raise AssertionError(f"import never reached the write: {process.wait()}")
            # Readers still see the old catalog while the new one is being written.
            assert client.get("/readyz").get_json()["catalog"] == old
            os.kill(process.pid, signal.SIGKILL)
        finally:
            process.wait()
    assert process.returncode == -signal.SIGKILL

    engine = make_engine(mini_db_url)
    with engine.connect() as connection:
        if engine.dialect.name == "sqlite":
            assert connection.execute(text("PRAGMA integrity_check")).scalar() == "ok"
        cards = connection.execute(text("SELECT count(*) FROM cards")).scalar()
    assert cards == 13
    assert loaded_meta(engine).version == old["version"]
    engine.dispose()
    assert client.get("/readyz").get_json()["catalog"] == old
    charizard = client.get("/v1/cards/base1-4").get_json()
    assert [p["id"] for p in charizard["printings"]] == ["base6-3"]


def test_a_failed_import_from_the_cli_keeps_the_old_catalog(mini_db_url, tmp_path, runner_for):
    (tmp_path / "sets").mkdir()
    (tmp_path / "sets/en.json").write_text("[not json")
    result = runner_for(mini_db_url).invoke(args=["catalog", "import", str(tmp_path)])
    assert result.exit_code == 1
    assert "import failed, the previous catalog is kept" in result.output
    assert "sets/en.json: malformed JSON" in result.output
    assert make_client(mini_db_url).get("/readyz").get_json()["catalog"]["cards"] == 13


def test_card_answers_during_reimports_name_the_catalog_they_were_read_from(empty_db_url,
                                                                           mini_dir):
    """Re-imports that rename a card, back and forth, while a client reads it from the real
    gunicorn, whose index follows the catalog only every 30 s: every answer's ETag stands
    for one name, the one read in that answer's catalog."""
    engine = make_engine(empty_db_url)
    import_catalog(engine, str(mini_dir))
    seen: dict[str, set[str]] = {}
    stop = threading.Event()
    with gunicorn(empty_db_url, workers=1, CATALOG_CHECK_SECONDS="30") as base:

        def read() -> None:
            with requests.Session() as session:
                while not stop.is_set():
                    answer = session.get(f"{base}/v1/cards/base1-4", timeout=30)
                    assert answer.status_code == 200
                    # By the catalog it names: without the coding a compressed answer adds.
                    etag = answer.headers["ETag"].split(":")[0].strip('"')
                    seen.setdefault(etag, set()).add(answer.json()["name"])

        reader = threading.Thread(target=read)
        reader.start()
        try:
            for name in ("Blaziken", "Charizard", "Blaziken", "Charizard"):
                rename_card(mini_dir, "base1-4", name)
                import_catalog(engine, str(mini_dir))
                time.sleep(0.3)
        finally:
            stop.set()
            reader.join()
    engine.dispose()
    assert len(seen) >= 2 and all(len(names) == 1 for names in seen.values()), seen
