"""Lists in the player's language through the API and the page: the language detected and
said (`input_language`), or asked (`lang`); cards and sets with their names by language; the
copy limit counting by English title whatever the name written."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

pytestmark = pytest.mark.full_catalog

SPANISH = "4 Damián SVI 166\n2 Órdenes de Jefes (Ghechis) PAL 172\n"


def test_the_language_is_detected_and_said(client):
    answer = client.post("/v1/validate?format=standard", data=SPANISH,
                         content_type="text/plain").get_json()
    assert answer["input_language"] == "es"
    cards = {card["line"]: card for card in answer["cards"]}
    assert cards[1]["card"]["id"] == "sv1-166" and cards[2]["card"]["id"] == "sv2-172"
    english = client.post("/v1/validate?format=standard", data="4 Arven SVI 166\n",
                          content_type="text/plain").get_json()
    assert english["input_language"] == "en"


def test_lang_says_the_language(client):
    said = client.post("/v1/validate", json={"deck": SPANISH, "format": "standard",
                                             "lang": "en"}).get_json()
    assert said["input_language"] == "en"
    assert {card["status"] for card in said["cards"]} == {"unknown"}
    refused = client.post("/v1/validate", json={"deck": SPANISH, "lang": "klingon"})
    assert refused.status_code == 422 and refused.get_json()["pointer"] == "/lang"


def test_two_local_names_of_one_english_title_count_together(client):
    """Arven is "Damián" in Spanish and "Pepe" in Italian: 3 + 2 copies are 5 of one title."""
    answer = client.post("/v1/validate", json={
        "deck": "3 Damián SVI 166\n2 Pepe SVI 166\n", "format": "standard",
        "detail": "verdict"}).get_json()
    limit = [v for v in answer["violations"] if v["code"] == "copy-limit"]
    assert limit and "Arven" in limit[0]["message"] and "5" in limit[0]["message"]


def test_cards_and_sets_carry_their_names_by_language(client):
    card = client.get("/v1/cards/sv1-166").get_json()
    assert card["names"]["en"] == "Arven" and card["names"]["es"] == "Damián"
    assert card["name"] == "Arven"
    paldea = client.get("/v1/sets/sv2").get_json()
    assert paldea["names"]["fr"] == "Évolutions à Paldea" and paldea["abbreviations"] == {
        "fr": "EAP"}


def test_the_page_shows_local_names_beside_the_english(client):
    page = BeautifulSoup(client.post("/", data={"mode": "deck", "deck": SPANISH,
                                                "format": "standard"}).get_data(as_text=True),
                         "html.parser")
    said = page.find(id="language-deck")
    assert said is not None and "Spanish" in said.get_text()
    row = page.find(id="deck-line-1")
    assert "Arven" in row.select_one(".printing").get_text()
    assert row.select_one(".local-name").get_text() == "(Damián)"
    assert row.select_one(".local-name")["lang"] == "es"


def test_an_unknown_local_name_is_offered_the_cards_its_language_names_so(client):
    answer = client.post("/v1/resolve", data="4 Damián SVI 166\n2 Ordenes de Jefez\n",
                         content_type="text/plain").get_json()
    assert answer["input_language"] == "es"
    line = answer["lines"][1]
    assert line["status"] == "unknown"
    offered = {suggestion["name"] for suggestion in line["suggestions"]}
    assert any(name.startswith("Boss's Orders") for name in offered), offered


def test_the_page_shows_the_japanese_names_of_a_japanese_list(client):
    page = BeautifulSoup(client.post("/", data={
        "mode": "deck", "deck": "4 ムク M5 078\n4 トロピウス\n", "format": "standard",
        "as_of": "2026-09-01"}).get_data(as_text=True), "html.parser")
    assert "Japanese" in page.find(id="language-deck").get_text()
    row = page.find(id="deck-line-1")
    assert "Gwynn" in row.select_one(".printing").get_text()
    assert row.select_one(".local-name").get_text() == "(ムク)"
    assert row.select_one(".local-name")["lang"] == "ja"
