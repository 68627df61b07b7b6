"""GET /v1/changes and /v1/changes.atom: every dated change, oldest first, with its source;
every answer is checked against openapi.yaml, and the feed is parsed and held to the
elements RFC 4287 requires."""

import json
from xml.etree import ElementTree as ET

from bs4 import BeautifulSoup

from catalog.importing.importer import import_catalog
from tests.api.test_index_refresh import serving

ATOM = "{http://www.w3.org/2005/Atom}"


def _all(client, query=""):
    items, page = [], 1
    while True:
        body = client.get(f"/v1/changes?per_page=20&page={page}{query}").get_json()
        items += body["items"]
        if "next" not in body:
            assert len(items) == body["total"]
            return items
        page += 1


def test_changes_are_listed_oldest_first_each_once_across_pages(client):
    items = _all(client)
    days = [item["effective"] for item in items]
    assert days == sorted(days)
    assert len({item["id"] for item in items}) == len(items)
    assert {"ban", "unban", "rotation", "pool", "set-legal", "rule"} <= {
        item["kind"] for item in items}


def test_the_2026_rotation_and_every_ban_of_2025_and_2026_are_listed_with_their_sources(client):
    items = _all(client, "&since=2025-01-01&until=2026-12-31")
    rotation = [i for i in items if i["kind"] == "rotation"]
    assert [(r["format"], r["effective"]) for r in rotation] == [
        ("standard", "2025-04-11"), ("standard", "2026-04-10")]
    assert rotation[1]["source"]["url"].startswith("https://")
    bans = {(i["format"], i["cards"][0]["id"], i["effective"]) for i in items
            if i["kind"] == "ban"}
    assert bans == {("glc", "swsh2-174", "2025-04-24"), ("glc", "xy1-130", "2025-04-24"),
                    ("expanded", "swsh2-22", "2025-10-10"),
                    ("expanded", "swsh7-83", "2026-04-10"), ("glc", "xy4-93", "2026-04-20")}
    for item in items:
        if item["kind"] == "ban":
            assert item["source"]["title"] and item["source"]["url"].startswith("https://")
            assert item["announced"] == item["source"]["date"]
            assert item["cards"][0]["name"] and item["cards"][0]["name"] in item["title"]
    assert all("2025-01-01" <= i["effective"] <= "2026-12-31" for i in items)


def test_a_format_filter_lists_that_formats_changes_alone(client):
    items = _all(client, "&format=expanded")
    assert items and {i["format"] for i in items} == {"expanded"}
    assert ("swsh7-83", "2026-04-10") in {(c["id"], i["effective"]) for i in items
                                          for c in i["cards"]}


def test_changes_are_cacheable_by_catalog_and_build(client):
    answer = client.get("/v1/changes?format=glc")
    assert answer.headers["Cache-Control"].startswith("public")
    again = client.get("/v1/changes?format=glc",
                       headers={"If-None-Match": answer.headers["ETag"]})
    assert again.status_code == 304


def test_days_that_hold_no_day_list_no_change(client):
    # Schema-valid, as the contract has it: until before since is an empty stretch of days.
    answer = client.get("/v1/changes?since=2026-05-01&until=2026-04-01")
    assert answer.status_code == 200 and answer.get_json()["items"] == []
    assert client.get("/v1/changes?since=2026-04-10&until=2026-04-10").get_json()["items"]


def test_a_bad_query_is_a_problem_naming_the_parameter(client):
    for query, parameter in (("since=2026-13-01", "since"),
                             ("per_page=0", "per_page")):
        answer = client.get(f"/v1/changes?{query}")
        assert answer.status_code == 400, query
        assert answer.mimetype == "application/problem+json"
        assert parameter in answer.get_data(as_text=True), query


def test_a_format_no_format_has_is_a_404_as_everywhere_a_format_is_named(client):
    for path in ("/v1/changes?format=nope", "/v1/changes.atom?format=nope"):
        answer = client.get(path)
        assert answer.status_code == 404, path
        assert answer.get_json()["type"].endswith("/unknown-format")
        assert answer.get_json()["parameter"] == "format"


def test_the_atom_feed_is_valid_and_holds_the_same_changes(client):
    answer = client.get("/v1/changes.atom?since=2025-01-01")
    assert answer.mimetype == "application/atom+xml"
    feed = ET.fromstring(answer.get_data())
    assert feed.tag == f"{ATOM}feed"
    # RFC 4287 4.1.1: a feed has exactly one id, title and updated, and an author (here
    # the feed's, which its entries inherit); a self link is recommended.
    for tag in ("id", "title", "updated", "author"):
        assert len(feed.findall(f"{ATOM}{tag}")) == 1, tag
    assert feed.find(f"{ATOM}author/{ATOM}name").text == "deckjudge"
    assert any(link.get("rel") == "self" for link in feed.findall(f"{ATOM}link"))
    entries = feed.findall(f"{ATOM}entry")
    listed = _all(client, "&since=2025-01-01")
    assert len(entries) == len(listed)
    # 4.1.2: each entry has exactly one id, title and updated; content or an alternate link.
    for entry in entries:
        for tag in ("id", "title", "updated"):
            assert len(entry.findall(f"{ATOM}{tag}")) == 1, tag
        assert entry.find(f"{ATOM}content") is not None
        assert entry.find(f"{ATOM}id").text.startswith("urn:uuid:")
        assert entry.find(f"{ATOM}updated").text.endswith("T00:00:00Z")
    newest_first = [e.find(f"{ATOM}updated").text[:10] for e in entries]
    assert newest_first == sorted(newest_first, reverse=True)
    by_id = {e.find(f"{ATOM}id").text: e for e in entries}
    ban = next(i for i in listed if i["cards"] and i["cards"][0]["id"] == "swsh7-83")
    entry = by_id[f"urn:uuid:{ban['id']}"]
    assert entry.find(f"{ATOM}title").text == ban["title"]
    assert entry.find(f"{ATOM}link").get("href") == ban["source"]["url"]
    assert {c.get("term") for c in entry.findall(f"{ATOM}category")} == {"ban", "expanded"}


def test_the_page_links_the_feed_for_readers_and_people(client):
    soup = BeautifulSoup(client.get("/").get_data(as_text=True), "html.parser")
    alternate = soup.find("link", rel="alternate", type="application/atom+xml")
    assert alternate is not None
    shown = [a["href"] for a in soup.find_all("a") if a["href"] == alternate["href"]]
    assert shown
    assert client.get(alternate["href"]).mimetype == "application/atom+xml"


def test_each_set_that_waits_is_listed_on_the_day_it_becomes_legal(client):
    items = _all(client, "&since=2026-07-01&until=2026-08-31")
    legal = {(i["format"], i["sets"][0]["id"], i["effective"]) for i in items
             if i["kind"] == "set-legal"}
    # Pitch Black (me5), released 2026-07-17: the second Friday after is 2026-07-31, the
    # day GET /v1/cards/me5-78 says it is legal from.
    assert {("standard", "me5", "2026-07-31"), ("expanded", "me5", "2026-07-31")} <= legal
    pitch_black = next(i for i in items if i["sets"] and i["sets"][0]["id"] == "me5")
    assert pitch_black["sets"][0]["name"] == "Pitch Black"
    assert "second Friday" in pitch_black["summary"]
    card = client.get("/v1/cards/me5-78?as_of=2026-07-20").get_json()
    assert card["legalities"]["standard"]["legal_from"] == "2026-07-31"


def add_set(mini_dir, set_id: str, name: str, like: str = "neo1") -> None:
    """A set added to a copy of the mini catalog: `like`'s cards under a new id and name."""
    sets_path = mini_dir / "sets" / "en.json"
    sets = json.loads(sets_path.read_text(encoding="utf-8"))
    sets.append({**next(s for s in sets if s["id"] == like), "id": set_id, "name": name})
    sets_path.write_text(json.dumps(sets), encoding="utf-8")
    cards = json.loads((mini_dir / "cards" / "en" / f"{like}.json").read_text(encoding="utf-8"))
    for card in cards:
        card["id"] = f"{set_id}-{card['number']}"
    (mini_dir / "cards" / "en" / f"{set_id}.json").write_text(json.dumps(cards),
                                                             encoding="utf-8")


def test_an_import_that_adds_sets_is_a_change_of_every_format(empty_db_url, mini_dir):
    with serving(empty_db_url, mini_dir, 0) as (engine, client):
        first = client.get("/v1/changes?per_page=500").get_json()
        assert "catalog-sets" not in {i["kind"] for i in first["items"]}  # a first import

        add_set(mini_dir, "zz1", "A Set Added")
        import_catalog(engine, str(mini_dir))
        listed = client.get("/v1/changes?per_page=500&format=glc").get_json()["items"]
        [added] = [i for i in listed if i["kind"] == "catalog-sets"]
        assert added["format"] is None and added["sets"] == [{"id": "zz1",
                                                              "name": "A Set Added"}]
        assert "adds 1 set" in added["summary"] and added["title"].startswith("Every format")
        feed = ET.fromstring(client.get("/v1/changes.atom?format=glc").get_data())
        entry = next(e for e in feed.findall(f"{ATOM}entry")
                     if e.find(f"{ATOM}id").text == f"urn:uuid:{added['id']}")
        assert [c.get("term") for c in entry.findall(f"{ATOM}category")] == ["catalog-sets"]
