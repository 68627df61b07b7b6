"""JSON as the service reads it: a repeated key, a number of thousands of digits and a nest
too deep are a client's fault naming its place, never a server error, on every endpoint."""

from __future__ import annotations

import json

import pytest


def text(client, deck: str, query: str):
    return client.post(f"/v1/validate?{query}", data=deck.encode(),
                       content_type="text/plain")


def test_a_repeated_key_is_malformed_json_naming_its_place(client):
    answer = client.post("/v1/validate", data='{"deck": "4 Bill",\n "deck": "4 Switch"}',
                         content_type="application/json")
    assert answer.status_code == 400
    problem = answer.get_json()
    assert problem["type"].endswith("/malformed-json") and problem["line"] == 2
    assert '"deck" appears twice' in problem["detail"]


@pytest.mark.parametrize("path", ["/v1/validate", "/v1/resolve"])
def test_a_number_of_thousands_of_digits_is_malformed_json(client, path):
    body = '{"deck": [{"count": 1' + "0" * 5000 + ', "id": "base1-4"}]}'
    answer = client.post(path, data=body, content_type="application/json")
    assert answer.status_code == 400
    problem = answer.get_json()
    assert problem["type"].endswith("/malformed-json")
    assert (problem["line"], problem["column"]) == (1, 21) and "5,001 digits" in problem["detail"]


NESTED = "[" * 1000


@pytest.mark.parametrize("query", ["format=modified", "format=all"])
def test_a_text_deck_of_nested_brackets_is_a_line_that_cannot_be_read(client, query):
    answer = text(client, NESTED, query)
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["problems"][0]["code"] == "malformed-json" and body["problems"][0]["line"] == 1
    assert "nested too deeply" in body["problems"][0]["message"]


def test_nested_brackets_elsewhere_are_no_server_error(client):
    assert client.post("/v1/resolve", data=NESTED.encode(),
                       content_type="text/plain").status_code == 200
    team = {"format": "team-multiplay", "players": [{"seat": "A", "deck": NESTED},
                                                    {"seat": "B", "deck": "4 Bill LC 108\n"}]}
    assert client.post("/v1/validate/team", json=team).status_code == 200
    page = client.post("/", data={"mode": "deck", "deck": NESTED, "format": "modified"})
    assert page.status_code == 200


def test_a_deck_of_nested_brackets_in_a_batch_costs_only_itself(client):
    decks = [{"id": "nested", "format": "modified", "deck": NESTED},
             {"id": "good", "format": "modified", "deck": "4 Bill LC 108\n"},
             {"id": "deep", "format": "modified", "deck": json.loads("[" * 30 + "]" * 30)}]
    answer = client.post("/v1/validate/batch", json={"decks": decks})
    assert answer.status_code == 200
    statuses = [result["status"] for result in answer.get_json()["results"]]
    assert statuses == [200, 200, 422]


@pytest.mark.parametrize("path", ["/v1/validate", "/v1/resolve"])
def test_half_a_surrogate_pair_is_malformed_json_naming_its_place(client, path):
    answer = client.post(path, data='{"deck": "4 Pika\\ud800chu"}',
                         content_type="application/json")
    assert answer.status_code == 400
    problem = answer.get_json()
    assert problem["type"].endswith("/malformed-json")
    assert (problem["line"], problem["column"]) == (1, 17) and "\\ud800" in problem["detail"]
    whole = client.post(path, data='{"deck": "4 Pikachu \\ud83d\\ude00"}',
                        content_type="application/json")
    assert whole.status_code == 200  # a pair written as two escapes is one character


def _nest(depth: int, inner: str) -> str:
    return "[" * depth + inner + "]" * depth


# Half a surrogate pair inside arrays 340 deep, under what the decoder follows: a recursive
# walk over the value once answered 500 here, on every endpoint.
DEEP_SURROGATE = _nest(340, '"\\ud800"')


@pytest.mark.parametrize("path, body", [
    ("/v1/validate", '{"deck": ' + DEEP_SURROGATE + "}"),
    ("/v1/validate", '{"format": ' + DEEP_SURROGATE + ', "deck": "4 Bill"}'),
    ("/v1/resolve", DEEP_SURROGATE),
    ("/v1/validate/team", '{"format": "team-battle", "players": ' + DEEP_SURROGATE + "}"),
    ("/v1/validate/batch", '{"decks": [{"id": "a", "deck": ' + DEEP_SURROGATE + "}]}"),
])
def test_a_deep_nest_holding_half_a_surrogate_is_malformed_json(client, path, body):
    answer = client.post(path, data=body, content_type="application/json")
    assert answer.status_code == 400
    problem = answer.get_json()
    assert problem["type"].endswith("/malformed-json")
    assert "nested too deeply (more than 64 levels)" in problem["detail"]
    assert problem["line"] == 1 and body[problem["column"] - 1] == "["


def test_a_text_deck_of_a_deep_nest_holding_half_a_surrogate_is_a_line_not_read(client):
    for query in ("format=modified", "format=all"):
        answer = text(client, DEEP_SURROGATE, query)
        assert answer.status_code == 200
        assert answer.get_json()["problems"][0]["code"] == "malformed-json"
    page = client.post("/", data={"mode": "deck", "deck": DEEP_SURROGATE, "format": "modified"})
    assert page.status_code == 200


@pytest.mark.parametrize("depth, status", [(64, 422), (65, 400)])
def test_a_body_may_nest_64_deep(client, depth, status):
    """The body itself is the first level; its deck nests the others around nothing. Read,
    that is an entry that is not an object (422); one level more, it is not read (400)."""
    body = '{"format": "modified", "deck": ' + _nest(depth - 1, "") + "}"
    answer = client.post("/v1/validate", data=body, content_type="application/json")
    assert answer.status_code == status, answer.get_json()
    if status == 400:
        assert answer.get_json()["column"] == len('{"format": "modified", "deck": ') + 64


def test_a_lone_surrogate_anywhere_is_found_in_one_walk(client):
    body = json.dumps({"deck": "4 Bill", "format": ["modified"] * 3})
    body = body[:-1] + ', "x": ' + _nest(50, '{"k": ["ok", "\\udc00"]}') + "}"
    answer = client.post("/v1/validate", data=body, content_type="application/json")
    assert answer.status_code == 400
    problem = answer.get_json()
    assert "\\udc00 is half of a surrogate pair" in problem["detail"]
    assert body[problem["column"] - 1:problem["column"] + 5] == "\\udc00"
