"""Every answer says what it is and what may run in it: `X-Content-Type-Options: nosniff`
on each, and a Content-Security-Policy: the page's and /docs/'s own, and on everything
else one that lets nothing load or run (api/middleware/security_headers.py)."""

from __future__ import annotations

import pytest

from api.middleware.security_headers import DEFAULT_POLICY

# (method, path, status): JSON, problems, the contract, the page's and the docs' files.
ANSWERS = [
    ("GET", "/healthz", 200),
    ("GET", "/v1/formats", 200),
    ("GET", "/v1/cards/base1-4", 200),
    ("GET", "/v1/cards/nope-1", 404),
    ("POST", "/v1/resolve", 415),
    ("DELETE", "/v1/formats", 405),
    ("GET", "/openapi.yaml", 200),
    ("GET", "/static/page.js", 200),
    ("GET", "/static/page.css", 200),
    ("GET", "/static/icon.svg", 200),
    ("GET", "/docs/swagger-ui-bundle.js", 200),
    ("GET", "/docs/swagger-ui.css", 200),
    ("GET", "/docs/oauth2-redirect.html", 200),
    ("GET", "/docs", 308),
    ("GET", "/no/such/page", 404),
]


@pytest.mark.parametrize(("method", "path", "status"), ANSWERS,
                         ids=[f"{method} {path}" for method, path, _ in ANSWERS])
def test_an_answer_that_sets_no_policy_lets_nothing_run(client, method, path, status):
    with client.open(path, method=method, buffered=True) as response:
        assert response.status_code == status
        assert response.headers.getlist("X-Content-Type-Options") == ["nosniff"]
        assert response.headers.getlist("Content-Security-Policy") == [DEFAULT_POLICY]


@pytest.mark.parametrize("path", ["/", "/docs/"])
def test_the_pages_carry_their_own_policy_from_their_own_origin(client, path):
    response = client.get(path)
    [policy] = response.headers.getlist("Content-Security-Policy")
    assert response.headers.getlist("X-Content-Type-Options") == ["nosniff"]
    assert policy != DEFAULT_POLICY and "script-src 'self'" in policy
    assert "unsafe" not in policy and "*" not in policy
    assert "frame-ancestors 'none'" in policy and "base-uri 'none'" in policy


def test_a_page_posted_to_carries_the_policy_too(client):
    response = client.post("/answer", data={"mode": "deck", "deck": "4 Bill\n"})
    assert response.status_code == 200 and response.mimetype == "text/html"
    assert response.headers.getlist("X-Content-Type-Options") == ["nosniff"]
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
