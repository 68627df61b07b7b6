"""Responses written by orjson.

A 60-line verdict is about 40 KB of JSON; the standard encoder took ~0.5 ms of a
~1.5 ms request to write it, orjson a tenth of that.  Everything orjson would
write differently from Flask (dates, dataclasses) is passed back to Flask's own
`default`, so the bytes mean the same.  Reading request bodies stays with the
standard library: its errors carry the line and column the problem reports.

Parts of an answer may be encoded beforehand (`joined`, `encoded`: the part of a
verdict's line that is the same in every response, api.deck_views) and are
written as they are, as orjson Fragments.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider

_OPTIONS = (orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
            | orjson.OPT_NON_STR_KEYS)


def joined(head: dict[str, Any], tail: bytes) -> orjson.Fragment:
    """One JSON object: the fields of `head`, then those of `tail` (an encoded object)."""
    return orjson.Fragment(orjson.dumps(head)[:-1] + b"," + tail[1:] if len(tail) > 2
                           else orjson.dumps(head))


def encoded(value: Any) -> bytes:
    """A value's JSON, to be kept and written into answers later (with `joined`)."""
    # Copied to its own size: orjson's bytes keep its whole write buffer (about 4 KB, seen
    # with tracemalloc), and a cache of 8,192 short views took 32 MiB instead of 2.
    return bytes(memoryview(orjson.dumps(value)))


class OrjsonProvider(DefaultJSONProvider):
    def dumps(self, obj: Any, **kwargs: Any) -> str:
        if kwargs:  # indent, sort_keys…: options orjson does not share
            return super().dumps(obj, **kwargs)
        try:
            return orjson.dumps(obj, default=self.default, option=_OPTIONS).decode()
        except orjson.JSONEncodeError:  # what only the standard encoder writes (huge integers)
            return super().dumps(obj)

    def response(self, *args: Any, **kwargs: Any) -> Response:
        obj = self._prepare_response_obj(args, kwargs)
        try:
            body = orjson.dumps(obj, default=self.default,
                                option=_OPTIONS | orjson.OPT_APPEND_NEWLINE)
        except orjson.JSONEncodeError:
            # Only answers echoing a client's huge integer get here, and those hold no
            # Fragment (which the standard encoder cannot write): verdicts, whose lines are
            # Fragments, hold only numbers the service bounds (counts, line numbers).
            body = (super().dumps(obj) + "\n").encode()
        return self._app.response_class(body, mimetype=self.mimetype)
