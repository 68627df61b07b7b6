"""What a large request took goes back to the system when it ends (serving/memory_return.py)."""

from __future__ import annotations

import pytest

from serving import memory_return


@pytest.mark.parametrize("environ, large", [
    ({"PATH_INFO": "/v1/validate/batch"}, True),
    ({"PATH_INFO": "/v1/validate", "CONTENT_LENGTH": str(memory_return.LARGE_BODY_BYTES)}, True),
    ({"PATH_INFO": "/v1/validate", "CONTENT_LENGTH": "1200"}, False),
    ({"PATH_INFO": "/healthz"}, False),
    ({"PATH_INFO": "/v1/resolve", "CONTENT_LENGTH": "nonsense"}, False),
])
def test_only_a_large_request_gives_its_memory_back(environ, large):
    assert memory_return.after(environ) is large


def test_glibc_trims_on_this_machine():
    # The service's machines run glibc (Debian, the image): the trim is there to be made.
    assert memory_return._TRIM is not None
