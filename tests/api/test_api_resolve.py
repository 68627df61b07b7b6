"""POST /v1/resolve on the full real catalog; every response is checked against openapi.yaml."""

import json

import pytest

from tests.support.apps import make_client
from tests.support.paths import FIXTURES

DECKLISTS = FIXTURES / "decklists"


def post_text(client, text, **kwargs):
    return client.post("/v1/resolve", data=text.encode("utf-8") if isinstance(text, str)
                       else text, content_type="text/plain; charset=utf-8", **kwargs)


def test_text_body_resolves_every_line_with_counts(client):
    text = (DECKLISTS / "ptcg-live.txt").read_text(encoding="utf-8")
    response = post_text(client, text)
    assert response.status_code == 200
    body = response.get_json()
    assert body["input_format"] == "ptcg-live"
    assert len(body["catalog"]["version"]) == 16
    assert body["counts"]["total"] == 60
    assert sum(body["counts"]["by_supertype"].values()) + body["counts"]["unresolved"] == 60
    numbers = [line["line"] for line in body["lines"]]
    assert numbers == sorted(numbers) and len(numbers) == len(set(numbers))


def test_json_forms_give_the_same_answer(client):
    entries = [{"count": 4, "id": "neo1-14"}, {"count": 2, "name": "Bill", "set": "LC",
                                                "number": "108"}]
    bare = client.post("/v1/resolve", json=entries).get_json()
    wrapped = client.post("/v1/resolve", json={"deck": entries}).get_json()
    assert bare == wrapped
    assert bare["input_format"] == "json"
    assert [(line["match"], line["card"]["id"]) for line in bare["lines"]] == [
        ("id", "neo1-14"), ("set+number", "base6-108")]
    as_text = client.post("/v1/resolve", json={"deck": "4 neo1-14\n2 Bill LC 108"}).get_json()
    assert [line["card"]["id"] for line in as_text["lines"]] == ["neo1-14", "base6-108"]


def test_line_diagnostics_for_each_status(client):
    body = post_text(client, "2 Pikachu BS 58\n1 Charizard\n1 Pikachu BS 59\n1 Pikachoo\n"
                             "4 Basic {W} Energy Energy 3\n").get_json()
    resolved, ambiguous, wrong_number, misspelt, energy = body["lines"]
    assert resolved["status"] == "resolved" and resolved["card"]["id"] == "base1-58"
    assert ambiguous["status"] == "ambiguous" and ambiguous["card"] is None
    assert len(ambiguous["candidates"]) > 5
    assert all(len({p["id"] for p in group["printings"]}) == len(group["printings"])
               for group in ambiguous["candidates"])
    assert wrong_number["status"] == "unknown" and wrong_number["match"] is None
    assert {"reason": "right-number", "id": "base1-58", "name": "Pikachu", "set": "base1",
            "number": "58"} in wrong_number["suggestions"]
    assert misspelt["suggestions"][0]["name"] == "Pikachu"
    assert energy["match"] == "name" and energy["card"]["supertype"] == "Energy"
    assert energy["notes"] and energy["candidates"][0]["printing_count"] > 20
    assert body["counts"]["lines"] == {"resolved": 2, "ambiguous": 1, "unknown": 2}
    # Charizard is ambiguous, but every candidate is a Pokémon: it counts as one.
    assert body["counts"]["by_supertype"] == {"Pokémon": 3, "Trainer": 0, "Energy": 4}
    assert body["counts"]["unresolved"] == 2


def test_problems_keep_their_lines_and_declared_totals_are_checked(client):
    text = "Pokémon: 6\n4 Pikachu BS 58\nthis is not a card\n1 Bill BS 91\nTotal Cards: 4\n"
    body = post_text(client, text).get_json()
    problems = {(p["line"], p["code"]) for p in body["problems"]}
    assert problems == {(3, "not-a-card-line"), (1, "declared-total"), (5, "declared-total")}
    assert body["counts"]["total"] == 5


def test_sideboard_and_partner_sections_are_kept(client):
    text = "Partner:\n1 Charizard BS 4\nPokémon:\n4 Pikachu BS 58\nSideboard:\n2 Bill BS 91\n"
    body = post_text(client, text).get_json()
    assert [line["section"] for line in body["lines"]] == ["partner", "pokemon", "sideboard"]
    assert body["counts"]["total"] == 5 and body["counts"]["sideboard"] == 2


@pytest.mark.parametrize(("data", "content_type", "status", "slug"), [
    (b"\xff\xfe4 Pikachu", "text/plain", 400, "invalid-encoding"),
    (b"4 Pikachu\n1 Bi\x00ll", "text/plain", 400, "control-characters"),
    (b'{"deck": "4 Pika', "application/json", 400, "malformed-json"),
    (b'{"deck": NaN}', "application/json", 400, "malformed-json"),
    (b"[" * 100_000, "application/json", 400, "malformed-json"),
    (b'{"deck": 5}', "application/json", 422, "invalid-body"),
    (b'{"deck": "4 Pikachu", "format": "x"}', "application/json", 422, "invalid-body"),
    (b'"4 Pikachu"', "application/json", 422, "invalid-body"),
    (b"4 Pikachu", "application/xml", 415, "unsupported-media-type"),
    (b"4 Pikachu", "text/plain; charset=latin-1", 415, "unsupported-media-type"),
    (b"4 Pikachu", None, 415, "unsupported-media-type"),
])
def test_bad_bodies_are_problems(client, data, content_type, status, slug):
    response = client.post("/v1/resolve", data=data, content_type=content_type)
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert problem["type"].endswith("/" + slug) and problem["detail"]


def test_bad_json_says_where(client):
    problem = client.post("/v1/resolve", data=b'{\n  "deck": [\n    {"count": 4,}\n  ]\n}',
                          content_type="application/json").get_json()
    assert (problem["line"], problem["column"]) == (3, 17)


def test_control_character_problem_names_the_line(client):
    problem = post_text(client, "4 Pikachu BS 58\n\n2 Bill\x07 BS 91\n").get_json()
    assert problem["line"] == 3 and "U+0007" in problem["detail"]


def test_oversized_decklists_are_413(client):
    too_many_lines = "\n" * 1000 + "4 Pikachu BS 58"
    response = post_text(client, too_many_lines)
    assert response.status_code == 413 and response.get_json()["line"] == 1001
    too_many_entries = [{"count": 1, "id": "base1-4"}] * 501
    assert client.post("/v1/resolve", json=too_many_entries).status_code == 413
    body = post_text(client, "4 Pikachu BS 58\n" * 300_000)  # 4.8 MB, over the 1 MiB limit
    assert body.status_code == 413


def test_wrong_method_is_405(client):
    response = client.get("/v1/resolve")
    assert response.status_code == 405 and "POST" in response.headers["Allow"]


def test_hostile_json_entries_are_refused_naming_each(client):
    entries = [{"count": -1, "name": "Pikachu"}, {"count": 10**20, "name": "Pikachu"},
               {"count": 4, "name": "x" * 5000}, {"count": 1, "name": ["Pikachu"]},
               {"count": 1, "name": "Robert'); DROP TABLE cards;--"}, "Pikachu",
               {"count": 1, "name": "Pika\u0000chu"}, {"count": 1, "name": None}]
    response = client.post("/v1/resolve", json=entries)
    assert response.status_code == 422
    problem = response.get_json()
    assert problem["type"].endswith("/invalid-entry") and problem["pointer"] == "/0"
    assert problem["line"] == 1 and problem["lines"] == [1, 2, 3, 4, 6, 7, 8]
    assert problem["detail"].startswith("Entry 1 of `deck`") and "6 more: 2, 3, 4" in (
        problem["detail"])
    assert len(json.dumps(problem)) < 20_000
    in_body = client.post("/v1/resolve", json={"deck": entries[2:]}).get_json()
    assert in_body["pointer"] == "/deck/0" and in_body["lines"] == [1, 2, 4, 5, 6]
    sql = client.post("/v1/resolve", json=[entries[4], {"count": 4.0, "id": "base1-4"}])
    assert [line["status"] for line in sql.get_json()["lines"]] == ["unknown", "resolved"]


def test_without_a_catalog_resolve_is_503(empty_db_url):
    client = make_client(empty_db_url)
    response = post_text(client, "4 Pikachu")
    assert response.status_code == 503
    assert response.get_json()["type"].endswith("/catalog-not-loaded")


def test_a_basic_energy_whose_number_is_its_types_word_is_that_energy(client):
    # PTCG Legends' archive of 2018-2020 lists (tests/corpus/played, e.g. 2019-worlds).
    entries = [{"count": 9, "name": "Fire Energy", "set": "TEU", "number": "fire"},
               {"count": 3, "name": "Psychic Energy", "set": "SUM", "number": "Psychic"},
               {"count": 1, "name": "Fire Energy", "set": "TEU", "number": "water"}]
    lines = client.post("/v1/resolve", json=entries).get_json()["lines"]
    assert [line["status"] for line in lines] == ["resolved", "resolved", "unknown"]
    assert lines[0]["card"]["name"] == "Fire Energy" and lines[1]["card"]["name"] == \
        "Psychic Energy"
    assert "basic Fire Energy" in " ".join(lines[0]["notes"])
