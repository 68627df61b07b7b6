"""Responses written by orjson.

A 60-line verdict is about 40 KB of JSON, and the standard encoder's writing of it was a
third of the request; orjson writes it in a tenth of that time
(speed trick "orjson answers": docs/performance.md).  Everything orjson would write
differently from Flask (dates, dataclasses) is passed back to Flask's own `default`, so the
bytes mean the same.  Reading request bodies stays with the standard library: its errors
carry the line and column the problem reports.

Every answer is plain data (dicts, lists, strings, numbers) built by api.views and
encoded here by orjson; the one part kept encoded beforehand, a decklist line's
(api/views/encoded.py), is an orjson Fragment written as it is.
"""

from __future__ import annotations

from typing import Any

import orjson
from flask import Response
from flask.json.provider import DefaultJSONProvider

_OPTIONS = (orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS
            | orjson.OPT_NON_STR_KEYS)


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
            # Only answers echoing a client's huge integer get here.
            body = (super().dumps(obj) + "\n").encode()
        return Response(body, mimetype=self.mimetype)
