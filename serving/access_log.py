"""gunicorn's access log as one JSON object a line, with the request id.

Log pipelines parse JSON without a custom grammar; the request id ties a line
to what the client saw in its X-Request-ID header.
"""

from __future__ import annotations

import datetime as dt
import json
import os
from typing import Any

from gunicorn.glogging import Logger

from api.middleware.request_ids import ENVIRON_KEY
from serving import bounded_log


def _status(resp: Any) -> int | None:
    """The status sent, from the response's status line ("404 Not Found") or number.

    gunicorn sets `status_code` only on a response the app started; the line is on each."""
    status = resp.status
    if isinstance(status, str):
        status = status.split(None, 1)[0]
    return int(status) if status else None


class JsonAccessLogger(Logger):
    def setup(self, cfg):  # noqa: D102 - gunicorn's hook
        super().setup(cfg)
        # Error records bounded, the app's own among them (serving/bounded_log.py).
        bounded_log.install(self.error_log, self.error_fmt, self.datefmt)

    def access(self, resp, req, environ, request_time):  # noqa: D102 - gunicorn's hook
        if not self.access_log_enabled:
            return
        record = {
            "time": dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds"),
            # Set by the app for every request it sees; None for one gunicorn refused itself
            # (serving/server_errors.py), as are the method and path when it did not read them.
            "request_id": environ.get(ENVIRON_KEY),
            "method": environ.get("REQUEST_METHOD"),
            "path": environ.get("PATH_INFO"),
            "query": environ.get("QUERY_STRING") or None,
            "status": _status(resp),
            "bytes": getattr(resp, "sent", None),
            "duration_ms": round(request_time.total_seconds() * 1000, 3),
            "remote": environ.get("REMOTE_ADDR"),
            "user_agent": environ.get("HTTP_USER_AGENT"),
            "pid": os.getpid(),
        }
        self.access_log.info(json.dumps(record, ensure_ascii=False))

