"""Organizers' formats through the API: a definition sent with a deck (alone, beside format
ids, in a batch), its answers echoing it and citing its rules; what is wrong with one said
where; its cost counted; and a deployment's formats (FORMATS_DIR) listed and judged like
deckjudge's own."""

from __future__ import annotations

import json
import shutil

import pytest

from api.work_budget import DEFINITION_BYTES, FULL_WEIGHT, MAX_WORK
from runtime import caches
from tests.support.apps import contract_app
from tests.support.paths import PROJECT_ROOT
from validators import deployed, derived
from validators.definitions import read_definition
from validators.deployed import DeploymentError, read_directory
from validators.formats.schema import DEFINITION

pytestmark = pytest.mark.full_catalog
EXAMPLES = PROJECT_ROOT / "examples" / "formats" / "definitions"

CUP = {"id": "singleton-cup", "name": "Singleton Cup", "base": "expanded",
       "document": "Singleton Cup rules", "url": "https://example.org/cup", "copy_limit": 1,
       "rules": [{"rule": "no-rule-box", "section": "No Rule Box",
                  "text": "No card with a Rule Box."}],
       "banned": [{"name": "Boss's Orders"}]}
DECK = ("2 Pikachu PAL 62\n1 Squawkabilly ex PAL 169\n1 Boss's Orders PAL 172\n"
        "56 Basic Lightning Energy SVE 4\n")
DAY = "2024-06-01"


def test_a_definition_alone_is_the_verdict_alone(client):
    answer = client.post("/v1/validate", json={"deck": DECK, "definition": CUP,
                                               "as_of": DAY, "detail": "verdict"})
    assert answer.status_code == 200
    body = answer.get_json()
    assert body["format"]["id"] == "singleton-cup" and body["legal"] is False
    echoed = body["format"]["definition"]
    assert echoed["hash"] == read_definition(CUP).hash
    assert echoed["canonical"] == json.loads(read_definition(CUP).canonical)
    rules = {v["code"]: v["rule"] for v in body["violations"]}
    assert set(rules) == {"copy-limit", "rule-box", "banned"}
    assert rules["rule-box"] == {"document": "Singleton Cup rules", "section": "No Rule Box",
                                 "text": "No card with a Rule Box.",
                                 "url": "https://example.org/cup"}
    # the same definition, written otherwise, is the same format
    again = client.post("/v1/validate", json={"deck": DECK, "as_of": DAY,
                                              "definition": dict(reversed(CUP.items())),
                                              "detail": "verdict"}).get_json()
    assert again["format"]["definition"]["hash"] == echoed["hash"]


def test_a_definition_beside_format_ids_is_one_verdict_more(client):
    body = client.post("/v1/validate", json={
        "deck": DECK, "definition": CUP, "format": "standard", "as_of": DAY,
        "detail": "legal_in"}).get_json()
    assert body["legal_in"] == ["standard"]
    assert body["formats"]["singleton-cup"]["fails"] == ["copy-limit"]
    every = client.post("/v1/validate", json={"deck": DECK, "definition": CUP,
                                              "format": "all", "as_of": DAY,
                                              "detail": "legal_in"}).get_json()
    assert list(every["formats"])[-1] == "singleton-cup"


def test_format_may_name_the_definitions_id(client):
    alone = client.post("/v1/validate", json={"deck": DECK, "definition": CUP, "as_of": DAY,
                                              "format": "singleton-cup", "detail": "verdict"})
    assert alone.status_code == 200
    verdict = alone.get_json()
    assert verdict["format"]["id"] == "singleton-cup" and "verdicts" not in verdict
    assert {v["code"] for v in verdict["violations"]} == {"copy-limit", "rule-box", "banned"}
    for named in (["standard", "singleton-cup"], ["singleton-cup", "standard"]):
        both = client.post("/v1/validate", json={"deck": DECK, "definition": CUP, "as_of": DAY,
                                                 "format": named, "detail": "verdict"})
        assert both.status_code == 200
        assert [each["format"]["id"] for each in both.get_json()["verdicts"]] == named
    listed = client.post("/v1/validate", json={"deck": DECK, "definition": CUP, "as_of": DAY,
                                               "format": ["singleton-cup"],
                                               "detail": "legal_in"}).get_json()
    assert list(listed["formats"]) == ["singleton-cup"]
    twice = client.post("/v1/validate", json={"deck": DECK, "definition": CUP,
                                               "format": ["singleton-cup", "singleton-cup"]})
    assert twice.status_code == 422 and twice.get_json()["pointer"] == "/format"


def test_a_format_no_one_defines_is_a_404_that_names_the_definition_sent(client):
    answer = client.post("/v1/validate", json={"deck": DECK, "definition": CUP,
                                               "format": ["standard", "singleton-cpu"]})
    assert answer.status_code == 404
    problem = answer.get_json()
    assert problem["type"].endswith("/unknown-format") and problem["pointer"] == "/format"
    assert "'singleton-cpu'" in problem["detail"]
    assert "The definition sent has the id 'singleton-cup'" in problem["detail"]
    assert "singleton-cup" in problem["supported"]
    without = client.post("/v1/validate", json={"deck": DECK, "format": "singleton-cup"})
    assert without.status_code == 404 and "definition" not in without.get_json()["detail"]
    batch = client.post("/v1/validate/batch", json={"decks": [
        {"id": "a", "deck": DECK, "definition": CUP, "format": "singleton-cup", "as_of": DAY},
        {"id": "b", "deck": DECK, "definition": CUP, "format": "singleton-cpu"}]}).get_json()
    assert batch["results"][0]["verdict"]["format"]["id"] == "singleton-cup"
    assert batch["results"][1]["status"] == 404
    assert "'singleton-cup'" in batch["results"][1]["problem"]["detail"]
    team = client.post("/v1/validate/team", json={
        "format": "singleton-cup", "definition": CUP,
        "players": [{"seat": "A", "deck": DECK}, {"seat": "B", "deck": DECK}]})
    assert team.status_code == 422 and team.get_json()["pointer"] == "/format"
    assert "definition's id" in team.get_json()["detail"]


@pytest.mark.parametrize(("changes", "status", "kind", "pointer"), [
    # malformed: the shape is not the documented one
    ({"rules": [{"rule": "max-hp"}]}, 422, "invalid-body", "/definition/rules/0/hp"),
    ({"rules": [{"rule": "summon-the-dragon"}]}, 422, "invalid-body",
     "/definition/rules/0/rule"),
    ({"base": "sealed"}, 422, "invalid-body", "/definition/base"),
    # names what the catalog does not have
    ({"banned": [{"card": "sv2-9999"}]}, 404, "card-not-found", "/definition/banned/0/card"),
    ({"banned": [{"name": "Professor Not A Card"}]}, 404, "card-not-found",
     "/definition/banned/0/name"),
    ({"pool": {"sets": ["XYZZY"]}}, 404, "set-not-found", "/definition/pool/sets/0"),
    # well formed, but at odds with itself or with the formats there are
    ({"id": "standard"}, 409, "definition-conflict", "/definition/id"),
    ({"unbanned": [{"name": "Boss's Orders"}]}, 409, "definition-conflict",
     "/definition/unbanned"),
])
def test_what_is_wrong_with_a_definition_is_a_4xx_naming_it(client, changes, status, kind,
                                                            pointer):
    answer = client.post("/v1/validate", json={"deck": DECK, "definition": {**CUP, **changes}})
    assert answer.status_code == status
    assert answer.get_json()["type"].endswith("/" + kind)
    assert answer.get_json()["pointer"] == pointer


def test_a_definition_counts_in_the_budget(client):
    lines = "".join(f"1 Pikachu PAL 62 # {n}\n" for n in range(500))
    definition = read_definition(CUP)
    units = len(definition.canonical) // DEFINITION_BYTES + 1
    # 500 lines in two formats and the definition's, line by line: the budget, and its units
    refused = client.post("/v1/validate", json={"deck": lines, "definition": CUP,
                                                "format": ["standard", "expanded"]})
    assert refused.status_code == 413
    assert refused.get_json()["cost"] == 500 * 3 * FULL_WEIGHT + units > MAX_WORK


def test_a_batch_judges_each_decks_definition(client):
    answer = client.post("/v1/validate/batch", json={"decks": [
        {"id": "one", "deck": DECK, "definition": CUP, "as_of": DAY},
        {"id": "two", "deck": DECK, "definition": {**CUP, "copy_limit": None}, "as_of": DAY},
        {"id": "bad", "deck": DECK, "definition": {**CUP, "deck_size": -1}}]})
    assert answer.status_code == 200
    results = {item["id"]: item for item in answer.get_json()["results"]}
    hashes = {results[name]["verdict"]["format"]["definition"]["hash"]
              for name in ("one", "two")}
    assert len(hashes) == 2
    assert {v["code"] for v in results["two"]["verdict"]["violations"]} == {"rule-box", "banned"}
    assert results["bad"]["status"] == 422
    assert results["bad"]["problem"]["pointer"] == "/decks/2/definition/deck_size"


@pytest.fixture
def deployment(tmp_path, full_db_url):
    """An app whose FORMATS_DIR holds the examples' definitions; deckjudge's own formats
    alone again after the test (the formats are the process's)."""
    shutil.copy(EXAMPLES / "gym-leader-challenge.json", tmp_path)
    (tmp_path / "cup.json").write_text(json.dumps(CUP))
    app = contract_app(full_db_url, FORMATS_DIR=str(tmp_path))
    yield app.test_client()
    deployed.configure(None)


def test_a_deployments_formats_are_listed_and_judged(deployment):
    listed = deployment.get("/v1/formats").get_json()["items"]
    ids = [item["id"] for item in listed]
    assert ids[-2:] == ["singleton-cup", "gym-leader-challenge"] or \
        ids[-2:] == ["gym-leader-challenge", "singleton-cup"]
    cup = deployment.get("/v1/formats/singleton-cup").get_json()
    assert cup["document"]["url"] == "https://example.org/cup"
    assert cup["definition"]["base"] == "expanded"
    assert [b for b in cup["banned"] if b.get("by") == "name"][0]["name"] == "Boss's Orders"
    every = deployment.post(f"/v1/validate?format=all&detail=legal_in&as_of={DAY}",
                            data=DECK, content_type="text/plain").get_json()
    assert every["formats"]["singleton-cup"]["fails"] == ["copy-limit"]
    assert "gym-leader-challenge" in every["formats"]
    named = deployment.post(f"/v1/validate?format=singleton-cup&as_of={DAY}", data=DECK,
                            content_type="text/plain").get_json()
    assert named["format"]["id"] == "singleton-cup"
    assert 'value="singleton-cup"' in deployment.get("/").get_data(as_text=True)
    # the deployment's format sent as its very definition is that format; another
    # definition may not take its id
    sent = deployment.post("/v1/validate", json={"deck": DECK, "definition": CUP,
                                                 "as_of": DAY, "detail": "verdict"})
    assert sent.status_code == 200 and sent.get_json()["format"]["id"] == "singleton-cup"
    by_id = deployment.post("/v1/validate", json={"deck": DECK, "definition": CUP, "as_of": DAY,
                                                  "format": "singleton-cup",
                                                  "detail": "verdict"})
    assert by_id.status_code == 200 and by_id.get_json()["format"]["id"] == "singleton-cup"
    other = deployment.post("/v1/validate", json={"deck": DECK, "as_of": DAY,
                                                  "definition": {**CUP, "deck_size": 50}})
    assert other.status_code == 409 and other.get_json()["pointer"] == "/definition/id"


@pytest.mark.parametrize(("files", "said"), [
    ({"a.json": "{"}, "a.json: not JSON"),
    ({"a.json": json.dumps({**CUP, "rules": [{"rule": "nope"}]})}, "a.json: /rules/0/rule"),
    ({"a.json": json.dumps({k: v for k, v in CUP.items() if k != "document"})},
     "a.json: /document"),
    ({"a.json": json.dumps({**CUP, "id": "glc"})}, "a.json: /id"),
    ({"a.json": json.dumps(CUP), "b.json": json.dumps(CUP)}, "b.json: the id"),
])
def test_a_deployments_file_at_fault_stops_the_start_naming_it(tmp_path, files, said):
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    with pytest.raises(DeploymentError) as error:
        read_directory(tmp_path)
    assert said in str(error.value)


def test_expanded_five_bans_singleton_no_rule_box_gives_the_hand_checked_verdict(client):
    """The docs' request: a real Expanded list (TJ Traquair's Primal Groudon, 2015 Edmonton
    Regionals, 2nd) in "Expanded, five extra bans, singleton, no Rule Box". Checked by hand:
    fifteen titles over one copy (basic Energy exempt, Double Colorless Energy not); Lysandre's
    Trump Card banned in Expanded and the five cards the event bans; the two Groudon-EX and
    Computer Search (ACE SPEC) under no Rule Box. Nothing else: 60 cards, every card in
    Expanded's pool."""
    sent = json.loads((PROJECT_ROOT / "examples" / "formats" / "requests"
                       / "expanded-singleton-cup.json").read_text())
    answer = client.post("/v1/validate", json=sent).get_json()
    found = sorted((v["code"], tuple(card["line"] for card in v["cards"]))
                   for v in answer["violations"])
    assert found == sorted(
        [("copy-limit", (line,)) for line in (1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 13, 16, 17, 18, 21)]
        + [("banned", (line,)) for line in (5, 7, 10, 11, 16, 17)]
        + [("rule-box", (line,)) for line in (1, 2, 15)])
    assert answer["warnings"] == [] and answer["legal"] is False
    cited = {(v["code"], v["rule"]["section"]) for v in answer["violations"]}
    assert ("copy-limit", "Singleton") in cited and ("banned", "Suspended cards") in cited


@pytest.mark.parametrize(("definition", "pointer"), [
    # nesting where a rule's words go (deeper than the body's bound: a 400, below)
    ({**CUP, "rules": [{"rule": "one-type", "text": json.loads("[" * 40 + "]" * 40)}]},
     "/definition/rules/0/text"),
    # huge lists, each past its bound
    ({**CUP, "pool": {"cards": ["sv2-62"] * 2001}}, "/definition/pool/cards"),
    ({**CUP, "banned": [{"card": "sv2-62"}] * 201}, "/definition/banned"),
    # unknown rules and fields
    ({**CUP, "rules": [{"rule": "eval", "code": "__import__('os')"}]},
     "/definition/rules/0/rule"),
    ({**CUP, "checks": [{"code": "banned"}]}, "/definition/checks"),
])
def test_hostile_definitions_are_422s_naming_the_field(client, definition, pointer):
    answer = client.post("/v1/validate", json={"deck": DECK, "definition": definition})
    assert answer.status_code == 422, answer.get_json()
    assert answer.get_json()["pointer"] == pointer
    assert len(answer.get_data()) < 4096  # what was sent is not echoed back


def test_a_definition_nested_past_the_bodys_bound_is_a_400(client):
    deep = {**CUP, "rules": [{"rule": "one-type", "text": json.loads("[" * 500 + "]" * 500)}]}
    answer = client.post("/v1/validate", json={"deck": DECK, "definition": deep})
    assert answer.status_code == 400
    assert answer.get_json()["type"].endswith("/malformed-json")


def test_the_page_judges_a_pasted_definition_and_names_its_field_when_at_fault(client):
    page = client.post("/", data={"mode": "deck", "deck": DECK, "as_of": DAY,
                                  "format": "standard", "definition": json.dumps(CUP)})
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and 'data-format="singleton-cup"' in html
    assert "Singleton Cup" in html
    for text, said in (("{nope", "not JSON"), ('{"base": "expanded", "copy_limit": 0}',
                                                 "copy_limit"),
                       # read as strictly as a request's body
                       ('{"base": "expanded", "base": "standard"}', "appears twice"),
                       ('{"rules": ' + "[" * 1000 + "]" * 1000 + "}", "nested too deeply"),
                       ('{"name": "Cup \\udc00"}', "half of a surrogate pair")):
        refused = client.post("/", data={"mode": "deck", "deck": DECK, "definition": text})
        assert refused.status_code == 422
        assert 'data-field="definition"' in refused.get_data(as_text=True)
        assert said in refused.get_data(as_text=True)
    marked = client.post("/", data={"mode": "deck", "deck": DECK, "as_of": DAY,
                                    "format": "standard",
                                    "definition": "\ufeff" + json.dumps(CUP)})
    assert marked.status_code == 200 and "Singleton Cup" in marked.get_data(as_text=True)


def test_a_team_is_judged_by_an_organizers_deck_rules(client):
    players = [{"seat": "A", "deck": DECK}, {"seat": "B", "deck": DECK}]
    answer = client.post("/v1/validate/team", json={
        "format": "team-battle", "players": players, "definition": CUP, "as_of": DAY,
        "detail": "verdict"})
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    assert body["legal"] is False
    for player in body["players"]:
        assert player["format"]["deck_rules"] == "singleton-cup"
        assert player["format"]["definition"]["hash"] == read_definition(CUP).hash
        assert {v["code"] for v in player["violations"]} == {"copy-limit", "rule-box",
                                                               "banned"}
    limited = client.post("/v1/validate/team", json={
        "format": "team-battle", "play": "limited", "players": players, "definition": CUP,
        "detail": "verdict"})
    assert limited.status_code == 200
    assert [n["code"] for n in limited.get_json()["notices"]] == ["definition-not-used"]
    assert all(player["format"].get("deck_rules") != "singleton-cup"
               for player in limited.get_json()["players"])


@pytest.mark.parametrize(("changes", "pointer"), [
    ({"banned": [{"name": "N"}], "unbanned": [{"name": "N"}]}, "/definition/unbanned"),
    ({"pool": {"released_from": "2025-01-01", "released_until": "2024-01-01"}},
     "/definition/pool/released_until"),
    ({"banned": [{"name": "N", "effective": "2025-01-01", "until": "2025-01-01"}]},
     "/definition/banned/0/until"),
    ({"rules": [{"rule": "one-type"}, {"rule": "one-type"}]}, "/definition/rules"),
    ({"base_bans": False, "unbanned": [{"name": "N"}]}, "/definition/unbanned"),
])
def test_a_definition_at_odds_with_itself_is_a_409_naming_the_field(client, changes, pointer):
    answer = client.post("/v1/validate", json={"deck": DECK, "definition": {**CUP, **changes}})
    assert answer.status_code == 409
    problem = answer.get_json()
    assert problem["type"].endswith("/definition-conflict") and problem["pointer"] == pointer
    batch = client.post("/v1/validate/batch", json={"decks": [
        {"id": "a", "deck": DECK, "definition": {**CUP, **changes}}]}).get_json()
    assert batch["results"][0]["problem"]["pointer"] == "/decks/0" + pointer


def test_format_null_is_refused_as_before_and_definition_null_is_none(client):
    refused = client.post("/v1/validate", json={"deck": DECK, "format": None})
    assert refused.status_code == 422 and refused.get_json()["pointer"] == "/format"
    answer = client.post("/v1/validate", json={"deck": DECK, "definition": None,
                                               "detail": "legal_in"})
    assert answer.status_code == 200 and "singleton-cup" not in answer.get_json()["formats"]


def test_a_stream_judges_each_decks_definition(client):
    lines = [json.dumps({"id": name, "deck": DECK, "definition": definition, "as_of": DAY})
             for name, definition in (("cup", CUP), ("open", {**CUP, "copy_limit": None}))]
    answer = client.post("/v1/validate/stream", data="\n".join(lines) + "\n",
                         content_type="application/x-ndjson")
    assert answer.status_code == 200
    results = {item["id"]: item for item in map(json.loads, answer.get_data(as_text=True)
                                                .splitlines()) if "id" in item}
    assert results["cup"]["verdict"]["formats"]["singleton-cup"]["fails"] == ["copy-limit"]
    # no copy limit: what fails first is the ban by name
    assert results["open"]["verdict"]["formats"]["singleton-cup"]["fails"] == ["banned"]


def test_a_request_reads_its_definition_once_and_makes_its_rules_once(client, monkeypatch):
    """Planning and judging a deck in a definition no worker has seen reads it once (its
    schema) and makes its rules once: the base's season on the day, changed (a Standard of
    2016, the XY-on season); a batch of decks that send it shares both."""
    # No worker has seen it: the run's other backend sent this test's definitions before.
    caches.empty()
    reads, builds = [], []
    load = DEFINITION.load
    monkeypatch.setattr(DEFINITION, "load", lambda sent, **kw: reads.append(1) or load(sent, **kw))
    make = derived._derive
    monkeypatch.setattr(derived, "_derive", lambda sent, *bases: builds.append(bases[0].id)
                        or make(sent, *bases))
    deck = "4 Pikachu XY 42\n56 Lightning Energy XY 135\n"
    for name, decks in (("Read Once Cup", 1), ("Read Once Batch Cup", 3)):
        reads.clear()
        builds.clear()
        fresh = {**CUP, "id": name.lower().replace(" ", "-"), "name": name, "base": "standard"}
        sent = {"deck": deck, "definition": fresh, "as_of": "2016-06-01", "detail": "verdict"}
        answer = (client.post("/v1/validate", json=sent) if decks == 1 else
                  client.post("/v1/validate/batch", json={"decks": [
                      {**sent, "id": str(at)} for at in range(decks)]}))
        assert answer.status_code == 200, answer.get_json()
        verdicts = [answer.get_json()] if decks == 1 else \
            [result["verdict"] for result in answer.get_json()["results"]]
        assert [verdict["format"]["season"]["id"] for verdict in verdicts] == \
            ["standard-xy-on"] * decks
        assert (len(reads), len(builds)) == (1, 1), (name, reads, builds)
