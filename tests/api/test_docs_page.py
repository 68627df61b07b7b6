"""GET /docs/: the contract as a page, every asset served from here (no CDN), under a
Content-Security-Policy that lets it run from this origin only."""

from __future__ import annotations

import base64
import hashlib
import re


def test_the_page_reads_the_served_spec_with_local_assets(client):
    response = client.get("/docs/")
    assert response.status_code == 200 and response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert '"url": "/openapi.yaml"' in page
    assets = re.findall(r'(?:src|href)="([^"]+)"', page)
    assert assets and all(asset.startswith("/docs/") for asset in assets)
    for asset in assets:
        with client.get(asset, buffered=True) as served:
            assert served.status_code == 200 and len(served.data) > 100, asset
    with client.get("/docs/swagger-ui-bundle.js", buffered=True) as script:
        assert script.mimetype == "text/javascript"


def test_docs_without_the_slash_redirects(client):
    response = client.get("/docs")
    assert response.status_code == 308 and response.headers["Location"].endswith("/docs/")


def test_an_unknown_asset_is_a_404_problem(client):
    response = client.get("/docs/nope.js")
    assert response.status_code == 404 and response.mimetype == "application/problem+json"


def test_other_methods_on_docs_are_405(client):
    response = client.post("/docs")
    assert response.status_code == 405 and response.headers["Allow"]


def test_the_page_runs_only_its_own_scripts_and_its_one_inline_script_by_hash(client):
    response = client.get("/docs/")
    inline = re.findall(r"<script>(.*?)</script>", response.get_data(as_text=True), re.S)
    assert len(inline) == 1 and "SwaggerUIBundle(config)" in inline[0]
    digest = base64.b64encode(hashlib.sha256(inline[0].encode()).digest()).decode()
    policy = dict(part.strip().split(" ", 1) for part in
                  response.headers["Content-Security-Policy"].split(";"))
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == f"'self' 'sha256-{digest}'"
    assert policy["connect-src"] == "'self'" and policy["style-src"] == "'self'"
    # The contract is fetched from here, and nothing names another host.
    assert '"validatorUrl": null' in inline[0] and "http" not in policy["img-src"]


def test_the_inline_script_hash_follows_the_host_it_names(client):
    policies = {client.get("/docs/", base_url=f"http://{host}").headers[
        "Content-Security-Policy"] for host in ("localhost", "decks.example")}
    assert len(policies) == 2  # the page names its own address, so its hash differs
