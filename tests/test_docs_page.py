"""GET /docs/: the contract as a page, every asset served from here (no CDN)."""

from __future__ import annotations

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
