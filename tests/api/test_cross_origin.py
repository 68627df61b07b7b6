"""CORS: a page on another origin may call the API from a browser (api/middleware/cross_origin.py).

A browser sends a preflight OPTIONS before a JSON POST; it reads an answer only when the
answer names its origin (or `*`), and lets the page's script read only exposed headers.
"""

from __future__ import annotations

import pytest

from api.middleware.cross_origin import origins
from tests.support.apps import contract_app

PAGE = "https://decks.example"
DECK = "4 Pikachu BS 58\n"


def varies_by(answer) -> set[str]:
    """Every field named by the answer's Vary headers (there may be several)."""
    return {name.strip().lower() for value in answer.headers.get_all("Vary")
            for name in value.split(",")}


def preflight(client, path: str = "/v1/validate", origin: str = PAGE,
              headers: str = "content-type"):
    return client.options(path, headers={"Origin": origin,
                                         "Access-Control-Request-Method": "POST",
                                         "Access-Control-Request-Headers": headers})


def test_a_preflight_for_a_json_post_is_allowed_from_any_origin_by_default(client):
    answer = preflight(client, headers="content-type, x-request-id")
    assert answer.status_code == 200
    assert answer.headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in answer.headers["Access-Control-Allow-Methods"]
    allowed = answer.headers["Access-Control-Allow-Headers"].lower()
    assert "content-type" in allowed and "x-request-id" in allowed
    assert int(answer.headers["Access-Control-Max-Age"]) == 7200


def test_a_cross_origin_verdict_is_readable_with_its_request_id(client):
    answer = client.post("/v1/validate?format=modified", data=DECK.encode(),
                         content_type="text/plain", headers={"Origin": PAGE})
    assert answer.status_code == 200
    assert answer.headers["Access-Control-Allow-Origin"] == "*"
    exposed = {h.strip().lower() for h in answer.headers["Access-Control-Expose-Headers"]
               .split(",")}
    assert {"x-request-id", "etag", "retry-after"} <= exposed
    # `*` is one answer for every site: nothing varies by origin.
    assert "origin" not in varies_by(answer)


def test_a_problem_is_readable_cross_origin_too(client):
    answer = client.post("/v1/validate?format=nope", data=DECK.encode(),
                         content_type="text/plain", headers={"Origin": PAGE})
    assert answer.status_code == 404 and answer.mimetype == "application/problem+json"
    assert answer.headers["Access-Control-Allow-Origin"] == "*"


def test_catalog_gets_and_the_contract_are_readable_cross_origin(client):
    for path in ("/v1/cards/base1-4", "/v1/formats", "/openapi.yaml"):
        answer = client.get(path, headers={"Origin": PAGE})
        assert answer.status_code == 200, path
        assert answer.headers["Access-Control-Allow-Origin"] == "*", path


def test_a_call_with_no_origin_is_no_browsers_and_gets_no_cors_headers(client):
    answer = client.post("/v1/validate?format=modified", data=DECK.encode(),
                         content_type="text/plain")
    assert answer.status_code == 200
    assert not [name for name in answer.headers.keys() if name.startswith("Access-Control")]


def test_the_probes_are_not_part_of_the_cross_origin_api(client):
    answer = client.get("/healthz", headers={"Origin": PAGE})
    assert answer.status_code == 200
    assert "Access-Control-Allow-Origin" not in answer.headers


@pytest.fixture(scope="module")
def listed(full_db_url):
    """A client of an app that allows two origins (one written with a trailing slash)."""
    app = contract_app(full_db_url, CORS_ORIGINS="https://a.example/, https://b.example:8443")
    return app.test_client()


def test_listed_origins_are_answered_with_their_own_origin(listed):
    for origin in ("https://a.example", "https://b.example:8443"):
        answer = preflight(listed, origin=origin)
        assert answer.headers["Access-Control-Allow-Origin"] == origin
        assert "origin" in varies_by(answer)


def test_an_origin_not_listed_gets_no_cors_headers_so_the_browser_refuses(listed):
    for origin in ("https://evil.example", "https://a.example:444", "http://a.example"):
        answer = preflight(listed, origin=origin)
        assert "Access-Control-Allow-Origin" not in answer.headers, origin
        posted = listed.post("/v1/validate?format=modified", data=DECK.encode(),
                             content_type="text/plain", headers={"Origin": origin})
        assert posted.status_code == 200  # the server answers; the browser hides it
        assert "Access-Control-Allow-Origin" not in posted.headers


@pytest.mark.parametrize("setting, expected", [
    ("*", "*"), (" * ", "*"),
    ("https://a.example", ["https://a.example"]),
    ("https://a.example/ http://localhost:3000", ["https://a.example", "http://localhost:3000"]),
])
def test_the_setting_reads_star_or_origins(setting, expected):
    assert origins(setting) == expected


@pytest.mark.parametrize("setting", ["a.example", "https://a.example/path", "ftp://a.example",
                                     "https://a.example, *"])
def test_a_setting_that_names_no_origin_stops_the_service_at_start(setting):
    with pytest.raises(RuntimeError, match="CORS_ORIGINS"):
        origins(setting)
