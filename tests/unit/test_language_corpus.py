"""Published lists whose card names are in another language (tests/corpus/languages, each
with its source in sources.json there), read as the service reads them: each is detected in
its language, and every card line resolves to a card, but for the list's own errors, which
stay unresolved (a misspelt name gets its suggestion, never a guess)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from decklist.detect import parse
from decklist.languages import read_lines
from decklist.resolver import RESOLVED

HERE = Path(__file__).resolve().parents[1] / "corpus" / "languages"
SOURCES = json.loads((HERE / "sources.json").read_text(encoding="utf-8"))
LISTS = SOURCES["lists"]


def test_every_list_kept_names_its_source_and_language():
    on_disk = {f"languages/{path.name}" for path in HERE.glob("*.txt")}
    assert on_disk == set(LISTS) and len(on_disk) >= 10
    for name, source in LISTS.items():
        # a repository's file at a commit, or a page at an address on a day
        assert (source.get("repository") and source.get("path")
                and len(source.get("commit", "")) == 40) or (
            source.get("url", "").startswith("https://") and source.get("retrieved")), name
        assert name.startswith(f"languages/{source['language']}-")


@pytest.mark.full_catalog
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
@pytest.mark.parametrize("name", sorted(LISTS))
def test_a_published_list_resolves_in_its_language(full_index, name):
    source = LISTS[name]
    deck = parse((HERE.parent / name).read_text(encoding="utf-8"))
    lines, language = read_lines(full_index, deck.entries)
    assert language == source["language"]
    errors = source.get("errors", {})
    unresolved = {line.entry.text for line in lines if line.resolution.status != RESOLVED}
    assert unresolved == set(errors), [(line.entry.text, line.resolution.notes)
                                       for line in lines if line.entry.text in unresolved]
