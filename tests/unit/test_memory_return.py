"""What a large request took goes back to the system when it ends (serving/memory_return.py)."""

from __future__ import annotations

import pytest

from runtime import caches
from serving import memory_return


@pytest.fixture(autouse=True)
def _trimmed_now(monkeypatch):
    """Each test starts just after a trim: what the caches let go of before does not count."""
    monkeypatch.setattr(memory_return, "_trimmed_at", caches.dropped())


@pytest.mark.parametrize("environ, large", [
    ({"PATH_INFO": "/v1/validate/batch"}, True),
    ({"PATH_INFO": "/v1/validate/stream"}, True),
    ({"PATH_INFO": "/v1/validate", "CONTENT_LENGTH": str(memory_return.LARGE_BODY_BYTES)}, True),
    ({"PATH_INFO": "/v1/validate", "CONTENT_LENGTH": "1200"}, False),
    ({"PATH_INFO": "/healthz"}, False),
    ({"PATH_INFO": "/v1/resolve", "CONTENT_LENGTH": "nonsense"}, False),
])
def test_only_a_large_request_gives_its_memory_back(environ, large):
    assert memory_return.after(environ) is large


def test_what_the_caches_let_go_of_goes_back_after_any_request():
    kept = caches.Kept(caches.Spec("format_dates", lambda key, value: len(value)), "test",
                       registered=True)
    try:
        kept.keep("large", "x" * memory_return.DROPPED_BYTES)
        assert memory_return.after({"PATH_INFO": "/healthz"}) is False
        kept.clear()  # let go of: past DROPPED_BYTES since the last trim
        assert memory_return.after({"PATH_INFO": "/healthz"}) is True
        assert memory_return.after({"PATH_INFO": "/healthz"}) is False  # counted from there
    finally:
        kept.close()


def test_glibc_trims_on_this_machine():
    # The service's machines run glibc (Debian, the image): the trim is there to be made.
    assert memory_return._TRIM is not None
