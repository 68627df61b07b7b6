"""Running workers pick up a re-import through the catalog version stamp, with no restart."""

import json
from contextlib import contextmanager

from api.middleware import store
from app import create_app
from catalog.db import make_engine
from catalog.importing.importer import import_catalog
from tests.support.contract import ContractClient


def resolve_names(client, text):
    body = client.post("/v1/resolve", data=text, content_type="text/plain").get_json()
    return body["catalog"]["version"], [line["status"] for line in body["lines"]]


def rename_card(mini_dir, card_id, new_name):
    path = mini_dir / "cards" / "en" / "base1.json"
    cards = json.loads(path.read_text(encoding="utf-8"))
    for card in cards:
        if card["id"] == card_id:
            card["name"] = new_name
    path.write_text(json.dumps(cards), encoding="utf-8")


@contextmanager
def serving(url, mini_dir, check_seconds):
    """The mini catalog imported into a new database, and a client of an app serving it;
    both engines' pooled connections closed after (a connection left to the collector is a
    ResourceWarning in whichever test it is collected)."""
    engine = make_engine(url)
    import_catalog(engine, str(mini_dir))
    app = create_app({"TESTING": True, "DATABASE_URL": url,
                      "CATALOG_CHECK_SECONDS": check_seconds})
    app.test_client_class = ContractClient
    try:
        yield engine, app.test_client()
    finally:
        engine.dispose()
        with app.app_context():
            store.engine().dispose()


def test_a_reimport_reaches_a_running_app(empty_db_url, mini_dir):
    with serving(empty_db_url, mini_dir, 0) as (engine, client):
        before, statuses = resolve_names(client, "1 Charizard BS 4\n1 Blaziken BS 4")
        assert statuses == ["resolved", "unknown"]

        rename_card(mini_dir, "base1-4", "Blaziken")
        import_catalog(engine, str(mini_dir))
        after, statuses = resolve_names(client, "1 Charizard BS 4\n1 Blaziken BS 4")
        assert after != before and statuses == ["unknown", "resolved"]


def test_the_stamp_is_checked_at_most_every_interval(empty_db_url, mini_dir):
    with serving(empty_db_url, mini_dir, 3600) as (engine, client):
        before, _ = resolve_names(client, "1 Charizard")
        rename_card(mini_dir, "base1-4", "Blaziken")
        import_catalog(engine, str(mini_dir))
        # Within the interval the worker keeps its index: no database query per request.
        assert resolve_names(client, "1 Charizard") == (before, ["resolved"])
