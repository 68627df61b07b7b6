"""The contract, served as written (GET /openapi.yaml), and a page to read it (GET /docs/).

The page is Swagger UI from the flask-swagger-ui package: its scripts and styles
are served from here, so the docs work with no CDN and no internet.
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect
from flask_swagger_ui import get_swaggerui_blueprint

from api.http_cache import CONTRACT, catalog_resource

SPEC_PATH = CONTRACT
bp = Blueprint("spec", __name__)
docs_bp = get_swaggerui_blueprint("/docs", "/openapi.yaml", blueprint_name="docs",
                                  config={"app_name": "deckjudge API"})


@bp.get("/openapi.yaml")
@catalog_resource
def openapi_yaml():
    return Response(SPEC_PATH.read_bytes(), mimetype="application/yaml")


@bp.get("/docs")
def docs_redirect():
    # An explicit rule, so other methods on /docs get 405 rather than 404.
    return redirect("/docs/", code=308)
