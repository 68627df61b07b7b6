"""What every schema of anyone's JSON reads by: no field it does not know, and true or false
as JSON writes them. The API's bodies (api.schema) and organizers' definitions
(validators.definitions) are read alike."""

from __future__ import annotations

from typing import Any

from marshmallow import RAISE, Schema, ValidationError, fields


class JSONBoolean(fields.Boolean):
    """true or false, as JSON has them; marshmallow's Boolean would also read 0, 1 and "yes"."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if not isinstance(value, bool):
            raise ValidationError("Give true or false.")
        return value


class JSONInteger(fields.Integer):
    """A whole number as JSON Schema's `integer` has it: 19 or 19.0 (one number to it), never
    "19", 19.5 or true."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(strict=True, **kwargs)

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, bool):
            raise self.make_error("invalid")
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        return super()._deserialize(value, attr, data, **kwargs)


class Strict(Schema):
    """Every field known, or the body is refused (an unknown one named)."""

    class Meta:
        unknown = RAISE
