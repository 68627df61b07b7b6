"""The bulk files (api/bulk.py, api/bulk_files.py): every printing once with the legalities
the card answers give on the same day, every card once, the formats; built once a stamp,
served with an ETag and ranges."""

from __future__ import annotations

import datetime as dt
import gzip
import threading
from urllib.parse import quote

import orjson
import pytest

from api import bulk_files
from catalog.index import CatalogIndex
from tests.support.apps import contract_app
from tests.support.catalogs import imported_db
from tests.support.paths import MINI_CATALOG


@pytest.fixture(scope="module")
def bulk_app(full_db_url, tmp_path_factory):
    """The bulk files of the full real catalog: seconds to build, for the sweeps of it."""
    return contract_app(full_db_url, BULK_DIR=str(tmp_path_factory.mktemp("bulk")))


@pytest.fixture(scope="module")
def mini_bulk_app(new_db_url, tmp_path_factory):
    """The bulk files of the hand-written mini catalog: listed, served and resumed as any
    catalog's are."""
    return contract_app(imported_db(new_db_url("mini-bulk"), MINI_CATALOG),
                        BULK_DIR=str(tmp_path_factory.mktemp("mini-bulk")))


@pytest.fixture(scope="module")
def listed(mini_bulk_app) -> dict:
    answer = mini_bulk_app.test_client().get("/v1/bulk")
    assert answer.status_code == 200
    return answer.get_json()


def _file(bulk_app, kind: str) -> bytes:
    answer = bulk_app.test_client().get(f"/v1/bulk/{kind}", buffered=True)
    assert answer.status_code == 200
    assert answer.headers["Content-Type"] == "application/gzip"
    return gzip.decompress(answer.data)


def _lines(bulk_app, kind: str) -> list[dict]:
    return [orjson.loads(line) for line in _file(bulk_app, kind).splitlines()]


def test_the_list_names_each_file_with_its_size_and_stamp(mini_bulk_app, listed):
    client = mini_bulk_app.test_client()
    assert listed["legalities_day"] == dt.date.today().isoformat()
    assert listed["catalog_version"] == client.get("/readyz").get_json()["catalog"]["version"]
    assert [item["kind"] for item in listed["items"]] == ["printings", "cards", "formats"]
    for item in listed["items"]:
        assert (item["catalog_version"], item["rules_version"], item["legalities_day"]) == (
            listed["catalog_version"], listed["rules_version"], listed["legalities_day"])
        answer = client.get(item["url"], buffered=True)
        assert len(answer.data) == item["size"]
        assert answer.headers["ETag"] == f'"{item["etag"]}"'
        assert answer.headers["Cache-Control"].startswith("public, max-age=")


@pytest.mark.sweep
def test_every_printing_once_with_the_card_answers_legalities(bulk_app, full_index):
    printings = _lines(bulk_app, "printings")
    ids = [item["id"] for item in printings]
    assert len(ids) == len(set(ids)) == len(full_index.printings)
    # Every printing, against the card search's answers on the same day, page by page …
    client = bulk_app.test_client()
    answered: dict[str, dict] = {}
    page = 1
    while True:
        body = client.get(f"/v1/cards?per_page=250&page={page}").get_json()
        answered.update({item["id"]: item["legalities"] for item in body["items"]})
        if "next" not in body:
            break
        page += 1
    assert {item["id"]: item["legalities"] for item in printings} == answered
    # … and against GET /v1/cards/{id}: every printing of today's sets, and every 50th.
    for position, item in enumerate(printings):
        if position % 50 == 0 or item["set"]["id"] in ("me3", "me4", "me5"):
            one = client.get(f"/v1/cards/{quote(item['id'], safe='')}").get_json()
            assert one["legalities"] == item["legalities"], item["id"]
            assert {key: one[key] for key in item} == item


@pytest.mark.sweep
def test_every_card_once_as_its_newest_printing(bulk_app, full_index: CatalogIndex):
    cards = _lines(bulk_app, "cards")
    keys = [item["identity"]["function_key"] for item in cards]
    assert len(keys) == len(set(keys)) == len(full_index.by_function)
    for item in cards:
        shown = full_index.printings[item["id"]]
        others = [full_index.printings[other] for other in item["other_printings"]]
        assert sorted([shown, *others], key=lambda p: p.id) == sorted(
            full_index.by_function[shown.function_key], key=lambda p: p.id)
        assert all(full_index.sets[p.set_id].order <= full_index.sets[shown.set_id].order
                   for p in others)


def test_the_formats_file_is_the_formats_answer(mini_bulk_app):
    formats = orjson.loads(_file(mini_bulk_app, "formats"))
    answered = mini_bulk_app.test_client().get("/v1/formats").get_json()
    own = [item for item in answered["items"] if item["id"] in
           {each["id"] for each in formats["items"]}]
    assert formats["items"] == own and len(own) >= 10


def test_a_download_is_resumed_by_its_range_and_revalidated_by_its_etag(mini_bulk_app, listed):
    client = mini_bulk_app.test_client()
    whole = client.get("/v1/bulk/printings", buffered=True)
    etag = whole.headers["ETag"]
    part = client.get("/v1/bulk/printings", headers={"Range": "bytes=1000-"}, buffered=True)
    assert part.status_code == 206
    assert part.headers["Content-Range"] == f"bytes 1000-{len(whole.data) - 1}/{len(whole.data)}"
    assert whole.data[:1000] + part.data == whole.data
    kept = client.get("/v1/bulk/printings", headers={"Range": "bytes=0-9", "If-Range": etag},
                      buffered=True)
    assert kept.status_code == 206 and kept.data == whole.data[:10]
    other = client.get("/v1/bulk/printings", headers={"Range": "bytes=0-9",
                                                       "If-Range": '"0123"'},
                       buffered=True)
    assert other.status_code == 200 and other.data == whole.data
    assert client.get("/v1/bulk/printings", headers={"If-None-Match": etag},
                      buffered=True).status_code == 304


def test_an_unknown_file_is_not_found(mini_bulk_app):
    answer = mini_bulk_app.test_client().get("/v1/bulk/everything")
    assert answer.status_code == 404
    assert "printings, cards, formats" in answer.get_json()["detail"]


def test_built_once_a_stamp_however_many_ask_at_once(mini_db_url, tmp_path, monkeypatch):
    app = contract_app(mini_db_url, BULK_DIR=str(tmp_path))
    builds = []
    build = bulk_files._build
    monkeypatch.setattr(bulk_files, "_build", lambda *args: (builds.append(1), build(*args)))
    answers = []
    asking = [threading.Thread(target=lambda: answers.append(
        app.test_client().get("/v1/bulk").get_json())) for _ in range(3)]
    for thread in asking:
        thread.start()
    for thread in asking:
        thread.join()
    assert len(builds) == 1 and len(answers) == 3 and answers[0] == answers[1] == answers[2]
    before = {path.name: path.stat().st_mtime_ns for path in tmp_path.iterdir()}
    app.test_client().get("/v1/bulk")
    assert {path.name: path.stat().st_mtime_ns for path in tmp_path.iterdir()} == before
    # Other rules are another stamp: built anew, beside the files another instance serves.
    monkeypatch.setattr(bulk_files, "rules_version", lambda: "0" * 16)
    again = app.test_client().get("/v1/bulk").get_json()
    assert again["rules_version"] == "0" * 16 and len(builds) == 2
    assert set(before) < {path.name for path in tmp_path.iterdir()}
