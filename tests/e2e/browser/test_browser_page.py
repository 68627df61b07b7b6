"""The organizer's page in a real browser: Debian's headless Chromium, driven by Selenium,
against the real gunicorn on the full catalog. A person pastes a published list and an
illegal one, picks a suggested card, follows a shared link, chooses a file, and uses the
page with JavaScript off; axe-core finds nothing serious on it. The contract's page
(/docs/) renders and calls the API under its own policy. Each state's screenshot is kept
in artifacts/page/ (DECKJUDGE_ARTIFACTS overrides).
"""

from __future__ import annotations

import base64
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

from tests.api.test_page import HAYMAKER, PTCG_LIVE_EXPORT
from tests.api.test_page_summary import WORLDS_DAY, WORLDS_LIST
from tests.support.browser import accessibility_violations, chromium
from tests.support.paths import PROJECT_ROOT
from tests.support.servers import gunicorn
from validators.formats import ORDER

pytestmark = [pytest.mark.full_catalog,
              pytest.mark.parametrize("backend", ["sqlite"], indirect=True)]
ARTIFACTS = Path(os.environ.get("DECKJUDGE_ARTIFACTS") or PROJECT_ROOT / "artifacts") / "page"


@pytest.fixture(scope="module")
def site(full_db_url) -> Iterator[str]:
    with gunicorn(full_db_url, workers=2) as base:
        yield base


@pytest.fixture
def browser() -> Iterator[WebDriver]:
    with chromium() as driver:
        yield driver


def keep(driver: WebDriver, name: str) -> None:
    """A screenshot of the page as it is, kept as a test artifact."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(1280, min(max(height, 800), 6000))
    driver.save_screenshot(str(ARTIFACTS / f"{name}.png"))


def paste(driver: WebDriver, deck: str, formats: tuple[str, ...] = ()) -> None:
    """The list pasted, and each of `formats` clicked (today's game's are ticked at first;
    the others are under "Formats of earlier eras…", opened as a person would)."""
    box = driver.find_element(By.ID, "deck")
    box.clear()
    driver.execute_script("arguments[0].value = arguments[1]", box, deck)  # as pasted
    for format_id in formats:
        box = driver.find_element(By.CSS_SELECTOR, f"input[name=format][value='{format_id}']")
        if not box.is_displayed():
            driver.find_element(By.CSS_SELECTOR, ".more-formats summary").click()
        box.click()


def only(driver: WebDriver, *formats: str) -> None:
    """Tick `formats` alone."""
    for box in driver.find_elements(By.CSS_SELECTOR, "input[name=format]:checked"):
        box.click()
    paste(driver, driver.find_element(By.ID, "deck").get_property("value"), formats)


def top_in_view(driver: WebDriver, element_id: str) -> bool:
    """Whether the element's top is on the screen, where a person looks after a check."""
    return driver.execute_script(
        "const top = document.getElementById(arguments[0]).getBoundingClientRect().top;"
        "return top > -2 && top < window.innerHeight / 2", element_id)  # -2: a sub-pixel


def answered(driver: WebDriver, wait: float = 30) -> WebElement:
    """The answer, once the page's script has put it in place."""
    WebDriverWait(driver, wait).until(
        lambda d: d.find_element(By.ID, "busy").text in ("Checked.", "Not checked."))
    return driver.find_element(By.ID, "answer")


def line(driver: WebDriver, number: int, field: str = "deck") -> WebElement:
    return driver.find_element(By.ID, f"{field}-line-{number}")


def no_page_errors(driver: WebDriver) -> None:
    """Nothing the page did was refused (its Content-Security-Policy) or failed in its script;
    a picture the browser cannot fetch (no internet in CI) is allowed to fail."""
    errors = [entry["message"] for entry in driver.get_log("browser")
              if entry["level"] == "SEVERE" and "images." not in entry["message"]]
    assert errors == [], errors


def test_a_published_list_is_judged_without_a_reload(site, browser):
    browser.get(site + "/")
    keep(browser, "1-empty")
    browser.execute_script("window.notReloaded = true")
    paste(browser, HAYMAKER)
    only(browser, "unlimited")
    browser.find_element(By.ID, "submit").click()
    answer = answered(browser)
    assert browser.execute_script("return window.notReloaded") is True
    assert "Legal in Unlimited" in answer.find_element(By.CSS_SELECTOR, ".verdict").text
    # a legal deck's answer is its verdict and the list; its lines are a click away
    assert answer.find_element(By.CSS_SELECTOR, ".sheet-list").is_displayed()
    assert not line(browser, 4).is_displayed()
    answer.find_element(By.CSS_SELECTOR, ".lines-view summary").click()
    hitmonchan = line(browser, 4)
    assert hitmonchan.get_attribute("data-status") == "resolved"
    assert "Hitmonchan" in hitmonchan.find_element(By.CSS_SELECTOR, ".printing").text
    keep(browser, "2-legal")
    no_page_errors(browser)


def test_an_illegal_export_marks_its_lines_in_every_format(site, browser):
    browser.get(site + "/")
    paste(browser, PTCG_LIVE_EXPORT, ("all",))
    browser.find_element(By.ID, "submit").click()
    answer = answered(browser)
    verdicts = {row.get_attribute("data-format"): row.get_attribute("class")
                for row in answer.find_elements(By.CSS_SELECTOR, "table.formats-table tbody tr")}
    assert len(verdicts) == len(ORDER) and "illegal" in verdicts["modified"]
    miraidon = line(browser, 2)
    assert "has-error" in miraidon.get_attribute("class")
    marks = miraidon.find_element(By.CSS_SELECTOR, ".marks").text
    assert "not yet released in Modified (Sept 1 Modified, 2002-03 season)" in marks
    assert "DCI Floor Rules 2003, §226" in marks  # the rule each mark breaks
    heading = line(browser, 1)
    assert heading.get_attribute("data-status") == ""  # "Pokémon: 7", a heading
    keep(browser, "3-illegal-all-formats")
    no_page_errors(browser)


def test_picking_a_suggested_card_rewrites_the_line_and_checks_again(site, browser):
    browser.get(site + "/")
    paste(browser, "4 Charizard BS 5\n")
    only(browser, "unlimited")
    browser.find_element(By.ID, "submit").click()
    answered(browser)
    assert line(browser, 1).get_attribute("data-status") == "unknown"
    keep(browser, "4-unknown-with-suggestions")
    choice = line(browser, 1).find_element(By.CSS_SELECTOR, "button.choice")
    new_line = choice.get_attribute("value").split(":", 3)[3]
    browser.execute_script("document.getElementById('busy').textContent = ''")
    choice.click()
    answered(browser)
    assert browser.find_element(By.ID, "deck").get_property("value") == new_line + "\n"
    assert line(browser, 1).get_attribute("data-status") == "resolved"
    keep(browser, "5-picked")


def test_a_shared_link_reproduces_the_check(site, browser):
    browser.get(site + "/")
    paste(browser, "5 Bill BS 91\n55 Water Energy BS 102\n")
    only(browser, "modified")
    browser.find_element(By.ID, "tournament").click()
    browser.find_element(By.ID, "submit").click()
    answered(browser)
    shared = browser.current_url
    assert "#" in shared and "deck=5+Bill" in shared.split("#", 1)[1]
    with chromium() as other:  # someone else opens the link
        other.get(shared)
        answer = answered(other)
        assert other.find_element(By.ID, "deck").get_property("value").startswith("5 Bill BS 91")
        assert other.find_element(By.ID, "tournament").is_selected()
        assert "Not legal in Modified" in answer.find_element(By.CSS_SELECTOR, ".verdict").text
        assert "has-error" in line(other, 1).get_attribute("class")  # 5 copies of Bill
        keep(other, "6-shared-link")


def test_a_chosen_file_fills_the_list(site, browser, tmp_path):
    exported = tmp_path / "haymaker.txt"
    exported.write_text(HAYMAKER)
    browser.get(site + "/")
    browser.find_element(By.ID, "deck_file").send_keys(str(exported))
    WebDriverWait(browser, 10).until(
        lambda d: d.find_element(By.ID, "deck").get_property("value").strip())
    assert browser.find_element(By.ID, "deck").get_property("value") == HAYMAKER


def test_without_javascript_the_form_posts_and_the_server_answers(site):
    with chromium(javascript=False) as browser:
        browser.get(site + "/")
        browser.find_element(By.ID, "deck").send_keys("4 Charizard BS 5\n60 Fire Energy BS 98")
        only(browser, "unlimited")
        browser.find_element(By.ID, "submit").click()
        WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".verdict"))
        assert browser.current_url == site + "/#answer"  # the form posted to /, opened at
        assert top_in_view(browser, "answer")  # the answer
        assert line(browser, 1).get_attribute("data-status") == "unknown"
        # a suggested card is a submit button too: picking it works without a script
        choice = line(browser, 1).find_element(By.CSS_SELECTOR, "button.choice")
        new_line = choice.get_attribute("value").split(":", 3)[3]
        choice.click()
        # The pick posts the form: the old page is replaced while the wait reads it, so an
        # element found on it may go stale between find and read (seen once in CI).
        WebDriverWait(browser, 30, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: line(d, 1).get_attribute("data-status") == "resolved")
        assert browser.find_element(By.ID, "deck").get_property("value").startswith(new_line)
        keep(browser, "7-without-javascript")


# The list of the page's own report: a first line left blank, as examples/haymaker-1999.txt
# starts; the pick is for the Pikachu line, and Fire Energy's line must stay as written.
BLANK_FIRST = "\n4 Pikachu BS 59\n56 Fire Energy BS 98\n"


def pick_for(driver: WebDriver, number: int, ending: str) -> WebElement:
    return next(button for button in
                line(driver, number).find_elements(By.CSS_SELECTOR, "button.choice")
                if button.get_attribute("value").endswith(ending))


def open_blank_first(browser: WebDriver, site: str) -> None:
    """The page with the list that starts with a blank line pasted, in Unlimited alone."""
    browser.get(site + "/")
    paste(browser, BLANK_FIRST)
    only(browser, "unlimited")


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_list_keeps_its_lines_through_checks_and_a_pick(site, javascript):
    with chromium(javascript=javascript) as browser:
        open_blank_first(browser, site)
        for _ in range(2):  # checked twice: the second check sends what the first wrote back
            browser.find_element(By.ID, "submit").click()
            WebDriverWait(browser, 30, ignored_exceptions=(StaleElementReferenceException,)
                          ).until(lambda d: line(d, 3).get_attribute("data-status"))
            value = browser.find_element(By.ID, "deck").get_property("value")
            assert value == BLANK_FIRST
            assert line(browser, 2).get_attribute("data-status") == "unknown"
        pick_for(browser, 2, "BS 58").click()
        WebDriverWait(browser, 30, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: line(d, 2).get_attribute("data-status") == "resolved")
        assert browser.find_element(By.ID, "deck").get_property("value") == (
            "\n4 Pikachu BS 58\n56 Fire Energy BS 98\n")
        # legal now: the lines' view is closed, and the line is there as written
        assert "Fire Energy" in line(browser, 3).get_attribute("textContent")


@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_pick_for_a_list_edited_since_is_refused(site, javascript):
    with chromium(javascript=javascript) as browser:
        open_blank_first(browser, site)
        browser.find_element(By.ID, "submit").click()
        WebDriverWait(browser, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".choice"))
        edited = "\n56 Fire Energy BS 98\n4 Pikachu BS 59\n"  # as many lines, in turn
        browser.execute_script("document.getElementById('deck').value = arguments[0]", edited)
        pick_for(browser, 2, "BS 58").click()
        WebDriverWait(browser, 30, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: d.find_elements(By.ID, "problem"))
        problem = browser.find_element(By.ID, "problem")
        assert "changed after it was checked" in problem.text
        assert browser.find_element(By.ID, "deck").get_property("value") == edited
        if javascript:
            assert browser.find_element(By.ID, "busy").text == "Not checked."


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)], ids=["laptop", "phone"])
@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_the_answer_is_in_view_after_a_check(site, width, height, javascript):
    with chromium(javascript=javascript, width=width, height=height) as browser:
        browser.get(site + "/")
        paste(browser, PTCG_LIVE_EXPORT)
        submit = browser.find_element(By.ID, "submit")
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", submit)
        submit.click()  # where a person clicks it: the form's end in view
        WebDriverWait(browser, 30, ignored_exceptions=(StaleElementReferenceException,)).until(
            lambda d: d.find_elements(By.ID, "legal-in"))
        if javascript:
            answered(browser)
        assert top_in_view(browser, "answer")
        assert browser.find_element(By.ID, "legal-in").is_displayed()
        overflow = browser.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than the screen"
        form, answer = (browser.find_element(By.ID, name).rect for name in ("check", "answer"))
        if width >= 1200:  # side by side from a laptop's width
            assert answer["x"] >= form["x"] + form["width"] and answer["y"] < 200
        else:  # one column: the answer under the form
            assert answer["x"] < form["x"] + form["width"] and answer["y"] > form["y"]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        mode = "script" if javascript else "no-script"
        browser.save_screenshot(str(ARTIFACTS / f"12-in-view-{width}-{mode}.png"))


def test_a_refused_list_shows_the_problem_beside_its_line(site, browser):
    browser.get(site + "/")
    paste(browser, "4 Bill BS 91\n0 Water Energy BS 102\n")
    browser.find_element(By.ID, "submit").click()
    answered(browser)
    note = browser.find_element(By.ID, "deck-problem")
    assert note.text.startswith("⚠ Line 2:") and "count" in note.text
    box = browser.find_element(By.ID, "deck")
    assert box.get_attribute("aria-invalid") == "true"
    selected = browser.execute_script(
        "const b = arguments[0]; return b.value.slice(b.selectionStart, b.selectionEnd)", box)
    assert selected == "0 Water Energy BS 102"
    keep(browser, "8-refused-line")


def on_day(driver: WebDriver, day: str) -> None:
    driver.execute_script("arguments[0].value = arguments[1]",
                          driver.find_element(By.ID, "as_of"), day)


@pytest.mark.parametrize("state", ["empty", "answer", "team", "problem", "legal-2026",
                                   "ambiguous-2026"])
def test_axe_finds_nothing_serious(site, browser, state):
    browser.get(site + "/")
    if state == "answer":
        paste(browser, PTCG_LIVE_EXPORT, ("modified", "unlimited"))
    elif state.endswith("2026"):  # a short answer; choices saying where each is legal
        paste(browser, WORLDS_LIST if state == "legal-2026" else AMBIGUOUS_2026)
        on_day(browser, WORLDS_DAY)
    elif state == "team":
        browser.find_element(By.CSS_SELECTOR, "input[name=mode][value=team]").click()
        browser.find_element(By.ID, "seat_A_deck").send_keys(HAYMAKER)
    elif state == "problem":
        paste(browser, "0 Bill\n")
    if state != "empty":
        browser.find_element(By.ID, "submit").click()
        answered(browser)
    found = accessibility_violations(browser)
    assert found == [], [(v["id"], v["help"], [n["target"] for n in v["nodes"][:3]])
                         for v in found]


def test_on_a_phone_the_lines_fit_the_screen(site):
    with chromium(width=390, height=844) as phone:
        phone.get(site + "/")
        paste(phone, HAYMAKER)
        phone.find_element(By.ID, "submit").click()
        answered(phone).find_element(By.CSS_SELECTOR, ".lines-view summary").click()
        overflow = phone.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than the phone's screen"
        assert line(phone, 4).find_element(By.CSS_SELECTOR, ".printing").is_displayed()
        phone.save_screenshot(str(ARTIFACTS / "9-phone.png"))


def test_no_picture_is_fetched_until_asked_for_and_the_page_works_without_it(site, browser):
    browser.get(site + "/")
    paste(browser, "4 Charizard BS 4\n")
    only(browser, "unlimited")
    browser.find_element(By.ID, "submit").click()
    answered(browser)
    fetched = ("return performance.getEntriesByType('resource').map(e => e.name)"
               ".filter(name => !name.startsWith(location.origin))")
    assert browser.find_elements(By.CSS_SELECTOR, "img.picture") == []
    assert browser.execute_script(fetched) == []  # no other host was asked for anything
    browser.find_element(By.ID, "pictures").click()
    browser.find_element(By.ID, "submit").click()
    answered(browser)
    picture = line(browser, 1).find_element(By.CSS_SELECTOR, ".printing img.picture")
    # shown under the name (whether the browser could fetch it or not: CI has no internet)
    assert picture.is_displayed() and picture.get_attribute("loading") == "lazy"
    assert picture.get_attribute("src") == "https://images.pokemontcg.io/base1/4.png"
    assert picture.get_attribute("alt") == "Picture of Charizard, BS 4"
    # reachable or not, the answer is all there
    assert line(browser, 1).get_attribute("data-status") == "resolved"


def test_on_a_laptop_the_form_and_the_answer_share_one_view(site):
    with chromium(width=1280, height=800) as laptop:
        laptop.get(site + "/")
        paste(laptop, HAYMAKER)
        only(laptop, "modified")
        laptop.find_element(By.ID, "submit").click()
        answer = answered(laptop)
        form = laptop.find_element(By.ID, "check")
        assert answer.rect["x"] >= form.rect["x"] + form.rect["width"]  # side by side
        assert answer.rect["y"] < 200  # the verdict is at the top, not below the form
        assert "Not legal in Modified" in answer.find_element(By.CSS_SELECTOR, ".verdict").text
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        laptop.execute_script("window.scrollTo(0, 0)")
        laptop.save_screenshot(str(ARTIFACTS / "10-laptop.png"))  # the README's picture


def test_printed_the_page_is_a_registration_sheet(site, browser):
    browser.get(site + "/")
    paste(browser, HAYMAKER)
    only(browser, "unlimited")
    browser.find_element(By.ID, "submit").click()
    answered(browser)
    browser.find_element(By.ID, "player_name").send_keys("Ash Ketchum")
    browser.find_element(By.ID, "player_id").send_keys("1234567")
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    shown = {selector: browser.find_element(By.CSS_SELECTOR, selector).is_displayed()
             for selector in ("form#check", "table.lines", ".sheet-fields", ".sheet-list",
                              ".verdict")}
    assert shown == {"form#check": False, "table.lines": False, ".sheet-fields": True,
                     ".sheet-list": True, ".verdict": True}
    groups = [h.text for h in browser.find_elements(By.CSS_SELECTOR, ".sheet-list h3")]
    assert groups == ["Pokémon (11)", "Trainer (32)", "Energy (17)"]
    assert browser.find_element(By.ID, "player_name").get_property("value") == "Ash Ketchum"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    pdf = base64.b64decode(browser.print_page())
    assert pdf.startswith(b"%PDF")
    (ARTIFACTS / "11-registration-sheet.pdf").write_bytes(pdf)


def test_the_contracts_page_renders_and_calls_the_api_under_its_policy(site, browser):
    # /docs/ is Swagger UI under a policy of its own origin only
    # (api/middleware/security_headers.py): the contract renders, a call made from it is
    # answered, and nothing is refused.
    browser.get(site + "/docs/")
    WebDriverWait(browser, 30).until(
        lambda d: len(d.find_elements(By.CSS_SELECTOR, ".opblock")) >= 20)
    assert browser.find_element(By.CSS_SELECTOR, ".info .title").text.startswith("deckjudge")
    operation = browser.find_element(By.ID, "operations-health-healthz")
    operation.find_element(By.CSS_SELECTOR, ".opblock-summary-control").click()
    WebDriverWait(browser, 10).until(
        lambda d: operation.find_elements(By.CSS_SELECTOR, ".try-out__btn"))[0].click()
    operation.find_element(By.CSS_SELECTOR, ".execute").click()
    status = WebDriverWait(browser, 30).until(lambda d: operation.find_elements(
        By.CSS_SELECTOR, ".live-responses-table tr.response .response-col_status"))[0]
    assert status.text == "200"
    keep(browser, "docs")
    no_page_errors(browser)


def test_an_organizers_pasted_format_judges_the_deck_and_says_what_is_wrong_with_it(
        site, browser):
    examples = PROJECT_ROOT / "examples" / "formats"
    browser.get(site + "/")
    paste(browser, (examples / "lists" / "justinbasil-aceless.fail.txt").read_text())
    only(browser, "standard")
    browser.execute_script("arguments[0].value = '2024-11-01'",
                           browser.find_element(By.ID, "as_of"))
    browser.find_element(By.CSS_SELECTOR, ".own-format summary").click()
    box = browser.find_element(By.ID, "definition")
    browser.execute_script("arguments[0].value = arguments[1]", box,
                           (examples / "definitions" / "justinbasil-aceless.json").read_text())
    browser.find_element(By.ID, "submit").click()
    answer = answered(browser)
    summary = answer.find_element(By.CSS_SELECTOR, "[data-format=justinbasil-aceless]")
    code = summary.find_element(By.CSS_SELECTOR, ".code")
    assert code.get_attribute("data-code") == "kind-limit" and code.text == "too many of a kind"
    keep(browser, "11-own-format")
    no_page_errors(browser)
    # a definition at fault is said beside its field (the 422 is the page's answer)
    box = browser.find_element(By.ID, "definition")
    browser.execute_script("arguments[0].value = arguments[1]", box,
                           '{"base": "expanded", "copy_limit": 0}')
    browser.find_element(By.ID, "submit").click()
    answered(browser)
    assert browser.find_element(By.ID, "definition").get_attribute("aria-invalid") == "true"
    assert "copy_limit" in browser.find_element(By.ID, "definition-problem").text


# The 2026 World Champion's list (tests/corpus/played/2026-worlds), as published, on the
# event's first day; the same with a line of too many copies, and with a name alone.
ILLEGAL_2026 = WORLDS_LIST.replace("4 Dreepy TWM 128", "5 Dreepy TWM 128")
AMBIGUOUS_2026 = WORLDS_LIST.replace("4 Dreepy TWM 128", "4 Dreepy")


def checked(driver: WebDriver, deck: str, day: str, javascript: bool = True) -> WebElement:
    """The list checked on the day with no format ticked, on the page as opened; the
    answer."""
    paste(driver, deck)
    on_day(driver, day)
    driver.find_element(By.ID, "submit").click()
    if javascript:
        return answered(driver)
    WebDriverWait(driver, 30).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".verdict"))
    return driver.find_element(By.ID, "answer")


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)], ids=["laptop", "phone"])
@pytest.mark.parametrize("javascript", [True, False], ids=["script", "no-script"])
def test_a_2026_list_on_its_day_names_only_the_formats_played_that_day(site, width, height,
                                                                       javascript):
    with chromium(javascript=javascript, width=width, height=height) as browser:
        browser.get(site + "/")
        answer = checked(browser, WORLDS_LIST, WORLDS_DAY, javascript)
        summary = answer.find_element(By.ID, "legal-in")
        summed = [li.get_attribute("data-format")
                  for li in summary.find_elements(By.CSS_SELECTOR, ".standings li")]
        assert "standard" in summed
        assert not {"modified", "sealed", "team-multiplay", "team-battle"} & set(summed)
        heading = summary.find_element(By.TAG_NAME, "h2").text
        assert heading.endswith(f"on {WORLDS_DAY}") and "Modified" not in heading
        assert "Team" not in heading and "Standard" in heading
        assert summary.find_element(By.ID, "not-played").text.startswith(
            f"Not played on {WORLDS_DAY}")
        # shown: Standard, the format the list targets, none ticked by the page
        verdict = answer.find_element(By.CSS_SELECTOR, ".deck .verdict")
        assert verdict.get_attribute("data-format") == "standard"
        assert "legal" in verdict.get_attribute("class").split()
        assert browser.find_elements(By.CSS_SELECTOR, "input[name=format]:checked") == []
        # a legal deck's answer is its verdict and the list: short, its lines a click away
        assert answer.find_element(By.CSS_SELECTOR, ".sheet-list").is_displayed()
        assert not line(browser, 2).is_displayed()
        tall = browser.execute_script("return document.getElementById('answer').scrollHeight")
        assert tall < (1800 if width >= 1200 else 2400), tall
        overflow = browser.execute_script(
            "return document.documentElement.scrollWidth - window.innerWidth")
        assert overflow <= 0, f"the page is {overflow}px wider than the screen"
        keep(browser, f"13-legal-2026-{width}-{'script' if javascript else 'no-script'}")


@pytest.mark.parametrize("width, height", [(1280, 800), (390, 844)], ids=["laptop", "phone"])
def test_an_illegal_2026_list_leads_with_its_problems_in_words(site, width, height):
    with chromium(width=width, height=height) as browser:
        browser.get(site + "/")
        answer = checked(browser, ILLEGAL_2026, WORLDS_DAY)
        problems = answer.find_element(By.CSS_SELECTOR, "details.problems")
        lines = answer.find_element(By.CSS_SELECTOR, "details.lines-view")
        assert problems.rect["y"] < lines.rect["y"]  # the problems first, then the lines
        assert "too many copies: 5 cards titled 'Dreepy'" in problems.text
        assert "deck size:" in problems.text and "copy-limit" not in problems.text
        assert line(browser, 2).is_displayed()
        assert "has-error" in line(browser, 2).get_attribute("class")
        # a line with nothing to say is one compact row: two lines of text at most
        quiet = line(browser, 3)
        text_line = browser.execute_script(
            "return parseFloat(getComputedStyle(arguments[0]).lineHeight)", quiet)
        assert "quiet" in quiet.get_attribute("class")
        assert quiet.rect["height"] < 3 * text_line, (quiet.rect["height"], text_line)
        keep(browser, f"14-illegal-2026-{width}")
        no_page_errors(browser)


def test_an_ambiguous_lines_choices_say_where_each_is_legal(site, browser):
    browser.get(site + "/")
    checked(browser, AMBIGUOUS_2026, WORLDS_DAY)
    choices = line(browser, 2).find_elements(By.CSS_SELECTOR, "button.choice")
    said = {choice.get_attribute("value").split(":", 3)[3]:
            choice.find_element(By.CSS_SELECTOR, ".choice-legal").text for choice in choices}
    assert said["4 Dreepy TWM 128"].startswith("✓ legal in Standard")
    assert said["4 Dreepy RCL 89"].startswith("✗ not legal in Standard")
    keep(browser, "15-ambiguous-2026")
    browser.execute_script("document.getElementById('busy').textContent = ''")
    next(choice for choice in choices
         if choice.get_attribute("value").endswith(":4 Dreepy TWM 128")).click()
    answer = answered(browser)
    verdict = answer.find_element(By.CSS_SELECTOR, ".deck .verdict")
    assert "legal" in verdict.get_attribute("class").split()  # the legal choice, picked


def test_a_format_added_from_the_summary_stays_beside_the_one_shown(site, browser):
    browser.get(site + "/")
    answer = checked(browser, WORLDS_LIST, WORLDS_DAY)
    browser.execute_script("document.getElementById('busy').textContent = ''")
    answer.find_element(By.CSS_SELECTOR, "button[name=add_format][value=glc]").click()
    answer = answered(browser)
    shown = [row.get_attribute("data-format") for row in
             answer.find_elements(By.CSS_SELECTOR, "table.formats-table tbody tr")]
    assert shown == ["standard", "glc"]
    ticked = {box.get_attribute("value") for box in
              browser.find_elements(By.CSS_SELECTOR, "input[name=format]:checked")}
    assert ticked == {"standard", "glc"}
    problems = answer.find_element(By.ID, "problems-deck-glc")
    assert problems.find_element(By.CSS_SELECTOR, ".code").get_attribute("data-code")
