"""The room a stream keeps for the short lines of decks it may stop before
(api.validate_stream): always within the stream's bound."""

from __future__ import annotations

import json

from api import validate_stream
from api.middleware import answer_bound
from api.middleware.problems import Problem
from api.views import batches


def test_room_for_every_short_line_is_in_any_streams_bound():
    """A deck that can name itself keeps room for its short line from the start: its line's
    share of the stream's bound holds it, whatever its length, and so does the ceiling for
    the most decks a stream may send, each with the longest id."""
    for size in (validate_stream._SHORTEST_NAMING, 100, 16 * 1024):
        assert validate_stream.left_bytes(b"x" * size) <= answer_bound.BATCH_ANSWER_RATIO * (
            size + 1)
    assert validate_stream.left_bytes(b"x" * (validate_stream._SHORTEST_NAMING - 1)) == 0
    most = validate_stream.MAX_STREAM_DECKS * validate_stream.left_bytes(b"x" * 16 * 1024)
    assert most + batches.TAIL_BYTES < answer_bound.STREAM_ANSWER_CEILING
    longest_id = "\u0001" * validate_stream.MAX_ID
    line = json.dumps({"id": longest_id, "deck": ""}).encode()
    stop = validate_stream.Stop(33_554_432, Problem("database-unavailable", "x"))
    short = validate_stream._left_line(line, 33_554_432, stop)
    assert short is not None and len(short) + 1 <= validate_stream.left_bytes(line)
