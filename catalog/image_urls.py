"""The card picture URLs a catalog keeps, and the origins a page's policy names for them.

A picture URL goes into the organizer page's `src` attributes, and its origin into the
page's Content-Security-Policy header, where a space, a quote, a semicolon or a comma
would end the source and begin another (`'unsafe-inline'`) or another directive. So a
URL is kept only when it is a plain `https://host[:port]/path`: a host of letters,
digits, dots and hyphens, a port of digits, a path of letters, digits and
`-._~%/!$&()*+=:@` (RFC 3986's, less the quote, comma and semicolon), no user, query or
fragment. Any other is dropped (the card keeps no picture).
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

from runtime import patterns

MAX_URL_CHARS = 256  # the picture columns' size
_URL = patterns.compile(r"https://(?P<host>[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)"
                  r"(?::(?P<port>[0-9]{1,5}))?/[A-Za-z0-9._~%/!$&()*+=:@-]*")
_ORIGIN = patterns.compile(r"https://[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(?::[1-9][0-9]{0,4})?")
_MAX_PORT = 65_535


def image_url(value: Any) -> str | None:
    """`value` when it is a picture URL a page may load, else None."""
    if not isinstance(value, str) or len(value) > MAX_URL_CHARS:
        return None
    found = _URL.fullmatch(value)
    if found is None or (found["port"] and not 0 < int(found["port"]) <= _MAX_PORT):
        return None
    return value


def origin(url: str) -> str:
    """The origin of a URL image_url kept: exactly `https://host[:port]`."""
    found = _URL.fullmatch(url)
    if found is None:
        raise ValueError(f"not a picture URL: {url!r}")
    port = f":{int(found['port'])}" if found["port"] else ""
    return f"https://{found['host'].lower()}{port}"


def is_origin(value: Any) -> bool:
    """Whether `value` is an origin as `origin` gives one (a stored one is checked again)."""
    return isinstance(value, str) and _ORIGIN.fullmatch(value) is not None


# TCGdex's pictures (tcgdex.dev/assets): a printing's is at
# https://assets.tcgdex.net/{language}/{series}/{set}/{number}/{quality}.{extension}, its
# series's, set's and number's ids as TCGdex's data files name them ("me", "me05", "001"),
# quality "high" or "low", extension "png", "webp" or "jpg". The catalog keeps the path
# ("me/me05/001") and the languages, and spells the address here.
TCGDEX_ASSETS = "https://assets.tcgdex.net"
# The catalog's two sizes, as TCGdex's qualities (245 and 600 pixels wide), in WebP.
TCGDEX_SIZES = {"small": "low.webp", "large": "high.webp"}


def tcgdex_path(series: str, set_id: str, number: str) -> str:
    """The path of a printing's pictures: its series, set and number, each one segment
    (a number as its file names it: "%3F" for the Unown "?")."""
    return "/".join(quote(part, safe="") for part in (series, set_id, number))


def tcgdex_image(path: str, language: str, size: str) -> str:
    """The address of TCGdex's picture of a printing in a language, in one of TCGDEX_SIZES."""
    return f"{TCGDEX_ASSETS}/{language}/{path}/{TCGDEX_SIZES[size]}"


def tcgdex_images(path: str | None, languages: list[str] | None) -> dict[str, dict[str, str]]:
    """A printing's TCGdex pictures by language, each small and large: the languages in
    which its picture's address is a picture URL a page may load."""
    found: dict[str, dict[str, str]] = {}
    for language in (languages or []) if path else []:
        urls = {size: image_url(tcgdex_image(str(path), language, size)) for size in TCGDEX_SIZES}
        if all(urls.values()):
            found[language] = {size: str(url) for size, url in urls.items()}
    return found
