"""The bulk file of every printing against the real gunicorn: each printing of the full
catalog once, and each one's line agreeing with GET /v1/cards/{id} asked the same day, for
every printing (21,000 requests: this suite's, not make test-fast's)."""

from __future__ import annotations

import datetime as dt
import gzip
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import quote

import orjson
import pytest
import requests

from tests.support.servers import gunicorn

WORKERS = 2  # the server's: one connection each


@pytest.fixture(scope="module")
def server(full_db_url, tmp_path_factory):
    with gunicorn(full_db_url, workers=WORKERS,
                  BULK_DIR=str(tmp_path_factory.mktemp("bulk"))) as base:
        yield base


def _answers(base: str, ids: list[str]) -> dict[str, dict]:
    """GET /v1/cards/{id} of each id, on one connection (an id may hold a `?`: Unown ?,
    ex10-?)."""
    with requests.Session() as session:
        found = {}
        for card_id in ids:
            answer = session.get(f"{base}/v1/cards/{quote(card_id, safe='')}", timeout=60)
            assert answer.status_code == 200, (card_id, answer.text)
            found[card_id] = orjson.loads(answer.content)
        return found


def test_every_printing_once_as_get_card_answers_it_that_day(server, full_index):
    day = dt.date.today().isoformat()
    listed = requests.get(f"{server}/v1/bulk", timeout=600).json()
    assert listed["legalities_day"] == day
    item = next(each for each in listed["items"] if each["kind"] == "printings")
    packed = requests.get(f"{server}{item['url']}", timeout=600).content
    assert len(packed) == item["size"]
    lines = [orjson.loads(line) for line in gzip.decompress(packed).splitlines()]
    ids = [line["id"] for line in lines]
    assert len(ids) == len(set(ids)) == len(full_index.printings) == item["items"]
    with ThreadPoolExecutor(WORKERS) as pool:
        answered: dict[str, dict] = {}
        for part in pool.map(lambda share: _answers(server, ids[share::WORKERS]),
                             range(WORKERS)):
            answered |= part
    assert dt.date.today().isoformat() == day  # asked on the day the file's legalities are of
    differing = [line["id"] for line in lines
                 if {key: answered[line["id"]][key] for key in line} != line]
    assert differing == []
    # Not vacuous: the legalities hold both verdicts, in every format a card is judged in.
    assert {len(line["legalities"]) for line in lines} == {len(lines[0]["legalities"])}
    assert {True, False} <= {verdict["legal"] for line in lines
                             for verdict in line["legalities"].values()}
