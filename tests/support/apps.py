"""The app as tests build it: on a given database, its answers checked against the contract."""

from __future__ import annotations

from app import create_app
from tests.support.contract import ContractClient


def contract_app(url: str, **config):
    """A testing app on `url` whose test clients check every response against the contract."""
    app = create_app({"TESTING": True, "DATABASE_URL": url, **config})
    app.test_client_class = ContractClient
    return app


def make_client(url: str):
    return contract_app(url).test_client()
