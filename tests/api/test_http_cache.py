"""Caching and compression (api/middleware/http_cache.py, api/middleware/compression.py):
catalog answers carry an ETag by catalog version and build and answer If-None-Match with
304; every other answer is no-store; answers over one segment are compressed as the client
accepts."""

from __future__ import annotations

import gzip
import json

import brotli
import pytest
from flask.testing import FlaskClient

from api.middleware.http_cache import catalog_etag
from catalog.importing.importer import import_catalog
from tests.api.test_index_refresh import rename_card, serving

try:  # the standard library's from Python 3.14
    from compression import zstd  # type: ignore[import-not-found]
except ImportError:  # before: what flask-compress installs
    from backports import zstd

CATALOG_GETS = ["/v1/sets", "/v1/sets/base1", "/v1/cards?name=Charizard", "/v1/cards/base1-4",
                "/v1/formats", "/v1/formats/modified", "/openapi.yaml"]
DECK = "4 Pikachu BS 58\n4 Charizard BS 4\n"
DECODE = {"gzip": gzip.decompress, "br": brotli.decompress, "zstd": zstd.decompress}


@pytest.mark.parametrize("path", CATALOG_GETS)
def test_a_catalog_answer_is_cacheable_and_revalidates_to_304(client, path):
    first = client.get(path)
    assert first.status_code == 200
    etag = first.headers["ETag"]
    assert etag.startswith('"') and not etag.startswith("W/")
    assert first.headers["Cache-Control"] == "public, max-age=300"
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == etag
    assert again.headers["Cache-Control"] == "public, max-age=300"


def test_an_etag_the_server_never_gave_gets_the_whole_answer(client):
    answer = client.get("/v1/cards/base1-4", headers={"If-None-Match": '"0123", "abc"'})
    assert answer.status_code == 200 and answer.get_json()["id"] == "base1-4"


def test_any_of_several_etags_and_the_wildcard_match(client):
    etag = client.get("/v1/formats/modified").headers["ETag"]
    for held in (f'"stale", {etag}', "*"):
        assert client.get("/v1/formats/modified",
                          headers={"If-None-Match": held}).status_code == 304, held


def test_head_answers_like_get(full_app):
    client = FlaskClient(full_app)  # openapi.yaml has no HEAD operations: HTTP implies them
    etag = client.get("/v1/sets/base1").headers["ETag"]
    head = client.head("/v1/sets/base1")
    assert head.status_code == 200 and head.headers["ETag"] == etag
    assert client.head("/v1/sets/base1", headers={"If-None-Match": etag}).status_code == 304


@pytest.mark.parametrize("request_args", [
    ("post", "/v1/validate?format=modified", DECK),
    ("post", "/v1/resolve", DECK),
    ("get", "/v1/cards/no-such-card", None),
    ("get", "/v1/formats/nope", None),
    ("get", "/healthz", None),
    ("get", "/readyz", None),
])
def test_verdicts_problems_and_probes_are_not_stored(client, request_args):
    method, path, text = request_args
    kwargs = {"data": text.encode(), "content_type": "text/plain"} if text else {}
    answer = getattr(client, method)(path, **kwargs)
    assert answer.headers["Cache-Control"] == "no-store"
    assert "ETag" not in answer.headers


def test_a_reimport_changes_the_etag_and_the_old_one_gets_the_new_answer(empty_db_url,
                                                                          mini_dir):
    with serving(empty_db_url, mini_dir, 0) as (engine, client):
        before = client.get("/v1/cards/base1-4")
        assert before.get_json()["name"] == "Charizard"
        rename_card(mini_dir, "base1-4", "Blaziken")
        import_catalog(engine, str(mini_dir))
        after = client.get("/v1/cards/base1-4", headers={"If-None-Match": before.headers["ETag"]})
        assert after.status_code == 200 and after.get_json()["name"] == "Blaziken"
        assert after.headers["ETag"] != before.headers["ETag"]


def test_the_etag_is_of_the_catalog_version():
    assert catalog_etag("v1") == catalog_etag("v1") != catalog_etag("v2")


@pytest.mark.parametrize("encoding", ["gzip", "br", "zstd"])
def test_a_verdict_crosses_compressed_in_each_encoding(client, encoding):
    plain = client.post("/v1/validate?format=modified", data=DECK.encode(),
                        content_type="text/plain")
    packed = client.post("/v1/validate?format=modified", data=DECK.encode(),
                         content_type="text/plain", headers={"Accept-Encoding": encoding})
    assert plain.status_code == packed.status_code == 200
    assert "Content-Encoding" not in plain.headers
    assert packed.headers["Content-Encoding"] == encoding
    assert "accept-encoding" in packed.headers["Vary"].lower()
    assert int(packed.headers["Content-Length"]) == len(packed.data) < len(plain.data) / 2
    body = json.loads(DECODE[encoding](packed.data))
    expected = plain.get_json()
    assert body == expected


def test_the_server_prefers_zstd_then_br_then_gzip(client):
    def chosen(accepted: str) -> str | None:
        return client.get("/v1/formats", headers={"Accept-Encoding": accepted}).headers.get(
            "Content-Encoding")

    assert chosen("gzip, deflate, br, zstd") == "zstd"
    assert chosen("gzip, br") == "br"
    assert chosen("gzip;q=1, br;q=0.5") == "gzip"
    assert chosen("deflate") is None
    assert chosen("identity") is None


def test_a_compressed_catalog_answer_has_its_own_etag_and_revalidates(client):
    headers = {"Accept-Encoding": "gzip"}
    plain = client.get("/v1/formats")
    packed = client.get("/v1/formats", headers=headers)
    assert packed.headers["ETag"] == plain.headers["ETag"][:-1] + ':gzip"'
    again = client.get("/v1/formats", headers={**headers, "If-None-Match": packed.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""


def test_small_answers_are_not_compressed(client):
    for answer in (client.get("/healthz", headers={"Accept-Encoding": "gzip"}),
                   client.post("/v1/validate?format=unlimited&detail=verdict",
                               data=b"4 Pikachu BS 58\n", content_type="text/plain",
                               headers={"Accept-Encoding": "gzip"})):
        assert answer.status_code == 200 and len(answer.data) < 1400
        assert "Content-Encoding" not in answer.headers
        # Never compressed, whatever the client accepts: it does not vary by Accept-Encoding.
        assert "Vary" not in answer.headers


@pytest.mark.parametrize("send", [
    lambda c, q: c.post(f"/v1/validate?format=modified{q}", data=DECK.encode(),
                        content_type="text/plain"),
    lambda c, q: c.post(f"/v1/validate?{q.lstrip('&')}", json={"format": "modified",
                                                               "deck": DECK}),
], ids=["text", "json"])
def test_a_verdict_may_be_shared_when_the_request_opts_in(client, send):
    assert send(client, "&cache=public").headers["Cache-Control"] == "public, max-age=300"
    assert send(client, "&cache=no-store").headers["Cache-Control"] == "no-store"
    refused = send(client, "&cache=forever")
    assert refused.status_code == 400 and refused.get_json()["parameter"] == "cache"
    assert refused.headers["Cache-Control"] == "no-store"


def test_only_a_verdict_may_opt_in(client):
    resolved = client.post("/v1/resolve?cache=public", data=DECK.encode(),
                           content_type="text/plain")
    assert resolved.status_code == 200 and resolved.headers["Cache-Control"] == "no-store"


@pytest.mark.parametrize("accepted, coding, streamed", [
    ("gzip;q=0", None, None),
    ("gzip;q=0, br;q=0, zstd;q=0", None, None),
    ("zstd;q=0, *", "br", "br"),
    ("zstd;q=0, br;q=0.000, *;q=0.5", "gzip", None),
    ("*;q=0", None, None),
    ("identity;q=0", None, None),
    ("br;q=0.5, gzip;q=0.8", "gzip", "br"),
    ("br;q=0.5, identity", None, None),
    ("gzip, identity;q=0.5", "gzip", None),
    ("GZIP;Q=1", "gzip", None),
    ("x-gzip", "gzip", None),
    ("gzip;q=2, br", "br", "br"),  # a q that is no qvalue: that member is passed over
    ("gzip;q=0.5000", None, None),
    ("gzip ; q=0.1", "gzip", None),
    ("", None, None),
])
def test_a_coding_refused_with_q_0_is_never_sent(client, accepted, coding, streamed):
    """RFC 9110 12.5.3, on an answer sent whole and on one streamed (a batch, which
    flask-compress codes in zstd or br only), where flask-compress took `gzip;q=0` as gzip."""
    whole = client.get("/v1/formats", headers={"Accept-Encoding": accepted})
    assert whole.headers.get("Content-Encoding") == coding
    if coding is not None:
        assert json.loads(DECODE[coding](whole.data)) == client.get("/v1/formats").get_json()
    batch = client.post("/v1/validate/batch", headers={"Accept-Encoding": accepted},
                        json={"decks": [{"id": "a", "format": "all", "deck": DECK}]})
    assert batch.headers.get("Content-Encoding") == streamed


def test_the_coding_is_chosen_by_the_clients_weights_then_the_servers_order():
    from api.middleware.compression import accepted_coding

    offered = ["zstd", "br", "gzip"]
    assert accepted_coding(None, offered) is None
    assert accepted_coding("gzip, br, zstd", offered) == "zstd"
    assert accepted_coding("gzip;q=0.9, br;q=0.9, zstd;q=0.1", offered) == "br"
    assert accepted_coding("*", offered) == "zstd"
    assert accepted_coding("*, zstd;q=0", ["zstd"]) is None
    assert accepted_coding("deflate, compress", offered) is None
    assert accepted_coding("gzip;level=9;q=0.2", offered) == "gzip"
    assert accepted_coding("gzip;q=0.2, gzip;q=0", offered) == "gzip"  # the first one counts


@pytest.mark.parametrize("path", CATALOG_GETS)
def test_if_match_holds_for_the_answers_etag_or_any(client, path):
    plain = client.get(path)
    etag = plain.headers["ETag"]
    packed = client.get(path, headers={"Accept-Encoding": "zstd"}).headers["ETag"]
    for held in (etag, packed, "*", f'"other", {etag}'):
        answer = client.get(path, headers={"If-Match": held, "Accept-Encoding": "zstd"})
        assert answer.status_code == 200, held
    refused = client.get(path, headers={"If-Match": '"other"'})
    assert refused.status_code == 412
    assert refused.headers["Content-Type"] == "application/problem+json"
    assert refused.headers["Cache-Control"] == "no-store"
    problem = refused.get_json()
    assert problem["type"].endswith("/precondition-failed") and problem["etag"] == etag
    weak = client.get(path, headers={"If-Match": f"W/{etag}"})  # If-Match compares strongly
    assert weak.status_code == 412


def test_if_match_is_judged_before_if_none_match(client):
    etag = client.get("/v1/cards/base1-4").headers["ETag"]
    answer = client.get("/v1/cards/base1-4", headers={"If-Match": '"other"',
                                                      "If-None-Match": etag})
    assert answer.status_code == 412


@pytest.mark.parametrize("path", ["/static/page.css", "/static/page.js", "/static/icon.svg"])
def test_a_static_files_failed_precondition_is_a_problem_not_the_file(client, path):
    answer = client.get(path, headers={"If-Match": '"other"'})
    assert answer.status_code == 412
    assert answer.headers["Content-Type"] == "application/problem+json"
    assert answer.get_json()["type"].endswith("/precondition-failed")
    out_of_range = client.get(path, headers={"Range": "bytes=999999-"})
    assert out_of_range.status_code == 416
    assert out_of_range.get_json()["type"].endswith("/range-not-satisfiable")


# A card on a day of its own: its answer's ETag names the catalog alone (an answer judged
# today names the day too).
CARD = "/v1/cards/base1-4?as_of=2003-08-31"


def test_an_answer_and_its_etag_come_from_the_catalog_it_was_read_from(empty_db_url,
                                                                       mini_dir):
    """A re-import commits before the index of a worker follows (up to
    CATALOG_CHECK_SECONDS): a card answer read from the new catalog names the new one."""
    with serving(empty_db_url, mini_dir, 3600) as (engine, client):
        before = client.get(CARD)
        old_etag = before.headers["ETag"]
        rename_card(mini_dir, "base1-4", "Blaziken")
        import_catalog(engine, str(mini_dir))
        after = client.get(CARD, headers={"If-None-Match": old_etag})
        assert after.status_code == 200 and after.get_json()["name"] == "Blaziken"
        version = client.get("/readyz").get_json()["catalog"]["version"]
        assert after.headers["ETag"] == f'"{catalog_etag(version)}"' != old_etag
        assert client.get(CARD,
                          headers={"If-None-Match": after.headers["ETag"]}).status_code == 304


def test_an_answer_read_while_an_import_commits_is_one_catalogs(empty_db_url, mini_dir,
                                                                monkeypatch):
    """A card is read, then its printings: an import committing between the two queries
    is not seen by the second, and the ETag names the catalog both were read from."""
    from api import cards

    with serving(empty_db_url, mini_dir, 3600) as (engine, client):
        old_version = client.get("/readyz").get_json()["catalog"]["version"]
        rename_card(mini_dir, "base1-4", "Blaziken")
        printings_of = cards.lookup.printings_of

        def import_between(session, card):
            import_catalog(engine, str(mini_dir))  # commits on a connection of its own
            return printings_of(session, card)

        monkeypatch.setattr(cards.lookup, "printings_of", import_between)
        answer = client.get(CARD)
        assert answer.status_code == 200
        body = answer.get_json()
        assert body["name"] == "Charizard"
        assert {printing["name"] for printing in body["printings"]} == {"Charizard"}
        assert answer.headers["ETag"] == f'"{catalog_etag(old_version)}"'
        monkeypatch.setattr(cards.lookup, "printings_of", printings_of)
        now = client.get(CARD)
        assert now.get_json()["name"] == "Blaziken"
        assert now.headers["ETag"] != answer.headers["ETag"]


def test_an_answer_judged_today_names_the_day_and_is_kept_no_later_than_its_end(client):
    import datetime as dt

    asked = dt.datetime.now()
    today = client.get("/v1/cards/base1-4")
    version = client.get("/readyz").get_json()["catalog"]["version"]
    days = {asked.date(), dt.date.today()}  # the same day, unless asked at midnight
    assert today.headers["ETag"] in {f'"{catalog_etag(version, day)}"' for day in days}
    kept = int(today.headers["Cache-Control"].rsplit("=", 1)[1])
    left = dt.datetime.combine(max(days) + dt.timedelta(days=1), dt.time()) - asked
    assert 0 <= kept <= left.total_seconds()
    dated = client.get("/v1/cards/base1-4?as_of=2026-07-20")
    assert dated.headers["ETag"] == f'"{catalog_etag(version)}"'
