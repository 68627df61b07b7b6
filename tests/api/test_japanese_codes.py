"""Lines naming a printing by its Japanese set code (`Gwynn M5 78`): judged as the
international printing it is linked to, or, a card with no English printing yet, as
Japan's card, not released here; a code of Japan's the catalog lacks (`M6a`) is told as
Japan's, never as an English set released since."""

from __future__ import annotations

import re

from sqlalchemy import select
from sqlalchemy.orm import Session

from catalog.db import make_engine
from catalog.models import Card, JapaneseCard
from tests.support.paths import TESTS

# A 2026 Standard list with Pitch Black's Crushing Hammer (2026 World Championships,
# tests/corpus/played), judged on a day Pitch Black is legal.
WORLDS = TESTS / "corpus" / "played" / "2026-worlds" / "masters-032-makani-tran.txt"
DAY = "2026-09-01"


def _validate(client, deck: str, **options) -> dict:
    response = client.post("/v1/validate", json={"deck": deck, "format": "standard",
                                                 "detail": "full", **options})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def test_a_japanese_printing_is_judged_as_its_international_printing(client):
    answer = _validate(client, "4 Gwynn M5 78\n", as_of=DAY)
    [line] = answer["cards"]
    assert line["status"] == "resolved" and line["card"]["id"] == "me5-78"
    assert line["legal_via"]["id"] == "me5-78"
    assert any("M5 78 is Japan's printing of Gwynn (PBL 78)" in note
               for note in line["notes"])


def test_a_card_of_japan_alone_is_not_released_here(client):
    answer = _validate(client, "2 Heracross M6 1\n", as_of=DAY)
    [line] = answer["cards"]
    assert line["card"]["id"] == "ja-m6-1" and line["legal_via"] is None
    [violation] = [v for v in answer["violations"] if v["code"] != "deck-size"]
    assert violation["code"] == "not-released-here"
    assert violation["arguments"]["released"] == "2026-07-31"
    assert violation["arguments"]["code"] == "M6"
    assert "released in Japan on 2026-07-31 (M6); not yet released in English" in \
        violation["message"]


def test_a_code_of_japan_newer_than_the_catalog_names_japans_newest_set(client):
    # As published (tests/corpus/pokemon-card-search): 30th Celebration cards under M6a.
    deck = (TESTS / "corpus" / "pokemon-card-search" / "mew_bunny.txt").read_text()
    answer = _validate(client, deck, as_of=DAY)
    [violation] = [v for v in answer["violations"] if v["code"] == "unknown-set"]
    assert violation["arguments"]["set_code"] == "M6a"
    assert violation["arguments"]["newest"].endswith("(M6)")
    assert violation["arguments"]["newest_date"] == "2026-07-31"
    assert "Pitch Black" not in violation["message"]
    assert "a code of Japan's sets" in violation["message"]


def test_a_list_written_with_japans_codes_is_judged_as_its_english_form(client,
                                                                       full_db_url):
    english = WORLDS.read_text()
    engine = make_engine(full_db_url)
    with Session(engine) as session:  # each Pitch Black printing's M5 printing
        m5: dict[str, str] = {}
        for card_id, number in session.execute(
                select(JapaneseCard.linked_id, JapaneseCard.number)
                .where(JapaneseCard.set_id == "ja-m5").order_by(JapaneseCard.number_sort)):
            m5.setdefault(card_id, number)  # its first printing in M5
        pbl = {number: card_id for number, card_id in session.execute(
            select(Card.number, Card.id).where(Card.set_id == "me5"))}
    engine.dispose()

    def japanese(match: re.Match) -> str:
        return f"{match.group(1)} M5 {m5[pbl[str(int(match.group(2)))]]}"

    written = re.sub(r"^(.+) PBL (\d+)$", japanese, english, flags=re.MULTILINE)
    assert written != english and " PBL " not in written
    both = [_validate(client, deck, as_of=DAY) for deck in (english, written)]
    assert [answer["legal"] for answer in both] == [True, True]
    assert [[line["card"]["id"] for line in answer["cards"]] for answer in both][0] == \
        [line["card"]["id"] for line in both[1]["cards"]]
    # Before Pitch Black was released, both are told so alike.
    before = [_validate(client, deck, as_of="2026-07-10") for deck in (english, written)]
    codes = [sorted(v["code"] for v in answer["violations"]) for answer in before]
    assert codes[0] == codes[1] and "not-yet-released" in codes[0]
