"""One problem type per kind of error: every slug raised is registered, documented, and
answered with its registered status and title."""

import ast
import re
from pathlib import Path

import pytest
import yaml

from api.middleware.problems import PROBLEM_MEDIA_TYPE, PROBLEM_TYPES, TYPE_BASE

ROOT = Path(__file__).resolve().parents[2]


def _raised_slugs():
    """The first argument of every Problem(...) the service's code builds."""
    for path in [*ROOT.joinpath("api").rglob("*.py"), *ROOT.joinpath("web").rglob("*.py"),
                 ROOT / "app.py"]:
        for node in ast.walk(ast.parse(path.read_text())):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "Problem" and node.args
                    and isinstance(node.args[0], ast.Constant)):
                yield path.name, node.args[0].value


def test_every_problem_raised_is_registered():
    raised = list(_raised_slugs())
    assert len(raised) > 20
    assert [(where, slug) for where, slug in raised if slug not in PROBLEM_TYPES] == []


def test_the_contract_lists_every_registered_type_with_its_status_and_title():
    # The service's own, and those of HTTP itself that gunicorn and nginx answer.
    spec = yaml.safe_load((ROOT / "openapi.yaml").read_text())
    described = spec["components"]["schemas"]["Problem"]["properties"]["type"]["description"]
    listed = dict(re.findall(r"- `([a-z-]+)` \((\d{3} [A-Za-z ]+)\)", described))
    assert listed == {slug: f"{kind.status} {kind.title}" for slug, kind in PROBLEM_TYPES.items()}


def test_an_unknown_format_is_one_problem_type_wherever_it_is_named(client):
    answers = [client.get("/v1/formats/extended"),
               client.post("/v1/validate", json={"format": "extended", "deck": "x"}),
               client.post("/v1/validate?format=extended", data="x", content_type="text/plain"),
               client.post("/v1/validate/team", json={"format": "extended", "players": [
                   {"seat": "A", "deck": "x"}]})]
    for response in answers:
        problem = response.get_json()
        assert (response.status_code, problem["type"], problem["title"]) == (
            404, TYPE_BASE + "unknown-format", "Not Found"), problem
        assert problem["detail"].startswith("No format 'extended'; formats: unlimited, "), problem
    page = client.post("/answer", data={"mode": "deck", "deck": "x", "format": "extended"})
    assert page.status_code == 404 and "No format &#39;extended&#39;; formats: unlimited, " in \
        page.get_data(as_text=True)


def test_a_product_named_in_the_query_is_located_in_the_query(client):
    response = client.post("/v1/validate?format=sealed&product=zzz", data="4 Bill\n",
                           content_type="text/plain")
    problem = response.get_json()
    assert response.status_code == 404 and problem["type"] == TYPE_BASE + "unknown-product"
    assert problem["parameter"] == "product" and "pointer" not in problem
    in_body = client.post("/v1/validate", json={"format": "sealed", "deck": "4 Bill\n",
                                                "product": ["zzz"]}).get_json()
    assert in_body["pointer"] == "/product" and "parameter" not in in_body


@pytest.mark.parametrize("method, path, headers, status", [
    ("GET", "/no/such/path", {}, 404),
    ("DELETE", "/v1/validate", {}, 405),
    ("PUT", "/static/page.css", {}, 405),
    ("GET", "/v1/cards/base1-4", {"If-Match": '"stale"'}, 412),
    ("GET", "/v1/formats", {"If-Match": '"stale"'}, 412),
    ("GET", "/openapi.yaml", {"If-Match": '"stale"'}, 412),
    ("GET", "/static/page.css", {"If-Match": '"stale"'}, 412),
    ("GET", "/static/page.js", {"Range": "bytes=99999999-"}, 416),
])
def test_every_error_the_framework_makes_is_a_problem(client, method, path, headers, status):
    answer = client.open(path, method=method, headers=headers)
    assert answer.status_code == status
    assert answer.headers["Content-Type"] == PROBLEM_MEDIA_TYPE
    problem = answer.get_json()
    assert problem["status"] == status and problem["type"].startswith(TYPE_BASE)
    assert problem["title"] == PROBLEM_TYPES[problem["type"].removeprefix(TYPE_BASE)].title
