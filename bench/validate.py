"""How long POST /v1/validate takes in process, on the catalog DATABASE_URL names.

    .venv/bin/python bench/validate.py [ROUNDS]

Sends every theme deck of ../shared/pokemon-tcg-data as text (one card id a
line) to one format and to all of them, and a 100-card Partner Battles deck, through the Flask app
with its in-memory index warm, and prints the median and 95th percentile per
request. A benchmark prints figures; it asserts nothing.
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from app import create_app  # noqa: E402
from validators.formats import ORDER  # noqa: E402

DECKS = Path(os.environ.get("DECKJUDGE_SHARED_DATA", ROOT.parent / "shared" / "pokemon-tcg-data"))


def deck_texts(index) -> list[str]:
    texts = []
    for path in sorted((DECKS / "decks" / "en").glob("*.json")):
        for deck in json.loads(path.read_bytes()):
            lines = []
            for card in deck["cards"]:
                printing = index.card(card["id"])
                lines.append(f"{card['count']} {card['id']}" if printing
                             else f"{card['count']} {card['name']}")
            texts.append("\n".join(lines) + "\n")
    return texts


def run(client, texts: list[str], query: str, rounds: int) -> list[float]:
    timings = []
    for _ in range(rounds):
        for text in texts:
            start = time.perf_counter()
            response = client.post(f"/v1/validate?{query}", data=text.encode(),
                                   content_type="text/plain")
            timings.append(time.perf_counter() - start)
            assert response.status_code == 200, response.get_json()
    return timings


def report(label: str, timings: list[float]) -> None:
    ordered = sorted(timings)
    p95 = ordered[int(len(ordered) * 0.95) - 1]
    print(f"{label:<28} n={len(ordered):>5}  median {statistics.median(ordered) * 1000:6.2f} ms"
          f"  p95 {p95 * 1000:6.2f} ms  ({len(ordered) / sum(ordered):6.0f} req/s, one thread)")


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    app = create_app()
    client = app.test_client()
    with app.app_context():
        from catalog import store
        index = store.index()
    texts = deck_texts(index)
    run(client, texts[:5], "format=modified", 1)  # warm-up
    report("validate format=modified", run(client, texts, "format=modified", rounds))
    report("validate format=unlimited", run(client, texts, "format=unlimited", rounds))
    report(f"validate format=all ({len(ORDER)})", run(client, texts, "format=all", rounds))
    partner = (ROOT / "tests" / "fixtures" / "decklists" / "partner-charizard.txt").read_text()
    report("partner-battles, 100 cards", run(client, [partner] * 100, "format=partner-battles",
                                              rounds))


if __name__ == "__main__":
    main()
