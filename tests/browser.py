"""A real headless browser for the tests: Debian's Chromium driven through its ChromeDriver
by Selenium (`make test` installs both; no driver is downloaded)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = os.environ.get("DECKJUDGE_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("DECKJUDGE_CHROMEDRIVER", "/usr/bin/chromedriver")


@contextmanager
def chromium() -> Iterator[webdriver.Chrome]:
    missing = [path for path in (CHROMIUM, CHROMEDRIVER) if not shutil.which(path)]
    if missing:
        raise RuntimeError(f"no {', '.join(missing)}: the browser tests need Debian's chromium "
                           "and chromium-driver (`make browser` installs them)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                     "--disable-gpu", "--no-first-run", "--disable-extensions"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.set_page_load_timeout(30)
        yield driver
    finally:
        driver.quit()
