"""POST /v1/validate/stream: a deck database re-judged, a deck a line in and a line out.

The body is NDJSON (`application/x-ndjson`): each line one deck, a /v1/validate JSON body
with its `id`, as a batch's decks are, read as strictly as a body (decklist.strict_json; a
byte order mark before the first line is skipped). The answer is NDJSON too: each deck's line
as soon as it is judged, in the order sent (`{"id", "status": 200, "verdict"}`, or `"problem"`
in its place), then a last line that counts them (`{"done": {...}}`). A deck is answered with
`detail: legal_in` (whether it is legal in each format, and what fails first) unless it asks
for `verdict`; `full` is for /v1/validate and the batch.

Nothing is held but the deck being judged: the body is kept as it arrives (past 1 MiB on
disk, in SPOOL_DIR: a full disk is a 503 `storage-full`), then read a line at a time as the
answer is written, so a worker's memory does not grow with the database. Bounds
(docs/limits.md): MAX_STREAM_DECKS decks and MAX_STREAM_BYTES in all, a deck's line at most
BATCH_BYTES_PER_DECK, each deck within the work one request may ask, and the request's
deadline for the whole. Each deck's answer line is held to its line's bound, and the whole
answer to the stream's (api.middleware.answer_bound). Where the next deck's answer would pass
the stream's bound, or the stream runs out of time or the service fails it, that deck and
every one after it that names its `id` get a short problem in their place, and the last line
says where and why. Room for those short lines is kept from the start, so the whole answer
never passes its bound.
"""

from __future__ import annotations

import errno
import logging
import tempfile
from collections.abc import Hashable, Iterator
from typing import IO, Any, NamedTuple

import orjson
from flask import Blueprint, Response, current_app, request

from api import judgements
from api.middleware import answer_bound, store
from api.middleware.problems import Problem
from api.validate_batch import BATCH_BYTES_PER_DECK, MAX_ID
from api.views.batches import STOPPING, TAIL_BYTES, stopping_problem
from catalog.index import CatalogIndex
from decklist import strict_json
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
_BOM = "\ufeff".encode()
# What a disk that cannot take the body says: no room, or the user's quota spent.
_NO_ROOM = frozenset({errno.ENOSPC, errno.EDQUOT})
# The most a short line of a deck left unanswered takes (`_left_line`), besides its id, with
# its newline; and the most its id does (MAX_ID characters, each at most 6 bytes as JSON).
LEFT_LINE_BYTES = 320
_LEFT_ID_BYTES = 6 * MAX_ID + 2
# The shortest line that names its deck, {"id":"a"}: one shorter gets no short line.
_SHORTEST_NAMING = 10


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
    body, sent = received(request.stream, current_app.config.get("SPOOL_DIR"))
    answer_bound.held_in_parts()  # each line is held to its bound, and the whole to its own
    # On the bytes read, which a chunked body gives no Content-Length of; it has no query.
    bound = answer_bound.largest_stream_answer(sent)
    until = deadline.current()

    def each() -> Iterator[bytes]:
        try:
            with deadline.resumed(until):
                yield from answered(index, body, bound)
        finally:
            body.close()

    response = Response(each(), mimetype=NDJSON)
    response.call_on_close(body.close)  # an answer never sent closes it too
    return response


def received(stream: IO[bytes], spool: str | None = None) -> tuple[IO[bytes], int]:
    """The whole body and its size, read before the answer starts: a proxy that sees the
    answer begin stops sending the body (nginx does), so it is kept first, past _IN_MEMORY on
    disk (in `spool`, else the system's temporary directory), and read a line at a time from
    there as the decks are judged. A body of no deck at all is refused, as a batch of none is; one
    the disk has no room for is a 503 that says so."""
    kept = tempfile.SpooledTemporaryFile(max_size=_IN_MEMORY, dir=spool)
    try:
        some = False
        while chunk := stream.read(_CHUNK):
            some = some or bool((chunk if kept.tell() else chunk.removeprefix(_BOM)).strip())
            kept.write(chunk)
    except OSError as error:
        kept.close()
        if error.errno not in _NO_ROOM:
            raise
        log.warning("no room to keep a stream's body: %s", error.strerror)
        raise Problem("storage-full", "The service has no room left on its disk to keep this "
                      "stream while its decks are judged; try again shortly, or send fewer "
                      "decks a stream.").with_headers({"Retry-After": "5"}) from None
    except BaseException:
        kept.close()
        raise
    if not some:
        kept.close()
        raise Problem("invalid-body", "A stream sends one deck a line, a /v1/validate JSON "
                      "body with its `id`; this one sends none.", pointer="")
    size = kept.tell()
    kept.seek(0)
    return kept, size


class Stop(NamedTuple):
    """Where a stream stopped (the line of the first deck not judged) and why."""

    at: int
    problem: Problem


def answered(index: CatalogIndex, body: IO[bytes], bound: int) -> Iterator[bytes]:
    """Each deck's answer line as it is judged, then the counts; the whole at most `bound`
    bytes."""
    room = bound - TAIL_BYTES - _kept_for_the_left(body)
    counts = {"decks": 0, "answered": 0, "failed": 0}
    stop: Stop | None = None
    plans: dict[Hashable, DeckPlan] = {}  # the decks of a stream mostly ask alike
    read: dict[bytes, dict[str, Any]] = {}
    for number, line in enumerate(lines(body), start=1):
        if line is not None and not line.strip():
            continue  # a blank line (the last newline's) is no deck
        if counts["decks"] == MAX_STREAM_DECKS:
            stop = stop or Stop(number, Problem(
                "batch-too-large", f"A stream holds at most {MAX_STREAM_DECKS:,} decks; the "
                "lines from this one on were not read.", limit=MAX_STREAM_DECKS))
            break
        counts["decks"] += 1
        room += left_bytes(line)  # the room kept for it is for whatever answers it now
        data: bytes | None = None
        ok = False
        if stop is None:
            judged = _judged(index, number, line, plans, read, room, bound)
            if isinstance(judged, Stop):
                stop = judged
            else:
                data, ok = judged
        if stop is not None:
            data = _left_line(line, number, stop)
        counts["answered" if ok else "failed"] += 1
        if data is not None:
            room -= len(data) + 1
            yield data + b"\n"
    done: dict[str, Any] = {**counts}
    if stop is not None:
        done["stopped"] = {"at": stop.at, "problem": stop.problem.document()}
    yield orjson.dumps({"done": done}) + b"\n"


def _judged(index: CatalogIndex, number: int, line: bytes | None,
            plans: dict[Hashable, DeckPlan], read: dict[bytes, dict[str, Any]], room: int,
            bound: int) -> tuple[bytes, bool] | Stop:
    """A deck's answer line and whether it is a verdict; or where and why the stream stops
    at it: its time, the service's trouble, or no room left under the stream's bound."""
    try:
        data, ok = _deck(index, number, line, plans, read)
    except STOPPING as error:
        return Stop(number, stopping_problem(error))
    if len(data) + 1 > room:
        return Stop(number, Problem(
            "answer-too-large", f"The stream's answer would pass the {bound:,} bytes a stream "
            "of its size may be answered with. Send the decks left in another stream, or ask "
            "for less of each: whether it is legal alone (detail: legal_in) or fewer formats.",
            limit=bound))
    return data, ok


def _kept_for_the_left(body: IO[bytes]) -> int:
    """The room the short lines of every deck may take, were the stream to stop at its first
    (`left_bytes`); read over the body once, which is then read again from its start."""
    kept = decks = 0
    for line in lines(body):
        if line is not None and not line.strip():
            continue
        if decks == MAX_STREAM_DECKS:
            break
        decks += 1
        kept += left_bytes(line)
    body.seek(0)
    return kept


def left_bytes(line: bytes | None) -> int:
    """The most the short line of a deck left unanswered takes (`_left_line`): none for a
    line too short to name its deck, or too long to be read."""
    if line is None or len(line) < _SHORTEST_NAMING:
        return 0
    # A JSON string written again takes at most the bytes it was sent in, so its id takes
    # at most its line's.
    return LEFT_LINE_BYTES + min(len(line), _LEFT_ID_BYTES)


def _left_line(line: bytes | None, number: int, stop: Stop) -> bytes | None:
    """The short line of a deck the stream stopped at or after, if its line names its id:
    the stop's kind, and where it was."""
    if line is None or len(line) < _SHORTEST_NAMING:
        return None
    try:
        sent = _parsed(line, number)
    except Problem:
        return None
    deck_id = sent.get("id")
    if not isinstance(deck_id, str) or not 0 < len(deck_id) <= MAX_ID:
        return None
    return _problem_line(deck_id, number, Problem(
        stop.problem.slug, f"Not checked: the stream stopped at line {stop.at} (see its last "
        "line)."))


def lines(body: IO[bytes]) -> Iterator[bytes | None]:
    """The body's lines, read a chunk at a time, a byte order mark before the first skipped
    as a text body's is; a line longer than a deck may be is None (and is read past, not
    kept)."""
    held = b""
    too_long = False
    first = body.read(len(_BOM))
    if first != _BOM:
        held = first
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
    """A line's answer, and whether it is a verdict (not a problem): its deck taken along
    the one path of a deck (api.judgements.judge_one_deck)."""
    deck_id: str | None = None
    try:
        if line is None:
            raise Problem("batch-too-large", f"A deck's line may be {BATCH_BYTES_PER_DECK:,} "
                          "bytes; send a larger deck alone to /v1/validate.",
                          limit=BATCH_BYTES_PER_DECK, line=number)
        sent = _parsed(line, number)
        deck_id = judgements.sent_id(sent)
    except Problem as problem:
        return _problem_line(deck_id, number, problem), False
    verdict = judgements.judge_one_deck(index, sent, judgements.IN_A_STREAM, plans, read)
    if isinstance(verdict, Problem):
        return _problem_line(deck_id, number, verdict), False
    data = orjson.dumps({"id": deck_id, "status": 200, "verdict": verdict})
    too_large = answer_bound.past_line_bound(len(data), len(line or b""))
    if too_large is not None:
        return _problem_line(deck_id, number, too_large), False
    return data, True


def _parsed(line: bytes, number: int) -> dict[str, Any]:
    """A deck's line read as a body is (api.body): UTF-8, and strict JSON."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as error:
        raise Problem("invalid-encoding", f"Line {number} is not UTF-8: its byte "
                      f"{error.start + 1} cannot be decoded.", line=number) from None
    try:
        sent = strict_json.loads(text)
    except strict_json.JsonFault as fault:
        at = {"column": fault.column} if fault.column is not None else {}
        where = f" at column {fault.column}" if fault.column is not None else ""
        raise Problem("malformed-json", f"Line {number} is not valid JSON: {fault.reason}"
                      f"{where}.", line=number, **at) from None
    if not isinstance(sent, dict):
        raise Problem("invalid-body", "Each line of a stream is a JSON object: one deck.",
                      pointer="", line=number)
    return sent


def _problem_line(deck_id: Any, number: int, problem: Problem) -> bytes:
    extensions = {**problem.extensions, "line": number}
    placed = Problem(problem.slug, problem.detail, **extensions)
    return orjson.dumps({"id": deck_id, "status": placed.kind.status,
                         "problem": placed.document()})
