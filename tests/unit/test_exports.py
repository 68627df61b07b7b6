"""The export form read in advance (decklist.exports): every key of the full catalog's map
is what the resolver makes of it, and the map is the index's, for its life."""

from __future__ import annotations

from decklist.exports import export_form, exports
from decklist.parsed import Candidate
from decklist.reference import readings_of
from decklist.resolver import RESOLVED, SET_NUMBER, Resolution, _Attempt, resolve
from decklist.text import parse_text


def test_every_export_form_read_in_advance_is_what_the_resolver_reads(full_index):
    read = full_index.caches.table(exports)
    assert len(read) > 0.8 * len(full_index.printings)  # most printings of the catalog
    for key, printing in read.items():
        made = Resolution.of_one(SET_NUMBER, printing)  # as the map makes it
        assert made == Resolution.of(RESOLVED, SET_NUMBER, (printing,), []), key
        assert _Attempt(full_index, readings_of(key)).run() == made, key
        # the same three fields as a JSON entry are looked up by the line they make
        entry = Candidate(*key.rsplit(" ", 2))
        assert export_form(entry) == key
        assert _Attempt(full_index, readings_of(entry)).run() == made, key


def test_an_entry_is_looked_up_only_by_a_line_that_splits_back_into_it():
    assert export_form(Candidate("Hoppip", "N1", "61")) == "Hoppip N1 61"
    assert export_form("Hoppip N1 61") == "Hoppip N1 61"
    for entry in (Candidate("Hoppip", "N 1", "61"), Candidate("Hoppip", "N1", "6 1"),
                  Candidate("Hoppip ", "N1", "61"), Candidate("Hop  pip", "N1", "61"),
                  Candidate("Hoppip", "N1", "61", variant="PH"), Candidate("Hoppip", None, "61"),
                  Candidate("Hoppip", "N1", "61", card_id="neo1-61"), Candidate(None, "N1", "61")):
        assert export_form(entry) is None, entry


def test_forms_the_map_leaves_out_are_read_by_the_resolver(full_index):
    read = full_index.caches.table(exports)
    # a code that names several sets; a number written with a dash; a tag after the name
    left_out = ["Electabuzz PR 2", "Seedot ex8-71", "Computer Search - ACESPEC BCR 137"]
    assert not any(key in read for key in left_out)
    lines = resolve(full_index, parse_text("\n".join(f"1 {key}" for key in left_out)).entries)
    assert [line.resolution.card.id if line.resolution.card else None for line in lines] == \
        ["basep-2", "ex8-71", "bw7-137"]


def test_the_map_is_built_once_and_outlives_forgotten_caches(full_index):
    read = full_index.caches.table(exports)
    full_index.caches.forget()
    assert full_index.caches.table(exports) is read


def test_the_app_loads_its_index_with_the_map_built(full_db_url):
    """The server builds the map with the index, before a request (and a gunicorn parent
    before it forks): the index the app serves holds it."""
    from api.middleware import store
    from app import create_app

    app = create_app({"DATABASE_URL": full_db_url})
    store.warm(app)
    with app.app_context():
        index = store.index()
    assert index.caches.built(exports)
