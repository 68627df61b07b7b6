"""Check every response the tests receive against openapi.yaml.

openapi-core finds each response's operation and checks its status, headers and media type;
a body's schema is checked first by jsonschema-rs, compiled once a schema, and by
openapi-core's own validator (the `jsonschema` package, pure Python) only when jsonschema-rs
finds fault, for its words. jsonschema alone spent four tenths of the fast suite's time on
the few large answers (a batch of 100 decks in every format: 17 s of its 20), jsonschema-rs
a fraction of a second; a body either one refuses fails the test.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import brotli
import jsonschema
import jsonschema_rs
import yaml
from flask.testing import FlaskClient
from jsonschema_path import SchemaPath
from openapi_core import Config, OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from openapi_core.validation.schemas import oas31_schema_validators_factory
from openapi_core.validation.schemas.exceptions import InvalidSchemaValue
from openapi_core.validation.schemas.factories import SchemaValidatorsFactory
from openapi_core.validation.schemas.validators import SchemaValidator
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request, Response

try:  # the standard library's from Python 3.14
    from compression import zstd  # type: ignore[import-not-found]
except ImportError:  # before: what flask-compress installs
    from backports import zstd

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"
_SPEC_DOCUMENT = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))


# A schema's validator, by where openapi-core found the schema (its path of keys, through
# any reference on the way).
_COMPILED: dict[tuple[Any, ...], Any] = {}


def _compiled(schema: SchemaPath) -> Any:
    """A jsonschema-rs validator of the schema, whose references resolve in the whole
    contract (OpenAPI 3.1's schemas are JSON Schema 2020-12's; the document's own keys are
    keywords no validator knows, and ignores)."""
    found = _COMPILED.get(schema.parts)
    if found is None:
        with schema.resolve() as resolved:
            contents = resolved.contents
        found = _COMPILED[schema.parts] = jsonschema_rs.validator_for(
            {**_SPEC_DOCUMENT, **contents}, validate_formats=True)
    return found


class _RustFirst(SchemaValidator):
    def validate(self, value: Any) -> None:
        fast = _compiled(self.schema)
        if fast.is_valid(value):
            return
        super().validate(value)  # openapi-core's own words for the fault
        raise InvalidSchemaValue(value, "any", schema_errors=[
            jsonschema.ValidationError(error.message) for error in fast.iter_errors(value)])


class _RustFirstFactory(SchemaValidatorsFactory):
    def create(self, *args: Any, **kwargs: Any) -> SchemaValidator:
        made = super().create(*args, **kwargs)
        return _RustFirst(made.schema, made.validator)


_config = Config(schema_validators_factory=_RustFirstFactory(
    oas31_schema_validators_factory.schema_validator_cls,
    oas31_schema_validators_factory.format_checker), extra_media_type_deserializers={
    "application/problem+json": json.loads,
    "application/yaml": lambda body: body.decode("utf-8") if isinstance(body, bytes) else body,
    # NDJSON's lines are each checked by the stream's tests against the batch's answers.
    "application/x-ndjson": lambda body: body.decode("utf-8") if isinstance(body, bytes)
    else body,
    # A bulk file's bytes, whole or a range of them (tests/api/test_bulk.py reads them).
    "application/gzip": lambda body: body.decode("latin-1") if isinstance(body, bytes)
    else body,
})
SPEC = OpenAPI.from_file_path(str(SPEC_PATH), config=_config)
_DECODERS = {"gzip": gzip.decompress, "br": brotli.decompress, "zstd": zstd.decompress}


def problem_schema() -> dict:
    """The Problem schema, for responses to paths or methods the spec cannot name."""
    return _SPEC_DOCUMENT["components"]["schemas"]["Problem"]


def check_response(response) -> None:
    """Raise unless the response is one the contract allows for its request."""
    if response.request.method == "OPTIONS" and response.status_code == 200:
        # CORS preflights and Allow answers are HTTP's and the CORS protocol's, not the
        # API's operations (openapi.yaml says so in its description): no body, an Allow.
        assert response.data == b"" and response.headers["Allow"]
        return
    response = decoded(response)
    try:
        SPEC.validate_response(WerkzeugOpenAPIRequest(_without_body(response.request)),
                               WerkzeugOpenAPIResponse(response))
    except (PathNotFound, OperationNotFound):
        # An unknown path or method: the answer must still be a problem document.
        assert response.status_code in (404, 405), response.status_code
        assert response.mimetype == "application/problem+json"
        jsonschema.validate(response.get_json(), problem_schema())


def check_http(response) -> None:
    """check_response for an answer read over the network with requests (which has
    already decompressed its body)."""
    url = urlsplit(response.request.url)
    request = Request(EnvironBuilder(method=response.request.method, path=url.path,
                                     query_string=url.query,
                                     base_url=f"{url.scheme}://{url.netloc}").get_environ())
    headers = [(name, value) for name, value in response.headers.items()
               if name.lower() not in ("content-encoding", "content-length",
                                       "transfer-encoding")]
    answer = Response(response.content, response.status_code, headers)
    answer.request = request
    check_response(answer)


def decoded(response):
    """The answer as the client reads it: a compressed body is checked once decompressed
    (and must decompress)."""
    encoding = response.headers.get("Content-Encoding")
    if encoding is None or response.status_code == 304:
        return response
    headers = [(name, value) for name, value in response.headers.items()
               if name.lower() not in ("content-encoding", "content-length")]
    plain = Response(_DECODERS[encoding](response.get_data()), response.status_code, headers)
    plain.request = response.request
    return plain


def _without_body(request: Request) -> Request:
    """The request's method, path and query: the app has read its body, and checking a
    response needs no more."""
    return Request(EnvironBuilder(method=request.method, path=request.path,
                                  query_string=request.query_string.decode("latin-1"),
                                  base_url=request.host_url).get_environ())


class ContractClient(FlaskClient):
    """A test client that validates every response against the OpenAPI document."""

    def open(self, *args, **kwargs):
        response = super().open(*args, **kwargs)
        check_response(response)
        return response
