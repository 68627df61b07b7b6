"""Every answer is bounded by what was asked: lists cut short and counted, findings said once
across formats, work counted before it is done, and no answer past its bound."""

from __future__ import annotations

import pytest

from api.middleware import answer_bound
from api.views.deck_lines import MAX_CANDIDATES_SHOWN, MAX_PROBLEMS_SHOWN
from api.views.verdicts import MAX_CARDS_SHOWN, MAX_VIOLATIONS_SHOWN
from tests.support.answers import by_format
from validators.formats import ORDER

JUNK = "".join(f"junk line {n}\n" for n in range(150))


def text(client, deck: str, query: str):
    return client.post(f"/v1/validate?{query}", data=deck.encode(),
                       content_type="text/plain")


def test_a_name_of_many_cards_lists_the_first_and_counts_the_rest(client, full_index):
    from decklist.resolver import resolution_of

    body = text(client, "4 Pikachu\n", "format=modified").get_json()
    line = body["cards"][0]
    groups = len(resolution_of(full_index, _reference("Pikachu")).groups)
    assert line["status"] == "ambiguous" and groups > MAX_CANDIDATES_SHOWN
    assert len(line["candidates"]) == MAX_CANDIDATES_SHOWN
    assert line["candidates_omitted"] == groups - MAX_CANDIDATES_SHOWN
    assert all(len(group["printings"]) <= 3 for group in line["candidates"])


def _candidate_lists(answer) -> list[list]:
    """Every list of candidates anywhere in an answer."""
    found, stack = [], [answer]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if isinstance(item.get("candidates"), list):
                found.append(item["candidates"])
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


def test_every_answer_caps_the_candidates_of_a_line(client):
    deck = "4 Pikachu\n1 Energy\n"
    answers = [
        text(client, deck, "format=modified").get_json(),
        text(client, deck, "format=all").get_json(),
        client.post("/v1/resolve", data=deck, content_type="text/plain").get_json(),
        client.post("/v1/validate/team", json={"format": "team-multiplay", "players": [
            {"seat": "A", "deck": deck}, {"seat": "B", "deck": deck}]}).get_json(),
        client.post("/v1/validate/batch", json={"decks": [
            {"id": "a", "format": "glc", "detail": "full", "deck": deck},
            {"id": "b", "format": ["glc", "unlimited"], "detail": "full",
             "deck": deck}]}).get_json(),
    ]
    for answer in answers:
        lists = _candidate_lists(answer)
        assert lists and max(len(found) for found in lists) == MAX_CANDIDATES_SHOWN, answer
    page = client.post("/answer", data={"mode": "deck", "deck": deck, "format": "glc"})
    assert page.status_code == 200
    from web.answer import MAX_CHOICES

    assert page.get_data(as_text=True).count('name="pick"') <= 2 * MAX_CHOICES


def _reference(name: str):
    from decklist.text import parse_text

    return parse_text(f"1 {name}\n").entries[0].reference


def test_junk_lines_are_one_violation_and_their_problems_are_counted(client):
    body = text(client, "4 Bill LC 108\n" + JUNK, "format=modified").get_json()
    unread = [v for v in body["violations"] if v["code"] == "unreadable-line"]
    assert len(unread) == 1
    assert unread[0]["message"].startswith("150 lines could not be read as cards (lines 2, 3,")
    assert len(unread[0]["cards"]) == MAX_CARDS_SHOWN
    assert unread[0]["cards_omitted"] == 150 - MAX_CARDS_SHOWN
    assert len(body["problems"]) == MAX_PROBLEMS_SHOWN
    assert body["problems_omitted"] == 150 - MAX_PROBLEMS_SHOWN
    assert body["legal"] is False


def test_one_junk_line_is_said_with_its_reason(client):
    body = text(client, "4 Bill LC 108\n@@@ ????\n", "format=modified").get_json()
    [unread] = [v for v in body["violations"] if v["code"] == "unreadable-line"]
    assert unread["message"].startswith("line 2: '@@@ ????' could not be read as a card (")
    assert "problems_omitted" not in body


def test_a_verdict_lists_the_first_violations_and_counts_the_rest(client):
    deck = "".join(f"1 Nosuchcard {n}\n" for n in range(80))
    body = text(client, deck, "format=modified").get_json()
    assert len(body["violations"]) == MAX_VIOLATIONS_SHOWN
    # 80 unknown cards, and the deck's size
    assert body["violations_omitted"] == 81 - MAX_VIOLATIONS_SHOWN


def test_a_finding_of_several_formats_is_said_once_with_them(client):
    body = text(client, "4 Nosuchcard\n", "format=all").get_json()
    [unknown] = [f for f in body["findings"] if f["code"] == "unknown-card"]
    assert unknown["formats"] == list(ORDER)
    # each rule the formats cite for it, once, with the formats that cite it
    rules = unknown["rules"]
    assert 1 < len(rules) == len({(r["document"], r["section"]) for r in rules}) < len(ORDER)
    assert sorted(fmt for rule in rules for fmt in rule["formats"]) == sorted(ORDER)
    for verdict in by_format(body).values():
        assert [v["code"] for v in verdict["violations"]].count("unknown-card") == 1


def test_formats_that_differ_only_in_their_name_find_one_thing_naming_each(client):
    deck = "4 Bill LC 108\n56 Fire Energy BS 98\n"
    body = text(client, deck, "format=team-battle,expanded,glc").get_json()
    [pool] = [f for f in body["findings"] if f["code"] == "not-legal"]
    assert pool["formats"] == ["team-battle", "expanded", "glc"]
    names = [verdict["format"]["name"] for verdict in body["verdicts"]]
    assert pool["message"] == (f"line 1: Bill (LC 108) is not in the {names[0]}, "
                               f"{names[1]} or {names[2]} card pool")
    assert "format" not in pool["arguments"]
    # each format alone says it with its own name, citing the rule its finding gives it
    for verdict, name in zip(by_format(body).values(), names, strict=True):
        alone = text(client, deck, f"format={verdict['format']['id']}").get_json()
        [own] = [v for v in alone["violations"] if v["code"] == "not-legal"]
        assert own["message"] == f"line 1: Bill (LC 108) is not in the {name} card pool"
        [rule] = [v["rule"] for v in verdict["violations"] if v["code"] == "not-legal"]
        assert {k: v for k, v in rule.items() if k != "formats"} == own["rule"]


def test_formats_judged_on_different_dates_find_one_thing_naming_each_date(client):
    deck = "4 Spritzee FLF 67\n"
    body = text(client, deck, "format=modified,team-battle,unlimited").get_json()
    [unreleased] = [f for f in body["findings"] if f["code"] == "not-yet-released"]
    dates = {v["format"]["id"]: v["as_of"] for v in body["verdicts"]}
    assert unreleased["formats"] == ["modified", "team-battle"]
    assert unreleased["message"] == (
        f"line 1: Spritzee (FLF 67) was not yet released on {dates['modified']} or "
        f"{dates['team-battle']}: Flashfire came out 2014-05-07")
    assert "date" not in unreleased["arguments"]  # each verdict's own as_of
    for format_id in unreleased["formats"]:
        alone = text(client, deck, f"format={format_id}").get_json()
        [own] = [v for v in alone["violations"] if v["code"] == "not-yet-released"]
        assert own["arguments"]["date"] == dates[format_id] == alone["as_of"]
        assert {k: v for k, v in own["arguments"].items() if k != "date"} == \
            unreleased["arguments"]


def test_several_formats_say_each_line_once(client):
    deck = "4 Bill LC 108\n4 Pikachu\n52 Fire Energy BS 98\n"
    body = text(client, deck, "format=modified,unlimited,standard").get_json()
    assert [line["line"] for line in body["lines"]] == [1, 2, 3]
    assert body["lines"][1]["status"] == "ambiguous"
    for verdict in body["verdicts"]:
        assert [card["line"] for card in verdict["cards"]] == [1, 2, 3]
        assert "text" not in verdict["cards"][0] and "counts" not in verdict
        assert len(verdict["cards"][1]["candidates"]) == len(body["lines"][1]["candidates"])
    alone = text(client, deck, "format=modified").get_json()
    modified = by_format(body)["modified"]
    assert modified["legal"] == alone["legal"]
    assert [v["message"] for v in modified["violations"]] == [
        v["message"] for v in alone["violations"]]
    assert [c["legal_via"] for c in modified["cards"]] == [c["legal_via"] for c in alone["cards"]]


def test_an_answer_past_its_bound_is_refused_saying_so(client, monkeypatch, caplog):
    caplog.set_level("INFO", logger="api.middleware.answer_bound")
    monkeypatch.setattr(answer_bound, "ANSWER_FLOOR", 1000)
    monkeypatch.setattr(answer_bound, "ANSWER_RATIO", 2)
    answer = text(client, "4 Pikachu\n", "format=all")
    assert answer.status_code == 413
    problem = answer.get_json()
    assert problem["type"].endswith("/answer-too-large") and problem["limit"] == 1000
    assert "passed its bound" in caplog.text
    assert client.get("/v1/formats").status_code == 200  # a GET's answer is not held to it


def test_many_names_of_many_cards_line_by_line_pass_no_bound(client):
    deck = "1 Pikachu\n" * 500  # within the work budget, but 2.6 KB a line answered in full
    answer = client.post("/v1/resolve", data=deck.encode(), content_type="text/plain")
    assert answer.status_code == 413 and answer.get_json()["type"].endswith("/answer-too-large")
    assert answer.get_json()["limit"] == answer_bound.ANSWER_FLOOR
    verdict = client.post("/v1/validate?format=all&detail=verdict", data=deck.encode(),
                          content_type="text/plain")
    assert verdict.status_code == 200 and len(verdict.data) < answer_bound.ANSWER_RATIO * len(deck)


def test_closest_names_are_searched_for_the_first_unknown_lines_of_a_request(client,
                                                                           full_index):
    from api.views.deck_lines import MAX_NAMES_SEARCHED

    names = sorted(full_index.by_name)[1000:1000 + MAX_NAMES_SEARCHED + 5]
    deck = "".join(f"1 {name}qq\n" for name in names)  # each a slip from a real name
    lines = client.post("/v1/resolve", data=deck.encode(),
                        content_type="text/plain").get_json()["lines"]
    searched = [line for line in lines if line["suggestions"]]
    assert [line["line"] for line in searched] == list(range(1, MAX_NAMES_SEARCHED + 1))
    assert all("closest names are searched for the first" in line["notes"][-1]
               for line in lines[MAX_NAMES_SEARCHED:])
    # the same line alone gets its closest names: nothing cached without them is reused
    alone = client.post("/v1/resolve", data=f"1 {names[-1]}qq\n".encode(),
                        content_type="text/plain").get_json()["lines"][0]
    assert alone["suggestions"][0]["reason"] == "closest-name"


@pytest.mark.parametrize("path, body", [
    ("/v1/resolve", {"deck": "4 Bill\n", **{f"field{n:05}": 1 for n in range(30_000)}}),
    ("/v1/validate", {"deck": [{"count": 1, "name": "Bill",
                                **{f"field{n:05}": 1 for n in range(30_000)}}]}),
])
def test_unknown_keys_are_named_a_few_and_counted(client, path, body):
    answer = client.post(path, json=body)
    assert answer.status_code == 422 and len(answer.data) < 4096
    assert "field00000" in answer.get_json()["detail"]
    assert "and 29,995 more" in answer.get_json()["detail"]


def test_the_page_says_so_as_a_page_when_its_answer_would_pass_its_bound(client,
                                                                         monkeypatch):
    monkeypatch.setattr(answer_bound, "ANSWER_FLOOR", 20_000)
    monkeypatch.setattr(answer_bound, "ANSWER_RATIO", 2)
    for path in ("/", "/answer"):
        answer = client.post(path, data={"mode": "deck", "deck": "4 Pikachu\n" * 30,
                                         "format": "glc"})
        assert answer.status_code == 413 and answer.mimetype == "text/html"
        assert "The answer would be" in answer.get_data(as_text=True)
        assert len(answer.data) <= 20_000
