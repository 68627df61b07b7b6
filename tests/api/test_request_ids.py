"""X-Request-ID: the caller's plain id comes back; anything else is replaced by a new one."""

from __future__ import annotations

import re

import pytest


def test_a_given_id_comes_back(client):
    response = client.get("/healthz", headers={"X-Request-ID": "lb-7f3a:42"})
    assert response.headers["X-Request-ID"] == "lb-7f3a:42"


@pytest.mark.parametrize("given", [None, "", "a" * 129, "two words", "new\\nline", "ü"])
def test_a_missing_or_unsafe_id_is_replaced(client, given):
    headers = {} if given is None else {"X-Request-ID": given}
    response = client.get("/healthz", headers=headers)
    assert re.fullmatch(r"[0-9a-f]{32}", response.headers["X-Request-ID"])


def test_errors_carry_the_id_too(client):
    response = client.get("/v1/cards/nope-1", headers={"X-Request-ID": "abc"})
    assert response.status_code == 404 and response.headers["X-Request-ID"] == "abc"


def test_each_request_gets_its_own_id(client):
    ids = {client.get("/healthz").headers["X-Request-ID"] for _ in range(5)}
    assert len(ids) == 5
