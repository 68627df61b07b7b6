"""One catalog from pokemon-tcg-data and TCGdex's cards-database (catalog/importing/
merging.py), on the real snapshots in ../shared: what each printing keeps, what TCGdex adds,
and how a line naming a 2026 printing reads."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select
from sqlalchemy.orm import Session

from catalog.db import make_engine
from catalog.importing import ptcg_data, sources, tcgdex_data
from catalog.importing.fields import CatalogImportError
from catalog.importing.merging import scheme_id
from catalog.models import Card, Set
from decklist.detect import parse
from decklist.resolver import AMBIGUOUS, RESOLVED, resolve
from tests.corpus.played import published
from validators.engine import validate
from validators.formats import get_format
from validators.records import DeckRules

# What names a printing: none of it may change when TCGdex is read too.
NAMED = ("set_id", "number", "name", "name_key", "image_small", "source")
# What a printing is: it changes only where pokemon-tcg-data's row is not a card of its
# supertype and TCGdex's is (catalog/importing/deciding.py).
CONTENT = ("supertype", "subtypes", "hp", "types", "rules", "regulation_mark",
           "text_fingerprint", "copies_unlimited", "limit_group", "limit_max")


def _rows(url: str, fields: tuple[str, ...]) -> dict[str, tuple]:
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            return {card.id: tuple(getattr(card, field) for field in fields)
                    for card in session.scalars(select(Card))}
    finally:
        engine.dispose()


def test_every_printing_of_pokemon_tcg_data_keeps_its_id_and_name(ptcg_db_url, full_db_url):
    before, after = _rows(ptcg_db_url, NAMED), _rows(full_db_url, NAMED)
    assert [card_id for card_id, row in before.items() if after.get(card_id) != row] == []
    added = set(after) - set(before)
    assert len(added) > 900  # the 2026 sets, and the promos and kits the other lacks


def test_only_printings_that_are_not_cards_of_their_kind_take_tcgdexs_content(ptcg_db_url,
                                                                              full_db_url):
    before, after = _rows(ptcg_db_url, CONTENT), _rows(full_db_url, CONTENT)
    changed = {card_id: (before[card_id], after[card_id]) for card_id in before
               if after[card_id] != before[card_id]}
    # Ascended Heroes' Supporters, which pokemon-tcg-data gives as Pokémon with 0 HP and no
    # text: Boss's Orders (183, 256), Lillie's Determination, Team Rocket's Petrel …
    assert len(changed) == 22
    assert {card_id.split("-")[0] for card_id in changed} == {"me2pt5"}
    for was, now in changed.values():  # (supertype, subtypes, hp, types, rules, …)
        assert (was[0], was[2] or None, was[4]) == ("Pokémon", None, [])
        assert (now[0], now[2]) == ("Trainer", None) and "Supporter" in now[1] and now[4]


def _changed(ptcg_db_url: str, full_db_url: str) -> set[str]:
    """The printings of pokemon-tcg-data whose content is TCGdex's in the merged catalog."""
    before, after = _rows(ptcg_db_url, CONTENT), _rows(full_db_url, CONTENT)
    return {card_id for card_id, row in before.items() if after[card_id] != row}


def test_the_sets_of_2026_are_read_with_their_codes_and_days(full_db_url):
    engine = make_engine(full_db_url)
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


def _cards_of(url: str) -> dict[str, tuple[str, str]]:
    """Each printing's gameplay identity and source."""
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            return {card_id: (key, source) for card_id, key, source in session.execute(
                select(Card.id, Card.function_key, Card.source))}
    finally:
        engine.dispose()


def test_pokemon_tcg_datas_printings_are_grouped_into_cards_as_before(ptcg_db_url,
                                                                       full_db_url):
    before, after = _cards_of(ptcg_db_url), _cards_of(full_db_url)
    # The printings that took TCGdex's content are other cards now (the test above).
    changed = _changed(ptcg_db_url, full_db_url)
    kept = set(before) - changed

    def groups(cards: dict[str, tuple[str, str]]) -> set[frozenset[str]]:
        found: dict[str, set[str]] = {}
        for card_id, (key, _) in cards.items():
            if card_id in kept:
                found.setdefault(key, set()).add(card_id)
        return {frozenset(ids) for ids in found.values()}

    assert groups(after) == groups(before)
    # A card's key is its oldest printing's: it moves only where TCGdex adds an older one,
    # or gives a set pokemon-tcg-data leaves undated its day (the MEP promos, out with
    # Mega Evolution: Inteleon mep-2 is now as old as me1-41).
    moved = {after[card_id][0] for card_id in kept if before[card_id][0] != after[card_id][0]}
    dated = _undated(ptcg_db_url) - _undated(full_db_url)
    assert dated == {"mep"}
    joined = {key for card_id, (key, source) in after.items()
              if source == "tcgdex" or card_id.rsplit("-", 1)[0] in dated}
    assert moved <= joined and len(moved) < 10


def _undated(url: str) -> set[str]:
    """The sets of a catalog with no release day."""
    engine = make_engine(url)
    try:
        with Session(engine) as session:
            return set(session.scalars(select(Set.id).where(Set.release_date.is_(None))))
    finally:
        engine.dispose()


@pytest.mark.parametrize(("written", "meant"), [
    ("Tropius PBL 1", "me5-1"), ("Tropius PBL 001", "me5-1"), ("Tropius me5-1", "me5-1"),
    # TCGdex's ids, after a name or alone, and in a JSON entry's id
    ("Tropius me05-001", "me5-1"), ("me05-001", "me5-1"), ([{"count": 4, "id": "ME05-1"}], "me5-1"),
    ("Erika's Oddish me02.5-1", "me2pt5-1"), ("me02.5-1", "me2pt5-1"),
    ([{"count": 4, "id": "me05-001"}], "me5-1"), ([{"count": 4, "id": "sv01-189"}], "sv1-189"),
])
def test_a_line_naming_a_2026_printing_resolves_to_it(full_index, written, meant):
    deck = parse(written if isinstance(written, list) else f"4 {written}")
    [line] = resolve(full_index, deck.entries)
    assert line.resolution.status == RESOLVED, line.resolution.notes
    assert line.resolution.card is not None and line.resolution.card.id == meant


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


def test_the_default_reads_both_sources_beside_the_project(tmp_path, monkeypatch):
    monkeypatch.delenv("CATALOG_SOURCE", raising=False)
    project, shared = tmp_path / "deckjudge", tmp_path / "shared"
    (shared / "pokemon-tcg-data" / "sets").mkdir(parents=True)
    (shared / "pokemon-tcg-data" / "sets" / "en.json").write_text("[]")
    (shared / "tcgdex").mkdir()
    (shared / "tcgdex" / "cards-database-abc1234.tar.gz").write_bytes(b"")
    assert sources.parse(sources.default_source(project)) == sources.Sources(
        str(shared / "pokemon-tcg-data"), str(shared / "tcgdex" / "cards-database-abc1234.tar.gz"))


def test_without_shared_data_the_default_is_both_upstream_repositories(tmp_path, monkeypatch):
    monkeypatch.delenv("CATALOG_SOURCE", raising=False)
    assert sources.parse(sources.default_source(tmp_path / "deckjudge")) == sources.Sources(
        ptcg_data.UPSTREAM_URL, tcgdex_data.UPSTREAM_ARCHIVE)


def test_two_sources_of_one_kind_are_refused():
    with pytest.raises(CatalogImportError, match="two tcgdex sources"):
        sources.parse("tcgdex=a.tar.gz,tcgdex=b.tar.gz")


@pytest.mark.parametrize(("tcgdex_id", "ours"), [
    ("me03", "me3"), ("me02.5", "me2pt5"), ("sv10.5b", "sv10pt5b"), ("ex5.5", "ex5pt5"),
    ("mee", "mee"), ("swsh12.5", "swsh12pt5"),
])
def test_a_new_sets_id_follows_the_catalogs_scheme(tcgdex_id, ours):
    assert scheme_id(tcgdex_id) == ours


def test_a_printing_of_one_id_and_name_is_one_printing_whatever_its_number(full_index):
    # pokemon-tcg-data numbers its Antique Cover Fossil zsv10pt5-80 "60"; TCGdex, 80.
    fossil = full_index.card("zsv10pt5-80")
    assert fossil is not None and fossil.name == "Antique Cover Fossil"
    assert full_index.card("zsv10pt5-80-tcgdex") is None
    assert [p.id for p in full_index.named("Antique Cover Fossil")
            if p.set_id == "zsv10pt5"] == ["zsv10pt5-80"]


@pytest.mark.parametrize(("written", "meant"), [
    # PTCG Live writes the Prism Star "{*}" (its card names: "Thunder Mountain {*}").
    ("Thunder Mountain {*} LOT 191", "sm8-191"), ("Beast Energy {*} FLI 117", "sm6-117"),
    ("Thunder Mountain {*}", "sm8-191"),
    # A 2024 promo TCGdex has and pokemon-tcg-data lacks, written as PTCG Live writes promos.
    ("N's Zorua PR-SV 189", "svp-189"),
])
def test_the_forms_2026_lists_write_are_read(full_index, written, meant):
    [line] = resolve(full_index, parse(f"1 {written}").entries)
    assert line.resolution.status == RESOLVED, line.resolution.notes
    assert line.resolution.card is not None and line.resolution.card.id == meant


def test_a_ptcg_live_alternate_art_code_is_no_unknown_set(full_index):
    # Lines of PTCG Live exports: SVALT is the client's table of Scarlet & Violet variants,
    # its number the client's own (no Latias ex is numbered 221 in any set). Latias ex is one
    # card of that series; Miraidon is several, so that line stays ambiguous; neither is told
    # that a newer catalog is needed.
    [latias, miraidon] = resolve(full_index, parse(
        "2 Latias ex SVALT 221\n1 Miraidon SVALT 123").entries)
    assert latias.resolution.status == RESOLVED
    assert latias.resolution.card is not None and latias.resolution.card.id == "sv8-76"
    assert miraidon.resolution.status == AMBIGUOUS
    assert latias.resolution.unknown_set is None and miraidon.resolution.unknown_set is None


def test_a_2026_list_is_legal_from_the_day_its_newest_set_is(full_index):
    # Worlds 2026, 7th place (tests/corpus/played/events.json names the source): Gwynn is
    # Pitch Black's, out 2026-07-17 and legal in Standard from the second Friday after.
    deck = parse(published("2026-worlds/masters-007-mateusz-laszkiewicz.txt"))
    lines = resolve(full_index, deck.entries)
    assert all(line.resolution.status == RESOLVED for line in lines)
    new = {line.entry.text: line.resolution.printings[0].id for line in lines
           if line.resolution.printings[0].set_id in ("me3", "me4", "me5")}
    assert new["Gwynn PBL 78"] == "me5-78" and new["Poké Pad POR 81"] == "me3-81"
    assert new["Special Red Card CRI 82"] == "me4-82"
    standard = get_format("standard")
    assert isinstance(standard, DeckRules)
    early = validate(full_index, lines, standard, as_of=dt.date(2026, 7, 30))
    assert [(v.code, v.cards[0].id) for v in early.violations] == [("not-yet-legal", "me5-78")]
    assert validate(full_index, lines, standard, as_of=dt.date(2026, 7, 31)).legal


def test_the_clis_cache_reads_both_sources_and_records_local_ones_absolute(tmp_path,
                                                                          monkeypatch):
    from client import catalog_cache

    monkeypatch.delenv("CATALOG_SOURCE", raising=False)
    assert sources.parse(catalog_cache.default_source()) == sources.Sources(
        ptcg_data.UPSTREAM_ARCHIVE, tcgdex_data.UPSTREAM_ARCHIVE)
    monkeypatch.chdir(tmp_path)
    recorded = catalog_cache._absolute(
        "pokemon-tcg-data=data,tcgdex=https://mirror.example/cards-database.tar.gz")
    assert sources.parse(recorded) == sources.Sources(
        str(tmp_path / "data"), "https://mirror.example/cards-database.tar.gz")
