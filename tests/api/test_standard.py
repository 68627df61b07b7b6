"""Standard by regulation mark, dated: published tournament lists judged on their event's
date and after the next rotation, and hand-built decks for each rule. Every response is
checked against openapi.yaml."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest

from catalog.regulation_marks import RANK
from tests.corpus import EXPECTED
from tests.corpus import lists as corpus_lists
from tests.support.answers import batch_verdicts
from tests.support.basics import basic_entry, basic_line
from validators.formats import get_format
from validators.formats.reader import read_pool

pytestmark = pytest.mark.full_catalog
TOURNAMENTS = Path(__file__).resolve().parents[1] / "tournaments"
ROTATION_2024 = "2024 Pokémon TCG Standard Format Rotation (announced with Temporal Forces)"
ROTATION_2025 = "2025 Pokémon TCG Standard Format Rotation"


def published(event: str) -> tuple[dict, list[dict]]:
    """An event's file (its source beside its lists) and its lists as JSON deck entries."""
    doc = json.loads((TOURNAMENTS / f"{event}.json").read_text(encoding="utf-8"))
    decks = [{"placing": item["placing"], "name": item["name"],
              "deck": [entry for section in ("pokemon", "trainer", "energy")
                       for entry in item["decklist"].get(section, [])]}
             for item in doc["decklists"]]
    return doc, decks


def judged(client, deck, as_of: str | None, format_id: str = "standard") -> dict:
    body = {"format": format_id, "deck": deck, **({"as_of": as_of} if as_of else {})}
    response = client.post("/v1/validate", json=body)
    assert response.status_code == 200, response.get_json()
    return response.get_json()


def codes(verdict: dict) -> list[str]:
    return [violation["code"] for violation in verdict["violations"]]


def energy(count: int) -> dict:
    return {"count": count, "name": "Basic Psychic Energy", "set": "SVE", "number": "5"}


# Each event, with the rotation that later made its lists illegal: its day, announcement,
# the mark it took out and the first mark left. Vancouver 2024 was played two weeks before
# the 2024 rotation: E-mark cards (Battle VIP Pass, Peony, Level Ball…) were still legal,
# and Temporal Forces, out that Friday, was not yet.
ROTATED_BY = {"naic-2024": (dt.date(2025, 4, 11), ROTATION_2025, "F", "G"),
              "vancouver-2024": (dt.date(2024, 4, 5), ROTATION_2024, "E", "F")}
EVENTS = {event: published(event) for event in ROTATED_BY}
PUBLISHED = [pytest.param(event, deck, id=f"{event}-{deck['placing']}-{deck['name']}")
             for event, (_, decks) in EVENTS.items() for deck in decks]
NAIC_DECKS = EVENTS["naic-2024"][1]


@pytest.mark.parametrize(("event", "deck"), PUBLISHED)
def test_published_lists_are_legal_on_the_first_day_of_their_event(client, event, deck):
    first_day = EVENTS[event][0]["dates"][0]
    verdict = judged(client, deck["deck"], first_day)
    assert verdict["legal"] is True, verdict["violations"]
    assert verdict["as_of"] == first_day
    assert all(line["status"] == "resolved" for line in verdict["cards"])


@pytest.mark.parametrize(("event", "deck"), PUBLISHED)
def test_the_same_lists_are_illegal_once_their_mark_rotated_out(client, event, deck):
    day, announcement, gone, first_left = ROTATED_BY[event]
    before = judged(client, deck["deck"], (day - dt.timedelta(days=1)).isoformat())
    after = judged(client, deck["deck"], day.isoformat())
    assert before["legal"] is True, before["violations"]
    assert after["legal"] is False and set(codes(after)) == {"not-legal"}
    for violation in after["violations"]:
        assert violation["rule"] == {"document": announcement, "section": f"effective {day}"}
        assert f"its regulation mark is {gone}, and since {day} only {first_left} and later" \
            in violation["message"]


def test_the_done_when_list_as_text_on_its_weekend(client):
    """The winning list written as PTCG Live exports it, posted as text/plain with
    ?format=standard&as_of=2024-06-07 (the issue's curl)."""
    winner = NAIC_DECKS[0]["deck"]
    text = "\n".join(f"{e['count']} {e['name']} {e['set']} {e['number']}" for e in winner)
    response = client.post("/v1/validate?format=standard&as_of=2024-06-07", data=text,
                           content_type="text/plain")
    assert response.status_code == 200
    body = response.get_json()
    assert body["legal"] is True and body["counts"]["total"] == 60


def test_a_reprint_with_a_legal_mark_makes_an_older_printing_legal(client):
    pal_pad = {"count": 4, "id": "swsh1-172"}  # Pal Pad, mark D
    verdict = judged(client, [pal_pad, basic_entry("standard", "2024-06-07"), energy(55)],
                     "2024-06-07")
    assert verdict["legal"] is True
    assert verdict["cards"][0]["legal_via"]["id"] == "sv1-182"  # Scarlet & Violet's, mark G
    d_itself = [pal_pad, basic_entry("standard", "2023-04-13"), energy(55)]
    assert judged(client, d_itself, "2023-04-13")["legal"] is True  # D itself still legal
    assert codes(judged(client, [{"count": 4, "id": "swsh10-46"}, energy(56)],
                        "2025-04-11")) == ["radiant-limit", "not-legal"]


def test_a_line_by_name_alone_is_the_newest_printing_legal_on_the_day(client):
    """"4 Rare Candy" names no printing: a Standard answer shows the one legal in Standard on
    the day, the newest (Mega Evolution's, 2025), with no warning; a 2004 Modified answer
    the one legal then."""
    deck = "4 Rare Candy\n" + basic_line("standard", "2026-08-01") + "\n55 Lightning Energy"
    answer = client.post("/v1/validate", json={"format": "standard", "as_of": "2026-08-01",
                                               "deck": deck, "detail": "full"}).get_json()
    [candy] = [line for line in answer["cards"] if line["text"] == "Rare Candy"]
    assert candy["match"] == "name" and candy["card"]["id"] == "me1-125"
    assert candy["legal_via"]["id"] == "me1-125" and answer["warnings"] == []
    old = client.post("/v1/validate", json={"format": "modified", "as_of": "2004-06-01",
                                            "deck": "4 Rare Candy", "detail": "full"})
    [candy] = [line for line in old.get_json()["cards"] if line["text"] == "Rare Candy"]
    assert candy["card"]["id"] == candy["legal_via"]["id"]
    assert candy["card"]["set"].startswith("ex")


def test_a_set_is_available_on_release_and_legal_from_the_second_friday_after(client):
    deck = [{"count": 1, "id": "sv6-77"}, energy(59)]  # Iron Thorns ex, Twilight Masquerade
    waiting = judged(client, deck, "2024-06-06")  # released 2024-05-24
    assert codes(waiting) == ["not-yet-legal"]
    assert waiting["violations"][0]["message"] == (
        "line 1: Iron Thorns ex (TWM 77) is not legal yet on 2024-06-06: Twilight Masquerade "
        "came out 2024-05-24 and is legal from 2024-06-07")
    assert judged(client, deck, "2024-06-07")["legal"] is True
    legal_sets = {s["id"]: s for s in client.get("/v1/formats/standard").get_json()
                  ["card_pool"]["legal_sets"]}
    assert legal_sets["sv6"]["legal_from"] == "2024-06-07"
    assert legal_sets["sv5"]["legal_from"] == "2024-04-05"  # Temporal Forces, 2024-03-22


def test_basic_energy_from_any_set_is_legal_but_fairy_energy_is_not(client):
    basic = basic_entry("standard", "2024-06-07")
    fire = judged(client, [basic, {"count": 59, "id": "base1-98"}], "2024-06-07")  # Base Set
    assert fire["legal"] is True
    fairy = judged(client, [{"count": 4, "id": "sm1-172"}, basic, energy(55)], "2024-06-07")
    assert codes(fairy) == ["not-legal"]


def test_the_day_before_the_first_rotation_by_marks_the_sets_of_the_season_judge(client):
    # Each deck's Basic Pokémon, Hoothoot of Sword & Shield (mark D), is legal on both days.
    hoothoot = {"count": 1, "id": "swsh1-143"}
    marked = [{"count": 4, "id": "swsh1-172"}, hoothoot,
              {"count": 55, "id": "base1-101"}]  # Psychic
    team_up = [{"count": 4, "id": "sm9-152"}, hoothoot, {"count": 55, "id": "base1-101"}]  # no mark
    before = judged(client, team_up, "2021-09-09")
    assert before["legal"] is True and before["format"]["season"]["id"] == "standard-teu-on"
    assert before["format"]["name"] == "Standard (TEU-On), 2020-21"
    assert judged(client, marked, "2021-09-09")["legal"] is True
    after = judged(client, team_up, "2021-09-10")
    assert codes(after) == ["not-legal"]
    assert after["format"]["season"]["id"] == "standard-regulation-marks"
    assert judged(client, marked, "2021-09-10")["legal"] is True


def test_with_no_date_a_deck_is_judged_on_the_day_of_the_request(client):
    verdict = judged(client, [basic_entry("standard"), energy(59)], None)
    assert verdict["as_of"] == dt.date.today().isoformat() and verdict["legal"] is True


def test_deck_rules_copy_limit_size_and_ace_spec(client):
    basic = basic_entry("standard", "2024-06-07")
    over = [{"count": 5, "id": "sv1-182"}, basic, energy(54)]
    assert codes(judged(client, over, "2024-06-07")) == ["copy-limit"]
    assert codes(judged(client, [basic, energy(58)], "2024-06-07")) == ["deck-size"]
    two_ace_specs = [{"count": 1, "id": "sv5-157"}, {"count": 1, "id": "sv6-165"}, basic,
                     energy(57)]
    assert codes(judged(client, two_ace_specs, "2024-06-07")) == ["ace-spec-limit"]


def test_ascended_heroes_boss_s_orders_is_one_card_with_its_older_printing(client):
    # pokemon-tcg-data gives Ascended Heroes' Supporters as Pokémon with 0 HP and no text;
    # the catalog takes TCGdex's Trainer (catalog/importing/deciding.py).
    both = "2 Boss's Orders ASC 183\n2 Boss's Orders MEG 114\n"
    resolved = client.post("/v1/resolve", data=both, content_type="text/plain").get_json()
    assert [line["card"]["id"] for line in resolved["lines"]] == ["me2pt5-183", "me1-114"]
    assert resolved["counts"]["by_supertype"] == {"Pokémon": 0, "Trainer": 4, "Energy": 0}
    assert len({line["card"]["function_key"] for line in resolved["lines"]}) == 1
    [named] = client.post("/v1/resolve", data="2 Boss's Orders",
                          content_type="text/plain").get_json()["lines"]
    assert named["status"] == "resolved"  # one card, however many printings
    basic = basic_entry("standard", "2026-03-01")
    four = f"{both}1 {basic['id']}\n55 Basic Psychic Energy SVE 5"
    verdict = client.post("/v1/validate?format=standard&as_of=2026-03-01", data=four,
                          content_type="text/plain").get_json()
    assert verdict["legal"] is True and verdict["counts"]["by_supertype"]["Trainer"] == 4
    five = four.replace("2 Boss's Orders MEG", "3 Boss's Orders MEG").replace("55 ", "54 ")
    over = client.post("/v1/validate?format=standard&as_of=2026-03-01", data=five,
                       content_type="text/plain").get_json()
    assert codes(over) == ["copy-limit"]
    assert "5 cards titled \"Boss's Orders\"" in over["violations"][0]["message"]
    # a search for Trainers finds the set's Supporters, one for Pokémon none of them
    trainers = {item["id"] for item in client.get(
        "/v1/cards?set=ASC&supertype=Trainer&per_page=250").get_json()["items"]}
    pokemon = {item["id"] for item in client.get(
        "/v1/cards?set=ASC&supertype=Pokémon&per_page=250").get_json()["items"]}
    assert {"me2pt5-183", "me2pt5-256", "me2pt5-207"} <= trainers
    assert not {"me2pt5-183", "me2pt5-256", "me2pt5-207"} & pokemon


def test_the_format_lists_its_dated_history_with_sources(client):
    body = client.get("/v1/formats/standard").get_json()
    rotations = body["card_pool"]["rotations"]
    assert [(r["effective"], r["from_mark"]) for r in rotations] == [
        ("2021-09-10", "D"), ("2023-04-14", "E"), ("2024-04-05", "F"), ("2025-04-11", "G"),
        ("2026-04-10", "H")]
    assert all(r["announcement"]["title"] and r["announcement"]["url"].startswith("https://")
               for r in rotations)
    assert body["as_of_is_request_day"] is True and body["default_as_of"] is None
    assert body["card_pool"]["legal_after_fridays"] == 2
    assert "Fairy" not in body["card_pool"]["basic_energy_from_any_set"]


def test_format_all_includes_standard(client):
    body = client.post("/v1/validate", json={"format": "all", "as_of": "2024-06-07",
                                             "deck": NAIC_DECKS[0]["deck"]}).get_json()
    verdicts = {result["format"]["id"]: result["legal"] for result in body["verdicts"]}
    assert verdicts["standard"] is True and verdicts["expanded"] is True
    assert "standard" in body["legal_in"]
    # on a day of 2024 the 2003 document's Sealed and the lineage's old id are not played
    assert "sealed" not in verdicts and "modified" not in verdicts


def test_rotations_are_in_order_and_marks_only_move_forward():
    rotations = get_format("standard").pool.rotations  # type: ignore[union-attr]
    assert [r.effective for r in rotations] == sorted(r.effective for r in rotations)
    marks = [r.from_mark for r in rotations]
    assert marks == sorted(marks, key=RANK.__getitem__)  # the game's order of marks
    with pytest.raises(ValueError, match="a regulation mark of the game: 'K'"):
        read_pool({"rotations": [{"effective": "2027-04-09", "from_mark": "K",
                                  "announcement": {"title": "t", "url": "https://x.example",
                                                   "date": "2027-01"}}]})


def judged_together(client, lists: list[tuple[str, list[dict]]], as_of: str) -> list[dict]:
    """Each list's verdict in Standard on the day, as POST /v1/validate alone answers it
    with detail=verdict, asked in batches."""
    found = batch_verdicts(client, [{"id": name, "format": "standard", "as_of": as_of,
                                     "deck": deck, "detail": "verdict"} for name, deck in lists])
    return [found[name] for name, _ in lists]


def worlds_2024() -> list[tuple[str, list[dict]]]:
    """The 218 published lists of the 2024 World Championship (Honolulu, 2024-08-16 to 18;
    tests/corpus/sources.json names the source), as JSON deck entries."""
    return [(item.name, item.body) for item in corpus_lists() if item.source == "worlds-2024"]


# The verdicts come from the in-memory index; one backend is enough for 436 of them.
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_worlds_2024_lists_are_legal_on_its_first_day_unless_a_line_cannot_be_read(client):
    list_errors = {entry["at"].split(":")[0] for entry in EXPECTED["list_errors"]}
    lists = worlds_2024()
    assert len(lists) == 218
    for (name, _), verdict in zip(lists, judged_together(client, lists, "2024-08-16"),
                                  strict=True):
        if name in list_errors:  # a line wrong in the list itself: never certified
            assert verdict["legal"] is False and set(codes(verdict)) == {"unknown-card"}, name
        else:
            assert verdict["legal"] is True, (name, verdict["violations"])
    rotated = judged_together(client, lists, "2025-04-11")
    assert sum(not verdict["legal"] for verdict in rotated) >= 200
    for verdict in rotated:
        for violation in verdict["violations"]:
            assert violation["code"] in ("not-legal", "unknown-card")
            if violation["code"] == "not-legal":
                assert violation["rule"]["document"] == ROTATION_2025
