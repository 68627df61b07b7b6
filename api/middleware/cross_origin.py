"""Cross-origin calls from browsers (CORS), by flask-cors: which origins may call the API,
what a preflight answers, and which of our headers a page may read.

The API keeps no cookies and takes no credentials, so answering any origin (`*`, the
default) exposes nothing a page could not fetch through its own server; an operator who
wants only their own sites lists them in CORS_ORIGINS.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from flask import Flask, Response, request
from flask_cors import CORS

from api.middleware.request_ids import HEADER as REQUEST_ID
from runtime import patterns

# Headers a page's script may read besides the CORS-safelisted ones.
EXPOSED = [REQUEST_ID, "ETag", "Retry-After"]
# Request headers a page may send besides the safelisted ones (Content-Type: application/json
# is not safelisted, so a JSON POST is preflighted).
ALLOWED = ["Content-Type", REQUEST_ID, "If-None-Match"]
# How long a browser may reuse a preflight's answer (Chromium caps it at 2 hours).
PREFLIGHT_MAX_AGE = 7200
_ORIGIN = patterns.compile(r"https?://[^/\s,]+")


def origins(setting: str) -> str | list[str]:
    """CORS_ORIGINS: `*`, or origins (scheme://host[:port]) separated by commas or spaces.
    A value that is neither stops the service at start rather than letting no one in."""
    if setting.strip() == "*":
        return "*"
    listed = [origin.rstrip("/") for origin in setting.replace(",", " ").split()]
    wrong = [origin for origin in listed if not _ORIGIN.fullmatch(origin)]
    if wrong:
        raise RuntimeError(f"CORS_ORIGINS: not an origin (scheme://host[:port]): "
                           f"{', '.join(wrong)}; or give * for any origin.")
    return listed


def init_app(app: Flask) -> None:
    allowed = origins(app.config["CORS_ORIGINS"])
    # With any origin allowed the answer says `*` rather than echoing the caller's origin,
    # so one cached answer serves every site (no `Vary: Origin`).
    CORS(app, resources={r"/v1/.*": {}, r"/openapi\.yaml": {}}, origins=allowed,
         send_wildcard=allowed == "*", always_send=False, methods=["GET", "HEAD", "POST"],
         allow_headers=ALLOWED, expose_headers=EXPOSED, max_age=PREFLIGHT_MAX_AGE,
         supports_credentials=False, vary_header=True)
    # A request with no Origin is no browser's cross-origin call, and flask-cors (with
    # always_send=False) adds nothing to its answer; it still matched every answer's path
    # against its resources, a good share of a small request's cost
    # (speed trick "CORS on Origin only": docs/performance.md).
    everyone = cast(Callable[[Response], Response], app.after_request_funcs[None].pop())

    def cross_origin_only(response: Response) -> Response:
        return everyone(response) if "HTTP_ORIGIN" in request.environ else response

    app.after_request(cross_origin_only)
