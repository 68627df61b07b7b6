"""Beyond one machine: two gunicorn instances on one catalog database.

The service keeps no state of its own, so it scales by running more
instances; each worker holds a read-only index and compares the catalog's
version stamp, so a re-import reaches every instance with no restart.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from contextlib import ExitStack

import requests

from tests.api.test_index_refresh import rename_card
from tests.support.paths import PROJECT_ROOT
from tests.support.servers import gunicorn


def resolve(base: str, text: str) -> tuple[str, tuple[str, ...]]:
    body = requests.post(f"{base}/v1/resolve", data=text.encode(), timeout=10,
                         headers={"Content-Type": "text/plain"}).json()
    return body["catalog"]["version"], tuple(line["status"] for line in body["lines"])


def test_two_instances_share_one_catalog_and_both_see_a_reimport(mini_db_url, mini_dir):
    deck = "1 Charizard BS 4\n1 Blaziken BS 4\n"
    with ExitStack() as stack:
        one, two = (stack.enter_context(gunicorn(mini_db_url, CATALOG_CHECK_SECONDS="0.5"))
                    for _ in range(2))
        assert one.rsplit(":", 1)[1] != two.rsplit(":", 1)[1]
        before = {resolve(base, deck) for base in (one, two) for _ in range(4)}
        assert len(before) == 1 and next(iter(before))[1] == ("resolved", "unknown")

        rename_card(mini_dir, "base1-4", "Blaziken")
        subprocess.run([sys.executable, "-m", "flask", "--app", "app", "catalog", "import",
                        str(mini_dir)], cwd=PROJECT_ROOT, check=True, capture_output=True,
                       env={**os.environ, "DATABASE_URL": mini_db_url})
        time.sleep(0.6)  # one stamp-check interval
        # Several requests to each instance: whichever worker answers has the new catalog.
        after = {resolve(base, deck) for base in (one, two) for _ in range(8)}
    assert len(after) == 1
    version, statuses = next(iter(after))
    assert version != next(iter(before))[0] and statuses == ("unknown", "resolved")
