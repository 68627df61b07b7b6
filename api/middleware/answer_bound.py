"""The bound every answer to a POST is held to: what an answer may be, given its request.

An answer to a POST is never larger than ANSWER_FLOOR or ANSWER_RATIO times the request's
bytes (body and query), whichever is more. The lists an answer holds are cut short past
documented lengths (api.views), so that nearly every answer is far inside it; only a list of
many lines that each name many cards, answered line by line, comes near it (500 such names:
1.3 MB). `init_app` holds every answer to the bound, and one that would pass it is a 413
that says so instead; the organizer's page checks it itself.

A batch answers each deck as it would be answered alone, so each deck's answer is held to
the bound that deck would have alone (its own JSON's bytes); and the whole answer to the
batch's own, `largest_batch_answer` (api.views.batches keeps both as it streams). A stream
of decks (api.validate_stream) holds each deck's line to the batch's ratio of that line's
bytes with a small floor (`largest_line_answer`), and the whole answer to
`largest_stream_answer`, which no number of small lines can pass.
"""

from __future__ import annotations

import logging

from flask import Flask, Response, g, request

from api.middleware.problems import Problem
from api.middleware.request_stream import received_bytes

log = logging.getLogger(__name__)

# The largest answer to a POST: the larger of the floor and the ratio times the request
# (its body and query). The largest a real list gets, in every format line by line, is
# 179 KB (tests/corpus, 395 lists; median 57 times its request); 60 names that each stand
# for several cards ("4 Pikachu"), in every format line by line, about 400 KB.
ANSWER_FLOOR = 512 * 1024
ANSWER_RATIO = 50
# A batch's whole answer: twice a request's ratio. Each deck keeps a request's floor, which
# a batch of small decks would otherwise multiply (500 decks of 90 names that each stand for
# several cards, line by line: 122 MB to 542 KB). The 395 real lists of tests/corpus, each a
# deck of one batch, answer 34 times the batch's bytes in every format, the verdicts alone,
# and 18 to 21 times in one format line by line; the first 100 of them in every format, 67.
BATCH_ANSWER_RATIO = 100
# A stream's whole answer, whatever it sends: its 32 MiB at the batch's ratio would be 3.2 GB,
# which a proxy in front keeps on its disk for a client that reads slowly. Ten thousand real
# lists, each a deck of one stream with `detail: legal_in` (its default), answer 0.7 times
# their bytes; in every format, the verdicts alone, 35 times (about 1,300 such decks fill it).
STREAM_ANSWER_CEILING = 64 * 1024 * 1024
# A deck's line of a stream may always answer this much: a short list's verdict in every
# format is more than 100 times its line (four cards: about 140 times), and answered alone it
# would be. The whole answer's bound, not this, keeps a stream of many small lines in
# proportion to what it sent.
LINE_ANSWER_FLOOR = 16 * 1024
# A GET reads the catalog, not the request: its answer is bounded by its paging (250 card
# answers a page at most, each what one printing holds). The largest page stays under this
# (docs/limits.md, "A GET's bound"; the hostile-request suite holds every GET to it).
GET_ANSWER_BOUND = 1024 * 1024


def largest_answer(request_bytes: int) -> int:
    return max(ANSWER_FLOOR, ANSWER_RATIO * request_bytes)


def largest_batch_answer(request_bytes: int) -> int:
    """The most a batch's whole answer may be, given the batch's bytes (body and query)."""
    return max(ANSWER_FLOOR, BATCH_ANSWER_RATIO * request_bytes)


def largest_stream_answer(request_bytes: int) -> int:
    """The most a stream's whole answer may be, given its bytes (body and query)."""
    return min(STREAM_ANSWER_CEILING, max(ANSWER_FLOOR, BATCH_ANSWER_RATIO * request_bytes))


def largest_line_answer(line_bytes: int) -> int:
    """The most one deck's answer line of a stream may be, given the bytes of its line."""
    return max(LINE_ANSWER_FLOOR, BATCH_ANSWER_RATIO * line_bytes)


def request_bytes() -> int:
    """What this request sent: its body's bytes and its query's."""
    return received_bytes() + len(request.query_string)


def past_bound(size: int) -> Problem | None:
    """The problem an answer of `size` bytes to this request is, past its bound; or None."""
    return past_bound_of(size, request_bytes(), "request")


def past_bound_of(size: int, asked: int, what: str) -> Problem | None:
    """The problem an answer of `size` bytes to `asked` bytes is, past its bound; or None.
    `what` was asked: the request, or one deck of a batch, which is bounded as if it had
    been sent alone (api.validate_batch)."""
    return _past(size, largest_answer(asked), asked, what, "for the verdict alone (detail: "
                 "verdict), or split the request")


def past_line_bound(size: int, line_bytes: int) -> Problem | None:
    """The problem a stream's answer line of `size` bytes to a deck's line of `line_bytes`
    is, past its bound (`largest_line_answer`); or None."""
    return _past(size, largest_line_answer(line_bytes), line_bytes, "deck's line",
                 "for whether it is legal alone (detail: legal_in), or send the deck alone to "
                 "/v1/validate")


def _past(size: int, bound: int, asked: int, what: str, instead: str) -> Problem | None:
    if size <= bound:
        return None
    log.info("an answer of %d bytes to a %s of %d bytes passed its bound", size, what, asked)
    return Problem("answer-too-large", f"The answer would be {size:,} bytes, more than the "
                   f"{bound:,} an answer to a {what} of {asked:,} bytes may be. Ask for fewer "
                   f"formats, {instead}.", limit=bound)


def held_in_parts() -> None:
    """This request's answer holds itself to its bounds as it is made (a batch's): it is not
    held to a request's here."""
    g.answer_held_in_parts = True


def _held_to_its_bound(response: Response) -> Response:
    # The organizer's page holds its own answers to the bound, to say so as a page.
    if (request.method != "POST" or response.direct_passthrough
            or response.mimetype == "text/html" or g.get("answer_held_in_parts")):
        return response
    size = response.calculate_content_length()
    problem = past_bound(size) if size is not None else None
    return response if problem is None else problem.response()


def init_app(app: Flask) -> None:
    """Hold every answer to a POST to its bound (registered after compression: it runs
    first, on the answer's own bytes)."""
    app.after_request(_held_to_its_bound)
