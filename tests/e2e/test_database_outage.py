"""The PostgreSQL server goes away and comes back: 503 problems meanwhile, then recovery
with no restart. A private server of its own, so stopping it disturbs no other test."""

from __future__ import annotations

import pytest
import requests

from tests.support.catalogs import imported_db
from tests.support.paths import MINI_CATALOG
from tests.support.postgres import running
from tests.support.servers import gunicorn

PROBLEM = "application/problem+json"


@pytest.fixture
def server():
    with running() as server:
        yield server


def test_an_outage_is_503_and_the_service_recovers_without_a_restart(server):
    url = imported_db(server.new_database("outage"), MINI_CATALOG)
    with gunicorn(url, workers=1, CATALOG_CHECK_SECONDS="0") as base:
        assert requests.get(f"{base}/readyz", timeout=10).status_code == 200
        assert requests.get(f"{base}/v1/cards/base1-4", timeout=10).status_code == 200
        assert validate(base).status_code == 200  # the worker has loaded its index

        server.stop()
        ready = requests.get(f"{base}/readyz", timeout=10)
        card = requests.get(f"{base}/v1/cards/base1-4", timeout=10)
        for response in (ready, card):
            assert response.status_code == 503
            assert response.headers["Content-Type"] == PROBLEM
            assert response.headers["Retry-After"] == "5"
            assert response.json()["type"].endswith("/database-unavailable")
        # Validation needs only the worker's in-memory index, so it keeps answering.
        answer = validate(base)
        assert answer.status_code == 200 and answer.json()["legal"] is False

        server.start()
        assert requests.get(f"{base}/readyz", timeout=10).json()["status"] == "ready"
        card = requests.get(f"{base}/v1/cards/base1-4", timeout=10)
        assert card.status_code == 200 and card.json()["name"] == "Charizard"


def validate(base: str) -> requests.Response:
    return requests.post(f"{base}/v1/validate?format=unlimited", data="4 Charizard BS 4",
                         headers={"Content-Type": "text/plain"}, timeout=10)
