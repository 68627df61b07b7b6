"""Log records of bounded size: no request, however it is built, writes more than
MAX_RECORD_CHARS to the error log.

A traceback grows with the stack, and a stack can grow with a client's input (a recursive
walk over its JSON once wrote 103 KB a request), as a message can quote it. Each record is
written whole up to the bound; past it, its head (what was logged, and the outermost
frames) and its tail (the innermost frames and the error itself) are kept, and the middle is
said to be left out.
"""

from __future__ import annotations

import logging

# About a hundred frames of a traceback: every record the service writes on its own is far
# shorter (a request's error is 2 to 6 KB).
MAX_RECORD_CHARS = 16 * 1024
_TAIL = MAX_RECORD_CHARS // 2


class BoundedFormatter(logging.Formatter):
    """A formatter whose records are at most MAX_RECORD_CHARS long (the module)."""

    def format(self, record: logging.LogRecord) -> str:
        return bounded(super().format(record))


def bounded(text: str) -> str:
    """The text, or its head and tail with what was left out between them said."""
    if len(text) <= MAX_RECORD_CHARS:
        return text
    left_out = len(text) - MAX_RECORD_CHARS
    head = text[:MAX_RECORD_CHARS - _TAIL]
    return f"{head}\n[… {left_out:,} characters left out …]\n{text[-_TAIL:]}"


def install(error_log: logging.Logger, fmt: str, datefmt: str | None) -> None:
    """Bound the records of gunicorn's error log, and send the app's own records (which
    reach the root logger, else only Python's last-resort handler) to it, bounded alike."""
    formatter = BoundedFormatter(fmt, datefmt)
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "_deckjudge", False):  # an earlier setup's (a reload)
            root.removeHandler(handler)
    for handler in error_log.handlers:
        handler.setFormatter(formatter)
        handler._deckjudge = True  # type: ignore[attr-defined]
        root.addHandler(handler)
    if root.level == logging.NOTSET or root.level > logging.WARNING:
        root.setLevel(logging.WARNING)
