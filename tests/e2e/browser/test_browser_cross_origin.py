"""A page on another origin calls the API from a real browser (headless Chromium): the
JSON POST is preflighted, and the page reads the verdict and the exposed X-Request-ID
when the origin is allowed; the browser hides the answer when it is not."""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from tests.support.browser import chromium
from tests.support.servers import gunicorn, serve

pytestmark = pytest.mark.full_catalog

PAGE = b"""<!doctype html><meta charset="utf-8"><title>a deckbuilding site</title>
<pre id="out">waiting</pre>
<script>
const api = new URLSearchParams(location.search).get("api");
const show = (value) => { document.getElementById("out").textContent = JSON.stringify(value); };
fetch(api + "/v1/validate", {
  method: "POST",
  headers: {"Content-Type": "application/json", "X-Request-ID": "page-1"},
  body: JSON.stringify({format: "modified", deck: "4 Pikachu BS 58\\n4 Charizard BS 4\\n"}),
}).then(async (answer) => {
  const body = await answer.json();
  show({status: answer.status, legal: body.legal, format: body.format.id,
        request_id: answer.headers.get("X-Request-ID")});
}).catch((error) => show({blocked: error.name}));
</script>
"""


class _Site(BaseHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class names it
        pass

    def do_GET(self):  # noqa: N802 - http.server names it
        self.send_response(200)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(PAGE)))
        self.end_headers()
        self.wfile.write(PAGE)


def page_result(api: str) -> dict:
    """Open the site's page (its own origin, another port) and read what its script got."""
    with serve(_Site) as site, chromium() as browser:
        browser.get(f"{site}/?api={api}")
        out = browser.find_element(By.ID, "out")
        WebDriverWait(browser, 30).until(lambda _: out.text != "waiting")
        return json.loads(out.text)


def test_a_page_on_another_origin_gets_the_verdict_and_its_request_id(full_db_url):
    with gunicorn(full_db_url) as api:
        got = page_result(api)
    assert got == {"status": 200, "legal": False, "format": "modified",
                   "request_id": "page-1"}


def test_a_page_on_an_origin_not_allowed_is_refused_by_the_browser(full_db_url):
    with gunicorn(full_db_url, CORS_ORIGINS="https://decks.example") as api:
        got = page_result(api)
    assert got == {"blocked": "TypeError"}  # what fetch raises for a refused answer
