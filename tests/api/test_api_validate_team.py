"""POST /v1/validate/team; every response is checked against openapi.yaml."""

import pytest

CHARMANDER = "1 Charmander LC 70\n"  # a Basic Pokémon legal in Modified
MODIFIED = "4 Bill LC 108\n" + CHARMANDER + "55 Fire Energy BS 98\n"
PIKACHU = "2 Pikachu LC 86\n38 Lightning Energy BS 100\n"


def post(client, body):
    return client.post("/v1/validate/team", json=body)


def test_a_legal_team(client):
    body = post(client, {"format": "team-multiplay", "players": [
        {"seat": "A", "deck": MODIFIED}, {"seat": "B", "deck": MODIFIED}]}).get_json()
    assert body["legal"] is True
    assert body["format"]["id"] == "team-multiplay" and body["format"]["play"] == "constructed"
    assert body["prizes"] == {"A": 3, "B": 2} and body["round_minutes"] == 50
    assert [p["seat"] for p in body["players"]] == ["A", "B"]
    assert all(p["legal"] and p["input_format"] == "plain" for p in body["players"])


def test_team_violations_and_player_violations_apart(client):
    blastoise = "4 Blastoise BS 2\n" + CHARMANDER + "55 Fire Energy BS 98\n"
    body = post(client, {"format": "team-multiplay", "players": [
        {"seat": "A", "deck": MODIFIED}, {"seat": "A", "deck": blastoise}]}).get_json()
    assert body["legal"] is False
    assert [v["code"] for v in body["violations"]] == ["team", "team"]
    assert all(v["rule"]["section"] == "§244" for v in body["violations"])
    assert [[v["code"] for v in p["violations"]] for p in body["players"]] == [[], ["not-legal"]]


def test_team_battle_limited_counts_both_pools_together(client):
    body = post(client, {"format": "team-battle", "play": "limited", "players": [
        {"seat": "A", "deck": PIKACHU, "pool": "1 Pikachu LC 86"},
        {"seat": "B", "deck": "1 Bill LC 108\n" + CHARMANDER + "38 Fire Energy BS 98\n",
         "pool": "1 Pikachu LC 86\n1 Bill LC 108\n" + CHARMANDER}]}).get_json()
    assert body["legal"] is True, body["violations"]
    assert body["prizes"] == {"A": 2, "B": 2}
    assert body["players"][1]["pool"]["counts"]["total"] == 3
    short = post(client, {"format": "team-battle", "play": "limited", "players": [
        {"seat": "A", "deck": PIKACHU, "pool": "1 Pikachu LC 86"},
        {"seat": "B", "deck": PIKACHU}]}).get_json()
    assert [(v["code"], v["cards"][0]["seat"]) for v in short["violations"]] == [
        ("not-in-pool", "A"), ("not-in-pool", "B")]


@pytest.mark.parametrize(("body", "pointer"), [
    ({"format": "modified", "players": [{"seat": "A", "deck": MODIFIED}]}, "/format"),
    ({"format": "team-multiplay", "players": []}, "/players"),
    ({"format": "team-multiplay", "players": [{"seat": "A"}]}, "/players/0/deck"),
    ({"format": "team-multiplay", "players": [{"seat": "", "deck": "x"}]}, "/players/0/seat"),
    ({"format": "team-multiplay", "players": [{"seat": "A", "deck": 3}]}, "/players/0/deck"),
    ({"format": "team-multiplay", "players": [{"seat": "A", "deck": "x"}] * 9}, "/players"),
])
def test_bad_team_bodies(client, body, pointer):
    response = post(client, body)
    assert response.status_code == 422
    assert response.get_json()["pointer"] == pointer


def test_team_bodies_are_json_only(client):
    response = client.post("/v1/validate/team", data="4 Bill", content_type="text/plain")
    assert response.status_code == 415


def test_a_pool_or_product_for_constructed_play_is_read_but_not_used(client):
    body = post(client, {"format": "team-multiplay", "product": "legendary-collection",
                         "players": [{"seat": "A", "deck": MODIFIED, "pool": "1 Bill LC 108"}]})
    assert body.status_code == 200
    team = body.get_json()
    assert [(n["code"], n["pointer"]) for n in team["notices"]] == [
        ("limited-only", "/players/0/pool"), ("limited-only", "/product")]
    assert "pool" not in team["players"][0]
    malformed = post(client, {"format": "team-multiplay", "players": [
        {"seat": "A", "deck": MODIFIED, "pool": "1 Bi\u0000ll"}]})
    assert malformed.status_code == 400


def test_a_team_format_without_limited_play_is_checked_constructed_and_says_so(client):
    team = post(client, {"format": "2v2-casual", "play": "limited",
                         "players": [{"seat": "A", "deck": MODIFIED}]}).get_json()
    assert team["format"]["play"] == "constructed"
    assert [(n["code"], n["pointer"]) for n in team["notices"]] == [("play-not-used", "/play")]
