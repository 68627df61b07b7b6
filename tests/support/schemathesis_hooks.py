"""Hooks the contract fuzzing (tests/e2e/long/test_schemathesis.py) loads into schemathesis
(SCHEMATHESIS_HOOKS): how to send a body of a media type it has no serializer for."""

from __future__ import annotations

from typing import Any

import schemathesis


@schemathesis.serializer("application/x-ndjson")
def ndjson(ctx: Any, value: Any) -> bytes:
    """A stream's body, which the contract describes as text: its UTF-8 bytes. A value that
    is not text (a negative case) has no NDJSON form: it is sent as no body at all, which
    the contract says is refused (a stream of no deck)."""
    if not isinstance(value, str):
        return b""
    return value.encode("utf-8", errors="surrogatepass")
