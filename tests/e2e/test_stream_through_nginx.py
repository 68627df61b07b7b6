"""A deck database re-judged through the production stack (nginx over gunicorn): a stream
larger than a batch may be passes nginx, and its answer lines come back one a deck."""

from __future__ import annotations

import json

import requests

from tests.corpus import lists as corpus_lists
from tests.support.servers import production

NDJSON = "application/x-ndjson"


def test_a_stream_of_thousands_of_decks_passes_nginx_and_is_answered_a_line_a_deck(
        full_db_url, tmp_path):
    texts = [item.body for item in corpus_lists() if isinstance(item.body, str)]
    decks = [json.dumps({"id": str(n), "format": ["standard", "expanded", "glc"],
                         "deck": texts[n % len(texts)]}) for n in range(6000)]
    body = ("\n".join(decks) + "\n").encode()
    assert len(body) > 4 * 1024 * 1024  # more than a batch may send in all
    with production(full_db_url, instances=1, log=tmp_path / "stack.log") as stack:
        with requests.post(f"{stack.base}/v1/validate/stream", data=body, timeout=60,
                           headers={"Content-Type": NDJSON}, stream=True) as response:
            assert response.status_code == 200
            assert response.headers["Content-Type"].startswith(NDJSON)
            lines = [json.loads(line) for line in response.iter_lines() if line]
    *answers, last = lines
    assert last == {"done": {"decks": 6000, "answered": 6000, "failed": 0}}
    assert [answer["id"] for answer in answers] == [str(n) for n in range(6000)]
    assert all(set(answer["verdict"]["formats"]) == {"standard", "expanded", "glc"}
               for answer in answers)
