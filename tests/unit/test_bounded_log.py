"""A log record of the service is bounded whatever built it (serving/bounded_log.py)."""

from __future__ import annotations

import io
import logging
import sys

from serving import bounded_log


def _deep(n: int) -> None:
    """Two functions in turn, as a recursive walk's are: Python folds a frame repeated in a
    row into one line, and no such pair."""
    if n:
        _deeper(n - 1)
    raise ValueError("the innermost error")


def _deeper(n: int) -> None:
    _deep(n)


def _record_of(message: str) -> logging.LogRecord:
    try:
        _deep(300)  # 600 frames
    except ValueError:
        info = sys.exc_info()
    return logging.LogRecord("api", logging.ERROR, __file__, 1, message, (), info)


def test_a_long_traceback_keeps_its_head_and_its_error():
    formatter = bounded_log.BoundedFormatter("%(levelname)s %(message)s")
    record = _record_of("unhandled error")
    whole = logging.Formatter("%(levelname)s %(message)s").format(record)
    assert len(whole) > 3 * bounded_log.MAX_RECORD_CHARS  # what it was without the bound
    text = formatter.format(_record_of("unhandled error"))
    assert len(text) <= bounded_log.MAX_RECORD_CHARS + 100
    assert text.startswith("ERROR unhandled error\nTraceback")
    assert text.endswith("ValueError: the innermost error")
    assert f"[… {len(whole) - bounded_log.MAX_RECORD_CHARS:,} characters left out …]" in text


def test_a_short_record_is_written_whole():
    assert bounded_log.bounded("a line") == "a line"
    text = "x" * bounded_log.MAX_RECORD_CHARS
    assert bounded_log.bounded(text) == text


def test_installed_the_apps_records_reach_the_error_log_bounded():
    stream = io.StringIO()
    error_log = logging.getLogger("test-bounded.error")
    error_log.addHandler(logging.StreamHandler(stream))
    root = logging.getLogger()
    before = list(root.handlers), root.level
    try:
        bounded_log.install(error_log, "%(name)s: %(message)s", None)
        bounded_log.install(error_log, "%(name)s: %(message)s", None)  # a reload: still once
        logging.getLogger("api.middleware.problems").warning("x" * 100_000)
        written = stream.getvalue()
        assert written.startswith("api.middleware.problems: xxx") and written.count("\n") == 3
        assert len(written) <= bounded_log.MAX_RECORD_CHARS + 100
    finally:
        root.handlers[:] = before[0]
        root.setLevel(before[1])
