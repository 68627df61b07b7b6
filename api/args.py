"""Loading query arguments with marshmallow, failing as a 400 problem."""

from __future__ import annotations

from typing import Any

from flask import request
from marshmallow import Schema, ValidationError

from api.problems import Problem


def load_query(schema: Schema) -> dict[str, Any]:
    """The request's query arguments, checked; a repeated argument is an error too."""
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
