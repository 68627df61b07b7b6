"""The export form read in advance (decklist.exports): every key of the full catalog's map
is what the resolver makes of it, and the map is the index's, for its life."""

from __future__ import annotations

from decklist.exports import exports
from decklist.model import Candidate
from decklist.reference import readings_of
from decklist.resolve import RESOLVED, SET_NUMBER, Resolution, _Attempt, resolve
from decklist.text import parse_text


def test_every_export_form_read_in_advance_is_what_the_resolver_reads(full_index):
    read = full_index.table(exports)
    texts = [key for key in read if isinstance(key, str)]
    entries = [key for key in read if isinstance(key, Candidate)]
    # most printings of the catalog, in both forms
    assert len(texts) == len(entries) > 0.8 * len(full_index.printings)
    for key, printing in read.items():
        resolver = _Attempt(full_index, readings_of(key)).run()
        assert resolver == Resolution.of(RESOLVED, SET_NUMBER, (printing,), []), key
        assert Resolution.of_one(SET_NUMBER, printing) == resolver, key  # as the map makes it


def test_forms_the_map_leaves_out_are_read_by_the_resolver(full_index):
    read = full_index.table(exports)
    # a code that names several sets; a number written with a dash; a tag after the name
    left_out = ["Electabuzz PR 2", "Seedot ex8-71", "Computer Search - ACESPEC BCR 137"]
    assert not any(key in read for key in left_out)
    lines = resolve(full_index, parse_text("\n".join(f"1 {key}" for key in left_out)).entries)
    assert [line.resolution.card.id if line.resolution.card else None for line in lines] == \
        ["basep-2", "ex8-71", "bw7-137"]


def test_the_map_is_built_once_and_outlives_forgotten_caches(full_index):
    read = full_index.table(exports)
    full_index.forget()
    assert full_index.table(exports) is read


def test_the_app_loads_its_index_with_the_map_built(full_db_url):
    """The server builds the map with the index, before a request (and a gunicorn parent
    before it forks): the index the app serves holds it."""
    from app import create_app
    from catalog import store

    app = create_app({"DATABASE_URL": full_db_url})
    store.warm(app)
    with app.app_context():
        index = store.index()
    assert index.built(exports)
