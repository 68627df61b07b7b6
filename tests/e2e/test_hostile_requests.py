"""Hostile requests, each on every endpoint it reaches, against the real gunicorn.

Each one is within the limits a client is told of (or just past one), and each must be
answered with its status, in an answer no larger than its bound (api.middleware.answer_bound:
the larger of ANSWER_FLOOR and ANSWER_RATIO times the request), with no worker lost on the
way and no traceback in the log. `make bench` times the worst of each kind (bench/hostile.py).
"""

from __future__ import annotations

import json
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlencode

import pytest
import requests

from api.middleware import answer_bound
from bench.hostile_lines import growing_lines
from decklist.parsed import MAX_ENTRIES
from tests.corpus import lists
from tests.support.crafted import crafted_stream
from tests.support.servers import children, gunicorn

TEXT = {"Content-Type": "text/plain; charset=utf-8"}
JSON = {"Content-Type": "application/json"}
FORM = {"Content-Type": "application/x-www-form-urlencoded"}
NDJSON = {"Content-Type": "application/x-ndjson"}
STREAM = "/v1/validate/stream"
# A worker under the largest request the limits allow stays under this (the Kubernetes
# manifest gives a pod 512 MiB for two).
WORKER_MIB = 300
# A worker under the lines that fill its caches most, four requests at a time, stays under
# this: its index (about 115 MiB), its caches' budget (runtime/caches.py, 40 MiB) and what
# the requests on its threads hold (docs/limits.md, *What a worker may hold*).
CACHE_FILLED_WORKER_MIB = 180


@dataclass(frozen=True)
class Hostile:
    id: str
    method: str
    path: str
    body: bytes
    headers: dict[str, str]
    status: int
    uncoded: bool = False  # answered without a content coding, whatever it would weigh

    @property
    def kind(self) -> str:
        """What makes it hostile, whichever endpoint it is sent to."""
        kind, _, endpoint = self.id.rpartition("-")
        return kind if endpoint in _ENDPOINTS else self.id


_ENDPOINTS = ("text", "json", "resolve", "team", "batch", "stream", "page")


def _deck_everywhere(kind: str, deck: str, *, format_id: str = "modified",
                     **statuses: int) -> list[Hostile]:
    """One decklist sent as a text body (the verdict alone), in a JSON body (line by line),
    to resolve, as a team's deck, as a batch's deck, as a stream's and on the page: each
    answers 200 but where `statuses` says otherwise (a stream answers 200 with a deck's
    problem in its place)."""
    status = {endpoint: statuses.get(endpoint, 200) for endpoint in _ENDPOINTS}
    team = {"format": "team-multiplay", "detail": "verdict",
            "players": [{"seat": "A", "deck": deck}, {"seat": "B", "deck": "4 Bill LC 108"}]}
    batch = {"decks": [{"id": "a", "format": format_id, "deck": deck}]}
    form = {"mode": "deck", "deck": deck, "format": format_id}
    return [
        Hostile(f"{kind}-text", "POST", f"/v1/validate?format={format_id}&detail=verdict",
                deck.encode(), TEXT, status["text"]),
        Hostile(f"{kind}-json", "POST", "/v1/validate",
                json.dumps({"format": format_id, "deck": deck}).encode(), JSON, status["json"]),
        Hostile(f"{kind}-resolve", "POST", "/v1/resolve", deck.encode(), TEXT,
                status["resolve"]),
        Hostile(f"{kind}-team", "POST", "/v1/validate/team", json.dumps(team).encode(),
                JSON, status["team"]),
        Hostile(f"{kind}-batch", "POST", "/v1/validate/batch", json.dumps(batch).encode(),
                JSON, status["batch"]),
        Hostile(f"{kind}-stream", "POST", STREAM,
                json.dumps(batch["decks"][0]).encode() + b"\n", NDJSON, status["stream"]),
        Hostile(f"{kind}-page", "POST", "/answer", urlencode(form).encode(), FORM,
                status["page"]),
    ]


# Lines of a list, as many as one may have (a final newline opens none).
MOST_LINES = 1000


def _star_lines() -> str:
    """Lines that open like PTCGO's banner (****** … ******) and do not close like it: a
    backtracking pattern took cubic time on them. Trailing spaces, cleaned away, make each
    past the 300 characters the line cache keeps, so that each is read afresh."""
    return "".join("*" * 299 + "x" + " " * (n % 100) + "\n" for n in range(MOST_LINES))


def _many_lists() -> str:
    """Real lists (tests/corpus, each named with its source there) written one after the
    other, as many card lines as a list may have: in Gym Leader Challenge every title of
    more than one copy breaks the copy limit, each violation naming its lines wherever they
    are in the list."""
    lines = [line for item in lists() if isinstance(item.body, str)
             for line in item.body.splitlines() if line[:1].isdigit()]
    return "\n".join(lines[:MAX_ENTRIES]) + "\n"


# Half a surrogate pair inside arrays 340 deep, under the decoder's own limit: a recursive
# walk over the value answered 500 on every JSON endpoint.
DEEP_SURROGATE = "[" * 340 + '"\\ud800"' + "]" * 340


def _deep_bodies() -> list[Hostile]:
    """DEEP_SURROGATE as a JSON body's own value, on each JSON endpoint: 400."""
    deep = DEEP_SURROGATE.encode()
    return [Hostile(f"deep-surrogate-body-{name}", "POST", path, body, JSON, 400)
            for name, path, body in (
                ("json", "/v1/validate", b'{"format": "modified", "deck": ' + deep + b"}"),
                ("resolve", "/v1/resolve", deep),
                ("team", "/v1/validate/team", b'{"format": "team-battle", "players": '
                 + deep + b"}"),
                ("batch", "/v1/validate/batch", b'{"decks": [{"id": "a", "deck": ' + deep
                 + b"}]}"))]


# JSON a body may not hold (decklist.strict_json), each as the value of a deck's `deck`: sent
# as a stream's line and as the page's pasted definition too, each is refused there as a body
# is, on that line or beside that field.
JSON_PROBES = {
    "deep-surrogate": DEEP_SURROGATE,
    "nested-1000": "[" * 1000 + "]" * 1000,
    "huge-integer": "9" * 1_000,
    "repeated-keys": '{"a": 1, "a": 2}',
    "lone-surrogate": '"\\udfff"',
}


def _json_probes() -> list[Hostile]:
    """Each of JSON_PROBES in a stream's line between two good decks (200, the line a 400 in
    its place) and as the page's pasted definition (422 beside its field); and a stream that
    opens with a byte order mark, skipped as a text body's is."""
    good = json.dumps({"id": "good", "format": "modified", "deck": "4 Bill LC 108"}).encode()
    cases = []
    for kind, value in JSON_PROBES.items():
        line = b'{"id": "probe", "format": "modified", "deck": ' + value.encode() + b"}"
        cases.append(Hostile(f"{kind}-line-stream", "POST", STREAM,
                             good + b"\n" + line + b"\n" + good + b"\n", NDJSON, 200))
        form = {"mode": "deck", "deck": "4 Bill LC 108", "format": "modified",
                "definition": '{"base": "standard", "name": ' + value + "}"}
        cases.append(Hostile(f"{kind}-definition-page", "POST", "/answer",
                             urlencode(form).encode(), FORM, 422))
    cases.append(Hostile("byte-order-mark-stream", "POST", STREAM, "\ufeff".encode() + good,
                         NDJSON, 200))
    return cases


def _batches() -> list[Hostile]:
    """Batches within every limit that a batch's answer and memory must be bounded for."""
    ambiguous = {"decks": [{"id": str(n), "format": "glc", "detail": "full",
                            "deck": "1 Pikachu\n" * 90} for n in range(500)]}
    one_over = {"decks": [{"id": "huge", "format": "all", "detail": "full",
                           "deck": "".join(f"junk {n}\n" for n in range(1000))},
                          *({"id": str(n), "deck": "4 Bill LC 108"} for n in range(499))]}
    entries = {"decks": [{"id": str(n), "format": "modified",
                          "deck": [{"count": 1, "name": "Pikachu"}] * 236} for n in range(500)]}
    return [Hostile(f"batch-{name}", "POST", "/v1/validate/batch", json.dumps(body).encode(),
                    JSON, 200)
            for name, body in (("ambiguous-names-full", ambiguous),
                               ("one-deck-over-its-budget", one_over),
                               ("4-mib-of-entries", entries))]


def _conditions() -> list[Hostile]:
    """Preconditions and codings a catalog answer is asked with."""
    refused = {"Accept-Encoding": "gzip;q=0, br;q=0, zstd;q=0"}
    return [
        Hostile("if-match-card", "GET", "/v1/cards/base1-4", b"", {"If-Match": '"x"'}, 412),
        Hostile("if-match-file", "GET", "/static/page.css", b"", {"If-Match": '"x"'}, 412),
        Hostile("every-coding-refused", "GET", "/v1/cards?per_page=250", b"", refused, 200,
                uncoded=True),
        Hostile("every-coding-refused-batch", "POST", "/v1/validate/batch",
                _largest_batch(), {**JSON, **refused}, 200, uncoded=True),
        Hostile("the-wildcard-but-zstd-refused", "GET", "/v1/cards?per_page=250", b"",
                {"Accept-Encoding": "zstd;q=0, br;q=0, gzip;q=0, *"}, 200, uncoded=True),
    ]


# Lines of names that grow most when folded that the page's form holds within the body's
# 1 MiB: it writes each character in nine bytes.
PAGE_GROWING_LINES = 300


def _growing_names() -> list[Hostile]:
    """A list of MAX_ENTRIES lines of names that grow most when folded, each new, on every
    endpoint; the page gets as many as its form holds."""
    deck = "\n".join(growing_lines(0, MAX_ENTRIES))
    form = {"mode": "deck", "format": "modified",
            "deck": "\n".join(growing_lines(MAX_ENTRIES, PAGE_GROWING_LINES))}
    return [*(case for case in _deck_everywhere("growing-names", deck, batch=413)
              if not case.id.endswith("-page")),
            Hostile("growing-names-page", "POST", "/answer", urlencode(form).encode(), FORM,
                    200)]


def _cases() -> list[Hostile]:
    junk = "".join(f"junk {n}\n" for n in range(MOST_LINES))
    pikachus = "1 Pikachu\n" * 500
    made_up = "".join(f"1 Qzxv{n:04}wk\n" for n in range(500))
    long_names = "".join(f"1 {'Pikachu' * 42}{n:03}\n" for n in range(400))
    nested = "[" * 1000
    cases = [
        # a batch deck past its share of the body, or of the work (720 lines × formats)
        *_deck_everywhere("star-lines", _star_lines(), batch=413),
        *_deck_everywhere("junk-lines", junk, batch=413),
        # every line answered in full: 2.6 KB a line, past the answer's bound
        *_deck_everywhere("ambiguous-names", pikachus, format_id="glc", json=413, resolve=413,
                          page=413),
        *_deck_everywhere("made-up-names", made_up),
        *_deck_everywhere("long-names", long_names, batch=413),
        *_deck_everywhere("nested-text", nested),
        # names that grow most when folded, each line new: the most a line may put in the
        # caches (a batch's deck is past its 16 KiB, a stream's line past its own)
        *_growing_names(),
        # a text deck that opens like JSON and nests DEEP_SURROGATE: a line not read
        *_deck_everywhere("deep-surrogate-text", DEEP_SURROGATE),
        *_deep_bodies(),
        *_json_probes(),
        *_batches(),
        *_conditions(),
        *_deck_everywhere("many-lists", _many_lists(), format_id="glc"),
        Hostile("junk-every-format-full", "POST", "/v1/validate?format=all", junk.encode(),
                TEXT, 413),
        Hostile("junk-batch-every-format", "POST", "/v1/validate/batch", json.dumps(
            {"decks": [{"id": str(n), "format": "all", "detail": "verdict", "deck": junk}
                       for n in range(5)]}).encode(), JSON, 413),
        Hostile("ambiguous-every-format", "POST", "/v1/validate?format=all&detail=verdict",
                pikachus.encode(), TEXT, 200),
        Hostile("ambiguous-every-format-full", "POST", "/v1/validate?format=all",
                pikachus.encode(), TEXT, 413),
        Hostile("ambiguous-resolve-full", "POST", "/v1/resolve", pikachus.encode(), TEXT, 413),
        Hostile("unknown-keys", "POST", "/v1/validate", json.dumps(
            {"deck": "4 Bill", **{f"k{n:05}": n for n in range(50_000)}}).encode(), JSON, 422),
        Hostile("unknown-entry-keys", "POST", "/v1/resolve", json.dumps(
            [{"count": 1, "name": "Bill", **{f"k{n:05}": n for n in range(50_000)}}]).encode(),
            JSON, 422),
        Hostile("nested-body", "POST", "/v1/validate", b"[" * 100_000, JSON, 400),
        Hostile("nested-batch", "POST", "/v1/validate/batch", b'{"decks": ' + b"[" * 5000,
                JSON, 400),
        Hostile("huge-integer", "POST", "/v1/validate",
                b'{"deck": [{"count": 1' + b"0" * 100_000 + b', "id": "base1-4"}]}', JSON, 400),
        Hostile("huge-integer-batch", "POST", "/v1/validate/batch",
                b'{"decks": [{"id": "a", "deck": [{"count": ' + b"9" * 100_000 + b"}]}]}",
                JSON, 400),
        Hostile("repeated-keys", "POST", "/v1/validate/team",
                b'{"format": "team-battle", "format": "team-multiplay", "players": []}', JSON,
                400),
        Hostile("many-formats-many-lines", "POST", "/v1/validate?format=all&detail=verdict",
                ("".join(f"1 Card {n}\n" for n in range(500)) + "x\n" * 499).encode(), TEXT,
                200),
        Hostile("largest-batch", "POST", "/v1/validate/batch", _largest_batch(), JSON, 200),
        Hostile("many-players", "POST", "/v1/validate/team", json.dumps(
            {"format": "team-battle", "players": [{"seat": str(n), "deck": junk}
                                                  for n in range(8)]}).encode(), JSON, 413),
    ]
    return cases


def _largest_batch() -> bytes:
    """The most a batch may ask: 500 real lists (tests/corpus, each named with its source
    there) in every format, none past a deck's share of work (60 lines in every format)."""
    fitting = [item.body for item in lists()
               if len(item.body if isinstance(item.body, list) else item.body.splitlines()) <= 60]
    decks = [{"id": str(n), "format": "all", "deck": fitting[n % len(fitting)]}
             for n in range(500)]
    return json.dumps({"decks": decks}).encode()


CASES = _cases()


@pytest.fixture(scope="module")
def served(full_db_url, tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile-requests")
    log, pidfile = folder / "server.log", folder / "gunicorn.pid"
    with gunicorn(full_db_url, log=log, GUNICORN_CMD_ARGS=f"--pid {pidfile}") as base:
        requests.get(f"{base}/healthz", timeout=10)
        yield base, log, pidfile, _workers(pidfile)


def _workers(pidfile: Path) -> list[int]:
    return sorted(children(int(pidfile.read_text())))


def _peak_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError(f"no VmHWM for {pid}")


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_hostile_request_is_answered_within_its_bound(served, case):
    base, _, _, _ = served
    answer = requests.request(case.method, base + case.path, data=case.body,
                              headers=case.headers, timeout=120)
    assert answer.status_code == case.status, answer.text[:500]
    if answer.status_code >= 400:
        media_type = "text/html" if case.path == "/answer" else "application/problem+json"
        assert answer.headers["Content-Type"].startswith(media_type)
    if case.uncoded:
        assert "Content-Encoding" not in answer.headers
    asked = len(case.body) + len(case.path.partition("?")[2])
    assert len(answer.content) <= _bound(case, asked), (len(answer.content), asked)


def _bound(case: Hostile, asked: int) -> int:
    """The bound of a case's answer: its request's, or a batch's; a GET's answer is what the
    catalog holds, bounded by its paging (the largest page: 337 KB)."""
    if case.method == "GET":
        return 512 * 1024
    if case.path == "/v1/validate/batch":
        return answer_bound.largest_batch_answer(asked)
    if case.path == STREAM:
        return answer_bound.largest_stream_answer(asked)
    return answer_bound.largest_answer(asked)


@pytest.mark.parametrize("case", [case for case in CASES if case.id.endswith("-line-stream")],
                         ids=lambda case: case.id)
def test_a_streams_line_is_refused_as_a_body_is_on_that_line(served, case):
    base, _, _, _ = served
    answer = requests.post(base + STREAM, data=case.body, headers=case.headers, timeout=120)
    lines = [json.loads(line) for line in answer.content.splitlines()]
    assert [line.get("status") for line in lines[:-1]] == [200, 400, 200]
    problem = lines[1]["problem"]
    assert problem["type"].endswith("/malformed-json") and problem["line"] == 2, problem
    assert lines[-1]["done"] == {"decks": 3, "answered": 2, "failed": 1}


def test_a_byte_order_mark_before_a_streams_first_line_is_skipped(served):
    base, _, _, _ = served
    case = next(case for case in CASES if case.id == "byte-order-mark-stream")
    answer = requests.post(base + STREAM, data=case.body, headers=case.headers, timeout=120)
    first, done = [json.loads(line) for line in answer.content.splitlines()]
    assert (first["id"], first["status"]) == ("good", 200)
    assert done["done"]["answered"] == 1


# Decks of the crafted stream sent here: enough that its bound is the multiple (100 times
# its bytes, past the 512 KiB floor), as at full size (4,500 decks: bench/hostile.py).
CRAFTED_DECKS = 200


def test_the_crafted_stream_is_answered_within_its_bound(served, full_index):
    """Four of each of the 60 most reprinted names, every format, the verdict alone: each
    deck's verdict is 178 times its line, so each is refused in its place, and the whole
    answer is within the stream's bound."""
    base, _, _, _ = served
    body = crafted_stream(full_index, CRAFTED_DECKS)
    bound = answer_bound.largest_stream_answer(len(body))
    assert bound == answer_bound.BATCH_ANSWER_RATIO * len(body)
    answer = requests.post(base + STREAM, data=body, headers=NDJSON, timeout=120)
    assert answer.status_code == 200
    assert len(answer.content) <= bound
    *lines, last = [json.loads(line) for line in answer.content.splitlines()]
    assert [line["id"] for line in lines] == [str(n) for n in range(CRAFTED_DECKS)]
    assert {line["problem"]["type"].rsplit("/", 1)[-1] for line in lines} == {
        "answer-too-large"}
    assert last["done"]["failed"] == CRAFTED_DECKS


def test_no_worker_was_lost_or_grew_past_its_bound(served):
    base, log, pidfile, workers = served
    for case in CASES:  # every case once more, so this test stands alone
        requests.request(case.method, base + case.path, data=case.body, headers=case.headers,
                         timeout=120)
    assert _workers(pidfile) == workers
    peaks = {pid: _peak_mib(pid) for pid in workers}
    print(f"peak RSS of each worker, MiB: {peaks}")
    assert all(peak < WORKER_MIB for peak in peaks.values()), peaks
    text = log.read_text()
    assert "Traceback" not in text and "WORKER TIMEOUT" not in text, text[-3000:]
    assert requests.get(f"{base}/readyz", timeout=10).status_code == 200


# Requests of lines that fill the caches most, each of MAX_ENTRIES lines never sent before.
FILLERS = 24


def test_lines_that_fill_the_caches_most_keep_each_worker_within_its_bound(full_db_url,
                                                                           tmp_path):
    """A line of names that grow when folded held 18 times its text in the caches, counted
    as one entry: 24 such requests took a worker from 111 to 212 MiB. Counted in bytes
    (runtime/caches.py), four at a time on make run's two workers of two threads, each
    worker stays within its caches' budget."""
    pidfile = tmp_path / "gunicorn.pid"
    with gunicorn(full_db_url, GUNICORN_CMD_ARGS=f"--pid {pidfile}") as base:
        workers = _workers(pidfile)
        paths = ("/v1/validate?format=modified", "/v1/resolve")

        def send(at: int) -> int:
            body = "\n".join(growing_lines(at * MAX_ENTRIES, MAX_ENTRIES)).encode()
            return requests.post(base + paths[at % 2], data=body, headers=TEXT,
                                 timeout=120).status_code

        with ThreadPoolExecutor(4) as pool:
            statuses = set(pool.map(send, range(1, FILLERS + 1)))
        assert statuses == {200}
        assert _workers(pidfile) == workers
        peaks = {pid: _peak_mib(pid) for pid in workers}
    print(f"peak RSS of each worker, MiB: {peaks}")
    assert all(peak < CACHE_FILLED_WORKER_MIB for peak in peaks.values()), peaks
