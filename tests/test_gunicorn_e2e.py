"""End to end: the real gunicorn serving the app over loopback HTTP."""

from __future__ import annotations

import gzip
import http.client
import json
import socket

import pytest
import requests

from tests.conftest import FIXTURES
from tests.servers import gunicorn


@pytest.fixture(scope="module")
def server(full_db_url):
    with gunicorn(full_db_url) as base:
        yield base


def test_served_card_lists_its_reprint(server):
    response = requests.get(f"{server}/v1/cards/base1-4", timeout=10)
    assert response.status_code == 200
    assert "base6-3" in [p["id"] for p in response.json()["printings"]]


def test_served_errors_are_problems(server):
    response = requests.get(f"{server}/v1/cards?per_page=0", timeout=10)
    assert response.status_code == 400
    assert response.headers["Content-Type"] == "application/problem+json"
    assert requests.get(f"{server}/readyz", timeout=10).json()["status"] == "ready"


def post_file(url, name):
    """POST a decklist file as text, as `curl --data-binary @file` does."""
    return requests.post(url, data=(FIXTURES / "decklists" / name).read_bytes(),
                         headers={"Content-Type": "text/plain"}, timeout=30)


def test_served_resolve_reads_a_text_file_like_curl(server):
    response = post_file(f"{server}/v1/resolve", "ptcg-live.txt")
    assert response.status_code == 200
    body = response.json()
    assert body["input_format"] == "ptcg-live" and body["counts"]["total"] == 60


def test_served_oversized_chunked_body_is_413(server):
    def chunks():
        for _ in range(2048):
            yield b"4 Pikachu BS 58\n" * 64  # 2 MiB in all, with no Content-Length

    response = requests.post(f"{server}/v1/resolve", data=chunks(),
                              headers={"Content-Type": "text/plain"}, timeout=30)
    assert response.status_code == 413
    assert response.headers["Content-Type"] == "application/problem+json"


def test_served_validate_answers_curl_with_every_violation_and_its_section(server):
    # curl --data-binary @deck.txt -H 'Content-Type: text/plain' '…/v1/validate?format=modified'
    response = post_file(f"{server}/v1/validate?format=modified", "modified-2003.txt")
    assert response.status_code == 200
    body = response.json()
    assert body["legal"] is False and body["counts"]["total"] == 60
    assert [(v["code"], v["rule"]["section"]) for v in body["violations"]] == [
        ("copy-limit", "§221"), ("not-legal", "§226")]
    assert {c["line"] for v in body["violations"] for c in v["cards"]} == {13, 14}
    vias = {line["card"]["id"]: line["legal_via"]["id"] for line in body["cards"]
            if line["legal_via"] and line["legal_via"]["id"] != line["card"]["id"]}
    assert vias == {"base1-20": "bp-1", "basep-12": "base6-29"}


def test_requests_gunicorn_refuses_itself_are_problems_too(server):
    too_long = requests.get(f"{server}/v1/cards?name={'x' * 5000}", timeout=10)
    assert too_long.status_code == 414
    assert too_long.headers["Content-Type"] == "application/problem+json"
    problem = too_long.json()
    assert problem["status"] == 414 and problem["type"].endswith("/uri-too-long")
    assert "send long values in a body" in problem["detail"]


def test_served_verdict_crosses_the_wire_compressed(server):
    deck = (FIXTURES / "decklists" / "modified-2003.txt").read_bytes()
    sent = {"Content-Type": "text/plain"}
    plain = requests.post(f"{server}/v1/validate?format=modified", data=deck,
                          headers={**sent, "Accept-Encoding": "identity"}, timeout=30)
    packed = requests.post(f"{server}/v1/validate?format=modified", data=deck,
                           headers={**sent, "Accept-Encoding": "gzip"}, timeout=30, stream=True)
    wire = packed.raw.read(decode_content=False)  # the bytes as they crossed
    assert packed.headers["Content-Encoding"] == "gzip"
    assert len(wire) == int(packed.headers["Content-Length"]) < len(plain.content) / 4
    assert gzip.decompress(wire) == plain.content


def test_served_catalog_answer_revalidates_to_304(server):
    first = requests.get(f"{server}/v1/formats", timeout=10)  # requests accepts gzip
    assert first.headers["Cache-Control"] == "public, max-age=300"
    again = requests.get(f"{server}/v1/formats", headers={"If-None-Match": first.headers["ETag"]},
                         timeout=10)
    assert again.status_code == 304 and again.content == b""


def test_served_chunked_json_over_the_limit_is_413_not_a_cut_json(server):
    # Werkzeug stops reading a chunked body at the limit; what it read is a cut JSON.
    def chunks():
        yield b'{"deck": "'
        for _ in range(40):
            yield b"4 Pikachu BS 58\\n" * 2048  # 1.25 MiB in all
        yield b'"}'

    response = requests.post(f"{server}/v1/validate?format=modified", data=chunks(),
                             headers={"Content-Type": "application/json"}, timeout=30)
    assert response.status_code == 413
    assert response.json()["type"].endswith("/request-entity-too-large")


def test_served_chunked_json_at_the_limit_is_read_whole(server):
    deck = (FIXTURES / "decklists" / "modified-legal.txt").read_text()
    document = json.dumps({"deck": deck, "format": "modified"}).encode()
    padded = document + b" " * (1024 * 1024 - len(document))  # exactly MAX_BODY_BYTES
    response = requests.post(f"{server}/v1/validate?format=modified", data=iter([padded]),
                             headers={"Content-Type": "application/json"}, timeout=30)
    assert response.status_code == 200 and response.json()["legal"] is True


def test_a_client_that_sends_its_whole_oversized_body_first_still_reads_the_413(server):
    # Most clients write the whole request before they read. Closing on them mid-body
    # was a broken pipe where the 413 should be (api/refused_bodies.py).
    body = b"4 Pikachu BS 58\n" * (8 * 1024 * 1024 // 16)
    host, port = server.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=20) as sock:
        sock.sendall(b"POST /v1/resolve HTTP/1.1\r\nHost: deckjudge\r\nContent-Type: "
                     b"text/plain\r\nContent-Length: %d\r\n\r\n" % len(body) + body)
        response = http.client.HTTPResponse(sock)
        response.begin()
        assert response.status == 413
        assert json.loads(response.read())["type"].endswith("/request-entity-too-large")
