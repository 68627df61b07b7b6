"""Card searches answered from what a worker keeps (api/views/card_answers.py,
api/card_search.py): the same bytes as an answer read afresh, one catalog's body and ETag,
and nothing kept from a catalog the index does not hold."""

from __future__ import annotations

import pytest

from api.middleware import store
from api.middleware.http_cache import catalog_etag
from catalog.importing.importer import import_catalog
from tests.api.test_index_refresh import rename_card, serving

ON_SQLITE = pytest.mark.parametrize("backend", ["sqlite"], indirect=True)

SEARCHES = ["/v1/cards?legal_in=standard&as_of=2026-08-01&per_page=250&page=2",
            "/v1/cards?per_page=250&page=40",
            "/v1/cards?name=Energy Removal&not_legal_in=standard,expanded",
            "/v1/cards?q=pikachu&supertype=Pokémon&legal_in=unlimited&per_page=7&page=3",
            "/v1/cards?set=BS&as_of=2000-01-01"]


@ON_SQLITE
@pytest.mark.parametrize("path", SEARCHES)
def test_a_kept_answer_is_the_answer_read_afresh(full_app, client, path):
    with full_app.app_context():
        store.index().caches.forget()
    fresh = client.get(path)
    kept = client.get(path)
    assert fresh.status_code == kept.status_code == 200
    assert kept.data == fresh.data and kept.headers["ETag"] == fresh.headers["ETag"]
    body = fresh.get_json()
    assert body["items"] and len({item["id"] for item in body["items"]}) == len(body["items"])


@ON_SQLITE
def test_a_page_shows_what_the_card_answer_shows(client):
    """A card of a search is the card's own answer, but for its other printings."""
    body = client.get("/v1/cards?name=Gwynn&as_of=2026-08-01").get_json()
    for item in body["items"]:
        alone = client.get(f"/v1/cards/{item['id']}?as_of=2026-08-01").get_json()
        alone.pop("printings")
        assert item == alone


@ON_SQLITE
def test_the_day_is_part_of_what_is_kept(client):
    before = client.get("/v1/cards?name=Gwynn&as_of=2026-07-20").get_json()["items"]
    after = client.get("/v1/cards?name=Gwynn&as_of=2026-08-01").get_json()["items"]
    assert {item["legalities"]["standard"]["status"] for item in before} == {"not_yet_legal"}
    assert {item["legalities"]["standard"]["status"] for item in after} == {"legal"}


PAGE = "/v1/cards?as_of=2003-08-31&per_page=1&page={}"


def test_while_the_index_lags_a_kept_page_and_its_etag_are_one_catalogs(empty_db_url,
                                                                         mini_dir):
    """A re-import commits before a worker's index follows (up to CATALOG_CHECK_SECONDS): a
    page kept from the index's catalog is that catalog's answer, ETag and all; a page not
    kept is read from the new catalog, names it, and is not kept for the index's."""
    with serving(empty_db_url, mini_dir, 3600) as (engine, client):
        old_version = client.get("/readyz").get_json()["catalog"]["version"]
        every = client.get("/v1/cards?per_page=250").get_json()["items"]
        charizard = 1 + [item["id"] for item in every].index("base1-4")
        other = 2 if charizard == 1 else 1
        first = client.get(PAGE.format(other))
        rename_card(mini_dir, "base1-4", "Blaziken")
        import_catalog(engine, str(mini_dir))
        with engine.connect() as connection:
            new_version = connection.exec_driver_sql("SELECT version FROM catalog_meta").scalar()
        assert new_version != old_version
        again = client.get(PAGE.format(other))
        assert again.data == first.data
        assert again.headers["ETag"] == first.headers["ETag"] == f'"{catalog_etag(old_version)}"'
        for _ in range(2):  # the second time too: nothing of the new catalog was kept
            read = client.get(PAGE.format(charizard))
            assert read.get_json()["items"][0]["name"] == "Blaziken"
            assert read.headers["ETag"] == f'"{catalog_etag(new_version)}"'
