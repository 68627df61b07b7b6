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
