"""Compressed answers, by flask-compress: zstd, brotli or gzip, as the client accepts.

Which coding a client accepts is read here, by RFC 9110 12.5.3, and flask-compress is
handed that one coding alone: its own reading takes a coding refused with `q=0` (`gzip;q=0`,
`zstd;q=0, *`) as accepted. A coding with q=0 is refused, `*` stands for every coding not
named, `x-gzip` is gzip; the highest q wins, then the server's order, unless `identity` (or
`*`) is given a higher q than any coding. An answer no coding is accepted for goes out as it
is, `identity;q=0` or not (the RFC allows that or a 406).

Levels are the fast ones (zstd 3, brotli 1, gzip 1): each compresses a verdict faster than
gzip 6, the usual default, or brotli 4, for an answer a little larger
(speed trick "fast compression levels": docs/performance.md). An answer that fits one TCP
segment gains nothing from it.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Flask, Response, request
from flask_compress import Compress

from runtime import patterns

# The server's preference when a client accepts several (browsers accept all three).
ALGORITHMS = "zstd,br,gzip"
MIN_BYTES = 1400  # about one Ethernet TCP segment's payload
_MEDIA_TYPES = ["application/json", "application/problem+json", "application/yaml",
                "text/html", "text/css", "text/javascript", "application/javascript"]


def init_app(app: Flask) -> None:
    algorithms = [name.strip() for name in app.config["COMPRESS_ALGORITHM"].split(",")
                  if name.strip()]
    unknown = sorted(set(algorithms) - {"zstd", "br", "gzip"})
    if unknown:
        raise RuntimeError(f"COMPRESS_ALGORITHM: unknown {', '.join(unknown)}; "
                           "give zstd, br and gzip in the order preferred, or nothing.")
    app.config.update(COMPRESS_ALGORITHM=algorithms, COMPRESS_ALGORITHM_STREAMING=[
        name for name in algorithms if name != "gzip"],  # flask-compress streams no gzip
        COMPRESS_ZSTD_LEVEL=3, COMPRESS_BR_LEVEL=1, COMPRESS_LEVEL=1,
        COMPRESS_MIN_SIZE=MIN_BYTES, COMPRESS_MIMETYPES=_MEDIA_TYPES,
        # Preconditions are judged after compression by api.middleware.http_cache.
        COMPRESS_EVALUATE_CONDITIONAL_REQUEST=False, COMPRESS_REGISTER=False)
    compress = Compress(app)
    streamed = app.config["COMPRESS_ALGORITHM_STREAMING"]

    def after_request(response: Response) -> Response:
        # An answer too small to compress does not vary by Accept-Encoding: it skips the
        # extension, whose cost every answer would pay (healthz, most problems;
        # speed trick "small answers uncompressed": docs/performance.md).
        if response.content_length is not None and response.content_length < MIN_BYTES:
            return response
        environ = request.environ
        sent = environ.get("HTTP_ACCEPT_ENCODING")
        coding = accepted_coding(sent, streamed if response.is_streamed else algorithms)
        # flask-compress reads the header: it is shown the coding chosen here, alone.
        environ["HTTP_ACCEPT_ENCODING"] = coding or "identity"
        try:
            return compress.after_request(response)
        finally:
            if sent is None:
                del environ["HTTP_ACCEPT_ENCODING"]
            else:
                environ["HTTP_ACCEPT_ENCODING"] = sent

    app.after_request(after_request)


# One member of Accept-Encoding: a coding and its parameters ("gzip;q=0.5").
_MEMBER = patterns.compile(r"\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*((?:;[^,;]*)*)\s*")
_QVALUE = patterns.compile(r"(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)")


def accepted_coding(header: str | None, offered: Sequence[str]) -> str | None:
    """The coding of `offered` (in the server's order of preference) to answer with, given
    an Accept-Encoding header; None for the answer as it is (the module)."""
    if not header or not offered:
        return None  # none sent: any coding would do, and none is the safest
    weights: dict[str, float] = {}
    for member in header.split(","):
        parsed = _member(member)
        if parsed is not None and parsed[0] not in weights:
            weights[parsed[0]] = parsed[1]
    anything = weights.get("*", 0.0)
    best, best_q = None, 0.0
    for coding in offered:
        q = weights.get(coding, anything)
        if q > best_q:
            best, best_q = coding, q
    # The answer as it is, when the client says it prefers it: no coding named outranks it.
    if best is None or weights.get("identity", anything) > best_q:
        return None
    return best


def _member(text: str) -> tuple[str, float] | None:
    """A member's coding (lower case, x-gzip as gzip) and its q (1 when not given); None
    for one that cannot be read, which is passed over."""
    if not text.strip():
        return None
    found = _MEMBER.fullmatch(text)
    if found is None:
        return None
    coding = found.group(1).lower()
    q = 1.0
    for parameter in found.group(2).split(";")[1:]:
        name, _, value = parameter.strip().partition("=")
        if name.strip().lower() == "q":
            if not _QVALUE.fullmatch(value.strip()):
                return None
            q = float(value.strip())
    return ("gzip" if coding == "x-gzip" else coding), q
