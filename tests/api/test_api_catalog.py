"""The catalog read API on the full real catalog; every response is checked against openapi.yaml."""

import pytest


@pytest.mark.parametrize(("tcgdex_id", "ours"), [
    ("me05-001", "me5-1"), ("sv01-189", "sv1-189"), ("me02.5-1", "me2pt5-1"),
    ("ME05-1", "me5-1"), ("swshp-SWSH301", "swshp-SWSH301"), ("base1-4", "base1-4"),
])
def test_a_card_is_found_by_tcgdex_id_too(client, full_index, tcgdex_id, ours):
    assert client.get(f"/v1/cards/{tcgdex_id}").get_json()["id"] == ours
    found = full_index.card(tcgdex_id)
    assert found is not None and found.id == ours


@pytest.mark.parametrize("unknown", ["me05-999", "me05-", "-1", "nosuchset-1", "me05"])
def test_an_id_of_no_printing_is_404_by_either_scheme(client, full_index, unknown):
    assert client.get(f"/v1/cards/{unknown}").status_code == 404
    assert full_index.card(unknown) is None


def test_card_shows_identity_and_other_printings(client):
    body = client.get("/v1/cards/base1-4").get_json()
    assert body["name"] == "Charizard" and body["set"]["id"] == "base1"
    printings = {p["id"]: p for p in body["printings"]}
    assert "base6-3" in printings
    assert printings["base6-3"]["same_text"] is False   # Legendary Collection rewording
    assert printings["base4-4"]["same_text"] is True    # Base Set 2: word for word
    assert body["identity"]["type_identity"] == ["Fire"]


def test_different_cards_with_one_name_are_not_printings_of_each_other(client):
    printings = [p["id"] for p in client.get("/v1/cards/base1-10").get_json()["printings"]]
    assert "base6-29" not in printings


def test_unknown_card_is_a_404_problem(client):
    response = client.get("/v1/cards/base1-999")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"
    assert "base1-999" in response.get_json()["detail"]


@pytest.mark.parametrize(("query", "expected"), [
    ("set=PR-SW&number=SWSH68", ["swshp-SWSH068"]),
    ("set=SVE&number=004", ["sve-4"]),
    ("set=base1&number=4", ["base1-4"]),
    ("name=Pokemon%20Center&set=BS", ["base1-85"]),
    ("name=ancient%20mew", ["djmovie-1"]),
    ("set=base1&number=4%0A", ["base1-4"]),
    ("set=base1&number=4%0Ax", []),
])
def test_card_filters(client, query, expected):
    body = client.get(f"/v1/cards?{query}").get_json()
    assert [item["id"] for item in body["items"]] == expected
    assert body["total"] == len(expected)


def test_a_code_naming_two_sets_searches_both(client):
    ids = {i["set"]["id"] for i in client.get("/v1/cards?set=HIF&per_page=250").get_json()["items"]}
    assert ids == {"sm115", "sma"}


def test_pagination_walks_every_result_once(client):
    seen, url = [], "/v1/cards?q=charizard&per_page=7"
    while url:
        body = client.get(url).get_json()
        seen += [item["id"] for item in body["items"]]
        url = body.get("next")
    assert len(seen) == len(set(seen)) == body["total"] > 7


def test_results_are_in_collector_number_order(client):
    items = client.get("/v1/cards?set=basep&per_page=30").get_json()["items"]
    numbers = [item["number"] for item in items]
    assert numbers[:12] == [str(n) for n in range(1, 13)]


@pytest.mark.parametrize("query", ["bogus=1", "page=0", "per_page=1000", "page=abc",
                                   "supertype=Wizard", "name=" + "x" * 201, "name=a&name=b",
                                   # a NUL matched every card on SQLite, and was a 503
                                   # (the database's refusal) on PostgreSQL
                                   "q=%00Charizard", "name=Char%01izard", "number=4%7F"])
def test_bad_queries_are_400_problems(client, query):
    response = client.get(f"/v1/cards?{query}")
    assert response.status_code == 400
    assert response.mimetype == "application/problem+json"
    assert response.get_json()["detail"].startswith(("Invalid query", "Query argument"))


def test_sets(client):
    body = client.get("/v1/sets").get_json()
    assert body["total"] == 173 + 25  # pokemon-tcg-data's and the supplement, TCGdex's
    assert body["items"][0]["id"] == "base1"
    assert client.get("/v1/sets/me5").get_json()["tcgdex_id"] == "me05"
    basep = client.get("/v1/sets/basep").get_json()
    assert basep["kind"] == "promo" and "PR" in basep["codes"] and "WBSP" in basep["codes"]
    assert client.get("/v1/sets/nope").status_code == 404


def test_wrong_method_is_a_405_problem_with_allow(client):
    response = client.delete("/v1/cards/base1-4")
    assert response.status_code == 405
    assert "GET" in response.headers["Allow"]


def test_unknown_path_is_a_404_problem(client):
    response = client.get("/v2/everything")
    assert response.status_code == 404
    assert response.mimetype == "application/problem+json"


def test_readyz_names_the_loaded_catalog(client):
    body = client.get("/readyz").get_json()
    assert body["status"] == "ready"
    assert body["catalog"]["cards"] == 20_107 + 903 and len(body["catalog"]["version"]) == 16
    assert body["catalog"]["newest_set"] == {"id": "me5", "name": "Pitch Black",
                                             "series": "Mega Evolution",
                                             "release_date": "2026-07-17"}


def test_readyz_is_503_without_a_catalog(empty_db_url):
    from tests.support.apps import make_client
    client = make_client(empty_db_url)
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.get_json()["type"].endswith("/catalog-not-loaded")


def test_database_outage_is_a_503_problem(tmp_path):
    from tests.support.apps import make_client
    missing_dir = tmp_path / "gone"
    missing_dir.mkdir()
    missing_dir.chmod(0o500)  # SQLite cannot create its file here: the database is unreachable
    try:
        client = make_client(f"sqlite:///{missing_dir / 'sub' / 'db.sqlite3'}")
        response = client.get("/v1/cards/base1-4")
    finally:
        missing_dir.chmod(0o700)
    assert response.status_code == 503
    assert response.headers["Retry-After"] == "5"
    assert "Traceback" not in response.get_data(as_text=True)


def test_spec_is_served(client):
    response = client.get("/openapi.yaml")
    assert response.status_code == 200
    assert response.get_data(as_text=True).startswith("openapi: 3.1")


@pytest.mark.parametrize("path", ["/v1/cards/base1%004", "/v1/sets/base%001",
                                  "/v1/cards/base1-4%01"])
def test_an_id_with_a_control_character_is_not_found(client, path):
    # PostgreSQL refuses a NUL in text: that must not read as the database being down.
    response = client.get(path)
    assert response.status_code == 404
    assert response.get_json()["type"].endswith(("/card-not-found", "/set-not-found"))
