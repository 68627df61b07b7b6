"""The two ways to reach deckjudge: a running service over HTTP, or the app in this process.

Both send the same request to the same endpoint and hand back (status, JSON
body), so a file gets one verdict whichever way it is checked.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from importlib import metadata
from typing import TYPE_CHECKING, Any

import requests
from requests.adapters import HTTPAdapter
from urllib3 import BaseHTTPResponse
from urllib3.exceptions import ReadTimeoutError
from urllib3.util.retry import Retry

from runtime import patterns

if TYPE_CHECKING:
    from catalog.index import CatalogIndex

MAX_RETRY_AFTER = 30.0  # seconds; a longer Retry-After is cut to this
# Answers sent again when they say when (Retry-After): a client over nginx's rate, a
# service starting or without its database. A 503 without it is a request that ran past
# the service's time limit (api/middleware/deadlines.py): sent again, it would cost as much again.
RETRY_STATUSES = frozenset({429, 503})
# Decks sent in one POST /v1/validate/batch (the service takes up to 500): big enough that a
# repository of lists costs a few requests, small enough that one answers well within the
# timeout and a retry repeats little.
BATCH_SIZE = 100
STREAM_PATH, NDJSON = "/v1/validate/stream", "application/x-ndjson"
# Answers to a batch after which its decks are asked one by one: a service without batches
# (404, 405), a batch over its limits (413), a 200 that is not a batch's answer. After any
# other the batch may have cost its work, which asking again deck by deck would repeat.
_ASK_ONE_BY_ONE = frozenset({200, 404, 405, 413})
# The OS's word in requests' nested wrapping: "[Errno -2] Name or service not known".
_ERRNO = patterns.compile(r"\[Errno -?\d+\] ([^'\")]+)")


class ServiceUnavailable(Exception):
    """No file can be checked: the service is unreachable, down or has no catalog."""


def version() -> str:
    try:
        return metadata.version("deckjudge")
    except metadata.PackageNotFoundError:
        return "unknown"


class _CappedRetry(Retry):
    """urllib3's retry, for 429 and 503 answers with Retry-After only, honouring it but never
    sleeping past MAX_RETRY_AFTER."""

    def is_retry(self, method: str, status_code: int, has_retry_after: bool = False) -> bool:
        return has_retry_after and super().is_retry(method, status_code, has_retry_after)

    def get_retry_after(self, response: BaseHTTPResponse) -> float | None:
        seconds = super().get_retry_after(response)
        return None if seconds is None else min(seconds, MAX_RETRY_AFTER)


class RemoteService:
    """A deckjudge service at `url`: timeouts, retries with backoff, a User-Agent.

    A request is sent again only when nothing of it reached the service (the connection was
    refused or timed out), or when the service said when to come back (429 or 503 with
    Retry-After). Once a request is sent, a read timeout or a dropped connection is not
    retried: the service may still be working on it, and the same work would start again."""

    def __init__(self, url: str, timeout: float = 30.0, retries: int = 3,
                 backoff: float = 0.5) -> None:
        self.base = url.rstrip("/")
        self.timeout = timeout
        self.session = requests.Session()
        retry = _CappedRetry(total=retries, connect=retries, read=0, other=0,
                             backoff_factor=backoff, backoff_max=10,
                             status_forcelist=RETRY_STATUSES, allowed_methods=None,
                             respect_retry_after_header=True, raise_on_status=False)
        adapter = HTTPAdapter(max_retries=retry)
        self.session.mount("http://", adapter)
        self.session.mount("https://", adapter)
        self.session.headers["User-Agent"] = (
            f"deckjudge-cli/{version()} {requests.utils.default_user_agent()}")
        self.where = f"the deckjudge service at {self.base}"

    def formats(self) -> list[str]:
        status, body = self._send("GET", "/v1/formats")
        if status != 200 or not isinstance(body, dict):
            raise ServiceUnavailable(f"{self.where} did not list its formats (HTTP {status})")
        return [item["id"] for item in body.get("items", [])]

    def validate(self, payload: dict[str, Any]) -> tuple[int, Any]:
        return self._send("POST", "/v1/validate", json=payload)

    def validate_many(self, payloads: list[dict[str, Any]]) -> list[tuple[int, Any]]:
        """Every deck's (status, answer), in order: by batches of BATCH_SIZE, or one by one
        where a batch is not answered (a service before batches, a batch over its limits)."""
        if not payloads:
            return []
        if len(payloads) == 1:
            return [self.validate(payloads[0])]
        answers: list[tuple[int, Any]] = []
        for start in range(0, len(payloads), BATCH_SIZE):
            answers += self._batch(payloads[start:start + BATCH_SIZE])
        return answers

    def stream(self, body: bytes) -> tuple[int, list[Any]]:
        """POST /v1/validate/stream: the status, and each line of the answer read (its
        problem's alone when it is not 200)."""
        try:
            response = self.session.post(self.base + STREAM_PATH, data=body, stream=True,
                                         headers={"Content-Type": NDJSON},
                                         timeout=(min(5.0, self.timeout), self.timeout))
            if response.status_code != 200:
                return response.status_code, [_json_or_none(response.content)]
            return 200, [json.loads(line) for line in response.iter_lines() if line]
        except requests.RequestException as error:
            if _timed_out(error):
                raise ServiceUnavailable(
                    f"{self.where} did not answer within {self.timeout:g} s") from None
            raise ServiceUnavailable(f"cannot reach {self.where}: {_reason(error)}") from None

    def get_json(self, path: str) -> tuple[int, Any]:
        return self._send("GET", path)

    def download(self, path: str, headers: dict[str, str],
                 chunk: int) -> tuple[int, Iterator[bytes]]:
        """GET a file: its status and its bytes, read as they come (a cut-off download
        raises ServiceUnavailable where it stops)."""
        try:
            response = self.session.get(self.base + path, headers=headers, stream=True,
                                        timeout=(min(5.0, self.timeout), self.timeout))
        except requests.RequestException as error:
            raise ServiceUnavailable(f"cannot reach {self.where}: {_reason(error)}") from None
        if response.status_code not in (200, 206):
            response.close()
            raise ServiceUnavailable(f"{self.where} did not send {path} "
                                     f"(HTTP {response.status_code})")
        return response.status_code, self._chunks(response, chunk)

    def _chunks(self, response: requests.Response, size: int) -> Iterator[bytes]:
        try:
            yield from response.iter_content(size)
        except requests.RequestException as error:
            raise ServiceUnavailable(f"the download from {self.where} broke off: "
                                     f"{_reason(error)}") from None
        finally:
            response.close()

    def _batch(self, payloads: list[dict[str, Any]]) -> list[tuple[int, Any]]:
        decks = [{"id": str(position), **payload} for position, payload in enumerate(payloads)]
        status, body = self._send("POST", "/v1/validate/batch", json={"decks": decks})
        results = body.get("results") if status == 200 and isinstance(body, dict) else None
        if isinstance(results, list) and len(results) == len(payloads):
            answers = [(result["status"], result.get("verdict") or result.get("problem"))
                       for result in results]
            stopped = body.get("stopped")
            if isinstance(stopped, dict) and isinstance(stopped.get("at"), int):
                answers[stopped["at"]:] = self._after_a_stop(payloads, stopped)
            return answers
        if status in _ASK_ONE_BY_ONE:
            return [self.validate(payload) for payload in payloads]
        # The service's trouble, or the batch stopped at its time limit: every deck of it
        # has that answer.
        return [(status, body)] * len(payloads)

    def _after_a_stop(self, payloads: list[dict[str, Any]],
                      stopped: dict[str, Any]) -> list[tuple[int, Any]]:
        """The answers of the decks a batch stopped at and after (its `stopped`): none of
        them was judged but the one that ran out of time, so they are asked again, in a
        batch of their own, the one past the batch's bound alone; but not after the service
        failed the batch."""
        at, problem = stopped["at"], stopped.get("problem")
        slug = problem.get("type", "").rsplit("/", 1)[-1] if isinstance(problem, dict) else ""
        left = payloads[at:]
        if slug == "answer-too-large":  # the rest did not fit: one alone, then the others
            if not left:
                return []
            # asked alone as a batch asks it: the verdict, unless the deck asks for more
            alone = {"detail": "verdict", **left[0]}
            return [self.validate(alone), *self.validate_many(left[1:])]
        if slug == "deadline-exceeded":  # that one costs as much again: the others are asked
            return [(503, problem), *self.validate_many(left[1:])] if left else []
        status = problem.get("status", 503) if isinstance(problem, dict) else 503
        return [(status, problem)] * len(left)

    def _send(self, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
        try:
            response = self.session.request(method, self.base + path,
                                            timeout=(min(5.0, self.timeout), self.timeout),
                                            **kwargs)
        except requests.RequestException as error:
            if _timed_out(error):
                raise ServiceUnavailable(
                    f"{self.where} did not answer within {self.timeout:g} s") from None
            raise ServiceUnavailable(f"cannot reach {self.where}: {_reason(error)}") from None
        try:
            return response.status_code, response.json()
        except ValueError:
            return response.status_code, None


def _timed_out(error: requests.RequestException) -> bool:
    # Once retries are spent, requests wraps a read timeout in a ConnectionError.
    cause = getattr(error.args[0], "reason", None) if error.args else None
    return isinstance(error, requests.Timeout) or isinstance(cause, TimeoutError | ReadTimeoutError)


def _reason(error: requests.RequestException) -> str:
    """The cause a person can act on, out of requests' nested wrapping."""
    text = str(error)
    found = _ERRNO.search(text)
    if found:
        return found.group(1).strip().lower()
    if isinstance(error, requests.exceptions.InvalidURL | requests.exceptions.MissingSchema):
        return f"not a usable URL ({text})"
    return error.__class__.__name__


class LocalService:
    """The app itself, with the local catalog database: no server needed."""

    def __init__(self, database_url: str | None = None) -> None:
        from app import create_app  # the app only loads when checking locally

        # A deck checked here takes the time it takes: no request deadline
        # (api/middleware/deadlines.py).
        config: dict[str, Any] = {"REQUEST_DEADLINE_SECONDS": None}
        if database_url:
            config["DATABASE_URL"] = database_url
        self.app = create_app(config)
        self.client = self.app.test_client()
        self.where = f"the local catalog ({_safe(self.app.config['DATABASE_URL'])})"

    def formats(self) -> list[str]:
        from validators.formats import ORDER

        return list(ORDER)

    def index(self) -> CatalogIndex:
        """The catalog's in-memory index (inside the app's context), for `deckjudge fmt`."""
        from api.middleware import store
        from catalog.index import CatalogNotLoaded

        try:
            return store.index()
        except CatalogNotLoaded as error:
            raise ServiceUnavailable(f"{self.where} is unavailable: {error}") from None

    def validate(self, payload: dict[str, Any]) -> tuple[int, Any]:
        response = self.client.post("/v1/validate", json=payload)
        return response.status_code, response.get_json(silent=True)

    def validate_many(self, payloads: list[dict[str, Any]]) -> list[tuple[int, Any]]:
        # In process a request costs no round trip: one each keeps every answer whole.
        return [self.validate(payload) for payload in payloads]

    def stream(self, body: bytes) -> tuple[int, list[Any]]:
        response = self.client.post(STREAM_PATH, data=body, content_type=NDJSON)
        data = response.get_data()
        if response.status_code != 200:
            return response.status_code, [_json_or_none(data)]
        return 200, [json.loads(line) for line in data.splitlines() if line]


def _json_or_none(data: bytes) -> Any:
    try:
        return json.loads(data)
    except ValueError:
        return None


def _safe(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
