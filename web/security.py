"""The page's own headers: what it may load, and that nobody keeps what it shows.

The Content-Security-Policy lets the page load scripts, styles, fonts and data from
its own origin only, and post its form only there. The one exception is pictures:
card pictures come from where the catalog says they are (their origins are read
from the catalog), and the page works without them.
"""

from __future__ import annotations

from collections.abc import Iterable

from flask import Response

_POLICY = ("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; "
           "font-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; "
           "frame-ancestors 'none'; img-src 'self'")


def content_security_policy(image_origins: Iterable[str]) -> str:
    return " ".join([_POLICY, *image_origins])


def page_headers(response: Response, image_origins: Iterable[str]) -> None:
    response.headers["Content-Security-Policy"] = content_security_policy(image_origins)
    # The page's address may hold a deck in its fragment; pictures need no referrer.
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
    # An answer holds the deck it was asked about: nobody but the person keeps it.
    response.headers["Cache-Control"] = "no-store"
