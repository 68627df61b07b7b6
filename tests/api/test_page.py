"""The organizer's page, as the server renders it (the page without JavaScript): the form,
the answer line by line for real lists, picks, the Partner, teams, refused lists, escaping,
the share link and the page's headers. tests/e2e/browser/test_browser_page.py drives it in Chromium.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from bs4 import BeautifulSoup, Tag

from tests.support.paths import FIXTURES
from validators.formats import ORDER, all_formats
from web.form import default_formats, line_digest

pytestmark = pytest.mark.full_catalog
CORPUS = Path(__file__).resolve().parents[1] / "corpus"
# Published lists, as published (tests/corpus/sources.json names each source).
HAYMAKER = (CORPUS / "ptcg-sim" / "1999-base-fossil-haymaker-deck.txt").read_text()
PTCG_LIVE_EXPORT = (CORPUS / "tools" / "larrymyers-ptcgl_decklist.txt").read_text()
MODIFIED_LEGAL = (FIXTURES / "decklists" / "modified-legal.txt").read_text()


def soup_of(response) -> BeautifulSoup:
    return BeautifulSoup(response.get_data(as_text=True), "html.parser")


def check(client, **fields) -> BeautifulSoup:
    response = client.post("/", data={"mode": "deck", **fields})
    assert response.status_code == 200, response.get_data(as_text=True)[:2000]
    return soup_of(response)


def row(page: BeautifulSoup, line: int, field: str = "deck") -> Tag:
    found = page.find("tr", id=f"{field}-line-{line}")
    assert isinstance(found, Tag), f"no row for line {line}"
    return found


def text(tag: Tag | None) -> str:
    assert tag is not None
    return " ".join(tag.get_text().split())


def codes(tag: Tag | None) -> list[str]:
    """The violation codes shown in a part of the page: each is shown in words, and names
    its code as its data."""
    assert tag is not None
    return [span["data-code"] for span in tag.select(".code[data-code]")]


def list_in(page: BeautifulSoup, field: str = "deck") -> str:
    """A text box's value as a browser reads it: the HTML parser drops the one newline that
    follows `<textarea>` (html.parser, here, keeps it)."""
    box = page.find("textarea", id=field)
    assert isinstance(box, Tag)
    written = box.get_text()
    assert written.startswith("\n"), "a text box's text starts on the line after its tag"
    return written[1:]


def test_every_control_of_the_form_has_a_label(client):
    page = soup_of(client.get("/"))
    controls = page.select("form#check input, form#check select, form#check textarea")
    assert len(controls) > 15
    labelled = {label.get("for") for label in page.find_all("label")}
    for control in controls:
        wrapped = control.find_parent("label") is not None
        assert wrapped or control.get("id") in labelled, control
    assert page.find("html").get("lang") == "en"
    assert page.find("form", id="check").get("method") == "post"  # works without a script


def picture_origins(data: Path) -> set[str]:
    """Where the catalog's data puts card pictures, read from its files."""
    origins = set()
    for path in (data / "cards" / "en").glob("*.json"):
        for card in json.loads(path.read_bytes()):
            url = urlsplit((card.get("images") or {}).get("small", ""))
            if url.scheme == "https":
                origins.add(f"https://{url.netloc}")
    return origins


def test_the_page_loads_nothing_from_other_hosts(client, shared_data):
    response = client.get("/")
    page = soup_of(response)
    for tag, attribute in (("script", "src"), ("link", "href"), ("img", "src")):
        for element in page.find_all(tag):
            assert not urlsplit(element.get(attribute, "")).netloc, element
    policy = response.headers["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    for name in ("script-src", "style-src", "connect-src", "font-src", "form-action"):
        assert directives[name] == "'self'", name
    assert directives["default-src"] == "'none'" and directives["frame-ancestors"] == "'none'"
    # pictures: the page's own origin and the hosts the catalog's pictures are on, no other
    hosts = directives["img-src"].split()
    # (TCGdex's, for the printings it alone has: tests/unit/test_tcgdex_pictures.py)
    assert hosts[0] == "'self'" and set(hosts[1:]) == picture_origins(shared_data) | {
        "https://assets.tcgdex.net"}
    assert "https://images.pokemontcg.io" in hosts
    assert response.headers["Cache-Control"] == "no-store"
    for asset in ("page.js", "page.css"):
        with client.get(f"/static/{asset}", buffered=True) as served:
            assert served.status_code == 200


def test_a_published_list_is_judged_line_by_line(client):
    page = check(client, deck=HAYMAKER, format="unlimited")
    verdict = page.select_one(".verdict")
    assert "legal" in verdict["class"] and "Legal in Unlimited" in text(verdict)
    card_rows = page.select("tr.row[data-status]:not([data-status=''])")
    assert len(card_rows) == 16 and {r["data-status"] for r in card_rows} == {"resolved"}
    hitmonchan = row(page, 4)
    assert "4 Hitmonchan base4-8" in text(hitmonchan.select_one(".written"))
    assert text(hitmonchan.select_one(".printing")).startswith("Hitmonchan Base Set 2 (B2) 8")
    # headings are shown as written, not as cards
    assert row(page, 2).get("data-status") == "" and "Pokémon (10)" in text(row(page, 2))
    counts = text(page.select_one(".counts"))
    assert "Cards 60" in counts and "Trainer 32" in counts
    # the list says "Pokémon (10)" over 11 cards on 3 lines, as published: both are shown
    assert "Pokémon 11 (the list says 10)" in counts


def test_a_ptcg_live_export_in_every_format_marks_the_lines_that_break_each(client):
    page = check(client, deck=PTCG_LIVE_EXPORT, format="all")
    table = {tr["data-format"]: tr["class"] for tr in page.select("table.formats-table tbody tr")}
    assert len(table) == len(ORDER)
    # every card ever printed is in Unlimited's pool, and the 2v2 casual edition drops the
    # card pool (validators/formats/2v2-casual.json); Expanded takes every set from Black &
    # White on; the others' pools end by 2010, Standard (judged on the day of the request)
    # has rotated its G-mark cards out, and GLC allows no Rule Box Pokémon
    assert [f for f, classes in table.items() if "legal" in classes] == [
        "unlimited", "2v2-casual", "expanded"]
    miraidon = row(page, 2)
    assert miraidon["data-status"] == "resolved"
    assert "Temporal Forces (TEF) 121" in text(miraidon.select_one(".printing"))
    # with many formats a line's marks are grouped by kind, each format with its rule;
    # Modified is judged on its own date (2003), before Miraidon was printed
    released = next(li for li in miraidon.select(".marks li")
                    if codes(li) == ["not-yet-released"])
    assert text(released.select_one(".code")) == "not yet released"  # the code in words
    formats = [text(span) for span in released.select(".in-format")]
    assert "Modified (Sept 1 Modified, 2002-03 season)" in formats and "Unlimited" not in formats
    rules = [text(cite) for cite in released.select("cite.rule")]
    assert len(rules) == len(formats) and "DCI Floor Rules 2003, §226" in rules
    # the client's section counts are lines ("Pokémon: 7" over 7 lines of 11 cards), and its
    # total is the cards': both fit, so neither is set beside the counts
    counts = text(page.select_one(".counts"))
    assert "Pokémon 11" in counts and "the list says" not in counts
    # every deck-level problem is listed, per format, with its rule
    modified = page.select_one(".problems[data-format=modified]")
    assert "deck-size" not in codes(modified) and "not-yet-released" in codes(modified)


def test_a_reprint_that_makes_a_card_legal_is_named(client):
    page = check(client, deck="4 Bill BS 91\n56 Water Energy BS 102\n", format="modified")
    via = text(row(page, 1).select_one(".via"))
    assert via.startswith("Legal through its reprint Bill,")
    assert "Legendary Collection" in via or "Base Set 2" in via


def test_an_illegal_deck_gets_its_deck_level_violations_with_their_rules(client):
    page = check(client, deck="5 Bill BS 91\n50 Water Energy BS 102\n", format="modified")
    assert "illegal" in page.select_one(".verdict")["class"]
    problems = {codes(li)[0]: text(li) for li in page.select(".problems li.error")}
    assert problems["copy-limit"].startswith("✗ too many copies: ")
    assert "§" in problems["copy-limit"] and "(line 1)" in problems["copy-limit"]
    assert problems["deck-size"].startswith("✗ deck size: ")
    assert "has-error" in row(page, 1)["class"]
    assert "has-error" not in row(page, 2)["class"]


def test_an_unknown_line_offers_cards_and_picking_one_rewrites_it(client):
    page = check(client, deck="4 Charizard BS 5\n", format="unlimited")
    line = row(page, 1)
    assert line["data-status"] == "unknown"
    choices = line.select("button.choice[name=pick]")
    assert choices and all(button["form"] == "check" for button in choices)
    picked = choices[0]["value"]
    field, number, _digest, new_text = picked.split(":", 3)
    assert (field, number) == ("deck", "1") and new_text.startswith("4 ")
    again = check(client, deck="4 Charizard BS 5\n", format="unlimited", pick=picked)
    assert list_in(again) == new_text + "\n"
    assert row(again, 1)["data-status"] == "resolved"
    # the answer part carries the list as rewritten, for the page's script to put back
    part = soup_of(client.post("/answer", data={"mode": "deck", "deck": "4 Charizard BS 5\n",
                                                "format": "unlimited", "pick": picked}))
    assert part.find(id="picked")["data-text"] == new_text + "\n"


def test_every_choice_offered_reads_back_as_the_card_it_names(client):
    """A pick writes `COUNT NAME CODE NUMBER`; for every choice on lines that did not
    resolve in a real list, that line must resolve to exactly the printing shown."""
    deck = "\n".join(["4 Charizard", "2 Professor Oak", "1 Pikachu ex9-999", "4 Gust of Wind",
                      "3 Mewtwo", "1 Rare Candy", "2 Lugia ex"])
    page = check(client, deck=deck, format="unlimited")
    picks = [button["value"] for button in page.select("button.choice")]
    assert len(picks) >= 10
    for value in picks:
        new_line = value.split(":", 3)[3]
        answer = client.post("/v1/resolve", data=new_line,
                             content_type="text/plain").get_json()["lines"][0]
        shown = page.find("button", attrs={"value": value})
        assert answer["status"] == "resolved", (new_line, answer)
        assert answer["card"]["name"] in text(shown) and answer["card"]["number"] in text(shown)


def test_the_partner_line_named_on_the_form_is_the_partner(client):
    deck = (FIXTURES / "decklists" / "partner-charizard.txt").read_text()
    unmarked = deck.replace("Partner: 1\n", "")
    without = check(client, deck=unmarked, format="partner-battles")
    assert "partner-missing" in codes(without.select_one(".problems"))
    line = next(n for n, written in enumerate(unmarked.splitlines(), 1)
                if written.startswith("1 Charizard ex"))
    named = check(client, deck=unmarked, format="partner-battles", partner=str(line))
    problems = named.select_one(".problems")
    assert problems is None or "partner-missing" not in codes(problems)


def test_a_team_is_judged_seat_by_seat(client):
    page = check(client, mode="team", team_format="team-multiplay",
                 seat_A_deck=MODIFIED_LEGAL,
                 seat_B_deck="1 Squirtle LC 95\n59 Water Energy BS 102\n")
    assert "legal" in page.select_one("#team-verdict")["class"]
    titles = [text(h) for h in page.select("section.deck > h2")]
    assert titles == ["Seat A", "Seat B"]
    assert row(page, 4, "seat_A_deck")["data-status"] == "resolved"
    broken = check(client, mode="team", team_format="team-multiplay",
                   seat_A_deck=MODIFIED_LEGAL, seat_B_deck="5 Bill BS 91\n55 Water Energy BS 102\n")
    assert "illegal" in broken.select_one("#team-verdict")["class"]
    assert "has-error" in row(broken, 1, "seat_B_deck")["class"]


def test_a_chosen_file_is_the_list(client):
    data = {"mode": "deck", "deck": "", "format": "unlimited",
            "deck_file": (io.BytesIO(b"\xef\xbb\xbf" + HAYMAKER.encode()), "haymaker.txt")}
    page = soup_of(client.post("/", data=data, content_type="multipart/form-data"))
    assert "Legal in Unlimited" in text(page.select_one(".verdict"))
    assert list_in(page).strip().startswith("Pokémon (10)")


@pytest.mark.parametrize("deck, field, line, status", [
    ("4 Bill BS 91\n0 Water Energy BS 102\n", "deck", 2, 422),
    ("4 Bill\n" + "x" * 400 + "\n", "deck", 2, 413),
    ("4 Bill\n1 Pika\x07chu\n", "deck", 2, 400),
])
def test_a_list_the_api_refuses_shows_the_problem_beside_its_line(client, deck, field, line,
                                                                 status):
    response = client.post("/", data={"mode": "deck", "deck": deck})
    assert response.status_code == status
    page = soup_of(response)
    problem = page.find(id="problem")
    assert problem["data-field"] == field and problem["data-line"] == str(line)
    beside = page.find(id=f"{field}-problem")
    assert beside is not None and text(beside).startswith(f"⚠ Line {line}:")
    assert page.find(id=field)["aria-invalid"] == "true"
    assert f"{field}-problem" in page.find(id=field)["aria-describedby"]


@pytest.mark.parametrize("fields, lists", [
    ({"mode": "deck", "deck": "4 Bill\n", "pool": "4 Bill\n4 Potion\n", "format": "sealed",
      "seat_A_deck": "4 Switch\n"}, 3),
    ({"mode": "team", "team_format": "team-multiplay", "seat_A_deck": "4 Bill\n",
      "seat_B_deck": "4 Switch\n", "deck": "4 Potion\n"}, 3),
])
def test_each_list_the_form_holds_is_read_once(client, monkeypatch, fields, lists):
    from api import body

    read = []
    monkeypatch.setattr(body, "parse", lambda value, parse=body.parse: (
        read.append(value), parse(value))[1])
    assert client.post("/answer", data=fields).status_code == 200
    assert len(read) == lists and len(set(read)) == lists


def test_an_option_the_api_refuses_is_shown_beside_its_field(client):
    page = soup_of(client.post("/", data={"mode": "deck", "deck": "4 Bill", "as_of": "someday"}))
    assert page.find(id="problem")["data-field"] == "as_of"
    unknown = client.post("/answer", data={"mode": "deck", "deck": "4 Bill",
                                                "format": "extended"})
    assert unknown.status_code == 404 and "extended" in unknown.get_data(as_text=True)


def test_everything_the_user_sent_is_escaped(client):
    hostile = '<script>alert(1)</script>\n4 <img src=x onerror=alert(2)> BS 4\n'
    response = client.post("/", data={"mode": "deck", "deck": hostile,
                                      "product": '"><b>x</b>', "as_of": "2003-01-01"})
    html = response.get_data(as_text=True)
    assert "<script>alert" not in html and "<img src=x" not in html and "<b>x</b>" not in html
    page = soup_of(response)
    assert list_in(page) == hostile
    assert page.find("input", id="product")["value"] == '"><b>x</b>'


def test_the_share_link_holds_the_check_in_its_fragment(client):
    page = check(client, deck=HAYMAKER, format=["unlimited", "modified"], as_of="2003-05-01",
                 tournament="on")
    link = urlsplit(page.find("a", id="share")["href"])
    assert link.path == "/" and not link.query  # nothing a server would log
    shared = parse_qs(link.fragment)
    assert shared["deck"] == [HAYMAKER] and shared["format"] == ["unlimited", "modified"]
    assert shared["as_of"] == ["2003-05-01"] and shared["tournament"] == ["on"]


def test_the_answer_part_alone_is_the_same_answer(client):
    whole = check(client, deck=HAYMAKER, format="unlimited")
    response = client.post("/answer", data={"mode": "deck", "deck": HAYMAKER,
                                            "format": "unlimited"})
    part = soup_of(response)
    assert response.headers["Content-Security-Policy"].startswith("default-src 'none'")
    assert part.find("form") is None
    assert text(part.select_one(".deck")) == text(whole.select_one("#answer .deck"))


def test_the_registration_sheet_lists_the_deck_by_supertype(client):
    page = check(client, deck=HAYMAKER, format="unlimited")
    sheet = page.select_one(".sheet-list")
    assert [text(h) for h in sheet.find_all("h3")] == ["Pokémon (11)", "Trainer (32)",
                                                       "Energy (17)"]
    first = [text(td) for td in sheet.select("tbody tr")[0].find_all("td")]
    assert first == ["4", "Electabuzz", "B2", "24"]
    assert "Unlimited: legal" in text(sheet.select_one(".sheet-verdict"))
    labels = {text(label) for label in page.select(".sheet-fields label")}
    assert labels == {"Player name", "Player ID", "Date"}


def test_a_card_has_its_picture_when_pictures_are_asked_for(client):
    page = check(client, deck="4 Charizard BS 4\n1 Tropius PBL 1\n", format="unlimited",
                 pictures="on")
    picture = row(page, 1).select_one("img.picture")
    assert picture["src"] == "https://images.pokemontcg.io/base1/4.png"
    assert picture["alt"] == "Picture of Charizard, BS 4" and picture["loading"] == "lazy"
    # TCGdex's, for a printing of TCGdex alone
    assert row(page, 2).select_one("img.picture")["src"] == (
        "https://assets.tcgdex.net/en/me/me05/001/low.webp")
    assert page.select_one("#pictures").has_attr("checked")
    assert "pictures=on" in page.select_one("#share")["href"]


def test_no_picture_is_on_the_page_until_asked_for(client):
    page = check(client, deck="4 Charizard BS 4\n", format="unlimited")
    assert page.select("img") == [] and text(row(page, 1).select_one(".printing")).startswith(
        "Charizard")
    assert not page.select_one("#pictures").has_attr("checked")


def test_a_post_that_is_no_form_is_refused(client):
    for body in ({}, {"data": "4 Bill", "content_type": "text/plain"}):
        response = client.post("/answer", **body)
        assert response.status_code == 415
        assert "multipart/form-data" in text(soup_of(response).find(id="problem"))


def test_a_pick_for_a_line_not_in_the_list_as_sent_is_a_conflict(client):
    bill = f"deck:1:{line_digest('4 Bill')}:4 Bill BS 91"
    response = client.post("/", data={"mode": "deck", "deck": "4 Bill\n",
                                      "pick": bill.replace("deck:1:", "deck:7:")})
    assert response.status_code == 409
    problem = soup_of(response).find(id="problem")
    assert problem["data-field"] == "deck" and "changed after it was checked" in text(problem)
    refused = client.post("/", data={"mode": "deck", "deck": "4 Bill\n",
                                     "pick": bill.replace("deck:", "nowhere:")})
    assert refused.status_code == 422
    assert client.post("/", data={"mode": "deck", "deck": "4 Bill\n",
                                  "pick": "deck:1:4 Bill BS 91"}).status_code == 422


def test_a_pick_for_a_line_edited_since_is_a_conflict_and_rewrites_nothing(client):
    """A list of as many lines, edited after its check: the pick's line number is in range,
    but the line it names is not the line there now."""
    checked = "4 Pikachu BS 59\n56 Fire Energy BS 98"
    page = check(client, deck=checked, format="unlimited")
    pick = row(page, 1).select("button.choice")[0]["value"]
    edited = "56 Fire Energy BS 98\n4 Pikachu BS 59"
    response = client.post("/", data={"mode": "deck", "deck": edited, "format": "unlimited",
                                      "pick": pick})
    assert response.status_code == 409
    assert list_in(soup_of(response)) == edited  # shown as sent, for the person to check again
    assert soup_of(response).find(id="problem")["data-line"] == "1"


def test_a_list_keeps_every_byte_through_a_round_trip_and_a_pick(client):
    """A list that starts with a blank line, with CRLF ends, trailing spaces and a BOM: the
    page writes it back as sent, and a pick rewrites its own line and no other."""
    sent = "\ufeff\n4 Pikachu BS 59\r\n56 Fire Energy BS 98  \r\n\r\n"
    page = check(client, deck=sent, format="unlimited")
    assert list_in(page) == sent
    assert row(page, 3)["data-status"] == "resolved"  # Fire Energy: line 3, as written
    pick = next(button["value"] for button in row(page, 2).select("button.choice")
                if button["value"].endswith(" 58"))
    again = check(client, deck=sent, format="unlimited", pick=pick)
    assert list_in(again) == sent.replace("4 Pikachu BS 59", pick.split(":", 3)[3])
    assert row(again, 2)["data-status"] == "resolved"
    assert "Pikachu" in text(row(again, 2).select_one(".printing"))
    assert "Fire Energy" in text(row(again, 3).select_one(".printing"))


def test_the_answer_leads_with_every_format_and_shows_the_one_the_list_targets(client):
    page = check(client, deck=PTCG_LIVE_EXPORT)  # no format ticked, no date
    standings = {li["data-format"]: li for li in page.select("#legal-in .standings li")}
    assert list(standings) == list(ORDER)  # no day asked: each format on its own day
    names = [all_formats()[format_id].name for format_id in ("unlimited", "2v2-casual",
                                                             "expanded")]
    assert text(page.select_one("#legal-in h2")) == "Legal in " + ", ".join(names)
    # a format judged on a day of its own says which; today's formats judge today
    assert codes(standings["modified"]) == ["not-yet-released"]
    assert "(as of 2003-08-31): not yet released" in text(standings["modified"])
    assert "as of" not in text(standings["standard"])
    # shown line by line: the one format the list most likely targets (a test below says
    # which, on a day of its own)
    shown = [verdict["data-format"] for verdict in page.select(".deck .verdict")]
    assert len(shown) == 1 and page.select_one("table.formats-table") is None
    likely = page.find(id="likely")
    assert "most likely targets" in text(likely) and likely["data-formats"] == shown[0]
    # a format not shown is a click away, and no line is marked by it
    assert standings["modified"].select_one("button[name=add_format]")["value"] == "modified"
    assert "not-yet-released" not in codes(page.select_one("table.lines"))
    added = check(client, deck=PTCG_LIVE_EXPORT, add_format="modified")
    both = [tr["data-format"] for tr in added.select("table.formats-table tbody tr")]
    assert both == sorted({"modified", *shown}, key=list(ORDER).index)
    # from then on the two are ticked, as the formats the page shows
    ticked = [box["value"] for box in added.select("input[name=format][checked]")]
    assert sorted(ticked) == sorted(both)
    assert added.select_one(".more-formats").has_attr("open")
    assert parse_qs(urlsplit(added.find("a", id="share")["href"]).fragment)["format"] == both


def test_the_address_ticks_the_formats_it_names(client):
    page = soup_of(client.get("/?format=modified&format=unlimited&format=nonsense"))
    ticked = [box["value"] for box in page.select("input[name=format][checked]")]
    assert ticked == ["unlimited", "modified"]
    assert page.select_one(".more-formats").has_attr("open")
    plain = soup_of(client.get("/"))
    # today's formats first, none ticked: a check shows the one the list most likely targets
    listed = [box["value"] for box in plain.select("fieldset.formats input[name=format]")]
    assert listed[:3] == list(default_formats()) == ["standard", "expanded", "glc"]
    assert plain.select("input[name=format][checked]") == []
    assert not plain.select_one(".more-formats").has_attr("open")


def test_a_form_that_does_not_say_what_to_check_is_refused(client):
    response = client.post("/", data={"deck": "4 Bill"})  # every page form sends its mode
    assert response.status_code == 422
    problem = text(soup_of(response).find(id="problem"))
    assert "`mode` is one of deck, team; it is missing" in problem


def test_a_verdict_of_many_violations_lists_the_first_and_counts_them_all(client):
    deck = "".join(f"1 Nosuchcard {n}\n" for n in range(60))
    page = check(client, deck=deck, format="modified")
    problems = page.find("details", id="problems-deck-modified")
    assert text(problems.find("summary")).startswith("Modified (Sept 1 Modified, 2002-03 "
                                                     "season): 60 problems")
    assert len(problems.find_all("li", class_="error")) == 50
    assert text(problems.find("li", class_="more")) == "and 10 more"


def test_lines_that_are_no_card_show_as_unreadable_and_the_verdict_marks_the_first_fifty(
        client):
    deck = "4 Pikachu BS 58\n" + "".join(f"junk {n}\n" for n in range(60))
    page = check(client, deck=deck, format="modified")
    assert row(page, 1)["data-status"] == "resolved"
    for line in (2, 61):
        assert row(page, line)["data-status"] == "unreadable"
        assert "not a card line" in text(row(page, line).find("td", class_="card"))
    # One violation names all sixty lines; the page marks the rows the API lists.
    assert "unreadable-line" in codes(row(page, 51).find("td", class_="notes"))
    assert row(page, 52).find("ul", class_="marks") is None


def test_a_list_too_long_for_the_summary_too_is_shown_in_the_formats_ticked(client):
    """1,000 lines line by line in one format take 8,000 of the 12,000 a request may ask
    (api/work_budget.py); in every format as well, 12,000 more: the summary is left out, and
    said to be."""
    deck = "".join(f"junk {n}\n" for n in range(1000))
    page = check(client, deck=deck, format="modified")
    assert page.find(id="legal-in") is None and page.find(id="legal-in-left-out") is not None
    assert page.select_one(".verdict[data-format=modified]") is not None
    short = check(client, deck=deck[:2000], format="modified")
    assert short.find(id="legal-in") is not None and short.find(id="legal-in-left-out") is None
