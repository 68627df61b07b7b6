"""What each request gunicorn refuses to read is, in HTTP: its status and what it did wrong.

gunicorn's parser raises one exception for each way a request can be unreadable; the worker
answering a refusal (serving/server_errors.py) and the app reading a body off the wire
(api/middleware/request_stream.py) both say the same status and words for it.
"""

from __future__ import annotations

from gunicorn.http.errors import (
    ConfigurationProblem,
    ExpectationFailed,
    ForbiddenProxyRequest,
    InvalidResponseHeader,
    InvalidResponseHeaderName,
    LimitRequestHeaders,
    LimitRequestLine,
    ParseException,
    UnsupportedTransferCoding,
)

# A parse error is the client's fault and a 400 unless it is one of these.
_STATUSES: tuple[tuple[type[Exception], int], ...] = (
    (LimitRequestLine, 414), (LimitRequestHeaders, 431), (ExpectationFailed, 417),
    (UnsupportedTransferCoding, 501), (ForbiddenProxyRequest, 403))
# Parse errors that are the server's: a header the app wrote, gunicorn's own settings.
_SERVERS_OWN = (InvalidResponseHeader, InvalidResponseHeaderName, ConfigurationProblem)
# What gunicorn means when it names the header that framed the body wrongly.
_FRAMING = {
    "CONTENT-LENGTH": "Content-Length must be one decimal number, sent once, and never "
                      "beside Transfer-Encoding",
    "TRANSFER-ENCODING": "Transfer-Encoding must end with chunked, name it once, and come "
                         "with HTTP/1.1",
}


def refused_status(error: BaseException) -> int | None:
    """The status of a request gunicorn refused for this error; None for the server's own."""
    if not isinstance(error, ParseException) or isinstance(error, _SERVERS_OWN):
        return None
    return next((status for kind, status in _STATUSES if isinstance(error, kind)), 400)


def refusal_detail(status: int, error: BaseException) -> str:
    """What a refused request did wrong, in gunicorn's words and, for framing, ours."""
    if status == 414:
        return f"The request line is too long ({error}); send long values in a body."
    hint = _FRAMING.get(getattr(error, "hdr", None) or "")
    return f"{error}: {hint}." if hint else f"{error}."
