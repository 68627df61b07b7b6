"""Loading query arguments with marshmallow, failing as a 400 problem."""

from __future__ import annotations

import functools
from typing import Any

from flask import request
from marshmallow import Schema, ValidationError

from api.problems import Problem

_CACHED_QUERIES = 256  # distinct query strings per schema; each at most a few KB


def load_query(schema: Schema) -> dict[str, Any]:
    """The request's query arguments, checked; a repeated argument is an error too.

    What a query string loads to depends on nothing else, and clients send the same few
    again and again ("format=modified"), so the loaded values (strings, dates, booleans)
    are kept per query string; a query that fails is checked afresh each time."""
    return dict(_loaded(schema, request.query_string))


@functools.lru_cache(maxsize=_CACHED_QUERIES)
def _loaded(schema: Schema, query_string: bytes) -> dict[str, Any]:
    # Called only with the current request's own query string, so request.args is its parse.
    repeated = sorted(key for key, values in request.args.lists() if len(values) > 1)
    if repeated:
        raise Problem(400, "invalid-query", "Bad Request",
                      f"Query argument given more than once: {', '.join(repeated)}.")
    try:
        return schema.load(request.args.to_dict())
    except ValidationError as error:
        fields = "; ".join(f"{name}: {' '.join(_flatten(messages))}"
                           for name, messages in sorted(error.normalized_messages().items()))
        raise Problem(400, "invalid-query", "Bad Request", f"Invalid query: {fields}",
                      errors=error.normalized_messages()) from None


def _flatten(messages: Any) -> list[str]:
    if isinstance(messages, dict):
        return [m for value in messages.values() for m in _flatten(value)]
    if isinstance(messages, list):
        return [str(m) for m in messages]
    return [str(messages)]


def load_body(schema: Schema, body: Any) -> dict[str, Any]:
    """A JSON body, checked; a wrong shape is a 422 naming the first bad field."""
    if not isinstance(body, dict):
        raise Problem(422, "invalid-body", "Unprocessable Content",
                      "The body must be a JSON object.", pointer="")
    try:
        return schema.load(body)
    except ValidationError as error:
        messages = error.normalized_messages()
        first = _first_path(messages)
        detail = "; ".join(f"{name}: {' '.join(_flatten(found))}"
                           for name, found in sorted(messages.items(), key=str))
        raise Problem(422, "invalid-body", "Unprocessable Content", f"Invalid body: {detail}",
                      pointer="/" + "/".join(first), errors=messages) from None


def _first_path(messages: Any) -> list[str]:
    """The JSON pointer parts of the first error marshmallow reports."""
    if not isinstance(messages, dict) or not messages:
        return []
    key = sorted(messages, key=str)[0]
    return [str(key), *_first_path(messages[key])]
