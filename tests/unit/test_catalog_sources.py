"""One catalog from pokemon-tcg-data and TCGdex's cards-database (catalog/importing/
merging.py), on the real snapshots in ../shared: what each printing keeps, what TCGdex adds,
and how a line naming a 2026 printing reads."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from catalog.db import make_engine
from catalog.importing import sources
from catalog.importing.fields import CatalogImportError
from catalog.importing.merging import scheme_id
from catalog.index import load_index
from catalog.models import Card, Set
from decklist.detect import parse
from decklist.resolver import RESOLVED, resolve

# What a printing is, as answers show it: none of it may change when TCGdex is read too.
KEPT = ("set_id", "number", "name", "supertype", "subtypes", "hp", "types", "rules",
        "regulation_mark", "text_fingerprint", "name_key",
        "copies_unlimited", "limit_group", "limit_max", "image_small", "source")


def _rows(url: str) -> dict[str, tuple]:
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            return {card.id: tuple(getattr(card, field) for field in KEPT)
                    for card in session.scalars(select(Card))}
    finally:
        engine.dispose()


def test_every_printing_of_pokemon_tcg_data_keeps_its_id_and_what_it_is(full_db_url,
                                                                         merged_db_url):
    before, after = _rows(full_db_url), _rows(merged_db_url)
    changed = [card_id for card_id, row in before.items() if after.get(card_id) != row]
    assert changed == []
    added = set(after) - set(before)
    assert len(added) > 900  # the 2026 sets, and the promos and kits the other lacks


@pytest.fixture(scope="module")
def merged_index(merged_db_url):
    engine = make_engine(merged_db_url)
    try:
        return load_index(engine)
    finally:
        engine.dispose()


def test_the_sets_of_2026_are_read_with_their_codes_and_days(merged_db_url):
    engine = make_engine(merged_db_url)
    try:
        with Session(engine) as session:
            found = {s.id: (s.ptcgo_code, s.release_date, s.tcgdex_id, s.source)
                     for s in session.scalars(select(Set).where(Set.id.in_(
                         ["me3", "me4", "me5", "me2pt5"])))}
    finally:
        engine.dispose()
    assert found == {
        "me3": ("POR", dt.date(2026, 3, 27), "me03", "tcgdex"),
        "me4": ("CRI", dt.date(2026, 5, 22), "me04", "tcgdex"),
        "me5": ("PBL", dt.date(2026, 7, 17), "me05", "tcgdex"),
        "me2pt5": ("ASC", dt.date(2026, 1, 30), "me02.5", "upstream"),  # both: kept as it was
    }


@pytest.mark.parametrize("written", ["Tropius PBL 1", "Tropius PBL 001", "Tropius me5-1"])
def test_a_line_naming_a_pitch_black_printing_resolves_to_it(merged_index, written):
    deck = parse(f"4 {written}")
    [line] = resolve(merged_index, deck.entries)
    assert line.resolution.status == RESOLVED, line.resolution.notes
    assert line.resolution.card is not None and line.resolution.card.id == "me5-1"


@pytest.mark.parametrize(("location", "expected"), [
    ("../shared/pokemon-tcg-data", sources.Sources("../shared/pokemon-tcg-data", None)),
    ("tcgdex=/data/x.tar.gz", sources.Sources(None, "/data/x.tar.gz")),
    ("https://github.com/tcgdex/cards-database/archive/refs/heads/master.tar.gz",
     sources.Sources(None, "https://github.com/tcgdex/cards-database/archive/refs/heads/"
                           "master.tar.gz")),
    ("a.tar.gz, cards-database-d9083b7.tar.gz",
     sources.Sources("a.tar.gz", "cards-database-d9083b7.tar.gz")),
])
def test_a_location_names_its_sources(location, expected):
    assert sources.parse(location) == expected


def test_two_sources_of_one_kind_are_refused():
    with pytest.raises(CatalogImportError, match="two tcgdex sources"):
        sources.parse("tcgdex=a.tar.gz,tcgdex=b.tar.gz")


@pytest.mark.parametrize(("tcgdex_id", "ours"), [
    ("me03", "me3"), ("me02.5", "me2pt5"), ("sv10.5b", "sv10pt5b"), ("ex5.5", "ex5pt5"),
    ("mee", "mee"), ("swsh12.5", "swsh12pt5"),
])
def test_a_new_sets_id_follows_the_catalogs_scheme(tcgdex_id, ours):
    assert scheme_id(tcgdex_id) == ours
