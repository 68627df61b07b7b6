"""Hostile and broken input, sent over real HTTP to the real gunicorn.

Each case must be a 4xx RFC 9457 problem that says what is wrong and where
(the decklist line, the JSON pointer or the query parameter), never a 5xx,
and never a stack trace or a path of the server's own. Afterwards the server
log holds no traceback and the catalog still answers.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import requests

from app import create_app
from tests.support.servers import gunicorn
from validators.formats import ORDER

TEXT = {"Content-Type": "text/plain; charset=utf-8"}
JSON = {"Content-Type": "application/json"}
DECK = "4 Bill LC 108\n56 Fire Energy BS 98\n"
ROOT = Path(__file__).resolve().parents[2]
# What a leak would look like: a traceback, a source path, the interpreter's own words.
LEAKS = ("Traceback", "File \"", ".py", str(ROOT), "site-packages", "sqlalchemy", "Werkzeug")


@pytest.fixture(scope="module")
def served(full_db_url, tmp_path_factory):
    log = tmp_path_factory.mktemp("hostile") / "server.log"
    with gunicorn(full_db_url, log=log) as base:
        yield base, log


def send(base: str, method: str, path: str, body: bytes | str | None = None,
         headers: dict[str, str] | None = None) -> requests.Response:
    data = body.encode("utf-8") if isinstance(body, str) else body
    return requests.request(method, base + path, data=data, headers=headers or {}, timeout=60)


CASES = [
    # (id, method, path, body, headers, status, what the problem must say)
    ("truncated-json", "POST", "/v1/validate", '{"format": "modified", "deck": "4 Bi', JSON,
     400, {"line": 1, "column": 32}),
    ("malformed-json", "POST", "/v1/validate", '{"format": modified}', JSON, 400, {"line": 1}),
    ("nan-is-not-json", "POST", "/v1/validate", '{"format": "modified", "deck": NaN}', JSON,
     400, {}),
    ("deep-json", "POST", "/v1/resolve", "[" * 100_000 + "]" * 100_000, JSON, 400, {}),
    ("json-array-body", "POST", "/v1/validate", "[]", JSON, 422, {"pointer": ""}),
    ("deck-is-a-number", "POST", "/v1/validate", '{"format": "modified", "deck": 4}', JSON,
     422, {"pointer": "/deck"}),
    ("format-is-a-number", "POST", "/v1/validate", '{"format": 3, "deck": "x"}', JSON, 422,
     {"pointer": "/format"}),
    ("tournament-is-a-string", "POST", "/v1/validate",
     '{"deck": "x", "tournament": "yes"}', JSON, 422, {"pointer": "/tournament"}),
    ("count-is-a-string", "POST", "/v1/validate",
     '{"format": "modified", "deck": [{"count": "4", "id": "base1-4"}]}', JSON, 422,
     {"pointer": "/deck/0", "line": 1}),
    ("players-is-an-object", "POST", "/v1/validate/team",
     '{"format": "team-multiplay", "players": {}}', JSON, 422, {"pointer": "/players"}),
    ("non-utf8-text", "POST", "/v1/validate?format=modified", b"4 Bill LC 108\n4 Pok\xe9mon\n",
     TEXT, 400, {"line": 2}),
    ("non-utf8-json", "POST", "/v1/validate", b'{"deck": "\xff"}', JSON, 400, {"line": 1}),
    ("latin1-charset", "POST", "/v1/validate?format=modified", DECK,
     {"Content-Type": "text/plain; charset=latin-1"}, 415, {}),
    ("nul-in-text", "POST", "/v1/validate?format=modified", "4 Bill LC 108\n4 Pika\x00chu\n",
     TEXT, 400, {"line": 2}),
    ("escape-in-text", "POST", "/v1/resolve", "1 Bill\n\n3 \x1b[31mRed\n", TEXT, 400,
     {"line": 3}),
    ("nul-in-json-deck", "POST", "/v1/validate",
     '{"format": "modified", "deck": "4 Bill\\n1 Pi\\u0000ka"}', JSON, 400, {"line": 2}),
    ("nul-in-json-entry", "POST", "/v1/validate",
     '{"deck": [{"count": 1, "name": "Pi\\u0000ka"}]}', JSON, 422, {"pointer": "/deck/0"}),
    ("zero-count", "POST", "/v1/validate?format=modified", "4 Bill LC 108\n0 Switch BS 95\n",
     TEXT, 422, {"line": 2, "lines": [2]}),
    ("negative-count", "POST", "/v1/validate?format=modified", "-4 Bill LC 108\n", TEXT, 422,
     {"line": 1}),
    ("huge-count", "POST", "/v1/validate?format=modified", "99999999999999999999 Bill\n", TEXT,
     422, {"line": 1}),
    ("huge-json-count", "POST", "/v1/validate", '{"deck": [{"count": 1e300, "id": "x"}]}', JSON,
     422, {"pointer": "/deck/0"}),
    ("long-line", "POST", "/v1/validate?format=modified", "4 Bill\n1 " + "Pika" * 100 + "\n",
     TEXT, 413, {"line": 2}),
    ("long-json-name", "POST", "/v1/validate", '{"deck": [{"count": 1, "name": "'
     + "x" * 201 + '"}]}', JSON, 422, {"pointer": "/deck/0"}),
    ("100000-lines", "POST", "/v1/validate?format=modified", "1 Bill\n" * 100_000, TEXT, 413,
     {"line": 1001}),
    ("501-entries", "POST", "/v1/resolve", "[" + ",".join(['{"count": 1, "id": "base1-4"}']
                                                          * 501) + "]", JSON, 413, {}),
    ("10-MB-body", "POST", "/v1/validate?format=modified", "1 Bill\n" * 1_500_000, TEXT, 413,
     {}),
    ("unknown-format-query", "POST", "/v1/validate?format=extended", DECK, TEXT, 404,
     {"parameter": "format", "supported": [*ORDER, "all"]}),
    ("unknown-format-body", "POST", "/v1/validate", '{"format": "extended", "deck": "x"}', JSON,
     404, {"pointer": "/format", "supported": [*ORDER, "all"]}),
    ("unknown-format-resource", "GET", "/v1/formats/extended", None, {}, 404,
     {"supported": list(ORDER)}),
    ("eleven-formats", "POST", "/v1/validate",
     '{"deck": "x", "format": ["modified", "unlimited", "sealed", "booster-draft", '
     '"rochester-draft", "team-multiplay", "team-battle", "2v2-casual", "partner-battles", '
     '"all", "modified"]}', JSON, 422, {"pointer": "/format"}),
    ("xml", "POST", "/v1/validate", "<deck/>", {"Content-Type": "application/xml"}, 415,
     {"supported": ["application/json", "text/plain"]}),
    ("no-content-type", "POST", "/v1/resolve", DECK, {}, 415, {}),
    ("team-as-text", "POST", "/v1/validate/team", DECK, TEXT, 415, {}),
    ("get-validate", "GET", "/v1/validate", None, {}, 405,
     {"allowed_methods": ["OPTIONS", "POST"]}),
    ("delete-card", "DELETE", "/v1/cards/base1-4", None, {}, 405, {}),
    ("put-formats", "PUT", "/v1/formats", "x", TEXT, 405, {}),
    ("bad-page", "GET", "/v1/cards?page=-1", None, {}, 400, {}),
    ("huge-page", "GET", "/v1/cards?page=99999999999999999999999", None, {}, 400, {}),
    ("unknown-query", "GET", "/v1/cards?name=Pikachu&order=name", None, {}, 400, {}),
    ("sql-in-card-id", "GET", "/v1/cards/base1-4'%20OR%20'1'='1", None, {}, 404, {}),
    ("path-climb", "GET", "/docs/..%2F..%2Fapp.py", None, {}, 404, {}),
]


@pytest.mark.parametrize(("case", "method", "path", "body", "headers", "status", "says"), CASES,
                         ids=[case[0] for case in CASES])
def test_bad_input_is_a_clear_problem(served, case, method, path, body, headers, status, says):
    base, _ = served
    response = send(base, method, path, body, headers)
    assert response.status_code == status, response.text[:500]
    assert response.headers["Content-Type"].startswith("application/problem+json")
    problem = response.json()
    assert problem["status"] == status and problem["type"].startswith("https://")
    assert len(problem["detail"]) > 20, problem
    assert {key: problem.get(key) for key in says} == says, problem
    assert not any(leak in response.text for leak in LEAKS), response.text[:500]
    assert response.headers.get("X-Request-ID")


def test_sql_looking_names_are_unknown_cards_and_change_nothing(served):
    base, _ = served
    names = ["Robert'); DROP TABLE cards;--", "' OR '1'='1", "Bill\" UNION SELECT * FROM sets--",
             "%' AND 1=1 --", "Pikachu; DELETE FROM catalog_meta"]
    before = send(base, "GET", "/readyz").json()
    body = send(base, "POST", "/v1/validate?format=modified",
                "".join(f"1 {name}\n" for name in names), TEXT)
    assert body.status_code == 200
    unknown = [v for v in body.json()["violations"] if v["code"] == "unknown-card"]
    assert sorted(card["name"] for v in unknown for card in v["cards"]) == sorted(names)
    search = send(base, "GET", "/v1/cards?name=%27%20OR%20%271%27%3D%271")
    assert search.status_code == 200 and search.json()["total"] == 0
    assert send(base, "GET", "/readyz").json() == before
    assert send(base, "GET", "/v1/cards/base1-4").json()["name"] == "Charizard"


def test_an_illegal_deck_is_a_200_not_an_error(served):
    base, _ = served
    response = send(base, "POST", "/v1/validate?format=modified", "61 Fire Energy BS 98\n", TEXT)
    assert response.status_code == 200 and response.json()["legal"] is False


def test_nothing_hostile_reached_the_log_as_a_crash(served):
    base, log = served
    for case in CASES:  # every case once more, so this test stands alone
        send(base, *case[1:5])
    assert send(base, "GET", "/readyz").status_code == 200
    text = log.read_text()
    assert "Traceback" not in text and "unhandled error" not in text, text[-3000:]


def test_debug_mode_cannot_be_switched_on(monkeypatch, tmp_path):
    url = f"sqlite:///{tmp_path / 'x.sqlite3'}"
    with pytest.raises(RuntimeError, match="debug mode"):
        create_app({"DATABASE_URL": url, "DEBUG": True})
    monkeypatch.setenv("FLASK_DEBUG", "1")
    with pytest.raises(RuntimeError, match="FLASK_DEBUG"):
        create_app({"DATABASE_URL": url})


def test_flask_run_with_debug_refuses_to_start(tmp_path):
    flask = Path(sys.executable).parent / "flask"
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path / 'x.sqlite3'}"}
    run = subprocess.run([str(flask), "--app", "app:create_app()", "--debug", "run", "--port",
                          "1"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60,
                         check=False)
    assert run.returncode != 0
    assert "does not run in debug mode" in run.stderr
