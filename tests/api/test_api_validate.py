"""POST /v1/validate on the full real catalog; every response is checked against openapi.yaml."""

import pytest

from tests.support.answers import by_format
from tests.support.apps import make_client
from tests.support.basics import basic_line
from tests.support.paths import FIXTURES
from validators.formats import ORDER

# Charmander (Legendary Collection): a Basic Pokémon legal in Modified and Unlimited.
CHARMANDER = "1 Charmander LC 70\n"
MODIFIED_DECK = ("4 Bill LC 108\n1 Charizard BS 4\n4 Blastoise BS 2\n" + CHARMANDER
                 + "50 Fire Energy BS 98\n")
LEGAL_EVERYWHERE_60 = "4 Bill LC 108\n" + CHARMANDER + "55 Fire Energy BS 98\n"


def post_text(client, text, query):
    return client.post(f"/v1/validate?{query}", data=text.encode("utf-8"),
                       content_type="text/plain; charset=utf-8")


def test_curl_text_with_format_in_the_query(client):
    response = post_text(client, MODIFIED_DECK, "format=modified")
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is False
    assert body["format"] == {"id": "modified", "name": body["format"]["name"],
                              "version": "2003-01-01", "play": "constructed",
                              "season": body["format"]["season"]}
    assert body["format"]["season"]["id"] == "modified-sept-1"
    assert body["as_of"] == "2003-08-31"
    assert len(body["catalog"]["version"]) == 16
    assert [(v["code"], v["rule"]["section"], [c["line"] for c in v["cards"]])
            for v in body["violations"]] == [("not-legal", "§226", [3])]
    assert all(v["rule"]["document"] == "DCI Floor Rules 2003" for v in body["violations"])
    assert [w["code"] for w in body["warnings"]] == ["reprint-wording"]
    charizard = body["cards"][1]
    assert charizard["card"]["id"] == "base1-4" and charizard["legal_via"]["id"] == "base6-3"
    assert charizard["playable"] is True and charizard["banned"] is False
    blastoise = body["cards"][2]
    assert blastoise["legal_via"] is None and blastoise["playable"] is False
    assert body["input_format"] == "plain" and body["problems"] == []


def test_json_body_gives_the_same_verdict(client):
    text = post_text(client, MODIFIED_DECK, "format=modified").get_json()
    json_body = client.post("/v1/validate", json={"format": "modified",
                                                  "deck": MODIFIED_DECK}).get_json()
    assert json_body == text


def test_entries_are_validated_too(client):
    entries = [{"count": 4, "id": "neo1-25"}, {"count": 56, "name": "Water Energy"}]
    body = client.post("/v1/validate", json={"format": "modified", "deck": entries}).get_json()
    assert [v["code"] for v in body["violations"]] == ["banned"]
    assert body["input_format"] == "json"


def test_as_of_moves_the_card_pool(client):
    # Armaldo is of Sandstorm, 2003-09-18; the Basic Pokémon legal in both seasons.
    deck = "4 Armaldo SS 1\n" + basic_line("modified", "2003-10-01") + "55 Fire Energy BS 98\n"
    before = client.post("/v1/validate", json={"format": "modified", "deck": deck}).get_json()
    after = client.post("/v1/validate", json={"format": "modified", "deck": deck,
                                              "as_of": "2003-10-01"}).get_json()
    assert before["legal"] is False and after["legal"] is True
    assert after["as_of"] == "2003-10-01"


def test_all_formats_in_one_call(client):
    body = client.post("/v1/validate", json={"format": "all",
                                             "deck": LEGAL_EVERYWHERE_60}).get_json()
    assert [v["format"]["id"] for v in body["verdicts"]] == list(ORDER)
    assert body["legal_in"] == ["unlimited", "modified", "team-multiplay", "2v2-casual"]
    by_id = by_format(body)
    assert [v["code"] for v in by_id["sealed"]["violations"]] == ["deck-size"]
    assert [w["code"] for w in by_id["sealed"]["warnings"]] == ["pool-not-checked"]
    # Team Battle's decks are Diamond & Pearl-on: Legendary Collection's Bill and Charmander
    # are not legal.
    assert [(v["code"], v["cards"][0]["id"]) for v in by_id["team-battle"]["violations"]] == [
        ("not-legal", "base6-108"), ("not-legal", "base6-70")]
    assert by_id["team-multiplay"]["format"]["deck_rules"] == "modified"
    assert body["counts"]["total"] == 60


def test_a_list_of_formats_in_the_query(client):
    body = post_text(client, LEGAL_EVERYWHERE_60, "format=unlimited,sealed").get_json()
    assert [v["format"]["id"] for v in body["verdicts"]] == ["unlimited", "sealed"]
    assert body["legal_in"] == ["unlimited"]


def test_limited_with_pool_and_product(client):
    deck = "2 Pikachu LC 86\n1 Pikachu N1 70\n37 Lightning Energy BS 100\n"
    body = client.post("/v1/validate", json={
        "format": "sealed", "deck": deck, "pool": "1 Pikachu LC 86\n1 Pikachoo\n",
        "product": "legendary-collection"}).get_json()
    assert sorted((v["code"], v["cards"][0]["line"]) for v in body["violations"]) == [
        ("not-in-pool", 1), ("not-in-pool", 2), ("not-in-product", 2)]
    assert [(w["code"], w["cards"][0]["source"]) for w in body["warnings"]] == [
        ("pool-unknown-card", "pool")]
    assert body["pool"]["counts"]["lines"]["unknown"] == 1


def test_product_as_the_sets_an_organizer_names(client):
    deck = "2 Pikachu N1 70\n2 Bill LC 108\n36 Lightning Energy BS 100\n"
    body = client.post("/v1/validate", json={"format": "booster-draft", "deck": deck,
                                             "product": ["N1", "Expedition"]}).get_json()
    assert [(v["code"], v["cards"][0]["id"]) for v in body["violations"]] == [
        ("not-in-product", "base6-108")]
    query = post_text(client, deck, "format=booster-draft&product=neo1,ecard1").get_json()
    assert query["violations"] == body["violations"]


def test_a_team_format_checks_one_deck_by_its_play(client):
    deck = "2 Pikachu LC 86\n38 Lightning Energy BS 100\n"
    body = client.post("/v1/validate", json={"format": "team-multiplay", "play": "limited",
                                             "deck": deck, "pool": "2 Pikachu LC 86"}).get_json()
    assert body["legal"] is True
    assert body["format"]["play"] == "limited" and body["format"]["deck_rules"] == "sealed"


def test_unknown_and_ambiguous_cards(client):
    # Every Sneasel then printed is in Modified's pool, and Neo Genesis' is banned there.
    body = post_text(client, "4 Pikachoo\n4 Sneasel\n" + CHARMANDER + "51 Fire Energy BS 98\n",
                     "format=modified").get_json()
    assert [(v["code"], v["cards"][0]["line"]) for v in body["violations"]] == [
        ("unknown-card", 1), ("ambiguous-card", 2)]
    assert "give its set and number" in body["violations"][1]["message"]
    ambiguous = body["cards"][1]
    assert ambiguous["legal_via"] is None and ambiguous["playable"] is False
    assert {g["banned"] for g in ambiguous["candidates"]} == {True, False}


def test_a_name_of_one_card_legal_here_stands_as_it(client):
    # Jungle's Kangaskhan is outside Modified's pool, Aquapolis' is in it: a name alone
    # stands for the cards legal here, and only one of its cards is.
    body = post_text(client, "4 Kangaskhan\n" + CHARMANDER + "55 Fire Energy BS 98\n",
                     "format=modified").get_json()
    kangaskhan = body["cards"][0]
    assert kangaskhan["status"] == "ambiguous" and len(kangaskhan["candidates"]) > 2
    assert kangaskhan["legal_via"]["id"] == "ecard2-88" and kangaskhan["playable"] is True
    assert body["legal"] is True and body["warnings"] == []


def test_a_deck_that_cannot_be_fully_read_is_never_legal(client):
    # 60 good cards and one line that is not a card: the deck is not certified legal.
    text = "4 Bill LC 108\n@@@ ????\n" + CHARMANDER + "55 Fire Energy BS 98\n"
    body = post_text(client, text, "format=unlimited").get_json()
    assert body["legal"] is False
    [violation] = body["violations"]
    assert violation["code"] == "unreadable-line" and violation["severity"] == "error"
    assert violation["cards"] == [{"line": 2, "name": "@@@ ????", "id": None, "count": 0}]
    assert violation["rule"] == {"document": "DCI Floor Rules 2003", "section": "§225"}
    assert [p["line"] for p in body["problems"]] == [2]  # still listed where it was
    every = post_text(client, text, "format=all").get_json()
    assert every["legal_in"] == []


def test_exporters_headers_totals_and_banners_are_not_unreadable(client):
    text = ("****** Pokémon Trading Card Game Deck List ******\n\n##Pokémon - 1\n\n"
            "* 1 Charmander LC 70\n\n##Trainer Cards - 4\n\n* 4 Bill LC 108\n\n"
            "##Energy - 55\n\n* 55 Fire Energy BS 98\n\nTotal Cards - 60\n\n"
            "****** Deck List Generated by the Pokémon TCG Online www.pokemon.com/TCGO ******\n")
    body = post_text(client, text, "format=unlimited").get_json()
    assert body["problems"] == [] and body["legal"] is True


@pytest.mark.parametrize(("body", "status", "where"), [
    ({"format": "nope", "deck": "x"}, 404, {"pointer": "/format"}),
    ({"format": ["modified", "modified"], "deck": "x"}, 422, {"pointer": "/format"}),
    ({"format": [], "deck": "x"}, 422, {"pointer": "/format"}),
    ({"format": 3, "deck": "x"}, 422, {"pointer": "/format"}),
    ({"format": "modified"}, 422, {"pointer": "/deck"}),
    ({"format": "modified", "deck": 4}, 422, {"pointer": "/deck"}),
    ({"format": "modified", "deck": "x", "colour": 1}, 422, {"pointer": "/colour"}),
    ({"format": "modified", "deck": "x", "as_of": "2003-02-30"}, 422, {"pointer": "/as_of"}),
    ({"format": "sealed", "deck": "x", "product": "zzz"}, 404, {"pointer": "/product"}),
    ({"format": "sealed", "deck": "x", "tournament": 0}, 422, {"pointer": "/tournament"}),
    ({"format": "sealed", "deck": "x", "product": [1]}, 422, {"pointer": "/product"}),
    ({"format": "sealed", "deck": "x", "pool": {"a": 1}}, 422, {"pointer": "/pool"}),
    ([], 422, {"pointer": ""}),
])
def test_bad_bodies_are_problems_that_say_where(client, body, status, where):
    response = client.post("/v1/validate", json=body)
    assert response.status_code == status
    assert response.mimetype == "application/problem+json"
    problem = response.get_json()
    assert {key: problem.get(key) for key in where} == where, problem


@pytest.mark.parametrize(("query", "status", "parameter"), [
    ("format=", 400, "format"), ("format=modified,,sealed", 400, "format"),
    ("format=nope", 404, "format"), ("format=modified&as_of=soon", 400, "as_of"),
    ("format=modified&color=red", 400, "color"), ("format=sealed&product=zzz", 404, "product"),
])
def test_bad_queries_for_text_bodies(client, query, status, parameter):
    response = post_text(client, LEGAL_EVERYWHERE_60, query)
    assert response.status_code == status
    problem = response.get_json()
    assert problem["parameter"] == parameter, problem
    assert parameter in problem["detail"]


def test_unknown_format_is_a_404_listing_the_formats(client):
    for response in (client.post("/v1/validate", json={"format": "extended", "deck": "x"}),
                     post_text(client, "x", "format=modified,extended")):
        assert response.status_code == 404
        assert response.get_json()["supported"] == [*ORDER, "all"]
        assert "No format 'extended'" in response.get_json()["detail"]


def test_a_bad_pool_line_says_which_line_of_the_pool(client):
    response = client.post("/v1/validate", json={"format": "sealed", "deck": "x",
                                                 "pool": "1 Bill\n2 Pika\u0007chu\n"})
    assert response.status_code == 400
    problem = response.get_json()
    assert problem["line"] == 2 and "`pool`" in problem["detail"]


def test_an_oversized_pool_is_413(client):
    pool = "".join(f"1 Card {i}\n" for i in range(1200))
    response = client.post("/v1/validate", json={"format": "sealed", "deck": "x", "pool": pool})
    assert response.status_code == 413


PARTNER_DECK = (FIXTURES / "decklists" / "partner-charizard.txt").read_text(encoding="utf-8")


def test_a_complete_partner_battles_deck_is_legal(client):
    body = post_text(client, PARTNER_DECK, "format=partner-battles").get_json()
    assert body["legal"] is True, body["violations"]
    assert body["counts"]["total"] == 100
    partner = body["cards"][0]
    assert partner["section"] == "partner" and partner["card"]["id"] == "sv3-125"


def test_partner_battles_violations_cite_their_sections(client):
    deck = PARTNER_DECK.replace("1 Entei OBF 30\n", "1 Pikachu BS 58\n").replace(
        "1 Switch SVI 194\n", "1 Switch BS 95\n1 Switch SVI 194\n").replace(
        "38 Basic Fire", "37 Basic Fire")
    body = post_text(client, deck, "format=partner-battles&tournament=true").get_json()
    assert sorted((v["code"], v["rule"]["section"]) for v in body["violations"]) == [
        ("singleton", "I.3.3"), ("type-identity", "I.3.1")]
    assert all(v["rule"]["document"] == "Partner Battles v3.00" for v in body["violations"])


def test_partner_battles_deck_size_is_100_with_the_partner(client):
    deck = PARTNER_DECK.replace("38 Basic Fire", "37 Basic Fire")
    body = post_text(client, deck, "format=partner-battles").get_json()
    assert [(v["code"], v["rule"]["section"]) for v in body["violations"]] == [
        ("deck-size", "I.3.2")]
    # "Energy: 42" and "Total Cards: 100" do not match the lines: both are reported
    assert [p["code"] for p in body["problems"]] == ["declared-total", "declared-total"]


def test_with_a_json_body_the_query_is_checked_then_ignored(client):
    body = {"format": "modified", "deck": LEGAL_EVERYWHERE_60}
    ignored = client.post("/v1/validate?format=partner-battles", json=body)
    assert ignored.status_code == 200 and ignored.get_json()["format"]["id"] == "modified"
    malformed = client.post("/v1/validate?format=modified,,&as_of=soon", json=body)
    assert malformed.status_code == 400
    assert malformed.get_json()["type"].endswith("/invalid-query")
    assert "as_of" in malformed.get_json()["detail"] and "format" in malformed.get_json()["detail"]
    unknown = client.post("/v1/validate?format=null", json=body)
    assert unknown.status_code == 404 and unknown.get_json()["parameter"] == "format"


def test_a_query_string_that_is_not_utf8_is_a_problem_naming_its_parameter(client):
    # gunicorn refuses raw non-ASCII in a request line; another WSGI server may pass it on.
    body = {"format": "modified", "deck": LEGAL_EVERYWHERE_60}
    sent = [client.post("/v1/validate", data=LEGAL_EVERYWHERE_60, content_type="text/plain",
                        environ_overrides={"QUERY_STRING": "format=modified&as_of=\xff"}),
            client.post("/v1/validate", json=body,
                        environ_overrides={"QUERY_STRING": "format=modified&as_of=\xff"}),
            client.get("/v1/cards", environ_overrides={"QUERY_STRING": "as_of=1&name=Pi\xffka"})]
    for response, parameter in zip(sent, ["as_of", "as_of", "name"], strict=True):
        problem = response.get_json()
        assert response.status_code == 400, problem
        assert problem["type"].endswith("/invalid-query") and "0xff" in problem["detail"]
        assert problem["parameter"] == parameter


def test_a_query_list_may_repeat_a_format_but_a_json_list_may_not(client):
    repeated = post_text(client, LEGAL_EVERYWHERE_60, "format=modified,unlimited,modified")
    assert [v["format"]["id"] for v in repeated.get_json()["verdicts"]] == ["modified",
                                                                           "unlimited"]
    twice = client.post("/v1/validate", json={"format": ["modified", "modified"],
                                              "deck": LEGAL_EVERYWHERE_60})
    assert twice.status_code == 422 and twice.get_json()["pointer"] == "/format"


def test_a_query_format_is_spelled_exactly(client):
    response = post_text(client, LEGAL_EVERYWHERE_60, "format=modified,%20unlimited")
    assert response.status_code == 404
    assert response.get_json()["detail"].startswith("No format ' unlimited'; formats: unlimited,")
    assert response.get_json()["parameter"] == "format"


def test_without_a_format_the_deck_is_checked_in_every_format(client):
    text = post_text(client, LEGAL_EVERYWHERE_60, "").get_json()
    json_body = client.post("/v1/validate", json={"deck": LEGAL_EVERYWHERE_60}).get_json()
    for body in (text, json_body):
        assert [v["format"]["id"] for v in body["verdicts"]] == [
            v["format"]["id"] for v in post_text(client, LEGAL_EVERYWHERE_60,
                                                 "format=all").get_json()["verdicts"]]
        assert "modified" in body["legal_in"] and body["notices"] == []


def test_a_pool_or_product_for_constructed_formats_is_read_but_not_used(client):
    asked = client.post("/v1/validate", json={"format": "modified", "deck": MODIFIED_DECK,
                                              "pool": "1 Bill LC 108",
                                              "product": "legendary-collection"})
    assert asked.status_code == 200
    body = asked.get_json()
    assert [(n["code"], n["pointer"]) for n in body["notices"]] == [
        ("limited-only", "/pool"), ("limited-only", "/product")]
    assert "modified (constructed)" in body["notices"][0]["detail"]
    assert "pool" not in body
    plain = client.post("/v1/validate", json={"format": "modified", "deck": MODIFIED_DECK})
    assert {**body, "notices": []} == plain.get_json()
    text = post_text(client, MODIFIED_DECK, "format=modified&product=legendary-collection")
    assert [(n["code"], n["parameter"]) for n in text.get_json()["notices"]] == [
        ("limited-only", "product")]
    malformed = client.post("/v1/validate", json={"format": "modified", "deck": "x",
                                                  "pool": "1 Bi\u0007ll"})
    assert malformed.status_code == 400 and malformed.get_json()["line"] == 1


def test_with_a_limited_format_among_several_the_pool_is_used_without_notice(client):
    body = client.post("/v1/validate", json={"format": ["modified", "sealed"],
                                             "deck": MODIFIED_DECK,
                                             "pool": "1 Bill LC 108"}).get_json()
    assert body["notices"] == [] and body["pool"]["counts"]["total"] == 1


@pytest.mark.parametrize(("asked", "checked", "play"), [
    ("modified", "modified", "constructed"), ("2v2-casual", "2v2-casual", "constructed")])
def test_a_play_the_format_does_not_have_is_not_used(client, asked, checked, play):
    body = client.post("/v1/validate", json={"format": asked, "deck": LEGAL_EVERYWHERE_60,
                                             "play": "limited"}).get_json()
    assert (body["format"]["id"], body["format"]["play"]) == (checked, play)
    assert [(n["code"], n["pointer"]) for n in body["notices"]] == [("play-not-used", "/play")]
    text = post_text(client, LEGAL_EVERYWHERE_60, f"format={asked}&play=limited").get_json()
    assert [(n["code"], n["parameter"]) for n in text["notices"]] == [("play-not-used", "play")]
    every = post_text(client, LEGAL_EVERYWHERE_60, "play=limited").get_json()
    assert every["notices"] == [] and "2v2-casual" not in [
        v["format"]["id"] for v in every["verdicts"]]


def test_a_catalog_without_the_set_a_pool_is_dated_by_still_answers(mini_db_url):
    # Modified adds every expansion after Expedition (ecard1); the mini catalog lacks it.
    response = post_text(make_client(mini_db_url), "4 Charizard BS 4\n", "format=modified")
    assert response.status_code == 200
    charizard = response.get_json()["cards"][0]
    assert charizard["legal_via"]["id"] == "base6-3"  # through a set the pool lists by name


def test_a_printed_limit_cites_the_cards_own_words(client):
    body = post_text(client, "2 Shining Gyarados N3 65\n58 Water Energy BS 102\n",
                     "format=unlimited").get_json()
    assert body["legal"] is False
    [violation] = body["violations"]
    assert violation["code"] == "name-limit"
    assert violation["rule"] == {
        "document": "Shining Gyarados (neo3-65)", "section": "card text",
        "text": "You can't have more than 1 Shining Gyarados in your deck."}


def test_a_name_family_names_its_lines_and_cites_its_source(client):
    body = client.post("/v1/validate", json={
        "format": "glc", "as_of": "2026-02-01",
        "deck": "1 Professor's Research SSH 178\n1 Professor Sycamore XY 122\n"
                + basic_line("glc") + "57 Fire Energy BS 98"}).get_json()
    [violation] = body["violations"]
    assert violation["code"] == "name-family"
    assert [card["id"] for card in violation["cards"]] == ["swsh1-178", "xy1-122"]
    assert violation["arguments"] == {"lines": "1, 2", "count": 2, "limit": 1,
                                      "names": "Professor's Research and Professor Sycamore"}
    assert violation["rule"]["document"].startswith("Gym Leader Challenge: Frequently Asked")
    assert violation["rule"]["section"] == "effective 2021-07-14"


def test_a_printing_after_the_date_and_a_date_after_the_document(client):
    body = client.post("/v1/validate", json={
        "format": "modified", "as_of": "2003-09-15",
        "deck": "1 Charizard CEL 4\n" + CHARMANDER + "58 Fire Energy BS 98"}).get_json()
    assert [v["code"] for v in body["violations"]] == ["not-yet-released"]
    assert [w["code"] for w in body["warnings"]] == ["beyond-document"]


def test_detail_verdict_answers_the_verdict_without_its_lines(client):
    deck = "4 Bill LC 108\n5 Bill LC 108\n" + CHARMANDER + "50 Fire Energy BS 98\n"
    full = post_text(client, deck, "format=modified").get_json()
    short = post_text(client, deck, "format=modified&detail=verdict").get_json()
    assert "cards" in full and "cards" not in short
    assert {k: v for k, v in full.items() if k != "cards"} == short
    assert short["legal"] is False and short["violations"][0]["code"] == "copy-limit"
    every = client.post("/v1/validate", json={"deck": deck, "detail": "verdict"}).get_json()
    assert every["legal_in"] == client.post("/v1/validate", json={"deck": deck}).get_json()[
        "legal_in"]
    assert all("cards" not in verdict for verdict in every["verdicts"])
    assert every["legal_in"] == [v["format"]["id"] for v in every["verdicts"] if v["legal"]]
    team = client.post("/v1/validate/team", json={
        "format": "team-battle", "detail": "verdict",
        "players": [{"seat": "A", "deck": deck}, {"seat": "B", "deck": deck}]}).get_json()
    assert all("cards" not in player for player in team["players"])
    assert post_text(client, deck, "format=modified&detail=some").status_code == 400


def test_violations_keep_the_values_their_message_was_made_from(client):
    answer = post_text(client, "9 Bill LC 108\n51 Fire Energy BS 98\n",
                       "format=modified").get_json()
    copies = next(v for v in answer["violations"] if v["code"] == "copy-limit")
    assert copies["arguments"] == {"count": 9, "title": "Bill", "limit": 4}
    assert copies["message"] == "9 cards titled 'Bill'; at most 4 are allowed"


def test_a_body_of_many_unknown_fields_is_told_of_the_first(client):
    sent = {"deck": "4 Bill\n", **{f"field{n:05}": n for n in range(50_000)}}
    answer = client.post("/v1/validate", json=sent)
    assert answer.status_code == 422
    problem = answer.get_json()
    assert len(problem["errors"]) == 20 and problem["errors_omitted"] == 50_000 - 20
    assert problem["pointer"] == "/field00000"
    assert len(answer.data) < 4096
