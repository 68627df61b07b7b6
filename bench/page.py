"""The organizer's page: how long until a person sees the answer.

    .venv/bin/python bench/page.py [--rounds 30]

Against the real gunicorn on the embedded SQLite catalog (`make import`), warm:
1. the server alone: POST /answer (the part of the page the script puts in place) for
   a real 60-card PTCG Live export, in one format and in every format;
2. in Debian's headless Chromium: from the click on "Check the deck" until the answer
   is on screen (the page's script has put it in place), for the same two checks;
3. without JavaScript: the form posted until the answered page is parsed.
Prints the median and the 95th percentile of each, in ms.
"""

from __future__ import annotations

import argparse
import signal
import statistics
import sys
import tempfile
import time
from pathlib import Path

import requests
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from load import ROOT, start_gunicorn  # noqa: E402

from bench.figures import record  # noqa: E402
from tests.support.browser import chromium  # noqa: E402

# A real PTCG Live client export (tests/corpus/sources.json names its source): 60 cards.
DECK = (ROOT / "tests" / "corpus" / "tools" / "larrymyers-ptcgl_decklist.txt").read_text()
CHECKS = {"one format": ["modified"], "all formats": ["all"]}
KEYS = {"one format": "one", "all formats": "all"}

# Clicks "Check the deck" and waits until the script says it is done: the answer is in place.
_CLICK_TO_ANSWER = """
const done = arguments[arguments.length - 1];
const busy = document.getElementById("busy");
busy.textContent = "";
const start = performance.now();
new MutationObserver(function (_, observer) {
  if (busy.textContent === "Checked.") {
    observer.disconnect();
    requestAnimationFrame(function () { done(performance.now() - start); });
  }
}).observe(busy, {childList: true, characterData: true, subtree: true});
document.getElementById("submit").click();
"""


def summary(key: str, times: list[float]) -> str:
    """The median and 95th percentile, printed and kept under `page.KEY`."""
    ordered = sorted(times)
    median = statistics.median(ordered)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    record(f"page.{key}.median", median, "ms")
    record(f"page.{key}.p95", p95, "ms")
    return f"median {median:6.1f} ms   p95 {p95:6.1f} ms"


def server_times(base: str, formats: list[str], rounds: int) -> list[float]:
    form = {"mode": "deck", "deck": DECK, "format": formats}
    with requests.Session() as session:
        session.post(f"{base}/answer", data=form, timeout=30)  # warm this check's caches
        times = []
        for _ in range(rounds):
            start = time.perf_counter()
            answer = session.post(f"{base}/answer", data=form, timeout=30)
            answer.raise_for_status()
            times.append((time.perf_counter() - start) * 1000)
    return times


def browser_times(base: str, formats: list[str], rounds: int) -> list[float]:
    with chromium() as browser:
        browser.get(base + "/")
        browser.execute_script("document.getElementById('deck').value = arguments[0]", DECK)
        browser.execute_script("document.querySelector('.more-formats').open = true")
        for box in browser.find_elements("css selector", "input[name=format]"):
            if box.is_selected() != (box.get_attribute("value") in formats):
                box.click()
        browser.execute_async_script(_CLICK_TO_ANSWER)  # warm
        return [browser.execute_async_script(_CLICK_TO_ANSWER) for _ in range(rounds)]


def no_script_times(base: str, rounds: int) -> list[float]:
    """The browser's own navigation timing of the posted form: from the post until the
    answered page is parsed (DOMContentLoaded). Not its load event: without JavaScript
    Chromium loads lazy pictures at once, and the load event waits for the picture host
    (seconds where it cannot be reached); the answer is on screen long before."""
    with chromium(javascript=False) as browser:
        times = []
        for _ in range(rounds + 1):
            browser.get(base + "/")
            browser.execute_script("document.getElementById('deck').value = arguments[0];"
                                   "document.querySelector('input[value=all]').checked = true",
                                   DECK)
            # Submitted by a script's click, which does not wait for the answered page's load
            # event: without JavaScript that waits for every picture, and a picture host
            # that cannot be reached holds it past the driver's timeout.
            browser.execute_script("document.getElementById('submit').click()")
            WebDriverWait(browser, 30, poll_frequency=0.01).until(
                lambda b: b.find_elements("css selector", ".formats-table")
                and b.execute_script("return document.readyState") != "loading")
            times.append(browser.execute_script(
                "const n = performance.getEntriesByType('navigation')[0];"
                "return n.domContentLoadedEventEnd - n.startTime"))
        return times[1:]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=30)
    rounds = parser.parse_args().rounds
    with tempfile.TemporaryDirectory() as folder:
        server, base = start_gunicorn(Path(folder) / "gunicorn.pid")
        try:
            print(f"organizer page, a 60-card PTCG Live export, {rounds} rounds, warm:")
            for name, formats in CHECKS.items():
                times = server_times(base, formats, rounds)
                print(f"  server, POST /answer, {name:11}  "
                      f"{summary(f'server.{KEYS[name]}', times)}")
            for name, formats in CHECKS.items():
                print(f"  Chromium, click to answer, {name:11}  "
                      f"{summary(f'browser.{KEYS[name]}', browser_times(base, formats, rounds))}")
            print(f"  Chromium without JavaScript, post to page shown, all formats  "
                  f"{summary('no_script.all', no_script_times(base, rounds))}")
        finally:
            server.send_signal(signal.SIGTERM)
            server.wait(30)


if __name__ == "__main__":
    main()
