"""Fixtures: catalogs in real SQLite files, the app, a contract-checking client, the CLI."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from sqlalchemy.orm import Session

from app import create_app
from catalog.db import make_engine
from catalog.importer import import_catalog
from catalog.index import CatalogIndex, load_index
from catalog.models import Card
from tests.contract import ContractClient

PROJECT_ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
MINI_CATALOG = FIXTURES / "mini"
SHARED_DATA = Path(os.environ.get("DECKJUDGE_SHARED_DATA",
                                  PROJECT_ROOT.parent / "shared" / "pokemon-tcg-data"))


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The real catalog; the suite needs it (CI puts ../shared beside the checkout)."""
    assert (SHARED_DATA / "sets" / "en.json").is_file(), (
        f"the real card data is missing at {SHARED_DATA}; set DECKJUDGE_SHARED_DATA")
    return SHARED_DATA


def imported_db(path: Path, source: Path) -> str:
    """Import `source` into a new SQLite file; returns its URL."""
    url = sqlite_url(path)
    engine = make_engine(url)
    import_catalog(engine, str(source))
    engine.dispose()
    return url


@pytest.fixture(scope="session")
def full_db_url(tmp_path_factory, shared_data) -> str:
    """A SQLite file holding the full real catalog, imported once per test session."""
    return imported_db(tmp_path_factory.mktemp("full") / "catalog.sqlite3", shared_data)


@pytest.fixture
def mini_db_url(tmp_path) -> str:
    """A fresh SQLite file holding the hand-written mini catalog."""
    return imported_db(tmp_path / "mini.sqlite3", MINI_CATALOG)


@pytest.fixture(scope="session")
def real_card(full_db_url):
    """Look up a printing of the full real catalog by id."""
    engine = make_engine(full_db_url)
    session = Session(engine)

    def get(card_id: str) -> Card:
        card = session.get(Card, card_id)
        assert card is not None, card_id
        return card

    yield get
    session.close()
    engine.dispose()


@pytest.fixture(scope="session")
def full_index(full_db_url) -> CatalogIndex:
    """The in-memory index of the full real catalog."""
    return load_index(make_engine(full_db_url))


@pytest.fixture
def mini_dir(tmp_path) -> Path:
    """A writable copy of the mini catalog, for tests that break it."""
    target = tmp_path / "mini-copy"
    shutil.copytree(MINI_CATALOG, target)
    return target


def contract_app(url: str):
    """A testing app on `url` whose test clients check every response against the contract."""
    app = create_app({"TESTING": True, "DATABASE_URL": url})
    app.test_client_class = ContractClient
    return app


def make_client(url: str):
    return contract_app(url).test_client()


@pytest.fixture(scope="session")
def full_app(full_db_url):
    return contract_app(full_db_url)


@pytest.fixture
def client(full_app):
    """A contract-checking client on the full real catalog."""
    return full_app.test_client()


@pytest.fixture
def runner_for():
    """A CLI runner for an app bound to the given database URL."""

    def build(url: str):
        return create_app({"TESTING": True, "DATABASE_URL": url}).test_cli_runner()

    return build
