"""Headers every answer carries, so that a browser runs and guesses nothing it was not told.

`X-Content-Type-Options: nosniff` on each answer: a JSON answer or a static file is read
as the type it says it is, never sniffed into a script or a page. A
Content-Security-Policy on each answer that does not set its own: by default nothing may
load or run (`default-src 'none'`), which costs a JSON answer nothing and keeps a
static file (an SVG opened alone, a script's source) inert. The page sets its own
policy (web/security.py), and so does the contract's page at /docs/ (api/spec.py,
`docs_policy`). The servers in front answer with the same two (serving/server_errors.py,
deploy/nginx.conf.j2).
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable

from flask import Flask, Response

from runtime import patterns

NOSNIFF = "nosniff"
DEFAULT_POLICY = ("default-src 'none'; frame-ancestors 'none'; base-uri 'none'; "
                  "form-action 'none'")
_INLINE_SCRIPT = patterns.compile(r"(?s)<script>(.*?)</script>")


def docs_policy(page: str) -> str:
    """The policy of Swagger UI's page: its scripts, styles and pictures from this origin
    (icons as data: URIs), the contract fetched from here, and the page's own inline
    script allowed by its hash (it holds the page's address, so it differs by host)."""
    scripts = " ".join(["'self'", *_hashes(_INLINE_SCRIPT.findall(page))])
    return (f"default-src 'none'; script-src {scripts}; style-src 'self'; "
            "img-src 'self' data:; connect-src 'self'; base-uri 'none'; "
            "form-action 'self'; frame-ancestors 'none'")


def _hashes(scripts: Iterable[str]) -> list[str]:
    return ["'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
            + "'" for script in scripts]


def _defaults(response: Response) -> Response:
    # Runs on every answer: one look through the headers, then appends (setdefault looks
    # twice a header). nosniff is set here alone (the page leaves it to this), so it is
    # appended without a look.
    headers = response.headers
    if "Content-Security-Policy" not in headers:
        headers.add("Content-Security-Policy", DEFAULT_POLICY)
    headers.add("X-Content-Type-Options", NOSNIFF)
    return response


def init_app(app: Flask) -> None:
    app.after_request(_defaults)
