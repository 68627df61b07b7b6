"""Check every response the tests receive against openapi.yaml."""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from urllib.parse import urlsplit

import brotli
import jsonschema
import yaml
from flask.testing import FlaskClient
from openapi_core import Config, OpenAPI
from openapi_core.contrib.werkzeug import WerkzeugOpenAPIRequest, WerkzeugOpenAPIResponse
from openapi_core.templating.paths.exceptions import OperationNotFound, PathNotFound
from werkzeug.test import EnvironBuilder
from werkzeug.wrappers import Request, Response

try:  # the standard library's from Python 3.14
    from compression import zstd  # type: ignore[import-not-found]
except ImportError:  # before: what flask-compress installs
    from backports import zstd

SPEC_PATH = Path(__file__).resolve().parents[2] / "openapi.yaml"
_config = Config(extra_media_type_deserializers={
    "application/problem+json": json.loads,
    "application/yaml": lambda body: body.decode("utf-8") if isinstance(body, bytes) else body,
})
SPEC = OpenAPI.from_file_path(str(SPEC_PATH), config=_config)
_DECODERS = {"gzip": gzip.decompress, "br": brotli.decompress, "zstd": zstd.decompress}
_SPEC_DOCUMENT = yaml.safe_load(SPEC_PATH.read_text(encoding="utf-8"))


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
