"""The contract, served as written (GET /openapi.yaml), and a page to read it (GET /docs/).

The page is Swagger UI from the flask-swagger-ui package: its scripts and styles
are served from here, so the docs work with no CDN and no internet, and its
Content-Security-Policy lets it load from this origin only (api/middleware/security_headers.py).
"""

from __future__ import annotations

from flask import Blueprint, Response, redirect
from flask_swagger_ui import get_swaggerui_blueprint

from api.middleware.http_cache import CONTRACT, catalog_resource
from api.middleware.security_headers import docs_policy

SPEC_PATH = CONTRACT
bp = Blueprint("spec", __name__)
# No validator badge (Swagger UI would load it from validator.swagger.io), and no top bar:
# its box for reading other documents could fetch nothing past the page's policy, and its
# logo brings an inline style the policy refuses.
docs_bp = get_swaggerui_blueprint("/docs", "/openapi.yaml", blueprint_name="docs",
                                  config={"app_name": "deckjudge API", "validatorUrl": None,
                                          "layout": "BaseLayout"})


@docs_bp.after_request
def _docs_policy(response: Response) -> Response:
    # The page itself; its assets get the default policy, which lets nothing run in them.
    if response.mimetype == "text/html" and not response.direct_passthrough:
        response.headers["Content-Security-Policy"] = docs_policy(
            response.get_data(as_text=True))
    return response


@bp.get("/openapi.yaml")
@catalog_resource
def openapi_yaml():
    return Response(SPEC_PATH.read_bytes(), mimetype="application/yaml")


@bp.get("/docs")
def docs_redirect():
    # An explicit rule, so other methods on /docs get 405 rather than 404.
    return redirect("/docs/", code=308)
