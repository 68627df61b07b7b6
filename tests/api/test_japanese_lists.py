"""Lists written in Japanese, Thai or Indonesian names read as lists in French or Spanish
are: the language detected (`input_language`), `lang` to say it, every line the card its
English form names; Japanese lists' own forms (the count after the name, `グッズ (21枚)`)."""

from __future__ import annotations

import re

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from catalog.db import make_engine
from catalog.models import Card, JapaneseCard
from decklist.detect import parse
from tests.support.paths import TESTS

# The 2026 World Champion's list (tests/corpus/played), a current Standard list.
CHAMPION = TESTS / "corpus" / "played" / "2026-worlds" / "masters-001-andrew-hedrick.txt"
DAY = "2026-09-01"
LINE = re.compile(r"^(\d+) (.+) ([A-Z]{3}) (\d+)$")


@pytest.fixture(scope="module")
def local_names(full_db_url):
    """Each English printing's name, by its id, and the names in Japan's languages of the
    cards of each English name (those of a Japanese printing linked to a printing of it)."""
    engine = make_engine(full_db_url)
    with Session(engine) as session:
        keys = dict(session.execute(select(Card.id, Card.name)).all())
        names: dict[str, dict[str, str]] = {}
        for linked_id, printed in session.execute(
                select(JapaneseCard.linked_id, JapaneseCard.names)
                .where(JapaneseCard.linked_id.is_not(None)).order_by(JapaneseCard.id)):
            names.setdefault(keys[linked_id], {}).update(printed)
    engine.dispose()
    return keys, names


def _validate(client, deck: str, **options) -> dict:
    response = client.post("/v1/validate", json={"deck": deck, "format": "standard",
                                                 "detail": "full", "as_of": DAY, **options})
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def _written_in(language: str, english: str, keys, names, count_after: bool = False) -> str:
    """The list's card lines by name alone in `language` (its headers as they are); in
    English (`en`), its English names alone."""
    out = []
    for line in english.splitlines():
        match = LINE.match(line)
        if match is None:
            out.append(line)
            continue
        count, _, code, number = match.groups()
        card_id = next(card_id for card_id in keys
                       if card_id.rsplit("-", 1)[1] == number and _code(card_id, code))
        if language != "en":
            name = names[keys[card_id]][language]
        else:  # a basic Energy's name says so, as Japan's does ("基本悪エネルギー")
            name = f"Basic {keys[card_id]}" if code == "MEE" else keys[card_id]
        out.append(f"{name} {count}" if count_after else f"{count} {name}")
    return "\n".join(out)


CODES = {"TWM": "sv6", "ASC": "me2pt5", "JTG": "sv9", "TEF": "sv5", "POR": "me3",
         "MEG": "me1", "SCR": "sv7", "CRI": "me4", "MEE": "mee"}


def _code(card_id: str, code: str) -> bool:
    return card_id.rsplit("-", 1)[0] == CODES[code]


def _cards(answer: dict) -> list[tuple[str, str | None]]:
    return [(line["status"], line["card"] and line["card"]["id"]) for line in answer["cards"]]


@pytest.mark.parametrize("count_after", [False, True])
def test_a_list_in_japanese_names_is_its_english_form(client, local_names, count_after):
    keys, names = local_names
    english = _written_in("en", CHAMPION.read_text(), keys, names)
    japanese = _written_in("ja", CHAMPION.read_text(), keys, names, count_after)
    assert not re.search(r"[A-Za-z]{3,}", japanese.replace("Pokémon", "")
                         .replace("Trainer", "").replace("Energy", ""))  # wholly Japanese
    answers = [_validate(client, deck) for deck in (english, japanese)]
    assert answers[1]["input_language"] == "ja"
    assert len(answers[1]["cards"]) == 24
    assert _cards(answers[1]) == _cards(answers[0])
    assert answers[1]["legal"] == answers[0]["legal"]
    assert [v["code"] for v in answers[1]["violations"]] == \
        [v["code"] for v in answers[0]["violations"]]


def test_lang_says_the_lists_language(client, local_names):
    keys, names = local_names
    japanese = _written_in("ja", CHAMPION.read_text(), keys, names)
    said = _validate(client, japanese, lang="ja")
    assert said["input_language"] == "ja"
    assert _cards(said) == _cards(_validate(client, japanese))
    # English alone reads none of its names.
    english_only = _validate(client, japanese, lang="en")
    assert {line["status"] for line in english_only["cards"]} != {"resolved"}


def test_a_list_in_thai_or_indonesian_names_reads_in_its_language(client, local_names):
    keys, names = local_names
    lines = [line for line in CHAMPION.read_text().splitlines() if LINE.match(line)]
    for language in ("th", "id"):
        # The lines whose card Japan's data names in the language, as a list of their own.
        written = [(line, _written_in(language, line, keys, names)) for line in lines
                   if language in names[keys[_id_of(line, keys)]]]
        assert len(written) >= 5, language
        answer = _validate(client, "\n".join(local for _, local in written))
        assert answer["input_language"] == language
        in_english = _validate(client, "\n".join(_written_in("en", line, keys, names)
                                                  for line, _ in written))
        assert _cards(answer) == _cards(in_english), language


def _id_of(line: str, keys) -> str:
    count, _, code, number = LINE.match(line).groups()
    return next(card_id for card_id in keys
                if card_id.rsplit("-", 1)[1] == number and _code(card_id, code))


def test_a_japanese_name_misspelt_is_offered_the_closest_japanese_names(client):
    answer = _validate(client, "4 ナンジャモ\n4 ネストボール\n2 ボスの指命\n")
    [misspelt] = [line for line in answer["cards"] if line["status"] != "resolved"]
    assert "Boss's Orders" in [s["name"] for s in misspelt["suggestions"]]


@pytest.mark.parametrize("written, count, name", [
    ("ナンジャモ 4", 4, "ナンジャモ"),
    ("ナンジャモ×4", 4, "ナンジャモ"),
    ("ネストボール x 3", 3, "ネストボール"),
    ("テツノカイナex 2", 2, "テツノカイナex"),
    ("基本悪エネルギー 10枚", 10, "基本悪エネルギー"),
])
def test_a_japanese_line_may_put_its_count_after_the_name(written, count, name):
    [entry] = parse(written).entries
    assert (entry.copies, entry.reference) == (count, name)


def test_a_latin_line_without_a_count_first_is_no_card_line():
    deck = parse("Pikachu BS 58 4\n")
    assert deck.entries == [] and deck.problems


def test_japanese_headers_open_sections_and_their_parts_add_up():
    deck = parse("ポケモン (12枚)\n4 ナンジャモ\nグッズ (20枚)\nサポート (8枚)\n"
                 "エネルギー (20枚)\n")
    assert deck.declared["pokemon"][0] == 12
    assert deck.declared["trainer"][0] == 28  # グッズ (Items) and サポート (Supporters)
    assert deck.declared["energy"][0] == 20
