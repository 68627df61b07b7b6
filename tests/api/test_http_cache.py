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
from catalog.importer import import_catalog
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
    engine, client = serving(empty_db_url, mini_dir, 0)
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
                   client.post("/v1/validate?format=modified&detail=verdict",
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
