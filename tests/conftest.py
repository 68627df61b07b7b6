"""Fixtures: catalogs in real databases, the app, a contract-checking client, the CLI; and
the marks each test gets from the folder it lies in (tests/README.md).

Every test that touches a database runs twice: on a SQLite file and on a real
PostgreSQL server the run starts (`tests/support/postgres.py`). Under pytest-xdist the
workers share that server and each full catalog import (the first to need one makes it).
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from filelock import FileLock
from sqlalchemy import Engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from catalog.db import make_engine
from catalog.index import CatalogIndex
from catalog.models import Card
from client.catalog_cache import cache_dir
from decklist.detect import parse
from decklist.resolver import resolve
from tests.support import postgres as postgres_servers
from tests.support.card_data import CardDataUnavailable, Pin, provisioned
from tests.support.catalogs import imported_db, served_layout, sqlite_url
from tests.support.kept_catalog import kept_import
from tests.support.paths import (
    MINI_CATALOG,
    SHARED_DATA,
    TCGDEX_DATA,
    TESTS,
    have_shared_data,
)
from tools import compiled

# The app and the contract's checker are imported by the fixtures that use them, not here:
# pytest-xdist's controller loads this module and runs no test, and importing the two costs
# it seconds of CPU that its workers, starting at the same time, want.

# The user's cache directory, read before the session points $DECKJUDGE_CACHE elsewhere:
# card data provisioned there is kept for the next run.
USER_CACHE = cache_dir()


# The layers, by folder: what a test there may need (tests/README.md says which goes where).
LAYERS = ("unit", "api", "e2e", "tooling")
# Folders inside a layer whose tests get one more mark.
KINDS = {("e2e", "browser"): "browser", ("e2e", "long"): "slow"}


@pytest.hookimpl(wrapper=True)
def pytest_collection_modifyitems(config, items):
    """Mark the tests before `-m` selects by the marks (and xdist groups by them); once
    pytest has ordered them (by backend), put the longest first."""
    _mark(config, items)
    yield
    items.sort(key=_longest_first)


def _longest_first(item) -> tuple[int, int]:
    """The order the run hands tests out in (`make test` keeps it: --no-loadscope-reorder):
    the soak and the fuzz, then the rest of e2e, PostgreSQL's (the slower) before SQLite's;
    the many short in-process tests fill the end, in pytest's order."""
    if not item.get_closest_marker("e2e"):
        return (2, 0)
    return (0 if item.get_closest_marker("slow") else 1,
            0 if item.get_closest_marker("postgresql") else 1)


def _mark(config, items) -> None:
    """Mark every test by its folder, and the PostgreSQL half of the backend tests, so
    that `-m` picks tests by what they need and nobody has to remember a mark."""
    grouped = config.pluginmanager.hasplugin("xdist")
    for item in items:
        folders = item.path.relative_to(TESTS).parts[:-1]
        if not folders or folders[0] not in LAYERS:
            raise pytest.UsageError(f"{item.nodeid}: a test lies in tests/unit, tests/api, "
                                    "tests/e2e or tests/tooling, by what it needs "
                                    "(tests/README.md)")
        item.add_marker(folders[0])
        if kind := KINDS.get(folders[:2]):
            item.add_marker(kind)
        backend = getattr(item, "callspec", None) and item.callspec.params.get("backend")
        if backend == "postgresql" or _starts_postgres(item):
            item.add_marker("postgresql")
        if grouped and folders[0] == "e2e":
            # A module's servers are module fixtures, and some tests look at a server
            # after the others have used it: one worker runs a module, per backend.
            module = item.path.relative_to(TESTS).as_posix()
            item.add_marker(pytest.mark.xdist_group(f"{module}-{backend or 'any'}"))


def _starts_postgres(item) -> bool:
    """Whether a test needs the PostgreSQL server beyond the backend parameter: the
    session's, or one of its own from tests/support/postgres.py."""
    return "postgres" in item.fixturenames or any(
        getattr(value, "__module__", None) == postgres_servers.__name__
        for value in vars(item.module).values())


def pytest_report_header(config) -> str | None:
    """Say once where the card data comes from when it is not beside the checkout."""
    if have_shared_data():
        return None
    pin = Pin.configured()
    return (f"card data: {SHARED_DATA} is absent; using the pinned snapshot "
            f"{pin.archive} (content sha256 {pin.digest[:16]}…), "
            f"downloaded once into {USER_CACHE / 'test-data'}")


# Every engine that connected during a test. Apps and engines made by tests are thrown
# away without being closed; disposing them after each test closes their pooled
# connections, which PostgreSQL's driver would otherwise warn about when collected. They
# are held here, not weakly: an app is a cycle of references that the garbage collector
# may free at any moment of a test, and its pool's connections, collected unclosed, would
# warn in whichever test that moment falls (a warning is an error in the suite).
_ENGINES: set[Engine] = set()


@event.listens_for(Engine, "engine_connect")
def _track(connection) -> None:
    _ENGINES.add(connection.engine)


@pytest.fixture(autouse=True, scope="session")
def _own_catalog_cache(tmp_path_factory):
    """`deckjudge check` with no catalog named uses the user's cache directory; the suite
    never touches the real one (tests/e2e/test_catalog_cache.py gives each test its own)."""
    os.environ["DECKJUDGE_CACHE"] = str(tmp_path_factory.mktemp("deckjudge-cache"))


@pytest.fixture(autouse=True)
def _dispose_engines():
    yield
    for engine in list(_ENGINES):
        engine.dispose()
    _ENGINES.clear()


@pytest.fixture(scope="session")
def shared_data() -> Path:
    """The real catalog: ../shared beside the checkout (as CI has it), else the pinned
    snapshot in the user's cache (tests/support/card_data.py)."""
    if have_shared_data():
        return SHARED_DATA
    try:
        return provisioned(USER_CACHE, Pin.configured())
    except CardDataUnavailable as error:
        pytest.fail(f"no card data: {SHARED_DATA} is absent and the pinned snapshot could "
                    f"not be provisioned: {error}", pytrace=False)


@pytest.fixture(scope="session")
def served_card_data(shared_data, tmp_path_factory):
    """The real card data, served as one archive (served_layout)."""
    with served_layout(shared_data, tmp_path_factory.mktemp("served-card-data")) as served:
        yield served


@pytest.hookimpl(tryfirst=True)  # before the tmp_path plugin reads --basetemp
def pytest_configure(config) -> None:
    """Give the run a folder of its own when none is named. pytest's default, a numbered
    /tmp/pytest-of-<user>/pytest-N, is pruned to its three latest by any other pytest run
    of the same user, while this one still uses it: it holds the run's PostgreSQL state and
    full catalogs, shared by xdist's workers (who are given folders inside it).

    And stop before any test when a compiled module's source changed since its build, or an
    extension is left over: Python would run it in place of the source (tools/compiled.py)."""
    changed = compiled.stale()
    if changed:
        pytest.exit(f"not what the current sources compile to: {', '.join(changed)}; run `make "
                    "compile` (or `tools/compiled.py --clean` to run them as plain Python)",
                    returncode=pytest.ExitCode.USAGE_ERROR)
    if config.option.basetemp is None and not hasattr(config, "workerinput"):
        config.option.basetemp = tempfile.mkdtemp(prefix="deckjudge-tests-")
        config.stash[_OWN_BASETEMP] = True


def pytest_unconfigure(config) -> None:
    if config.stash.get(_OWN_BASETEMP, False):
        shutil.rmtree(config.option.basetemp, ignore_errors=True)


_OWN_BASETEMP = pytest.StashKey[bool]()


def _run_folder(config, tmp_path_factory) -> Path:
    """The folder of the whole run: under xdist, the controller's, which holds each
    worker's own; else the session's."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if hasattr(config, "workerinput") else base


@pytest.fixture(scope="session")
def run_folder(request, tmp_path_factory) -> Path:
    return _run_folder(request.config, tmp_path_factory)


def once_a_run(run_folder: Path, name: str, make: Callable[[], str]) -> str:
    """What `make` returns, made once for the whole run: the first process to ask makes it
    while the others wait for it, then each reads it."""
    made = run_folder / f"{name}.made"
    with FileLock(str(run_folder / f"{name}.lock")):
        if not made.is_file():
            made.write_text(make())
        return made.read_text()


@pytest.fixture(scope="session")
def postgres(run_folder):
    """A private PostgreSQL server for the run (shared by xdist's workers; stopped by
    pytest_sessionfinish once the run is over)."""
    return postgres_servers.shared(run_folder)


@pytest.hookimpl(trylast=True)  # after the session's fixtures are torn down
def pytest_sessionfinish(session) -> None:
    if not hasattr(session.config, "workerinput"):
        postgres_servers.stop_shared(_run_folder(session.config,
                                                 session.config._tmp_path_factory))


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def backend(request) -> str:
    return request.param


@pytest.fixture(scope="session")
def new_db_url(backend, request, tmp_path_factory):
    """Make a new empty database on the session's backend; returns its URL."""

    def create(name: str) -> str:
        if backend == "sqlite":
            return sqlite_url(tmp_path_factory.mktemp(name) / f"{name}.sqlite3")
        return request.getfixturevalue("postgres").new_database(name)

    return create


@pytest.fixture
def empty_db_url(new_db_url) -> str:
    """A database with no schema and no catalog."""
    return new_db_url("empty")


@pytest.fixture(scope="session")
def tcgdex_data() -> Path:
    """TCGdex's cards-database snapshot: ../shared/tcgdex (or $DECKJUDGE_TCGDEX_DATA)."""
    if not TCGDEX_DATA.exists():
        pytest.fail(f"no TCGdex data: {TCGDEX_DATA} is absent (../shared/tcgdex/README.md; "
                    "$DECKJUDGE_TCGDEX_DATA names another copy)", pytrace=False)
    return TCGDEX_DATA


@pytest.fixture(scope="session")
def catalog_sources(shared_data, tcgdex_data) -> tuple[Path, Path]:
    """The sources the service imports by default: pokemon-tcg-data and TCGdex."""
    return shared_data, tcgdex_data


def both_sources(sources: tuple[Path, Path]) -> str:
    return f"pokemon-tcg-data={sources[0]},tcgdex={sources[1]}"


@pytest.fixture(scope="session")
def full_db_url(backend, new_db_url, catalog_sources, run_folder) -> str:
    """The full real catalog of both sources, imported once per run and backend (and read,
    never written, by the tests: xdist's workers share it)."""
    return once_a_run(run_folder, f"full-{backend}",
                      lambda: _full_import(backend, new_db_url, catalog_sources))


def _full_import(backend: str, new_db_url, sources: tuple[Path, Path]) -> str:
    kept = os.environ.get("DECKJUDGE_KEPT_CATALOG")  # `make test-fast` sets it
    if backend != "sqlite" or not kept:
        return imported_db(new_db_url("full"), both_sources(sources))
    url = new_db_url("full")
    kept_import(Path(kept), sources, Path(make_url(url).database or ""),
                lambda path: imported_db(sqlite_url(path), both_sources(sources)))
    return url


@pytest.fixture(scope="session")
def ptcg_db_url(shared_data, run_folder, tmp_path_factory) -> str:
    """The catalog of pokemon-tcg-data alone, imported once per run into SQLite (and read,
    never written, by the tests): what the merged catalog must keep of it."""
    return once_a_run(run_folder, "ptcg-sqlite", lambda: imported_db(
        sqlite_url(tmp_path_factory.mktemp("ptcg") / "ptcg.sqlite3"), shared_data))


@pytest.fixture
def mini_db_url(new_db_url) -> str:
    """A fresh database holding the hand-written mini catalog."""
    return imported_db(new_db_url("mini"), MINI_CATALOG)


@pytest.fixture(scope="session")
def real_card(full_db_url):
    """Look up a printing of the full real catalog by id (its columns, detached)."""
    engine = make_engine(full_db_url)

    def get(card_id: str) -> Card:
        # A session a lookup: one held for the whole run would keep a connection
        # checked out past each test's engine disposal, and leak it.
        with Session(engine) as session:
            card = session.get(Card, card_id)
        assert card is not None, card_id
        return card

    yield get
    engine.dispose()


@pytest.fixture(scope="session")
def full_index(full_app) -> CatalogIndex:
    """The in-memory index of the full real catalog: the one `full_app` serves (a worker
    building a second one of its own paid the seconds of a load again)."""
    from api.middleware import store  # here: the xdist controller runs no test

    with full_app.app_context():
        return store.index()


@pytest.fixture
def line(full_index):
    """What one decklist line written as text (or one JSON entry) resolves to on the full
    catalog (its Resolution)."""

    def resolve_one(written):
        deck = parse(written if isinstance(written, list) else f"1 {written}")
        assert deck.problems == [] and len(deck.entries) == 1
        return resolve(full_index, deck.entries)[0].resolution

    return resolve_one


@pytest.fixture
def mini_dir(tmp_path) -> Path:
    """A writable copy of the mini catalog, for tests that break it."""
    target = tmp_path / "mini-copy"
    shutil.copytree(MINI_CATALOG, target)
    return target


@pytest.fixture(scope="session")
def full_app(full_db_url):
    from tests.support.apps import contract_app  # here: the xdist controller runs no test

    return contract_app(full_db_url)


@pytest.fixture
def client(full_app):
    """A contract-checking client on the full real catalog."""
    return full_app.test_client()


@pytest.fixture
def runner_for():
    """A CLI runner for an app bound to the given database URL."""

    def build(url: str):
        from app import create_app  # here: the xdist controller runs no test

        return create_app({"TESTING": True, "DATABASE_URL": url}).test_cli_runner()

    return build
