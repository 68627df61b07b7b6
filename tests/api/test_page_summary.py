"""The organizer's page tells the day's truth: its summary names the formats played on the
day set, each by the name the API gives its verdict, and says which it leaves out; with no
format ticked it shows the one the list most likely targets; a legal deck's answer is its
verdict and the list, an illegal one's leads with its problems; a code is shown in words;
an ambiguous line's choices say where each is legal. On real lists of 2026 (tests/corpus:
the 2026 World Championships and NAIC, a Limitless export) and older ones.
"""

from __future__ import annotations

import json

import pytest

from tests.api.test_page import CORPUS, HAYMAKER, check, codes, row, text
from validators.formats import ORDER, all_formats

pytestmark = pytest.mark.full_catalog
PLAYED = CORPUS / "played"
EVENTS = json.loads((PLAYED / "events.json").read_text())
WORLDS = EVENTS["2026-worlds"]
WORLDS_DAY = WORLDS["judged_on"]  # 2026-08-28
WORLDS_LIST = (PLAYED / "2026-worlds" / "masters-001-andrew-hedrick.txt").read_text()
# A Black & White list of the 2012 World Championships (seniors, 1st), as JSON entries.
BW_LIST = (PLAYED / "2012-worlds" / "seniors-001-chase-moloney.json").read_text()
LIMITLESS_2026 = (CORPUS / "tools" / "dgallitelli-limitless-2026.txt").read_text()
ENDED = ("sealed", "booster-draft", "rochester-draft", "team-multiplay", "team-battle")


def standings(page) -> dict:
    return {li["data-format"]: li for li in page.select("#legal-in .standings li")}


def test_a_2026_list_on_its_day_is_summed_up_in_the_formats_played_that_day(client):
    page = check(client, deck=WORLDS_LIST, as_of=WORLDS_DAY)
    answer = client.post("/v1/validate", json={"deck": WORLDS_LIST, "format": "all",
                                               "as_of": WORLDS_DAY, "detail": "verdict"})
    api = answer.get_json()
    summed = standings(page)
    # the formats the API judges on the day, each named as the API names its verdict
    assert list(summed) == [verdict["format"]["id"] for verdict in api["verdicts"]]
    for verdict in api["verdicts"]:
        mark = "✓" if verdict["legal"] else "✗"
        assert text(summed[verdict["format"]["id"]]).startswith(
            f"{mark} {verdict['format']['name']}")
    assert [f for f, li in summed.items() if "legal" in li["class"]] == api["legal_in"]
    # Modified is Standard from 2014, judged once as Standard; the eras of the 2003 and 2009
    # documents ended long before: none is in the summary, each is said to be left out
    assert "standard" in api["legal_in"]
    assert not {"modified", *ENDED} & set(summed)
    heading = text(page.select_one("#legal-in h2"))
    assert heading.endswith(f"on {WORLDS_DAY}") and "Modified" not in heading
    left_out = page.find(id="not-played")
    names = text(left_out.find("summary"))
    assert names.startswith(f"Not played on {WORLDS_DAY}")
    for format_id in ("modified", *ENDED):
        assert all_formats()[format_id].name in names
    assert len(left_out.select("li")) == len(
        [n for n in api["notices"] if n["code"] == "not-in-force"]) == 1 + len(ENDED)


def test_a_format_named_on_a_later_day_is_judged_and_named_as_its_season_then(client):
    """Modified ticked on a day of 2026 is judged by that day's season: Standard's, named so
    in the verdict and in the summary, as the API names it."""
    page = check(client, deck=WORLDS_LIST, as_of=WORLDS_DAY, format="modified")
    standard = all_formats()["standard"].name
    verdict = page.select_one(".deck .verdict[data-format=modified]")
    assert f"Legal in {standard} as of {WORLDS_DAY}" in text(verdict)
    named = client.post("/v1/validate", json={"deck": WORLDS_LIST, "format": "modified",
                                              "as_of": WORLDS_DAY, "detail": "verdict"})
    assert named.get_json()["format"]["name"] == standard


def test_with_no_day_each_format_says_the_day_it_judged(client):
    page = check(client, deck=WORLDS_LIST)
    summed = standings(page)
    assert list(summed) == list(ORDER)
    assert "(as of 2003-08-31)" in text(summed["modified"])
    assert "(as of 2010-08-31)" in text(summed["team-battle"])
    for today in ("standard", "expanded", "glc", "unlimited"):
        assert "as of" not in text(summed[today])
    assert page.find(id="not-played") is None


# 59 basic Energy and one Basic Pokémon of their Type (Temporal Forces): a deck of singletons
# of one Type without a Rule Box, legal in Standard and Expanded too.
GLC_DECK = "1 Pikachu TEF 51\n59 Lightning Energy SVE 4\n"


@pytest.mark.parametrize(("deck", "as_of", "likely"), [
    *((path.read_text(), WORLDS_DAY, "standard")
      for path in sorted((PLAYED / "2026-worlds").glob("*.txt"))),
    *((path.read_text(), EVENTS["2026-naic"]["judged_on"], "standard")
      for path in sorted((PLAYED / "2026-naic").glob("*.txt"))),
    (LIMITLESS_2026, "2026-12-01", "standard"),
    (BW_LIST, WORLDS_DAY, "expanded"),  # of Black & White's cards: Expanded's
    (BW_LIST, "2012-08-10", "modified"),  # on its own day: Modified's season then
    (HAYMAKER, WORLDS_DAY, "unlimited"),  # of 1999: none of today's, legal in Unlimited
    # a day when none of today's formats was played yet: the first it is legal in
    ("4 Pikachu BS 58\n56 Lightning Energy BS 100\n", "1999-06-01", "unlimited"),
    (GLC_DECK, WORLDS_DAY, "glc"),
], ids=lambda value: value if isinstance(value, str) and len(value) < 20 else None)
def test_with_no_format_ticked_the_list_is_shown_in_the_format_it_most_likely_targets(
        client, deck, as_of, likely):
    page = check(client, deck=deck, as_of=as_of)
    shown = [verdict["data-format"] for verdict in page.select(".deck .verdict")]
    assert shown == [likely]
    name = text(page.select_one(".deck .verdict"))
    assert f"Shown in {name.split(' in ', 1)[1].split(' as of ')[0]}" in text(
        page.find(id="likely"))
    assert page.select("input[name=format][checked]") == []  # the form says none ticked


@pytest.mark.parametrize(("path", "as_of"), [
    *((path, WORLDS_DAY) for path in sorted((PLAYED / "2026-worlds").glob("*.txt"))),
    *((path, EVENTS["2026-naic"]["judged_on"])
      for path in sorted((PLAYED / "2026-naic").glob("*.txt"))),
    (CORPUS / "tools" / "dgallitelli-limitless-2026.txt", "2026-12-01"),
], ids=lambda value: value.name if hasattr(value, "name") else value)
def test_every_2026_list_on_its_day_is_a_short_answer_of_the_formats_played_then(
        client, path, as_of):
    """Each was played (or exported) legal on the day: its answer is the summary of the
    formats played then, its verdict in Standard and the list; a line legal through a
    reprint is said in the lines' view, closed."""
    page = check(client, deck=path.read_text(), as_of=as_of)
    assert not {"modified", *ENDED} & set(standings(page))
    assert "legal" in standings(page)["standard"]["class"]
    deck = page.select_one("section.deck")
    assert "quiet" in deck["class"] and not deck.select_one(".lines-view").has_attr("open")


def test_a_legal_deck_is_its_verdict_and_the_list_with_the_lines_view_closed(client):
    page = check(client, deck=WORLDS_LIST, as_of=WORLDS_DAY)
    deck = page.select_one("section.deck")
    assert "quiet" in deck["class"]
    assert "legal" in deck.select_one(".verdict")["class"]
    listed = deck.select_one(".sheet-list")
    assert listed["aria-label"] == "The list"
    assert [text(h) for h in listed.find_all("h3")] == ["Pokémon (19)", "Trainer (32)",
                                                        "Energy (9)"]
    lines = deck.select_one("details.lines-view")
    assert not lines.has_attr("open") and len(lines.select("tr.row")) == 27


def test_an_illegal_deck_leads_with_its_problems_in_words(client):
    illegal = WORLDS_LIST.replace("4 Dreepy TWM 128", "5 Dreepy TWM 128")
    page = check(client, deck=illegal, as_of=WORLDS_DAY)
    deck = page.select_one("section.deck")
    assert "quiet" not in deck["class"]
    parts = [tag for tag in deck.find_all(["details", "section"])
             if {"problems", "lines-view"} & set(tag.get("class", []))]
    assert [next(iter({"problems", "lines-view"} & set(t["class"]))) for t in parts] == [
        "problems", "lines-view"]
    assert parts[0].has_attr("open") and parts[1].has_attr("open")
    problems = {codes(li)[0]: text(li) for li in parts[0].select("li.error")}
    assert problems["copy-limit"].startswith("✗ too many copies: 5 cards titled 'Dreepy'")
    assert problems["deck-size"].startswith("✗ deck size: ")
    # the line at fault stands out; a line with nothing to say is one compact row
    assert "has-error" in row(page, 2)["class"] and "quiet" not in row(page, 2)["class"]
    assert "quiet" in row(page, 3)["class"]
    # the summary words its codes too
    assert text(standings(page)["standard"].select_one(".code")) == "deck size"


def test_an_ambiguous_lines_choices_say_where_each_is_legal_on_the_day(client):
    """A name alone names several cards; each choice says whether it is legal in the format
    shown, as the card's own legality says (GET /v1/cards/{id})."""
    deck = WORLDS_LIST.replace("4 Dreepy TWM 128", "4 Dreepy")
    page = check(client, deck=deck, as_of=WORLDS_DAY)
    line = row(page, 2)
    assert line["data-status"] == "ambiguous"
    choices = line.select("button.choice")
    assert len(choices) >= 4
    standard = all_formats()["standard"].name
    found = set()
    for choice in choices:
        [said] = choice.select(".choice-legal")
        card = client.get(f"/v1/cards/{choice['data-card']}?as_of={WORLDS_DAY}").get_json()
        legal = card["legalities"]["standard"]["legal"]
        assert said["data-legal"] == ("yes" if legal else "no")
        assert text(said).endswith(f"{'legal' if legal else 'not legal'} in {standard}")
        found.add(legal)
    assert found == {True, False}  # Twilight Masquerade's is, Rebel Clash's is not
