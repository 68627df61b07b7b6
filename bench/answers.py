"""What answers weigh, and what an unknown line costs, on the catalog DATABASE_URL names.

    .venv/bin/python bench/answers.py

Through the app in this process (no server, no compression):
1. every format's definition (GET /v1/formats), and the largest page of 250 cards;
2. the largest answer to one of tests/corpus's real lists, in every format, line by line;
3. what a line naming many cards (`4 Pikachu`) adds to an answer line by line, in one format
   and in every format: the difference between 10 such lines and one, a line;
   what a batch of real lists answers per byte of the batch: every list of tests/corpus in one
   batch in every format (the verdicts alone), and the first 100 of them;
4. the time a line costs cold (caches emptied), read through POST /v1/resolve: 20 lines of
   real printings, and 20 made-up names, each searched for its closest names.
A benchmark prints figures; it asserts nothing.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from flask.testing import FlaskClient  # noqa: E402

from api.middleware import store  # noqa: E402
from app import create_app  # noqa: E402
from bench.decks import modified_decks, sixty_lines  # noqa: E402
from bench.figures import record  # noqa: E402
from decklist import text as text_lists  # noqa: E402
from tests.corpus import lists  # noqa: E402

PER_PAGE = 250
SEARCHED = 20  # the unknown lines of a request searched for their closest names


def show(key: str, label: str, value: float, unit: str) -> None:
    print(f"  {label:<62} {value:>8,.2f} {unit}")
    record(key, value, unit)


def largest_cards_page(client: FlaskClient) -> int:
    first = client.get(f"/v1/cards?per_page={PER_PAGE}").get_json()
    pages = -(-first["total"] // PER_PAGE)
    return max(len(client.get(f"/v1/cards?per_page={PER_PAGE}&page={page}").data)
               for page in range(1, pages + 1))


def largest_corpus_answer(client: FlaskClient) -> int:
    largest = 0
    for item in lists():
        answer = client.post("/v1/validate", json={"format": "all", "deck": item.body})
        assert answer.status_code == 200, (item.name, answer.get_json())
        largest = max(largest, len(answer.data))
    return largest


def ambiguous_line_bytes(client: FlaskClient, formats: str) -> float:
    def size(lines: int) -> int:
        answer = client.post(f"/v1/validate?format={formats}", data=b"4 Pikachu\n" * lines,
                             content_type="text/plain")
        assert answer.status_code == 200, answer.get_json()
        return len(answer.data)
    return (size(10) - size(1)) / 9


def batch_ratio(client: FlaskClient, count: int | None = None) -> float:
    """Answer bytes per batch byte: the corpus's real lists (the first `count`, or all) in
    one batch, each in every format, the verdicts alone (a batch's default)."""
    decks = [{"id": item.name, "format": "all", "deck": item.body} for item in lists()]
    body = json.dumps({"decks": decks[:count]}).encode()
    answer = client.post("/v1/validate/batch", data=body, content_type="application/json")
    assert answer.status_code == 200 and b'"stopped"' not in answer.data[-2048:]
    return len(answer.data) / len(body)


def cold_line_ms(client: FlaskClient, text: str) -> float:
    """Milliseconds a line of `text` costs through POST /v1/resolve, cold: the median of
    seven."""
    timings = []
    for _ in range(7):
        store.index().caches.forget()
        text_lists.forget()
        start = time.perf_counter()
        answer = client.post("/v1/resolve", data=text.encode(), content_type="text/plain")
        timings.append(time.perf_counter() - start)
        assert answer.status_code == 200, answer.get_json()
    return statistics.median(timings) * 1e3 / len(text.splitlines())


def made_up_names(count: int) -> str:
    """Names no card has, each its own, so that every one is searched."""
    return "".join(f"1 Zorblax {chr(97 + n % 26)}{chr(97 + n // 26)}wing\n"
                   for n in range(count))


def main() -> None:
    app = create_app()
    client = app.test_client()
    with app.app_context():
        known = "\n".join(sixty_lines(modified_decks(store.index())).text.splitlines()[
            :SEARCHED])
        print("answers (bytes, uncompressed) and a line's cost, in process:")
        show("answers.formats", "every format's definition (GET /v1/formats)",
             len(client.get("/v1/formats").data) / 1e3, "KB")
        show("answers.cards_page", f"the largest page of {PER_PAGE} cards",
             largest_cards_page(client) / 1e3, "KB")
        show("answers.corpus_all_formats",
             "the largest corpus list's answer, every format, line by line",
             largest_corpus_answer(client) / 1e3, "KB")
        show("answers.ambiguous_line", "a line naming many cards (4 Pikachu), one format",
             ambiguous_line_bytes(client, "modified") / 1e3, "KB")
        show("answers.ambiguous_line_all", "the same, every format",
             ambiguous_line_bytes(client, "all") / 1e3, "KB")
        show("answers.batch_corpus_ratio",
             "every corpus list in one batch, every format, per byte of the batch",
             batch_ratio(client), "×")
        show("answers.batch_first_100_ratio", "the first 100 of them, per byte of the batch",
             batch_ratio(client, 100), "×")
        show("answers.known_line_ms", f"a known line, cold ({SEARCHED} in a request)",
             cold_line_ms(client, known), "ms")
        show("answers.unknown_line_ms",
             f"an unknown line searched for closest names ({SEARCHED} in a request)",
             cold_line_ms(client, made_up_names(SEARCHED)), "ms")


if __name__ == "__main__":
    main()
