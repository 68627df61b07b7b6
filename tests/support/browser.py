"""A real headless browser for the tests: Debian's Chromium driven through its ChromeDriver
by Selenium (`make test` installs both; no driver is downloaded)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from axe_selenium_python import Axe
from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = os.environ.get("DECKJUDGE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("DECKJUDGE_CHROMEDRIVER", "/usr/bin/chromedriver")


@contextmanager
def chromium(javascript: bool = True, width: int = 1280,
             height: int = 1000) -> Iterator[webdriver.Chrome]:
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not shutil.which(path)]
    if missing:
        raise RuntimeError(f"no {', '.join(missing)}: the browser tests need Debian's chromium "
                           "and chromium-driver (`make browser` installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--no-first-run", "--disable-extensions",
                     f"--window-size={width},{height}"):
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option(
            "prefs", {"profile.managed_default_content_settings.javascript": 2})
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.set_page_load_timeout(30)
        yield driver
    finally:
        driver.quit()


# axe-core from the npm registry (`make axe`): its Python wrapper bundles a 2018 version.
AXE_CORE = Path(os.environ.get("DECKJUDGE_AXE") or next(
    iter(sorted(Path(__file__).resolve().parents[2].glob(".cache/axe-core-*/axe.min.js"))),
    Path("axe.min.js")))


def accessibility_violations(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    """What axe-core finds on the page as it is now, serious and critical only."""
    if not AXE_CORE.is_file():
        raise RuntimeError(f"no axe-core at {AXE_CORE}: `make axe` fetches it")
    axe = Axe(driver, script_url=str(AXE_CORE))
    axe.inject()
    results = axe.run(options="{runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', "
                              "'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}}")
    return [violation for violation in results["violations"]
            if violation["impact"] in ("serious", "critical")]
