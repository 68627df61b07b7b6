"""POST /v1/validate/stream: a deck database re-judged, a deck a line in and a line out.

The body is NDJSON (`application/x-ndjson`): each line one deck, a /v1/validate JSON body
with its `id`, as a batch's decks are. The answer is NDJSON too: each deck's line as soon as
it is judged, in the order sent (`{"id", "status": 200, "verdict"}`, or `"problem"` in its
place), then a last line that counts them (`{"done": {...}}`). A deck is answered with
`detail: legal_in` (whether it is legal in each format, and what fails first) unless it asks
for `verdict`; `full` is for /v1/validate and the batch.

Nothing is held but the deck being judged: the body is kept as it arrives (past 1 MiB on
disk), then read a line at a time as the answer is written, so a worker's memory does not
grow with the database. Bounds (docs/limits.md):
MAX_STREAM_DECKS decks and MAX_STREAM_BYTES in all, a deck's line at most
BATCH_BYTES_PER_DECK, each deck within the work one request may ask, and the request's
deadline for the whole: a stream stopped by its time (or the service's trouble) says so in
its last line, and the decks after it are not read.
"""

from __future__ import annotations

import logging
import tempfile
from collections.abc import Hashable, Iterator
from typing import IO, Any

import orjson
from flask import Blueprint, Response, request

from api import judgements, work_budget
from api.deck_requests import deck_request
from api.middleware import answer_bound, store
from api.middleware.problems import Problem
from api.schema import LEGAL_IN, VERDICT
from api.validate_batch import BATCH_BYTES_PER_DECK, MAX_ID
from api.views.batches import STOPPING, stopping_problem
from catalog.index import CatalogIndex
from decklist.resolver import Searches
from runtime import deadline
from validators.targets import DeckPlan

bp = Blueprint("stream", __name__, url_prefix="/v1")
log = logging.getLogger(__name__)
NDJSON = "application/x-ndjson"
# Decks a stream may send, and bytes in all: a database re-judged by a few thousand decks a
# request, each a 60-card list of 1 to 3 KB.
MAX_STREAM_DECKS = 10_000
MAX_STREAM_BYTES = 32 * 1024 * 1024
_CHUNK = 64 * 1024  # read from the body at a time
_IN_MEMORY = 1024 * 1024  # of the body kept in memory; the rest waits on disk


@bp.post("/validate/stream")
def validate_stream() -> Response:
    if request.mimetype != NDJSON:
        raise Problem("unsupported-media-type", f"Send a stream as {NDJSON}: one deck a line, "
                      "each a /v1/validate JSON body with its `id`.", supported=[NDJSON])
    if request.query_string:
        first = request.query_string.split(b"&", 1)[0].split(b"=", 1)[0]
        raise Problem("invalid-query", "A stream takes no query: each deck gives its own "
                      "options on its line.", parameter=first.decode(errors="replace"))
    request.max_content_length = MAX_STREAM_BYTES  # before reading
    size = request.content_length
    if size is not None and size > MAX_STREAM_BYTES:
        raise Problem("batch-too-large", f"A stream may send {MAX_STREAM_BYTES:,} bytes in "
                      f"all; this one is {size:,}. Send the decks in several streams.",
                      limit=MAX_STREAM_BYTES)
    index = store.index()
    body = received(request.stream)
    answer_bound.held_in_parts()  # each line is held to its deck's bound
    until = deadline.current()

    def each() -> Iterator[bytes]:
        try:
            with deadline.resumed(until):
                yield from answered(index, body)
        finally:
            body.close()

    response = Response(each(), mimetype=NDJSON)
    response.call_on_close(body.close)  # an answer never sent closes it too
    return response


def received(stream: IO[bytes]) -> IO[bytes]:
    """The whole body, read before the answer starts: a proxy that sees the answer begin
    stops sending the body (nginx does), so it is kept first, past _IN_MEMORY on disk, and
    read a line at a time from there as the decks are judged. A body of no deck at all is
    refused, as a batch of none is."""
    kept = tempfile.SpooledTemporaryFile(max_size=_IN_MEMORY)
    some = False
    while chunk := stream.read(_CHUNK):
        some = some or bool(chunk.strip())
        kept.write(chunk)
    if not some:
        kept.close()
        raise Problem("invalid-body", "A stream sends one deck a line, a /v1/validate JSON "
                      "body with its `id`; this one sends none.", pointer="")
    kept.seek(0)
    return kept


def answered(index: CatalogIndex, body: IO[bytes]) -> Iterator[bytes]:
    """Each deck's answer line as it is judged, then the counts."""
    counts = {"decks": 0, "answered": 0, "failed": 0}
    stopped: dict[str, Any] | None = None
    plans: dict[Hashable, DeckPlan] = {}  # the decks of a stream mostly ask alike
    read: dict[bytes, dict[str, Any]] = {}
    for number, line in enumerate(lines(body), start=1):
        if line is not None and not line.strip():
            continue  # a blank line (the last newline's) is no deck
        if counts["decks"] == MAX_STREAM_DECKS:
            stopped = {"at": number, "problem": Problem(
                "batch-too-large", f"A stream holds at most {MAX_STREAM_DECKS:,} decks; the "
                "lines from this one on were not read.", limit=MAX_STREAM_DECKS).document()}
            break
        counts["decks"] += 1
        try:
            data, ok = _deck(index, number, line, plans, read)
        except STOPPING as error:
            stopped = {"at": number, "problem": stopping_problem(error).document()}
            counts["failed"] += 1
            break
        counts["answered" if ok else "failed"] += 1
        yield data + b"\n"
    done: dict[str, Any] = {**counts}
    if stopped is not None:
        done["stopped"] = stopped
    yield orjson.dumps({"done": done}) + b"\n"


def lines(body: IO[bytes]) -> Iterator[bytes | None]:
    """The body's lines, read a chunk at a time; a line longer than a deck may be is None
    (and is read past, not kept)."""
    held = b""
    too_long = False
    while chunk := body.read(_CHUNK):
        parts = (held + chunk).split(b"\n")
        held = parts.pop()
        for part in parts:
            yield None if too_long or len(part) > BATCH_BYTES_PER_DECK else part
            too_long = False
        if len(held) > BATCH_BYTES_PER_DECK:
            held, too_long = b"", True
    if held or too_long:
        yield None if too_long or len(held) > BATCH_BYTES_PER_DECK else held


def _deck(index: CatalogIndex, number: int, line: bytes | None,
          plans: dict[Hashable, DeckPlan], read: dict[bytes, dict[str, Any]]) -> tuple[bytes, bool]:
    """A line's answer, and whether it is a verdict (not a problem)."""
    deck_id: Any = None
    try:
        if line is None:
            raise Problem("batch-too-large", f"A deck's line may be {BATCH_BYTES_PER_DECK:,} "
                          "bytes; send a larger deck alone to /v1/validate.",
                          limit=BATCH_BYTES_PER_DECK, line=number)
        sent = _parsed(line, number)
        deck_id = sent.get("id")
        if not isinstance(deck_id, str) or not 0 < len(deck_id) <= MAX_ID:
            deck_id = None
            raise Problem("invalid-body", f"Each deck needs an `id`: a string of 1 to {MAX_ID} "
                          "characters, to find its answer by.", pointer="/id", line=number)
        req = deck_request({"detail": LEGAL_IN, **{k: v for k, v in sent.items() if k != "id"}},
                           read)
        if req.detail not in (LEGAL_IN, VERDICT):
            raise Problem("invalid-body", "A stream answers each deck with detail legal_in or "
                          "verdict; ask /v1/validate or the batch for every line.",
                          pointer="/detail", line=number)
        plan = judgements.deck_plan(index, req, plans)
        work_budget.within([judgements.deck_ask(req, plan)])
        deadline.check()  # once a deck
        verdict = judgements.deck_verdict(index, req, plan, Searches())
    except Problem as problem:
        return _problem_line(deck_id, number, problem), False
    data = orjson.dumps({"id": deck_id, "status": 200, "verdict": verdict})
    too_large = answer_bound.past_bound_of(len(data), len(line or b""), "deck")
    if too_large is not None:
        return _problem_line(deck_id, number, too_large), False
    return data, True


def _parsed(line: bytes, number: int) -> dict[str, Any]:
    try:
        sent = orjson.loads(line)
    except orjson.JSONDecodeError as error:
        raise Problem("malformed-json", f"Line {number} is not JSON: {error}.",
                      line=number) from None
    if not isinstance(sent, dict):
        raise Problem("invalid-body", "Each line of a stream is a JSON object: one deck.",
                      pointer="", line=number)
    return sent


def _problem_line(deck_id: Any, number: int, problem: Problem) -> bytes:
    extensions = {**problem.extensions, "line": number}
    placed = Problem(problem.slug, problem.detail, **extensions)
    return orjson.dumps({"id": deck_id, "status": placed.kind.status,
                         "problem": placed.document()})
