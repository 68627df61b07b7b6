"""Rules as data that updates like the catalog: `flask formats update` writes a rules bundle
to the database, and a running app judges by it at its next stamp check, with no restart;
a bundle at fault is refused whole, with the reason, and the rules in use are kept. On a
copy of the full real catalog (a bundle is checked against its cards)."""

import datetime as dt
import json
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from api.middleware import store
from app import create_app
from catalog.db import make_engine
from catalog.models import RulesBundle
from tests.support.contract import ContractClient
from validators import formats
from validators.formats import FORMATS_DIR, ORDER
from validators.formats.bundle import file_names

pytestmark = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
# A legal Expanded deck's line, as PTCG Live exports it: Ultra Ball, Scarlet & Violet 196.
DECK = "4 Ultra Ball SVI 196\n"
BAN = {"card": "sv1-196", "effective": "2026-05-01",
       "announcement": {"title": "A ban written for this test", "date": "2026-04-20",
                        "url": "https://example.org/ban"}}


def _copy_of(full_db_url: str, folder: Path) -> str:
    """A copy of the full real catalog, for a test to write rules into."""
    path = folder / "catalog.sqlite3"
    shutil.copy(make_url(full_db_url).database, path)
    return f"sqlite:///{path}"


def _shipped_bundle(folder: Path) -> Path:
    """A copy of the shipped rules bundle, to change."""
    folder.mkdir()
    for name in file_names(ORDER):
        shutil.copy(FORMATS_DIR / name, folder)
    return folder


@contextmanager
def _app_on(database_url: str) -> Iterator[Flask]:
    """An app checking both stamps on every request; the process's rules put back after.
    A request that finds new rules loads the index anew, a few seconds on a loaded machine:
    no deadline stops it here."""
    before = formats._in_use
    made = create_app({"TESTING": True, "DATABASE_URL": database_url,
                       "CATALOG_CHECK_SECONDS": 0, "REQUEST_DEADLINE_SECONDS": None})
    made.test_client_class = ContractClient
    try:
        yield made
    finally:
        with made.app_context():
            store.engine().dispose()
        formats.use(before)


@pytest.fixture
def rules_db(full_db_url, tmp_path) -> str:
    return _copy_of(full_db_url, tmp_path)


@pytest.fixture
def bundle(tmp_path) -> Path:
    return _shipped_bundle(tmp_path / "rules")


@pytest.fixture
def app(rules_db):
    with _app_on(rules_db) as made:
        yield made


def edit(folder: Path, name: str, change) -> None:
    path = folder / name
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def verdict(client) -> dict:
    answer = client.post("/v1/validate?format=expanded&as_of=2026-06-01&detail=verdict",
                         data=DECK, content_type="text/plain")
    assert answer.status_code == 200
    return answer.get_json()


def codes(body: dict) -> set[str]:
    return {violation["code"] for violation in body["violations"]}


def update(app, folder: Path):
    return app.test_cli_runner().invoke(args=["formats", "update", str(folder)])


def test_a_ban_written_reaches_a_running_app_and_changes_verdicts_answers_and_etags(app, bundle):
    client = app.test_client()
    before = verdict(client)
    assert "banned" not in codes(before)
    listed = client.get("/v1/formats/expanded")
    shipped = listed.get_json()["catalog"]["rules"]
    assert before["catalog"]["rules"] == shipped == formats.own_formats().version

    edit(bundle, "expanded.json", lambda data: data["banned"].append(BAN))
    done = update(app, bundle)
    assert done.exit_code == 0, done.output
    assert "written" in done.output

    after = verdict(client)
    assert "banned" in codes(after)
    assert after["catalog"]["rules"] != shipped
    assert after["catalog"]["version"] == before["catalog"]["version"]  # the same catalog
    again = client.get("/v1/formats/expanded")
    assert again.get_json()["catalog"]["rules"] == after["catalog"]["rules"]
    assert again.headers["ETag"] != listed.headers["ETag"]
    assert client.get("/v1/formats/expanded", headers={
        "If-None-Match": listed.headers["ETag"]}).status_code == 200
    assert "sv1-196" in {ban["id"] for ban in again.get_json()["banned"]}
    changed = client.get("/v1/changes?format=expanded&since=2026-05-01").get_json()["items"]
    assert [(c["cards"][0]["id"], c["effective"], c["source"]["url"]) for c in changed
            if c["kind"] == "ban"] == [("sv1-196", "2026-05-01", "https://example.org/ban")]
    ready = client.get("/readyz").get_json()["rules"]
    assert ready["version"] == after["catalog"]["rules"] and ready["source"] == str(bundle)
    # The same bundle again changes nothing.
    assert "unchanged" in update(app, bundle).output


def _unreadable(folder: Path) -> None:
    (folder / "glc.json").write_text("{not json", encoding="utf-8")


def _out_of_schema(folder: Path) -> None:
    edit(folder, "expanded.json", lambda data: data.update(deck_size="sixty"))


def _contradicting(folder: Path) -> None:
    edit(folder, "expanded.json",
         lambda data: data["banned"].append({**BAN, "until": "2026-04-01"}))


def _unknown_card(folder: Path) -> None:
    edit(folder, "expanded.json", lambda data: data["banned"].append({**BAN, "card": "sv1-999"}))


def _a_file_missing(folder: Path) -> None:
    (folder / "seasons.json").unlink()


@pytest.fixture(scope="module")
def banned(full_db_url, tmp_path_factory) -> Iterator[tuple[Flask, dict]]:
    """An app whose rules are the shipped bundle with BAN written, and its verdict on DECK:
    a bundle at fault leaves both as they are, so the faults' tests share it (each rules
    swap loads the index anew)."""
    folder = tmp_path_factory.mktemp("banned")
    before = formats._in_use
    with _app_on(_copy_of(full_db_url, folder)) as made:
        written = _shipped_bundle(folder / "rules")
        edit(written, "expanded.json", lambda data: data["banned"].append(BAN))
        assert update(made, written).exit_code == 0
        good = verdict(made.test_client())
        assert "banned" in codes(good)
        # The command made them the process's rules too; the app's requests judge by the
        # rules it loaded, and the module's other tests' apps by the process's.
        formats.use(before)
        yield made, good


@pytest.mark.parametrize(("fault", "said"), [
    (_unreadable, "glc.json: /: not JSON"),
    (_out_of_schema, "expanded.json: /deck_size"),
    (_contradicting, "is not before until"),
    (_unknown_card, "'sv1-999', a card the catalog"),
    (_a_file_missing, "seasons.json"),
])
def test_a_bundle_at_fault_is_refused_whole_with_the_reason(banned, bundle, fault, said):
    app, good = banned
    fault(bundle)
    refused = update(app, bundle)
    assert refused.exit_code == 1
    assert "rules refused, the rules in use kept" in refused.output and said in refused.output
    kept = verdict(app.test_client())
    assert kept["catalog"]["rules"] == good["catalog"]["rules"] and "banned" in codes(kept)


def test_a_bundle_at_fault_in_the_database_leaves_a_worker_its_rules(app, bundle, rules_db,
                                                                    caplog):
    """A bundle written past the command's checks (by hand, or by a build whose catalog had
    the card) is checked again by each worker, which keeps its rules when it is at fault."""
    client = app.test_client()
    shipped = verdict(client)
    engine = make_engine(rules_db)
    files = {name: (bundle / name).read_text(encoding="utf-8") for name in file_names(ORDER)}
    expanded = json.loads(files["expanded.json"])
    expanded["banned"].append({**BAN, "card": "sv1-999"})
    try:
        with Session(engine) as session, session.begin():
            session.add(RulesBundle(id=1, source="by hand", checksum="0" * 64,
                                    version="by-hand", updated_at=dt.datetime(2026, 12, 5),
                                    files={**files, "expanded.json": json.dumps(expanded)}))
        kept = verdict(client)
        assert kept["catalog"]["rules"] == shipped["catalog"]["rules"]
        assert "rules by-hand refused" in caplog.text and "sv1-999" in caplog.text
        assert update(app, bundle).exit_code == 0  # the shipped files, good, replace it
        assert verdict(client)["catalog"]["rules"] == shipped["catalog"]["rules"]
    finally:
        engine.dispose()


def test_a_workers_first_answer_after_an_update_is_the_new_rules_whole(app, bundle):
    """The update is written by another process (the command), so this worker's own rules
    are the old ones until a request finds the new stamp: an answer that looks a format up
    is made of the new rules, its bans and its version alike."""
    client = app.test_client()
    shipped = verdict(client)["catalog"]["rules"]
    before = formats._in_use
    edit(bundle, "expanded.json", lambda data: data["banned"].append(BAN))
    assert update(app, bundle).exit_code == 0
    formats.use(before)  # as in a worker: the command ran in a process of its own
    listed = client.get("/v1/formats/expanded").get_json()
    assert listed["catalog"]["rules"] != shipped
    assert "sv1-196" in {ban["id"] for ban in listed["banned"]}
