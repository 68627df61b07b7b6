"""GET /v1/formats and /v1/formats/{id}; every response is checked against openapi.yaml."""

from validators.formats import ORDER


def test_every_format_is_listed_in_order(client):
    body = client.get("/v1/formats").get_json()
    assert [f["id"] for f in body["items"]] == list(ORDER)
    assert {f["kind"] for f in body["items"]} == {"singles", "team"}


def test_modified_names_its_pool_bans_and_sources(client):
    body = client.get("/v1/formats/modified").get_json()
    assert body["document"] == {"title": "DCI Floor Rules 2003", "date": "2003-01-01",
                                "reaches": "2003-08-31"}
    assert body["deck_size"] == 60 and body["copy_limit"] == 4
    legal = {s["id"]: s for s in body["card_pool"]["legal_sets"]}
    assert {"neo1", "neo2", "neo3", "si1", "neo4", "base6", "ecard1", "ecard2", "ecard3",
            "ex1", "basep", "bp"} <= set(legal)
    assert not {"base1", "base2", "base3", "base4", "base5", "gym1", "gym2", "ex2"} & set(legal)
    assert legal["basep"]["numbers"] == {"from": 21, "to": None}
    assert body["card_pool"]["reprints_legal"] is True
    assert [(b["id"], b["name"]) for b in body["banned"]] == [
        ("djmovie-1", "Ancient Mew"), ("basep-24", "_____'s Pikachu"), ("neo1-25", "Sneasel"),
        ("neo1-14", "Slowking")]
    assert {c["code"] for c in body["checks"]} >= {"deck-size", "copy-limit", "not-legal",
                                                    "banned", "sideboard"}


def test_glc_lists_its_dated_bans_and_the_kind_of_card_its_first_rules_banned(client):
    banned = client.get("/v1/formats/glc").get_json()["banned"]
    kind = banned[0]
    assert kind["reaches"] == "ancient-trait" and kind["id"] is None
    assert kind["name"] == "Pokémon with an Ancient Trait"
    assert (kind["until"], kind["until_by"]) == ("2021-11-16", None)
    assert kind["announcement"]["url"] == "https://www.pokebeach.com/2021/08/glc-part-one"
    cards = {b["id"]: b for b in banned[1:]}
    assert all(b["reaches"] is None and b["name"] for b in cards.values())
    assert cards["xy4-99"]["name"] == "Lysandre's Trump Card"
    assert cards["sm35-45"]["effective"] == "2024-09-01"
    # a ban whose update post was not found cites the format's ban list, which dates it
    assert cards["xy4-93"]["name"] == "Dimension Valley"
    assert cards["xy4-93"]["effective"] == "2026-04-20" and cards["xy4-93"]["until"] is None
    assert cards["xy4-93"]["announcement"]["url"] == "https://gymleaderchallenge.com/ban-list"


def test_formats_list_their_name_families_with_rule_day_and_source(client):
    glc = client.get("/v1/formats/glc").get_json()["families"]
    assert [(f["names"], f["rule"], f["effective"], f["until"]) for f in glc] == [
        (["Professor's Research", "Professor Juniper", "Professor Sycamore"],
         "counted-together", "2021-07-14", None),
        (["Boss's Orders", "Lysandre"], "counted-together", "2021-07-14", None)]
    assert {f["source"]["url"] for f in glc} == {"https://gymleaderchallenge.com/faq"}
    expanded = client.get("/v1/formats/expanded").get_json()["families"]
    assert [(f["names"], f["rule"], f["effective"]) for f in expanded] == [
        (["Professor Juniper", "Professor Sycamore"], "one-name", "2013-11-08")]
    assert expanded[0]["source"]["date"] == "2013-10-01"
    # Formats without such a rule list none; a team format's decks show their own: the
    # 2002-03 Modified of the DCI Floor Rules 2003, ten years before the rule.
    assert client.get("/v1/formats/sealed").get_json()["families"] == []
    multiplay = client.get("/v1/formats/team-multiplay").get_json()
    assert multiplay["plays"]["constructed"]["deck_rules"]["families"] == []


def test_limited_formats_list_their_products(client):
    sealed = client.get("/v1/formats/sealed").get_json()
    assert sealed["deck_size"] == 40 and sealed["copy_limit"] is None and sealed["prizes"] == 4
    assert sealed["products"] == [{"id": "legendary-collection",
                                   "name": "5 Legendary Collection boosters", "section": "§234",
                                   "boosters": [{"set": "base6", "packs": 5}]}]
    drafts = client.get("/v1/formats/rochester-draft").get_json()["products"]
    assert len(drafts) == 6 and all(sum(b["packs"] for b in p["boosters"]) == 6 for p in drafts)


def test_team_formats_give_seats_prizes_and_round_times(client):
    body = client.get("/v1/formats/team-multiplay").get_json()
    assert body["kind"] == "team" and body["seats"] == ["A", "B"]
    constructed, limited = body["plays"]["constructed"], body["plays"]["limited"]
    assert (constructed["prizes"], constructed["round_minutes"]) == ({"A": 3, "B": 2}, 50)
    assert (limited["prizes"], limited["round_minutes"]) == ({"A": 2, "B": 2}, 40)
    assert constructed["deck_rules"]["id"] == "modified"
    assert limited["deck_rules"]["id"] == "sealed" and limited["pool"] == "own"
    battle = client.get("/v1/formats/team-battle").get_json()
    assert battle["plays"]["limited"]["pool"] == "shared"
    dp_on = {s["id"] for s in battle["plays"]["constructed"]["deck_rules"]["card_pool"]
             ["legal_sets"]}
    assert {"dp1", "dpp", "pl4", "hgss3"} <= dp_on and not {"ex16", "pop5", "hgss4"} & dp_on


def test_unknown_format_is_a_404_listing_the_formats(client):
    response = client.get("/v1/formats/extended")
    assert response.status_code == 404
    assert response.get_json()["supported"] == list(ORDER)
