"""A real headless browser for the tests: Debian's Chromium driven through its ChromeDriver
by Selenium (`make test` installs both; no driver is downloaded)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from axe_selenium_python import Axe
from filelock import FileLock
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
        # Without JavaScript Chromium loads lazy pictures at once, and the load event waits
        # for a picture host that cannot be reached: a driver that waits for it (on a page
        # it opens, or one a click posts to) has been seen to hit the renderer's 30 s
        # timeout. The page is there once parsed.
        options.page_load_strategy = "eager"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        driver.set_page_load_timeout(30)
        yield driver
    finally:
        driver.quit()


PROJECT_ROOT = Path(__file__).resolve().parents[2]


def axe_core() -> Path:
    """axe-core's script (its Python wrapper bundles a 2018 version): $DECKJUDGE_AXE, else
    the version the Makefile pins, fetched from the npm registry by `make axe` when it is
    missing (once, under a lock, however many test processes ask at once)."""
    if named := os.environ.get("DECKJUDGE_AXE"):
        if not Path(named).is_file():
            raise RuntimeError(f"no axe-core at {named} (DECKJUDGE_AXE): `make axe` fetches it")
        return Path(named)
    pinned = re.search(r"^AXE_VERSION := (\S+)$", (PROJECT_ROOT / "Makefile").read_text(), re.M)
    assert pinned, "the Makefile pins axe-core's version (AXE_VERSION)"
    script = PROJECT_ROOT / ".cache" / f"axe-core-{pinned[1]}" / "axe.min.js"
    if not script.is_file():
        script.parent.parent.mkdir(exist_ok=True)
        with FileLock(str(script.parent.parent / "axe.lock")):
            if not script.is_file():
                done = subprocess.run(["make", "--no-print-directory", "axe"], cwd=PROJECT_ROOT,
                                      capture_output=True, text=True, timeout=600)
                if done.returncode != 0 or not script.is_file():
                    raise RuntimeError(f"no axe-core at {script}, and `make axe` did not fetch "
                                       f"it:\n{done.stdout}{done.stderr}")
    return script


def accessibility_violations(driver: webdriver.Chrome) -> list[dict[str, Any]]:
    """What axe-core finds on the page as it is now, serious and critical only."""
    axe = Axe(driver, script_url=str(axe_core()))
    axe.inject()
    results = axe.run(options="{runOnly: {type: 'tag', values: ['wcag2a', 'wcag2aa', "
                              "'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']}}")
    return [violation for violation in results["violations"]
            if violation["impact"] in ("serious", "critical")]
