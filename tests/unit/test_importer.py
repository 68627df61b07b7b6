"""The importer: sources, the supplement, idempotence and bad data."""

from __future__ import annotations

import json
import tarfile
import zipfile
from pathlib import Path

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from catalog.db import make_engine
from catalog.importing.importer import CatalogImportError, import_catalog, loaded_meta
from catalog.models import Card, Set, SetCode
from tests.support.catalogs import counts, layout_archive, served_layout
from tests.support.paths import MINI_CARDS, MINI_CATALOG, MINI_SETS
from tests.support.servers import static_http


@pytest.fixture
def engine(empty_db_url):
    engine = make_engine(empty_db_url)
    yield engine
    engine.dispose()


def test_imports_the_mini_catalog_with_the_supplement(engine):
    result = import_catalog(engine, str(MINI_CATALOG))
    assert not result.skipped
    assert (result.set_count, result.card_count, result.supplement_count) == (
        MINI_SETS, MINI_CARDS, 1)
    assert counts(engine) == (MINI_SETS, MINI_CARDS)
    with Session(engine) as session:
        mew = session.scalars(select(Card).where(Card.name == "Ancient Mew")).one()
        assert mew.source == "supplement"
        assert session.get(Set, "mep").release_date is None  # "---" in the data
        assert session.get(Set, "basep").kind == "promo"
        assert session.get(Set, "base1").kind == "expansion"
        assert session.get(SetCode, ("BS", "base1")).origin == "ptcgo"


def test_reimport_of_the_same_data_is_skipped_and_changes_nothing(engine):
    first = import_catalog(engine, str(MINI_CATALOG))
    stamp = loaded_meta(engine).imported_at
    again = import_catalog(engine, str(MINI_CATALOG))
    assert again.skipped and again.checksum == first.checksum
    assert loaded_meta(engine).imported_at == stamp
    forced = import_catalog(engine, str(MINI_CATALOG), force=True)
    assert not forced.skipped and forced.checksum == first.checksum
    assert counts(engine) == (MINI_SETS, MINI_CARDS)


def test_changed_data_replaces_the_catalog(engine, mini_dir):
    import_catalog(engine, str(MINI_CATALOG))
    (mini_dir / "cards/en/mep.json").write_text("[]")
    result = import_catalog(engine, str(mini_dir))
    assert not result.skipped
    assert counts(engine) == (MINI_SETS, MINI_CARDS - 2)


@pytest.mark.parametrize("name", ["catalog.tar.gz", "catalog.zip"])
def test_imports_from_an_archive(engine, tmp_path, name):
    archive = layout_archive(MINI_CATALOG, tmp_path / name)
    result = import_catalog(engine, str(archive))
    assert counts(engine) == (MINI_SETS, MINI_CARDS)
    # The same bytes from any source give the same checksum.
    assert result.checksum == import_catalog(engine, str(MINI_CATALOG)).checksum


def test_imports_from_an_http_base_url(engine):
    with static_http(MINI_CATALOG) as url:
        result = import_catalog(engine, url)
    assert result.source == url
    assert counts(engine) == (MINI_SETS, MINI_CARDS)


def test_imports_an_archive_from_an_http_url(engine, tmp_path):
    with served_layout(MINI_CATALOG, tmp_path / "served") as (url, _):
        import_catalog(engine, url)
    assert counts(engine) == (MINI_SETS, MINI_CARDS)


def test_http_source_missing_file_names_the_url(engine, mini_dir):
    (mini_dir / "cards/en/dp1.json").unlink()
    with static_http(mini_dir) as url, pytest.raises(CatalogImportError) as error:
        import_catalog(engine, url)
    assert f"{url}/cards/en/dp1.json" in str(error.value)
    assert "404" in str(error.value)


def _break(mini_dir: Path, case: str) -> str:
    """Damage the copy in one way; returns text the error must contain."""
    if case == "missing-file":
        (mini_dir / "cards/en/neo1.json").unlink()
        return "cards/en/neo1.json"
    if case == "malformed-json":
        (mini_dir / "cards/en/base6.json").write_text('[{"id": "base6-3",')
        return "cards/en/base6.json: malformed JSON"
    if case == "card-without-set":
        cards = json.loads((mini_dir / "cards/en/dp1.json").read_text())
        cards[0]["id"] = "zz9-1"
        (mini_dir / "cards/en/dp1.json").write_text(json.dumps(cards))
        return "card 'zz9-1': its id does not belong to set 'dp1'"
    if case == "card-without-name":
        cards = json.loads((mini_dir / "cards/en/base1.json").read_text())
        del cards[1]["name"]
        (mini_dir / "cards/en/base1.json").write_text(json.dumps(cards))
        return "cards/en/base1.json: card 'base1-10': missing or empty 'name'"
    if case == "sets-not-a-list":
        (mini_dir / "sets/en.json").write_text('{"id": "base1"}')
        return "sets/en.json: expected a list"
    if case == "duplicate-card":
        cards = json.loads((mini_dir / "cards/en/base1.json").read_text())
        (mini_dir / "cards/en/base1.json").write_text(json.dumps(cards + cards[:1]))
        return "card id 'base1-4' appears twice"
    if case in PAST_A_LIMIT:
        field, value, expected = PAST_A_LIMIT[case]
        if field.startswith("set."):
            sets = json.loads((mini_dir / "sets/en.json").read_text())
            sets[0][field[4:]] = value
            (mini_dir / "sets/en.json").write_text(json.dumps(sets))
            return expected
        cards = json.loads((mini_dir / "cards/en/base1.json").read_text())
        cards[0][field] = value  # base1-4, Charizard
        (mini_dir / "cards/en/base1.json").write_text(json.dumps(cards))
        return expected
    raise AssertionError(case)


# A field of base1-4 (or of set base1: "set.…") past a limit of
# catalog/importing/import_limits.py or of its column, and what the error says of it.
PAST_A_LIMIT = {
    "name-past-the-limit": (
        "name", "Charizard" * 100_000,
        "card 'base1-4': 'name' is 900,000 characters, more than 128, the limit of a name"),
    "set-name-past-the-limit": (
        "set.name", "Base" * 33,
        "sets/en.json: set 'base1': 'name' is 132 characters, more than 128"),
    "attack-text-past-the-limit": (
        "attacks", [{"name": "Fire Spin", "cost": ["Fire"], "text": "Burn. " * 700}],
        "card 'base1-4': 'attacks' #1 'text' is 4,200 characters, more than 4,000, the limit "
        "of a text"),
    "ability-text-past-the-limit": (
        "abilities", [{"name": "Energy Burn", "type": "Pokémon Power", "text": "x" * 4_001}],
        "'abilities' #1 'text' is 4,001 characters, more than 4,000"),
    "rule-past-the-limit": (
        "rules", ["short", "y" * 5_000], "'rules' #2 is 5,000 characters, more than 4,000"),
    "trait-text-past-the-limit": (
        "ancientTrait", {"name": "Δ Evolution", "text": "z" * 4_001},
        "'ancientTrait' 'text' is 4,001 characters"),
    "too-many-attacks": (
        "attacks", [{"name": "Tackle", "cost": [], "text": ""}] * 33,
        "card 'base1-4': 33 items in 'attacks', more than 32, the limit of a list on a card"),
    "too-many-legalities": (
        "legalities", {f"format{n}": "Legal" for n in range(33)},
        "33 'legalities', more than 32"),
    "text-not-a-string": (
        "attacks", [{"name": "Fire Spin", "text": {"nested": "x" * 100}}],
        "card 'base1-4': 'attacks' #1 'text' must be a string"),
    "ability-not-an-object": ("abilities", ["Energy Burn"], "'abilities' #1 must be an object"),
    "number-past-its-column": (
        "number", "4" * 17, "card 'base1-4': 'number' is 17 characters, more than its "
                            "column's 16"),
    "hp-past-its-column": ("hp", "9" * 12, "card 'base1-4': 'hp' is out of its column's range"),
}


@pytest.mark.parametrize("case", ["missing-file", "malformed-json", "card-without-set",
                                  "card-without-name", "sets-not-a-list", "duplicate-card",
                                  *PAST_A_LIMIT])
def test_bad_source_data_is_a_clear_error_and_the_old_catalog_stays(engine, mini_dir, case):
    import_catalog(engine, str(MINI_CATALOG))
    before = loaded_meta(engine).checksum
    expected = _break(mini_dir, case)
    with pytest.raises(CatalogImportError) as error:
        import_catalog(engine, str(mini_dir))
    assert expected in str(error.value)
    assert loaded_meta(engine).checksum == before
    assert counts(engine) == (MINI_SETS, MINI_CARDS)


def test_a_source_that_is_no_catalog_is_refused(engine, tmp_path):
    (tmp_path / "notes.txt").write_text("hello")
    for location in (str(tmp_path / "nowhere"), str(tmp_path / "notes.txt")):
        with pytest.raises(CatalogImportError, match="not a directory"):
            import_catalog(engine, location)
    bogus = tmp_path / "bogus.tar.gz"
    bogus.write_bytes(b"not an archive")
    with pytest.raises(CatalogImportError, match="not a readable archive"):
        import_catalog(engine, str(bogus))


def test_archive_members_climbing_out_are_ignored(engine, tmp_path):
    target = tmp_path / "evil.zip"
    with zipfile.ZipFile(target, "w") as archive:
        for path in MINI_CATALOG.rglob("*.json"):
            archive.write(path, "root/" + str(path.relative_to(MINI_CATALOG)))
        archive.writestr("root/../../escape.json", "[]")
    import_catalog(engine, str(target))
    assert not (tmp_path.parent / "escape.json").exists()
    assert counts(engine) == (MINI_SETS, MINI_CARDS)


# What TCGdex's snapshot adds: 25 sets, and 903 printings (the 1,020 English printings
# pokemon-tcg-data lacks, less 116 of Trainer Kits whose files carry none of their text and
# Antique Cover Fossil zsv10pt5-80, which pokemon-tcg-data has under another number).
TCGDEX_SETS, TCGDEX_CARDS = 25, 903


def test_full_real_catalog(full_db_url, shared_data, tcgdex_data):
    engine = make_engine(full_db_url)
    meta = loaded_meta(engine)
    sets, cards = counts(engine)
    engine.dispose()
    upstream_cards = sum(len(json.loads(path.read_text()))
                         for path in (shared_data / "cards/en").glob("*.json"))
    assert upstream_cards == 20_106
    assert (sets, cards) == (172 + 1 + TCGDEX_SETS, 20_106 + 1 + TCGDEX_CARDS)
    assert (meta.set_count, meta.card_count, meta.supplement_count) == (sets, cards, 1)
    assert meta.source == f"{shared_data},{tcgdex_data}"


@pytest.mark.sweep  # pokemon-tcg-data imported alone, then read twice more whole
def test_copies_of_the_real_layout_import_from_any_source(tmp_path, shared_data, ptcg_db_url):
    """Each reader yields the same bytes: the real data as a folder and as a tar.gz each read
    as the catalog already imported from it (so both imports are skipped as unchanged)."""
    archive = tmp_path / "real.tar.gz"
    with tarfile.open(archive, "w:gz") as handle:
        handle.add(shared_data / "sets", arcname="data/sets")
        handle.add(shared_data / "cards", arcname="data/cards")
    engine = make_engine(ptcg_db_url)
    try:
        loaded = loaded_meta(engine)
        from_dir = import_catalog(engine, str(shared_data))
        from_archive = import_catalog(engine, str(archive))
    finally:
        engine.dispose()
    assert loaded is not None and from_dir.skipped and from_archive.skipped
    assert from_dir.checksum == from_archive.checksum == loaded.checksum


def test_a_cards_pictures_are_kept_when_they_are_https_urls(engine, mini_dir):
    path = mini_dir / "cards/en/base1.json"
    cards = json.loads(path.read_text())
    pictures = [
        {"small": "https://images.example.org/base1/1.png",
         "large": "https://images.example.org/base1/1_hires.png"},
        {"small": "javascript:alert(1)", "large": "https://u:p@example.org/x"},
        {"small": "http://images.example.org/plain.png",
         "large": "https://example.org/" + "x" * 300},  # past the column
        "not an object",
    ]
    for card, images in zip(cards, pictures, strict=False):
        card["images"] = images
    path.write_text(json.dumps(cards))
    import_catalog(engine, str(mini_dir))
    with Session(engine) as session:
        kept = {card.id: (card.image_small, card.image_large) for card in session.scalars(
            select(Card).where(Card.id.in_([card["id"] for card in cards])))}
    assert [kept[card["id"]] for card in cards] == [
        ("https://images.example.org/base1/1.png", "https://images.example.org/base1/1_hires.png"),
        (None, None), (None, None), (None, None)]


def test_only_the_fields_the_card_shows_are_kept_of_its_abilities_and_weaknesses(engine,
                                                                                 mini_dir):
    path = mini_dir / "cards/en/base1.json"
    cards = json.loads(path.read_text())
    charizard = cards[0]
    charizard["abilities"][0]["payload"] = "x" * 100_000
    charizard["weaknesses"] = [{"type": "Water", "value": "×2", "payload": "y" * 100_000}]
    charizard["ancientTrait"] = {"name": "θ Stop", "text": "Prevent all effects.", "z": 1}
    path.write_text(json.dumps(cards))
    import_catalog(engine, str(mini_dir))
    with Session(engine) as session:
        stored = session.get(Card, "base1-4")
        assert [sorted(ability) for ability in stored.abilities] == [["name", "text", "type"]]
        assert stored.weaknesses == [{"type": "Water", "value": "×2"}]
        assert stored.ancient_trait == {"name": "θ Stop", "text": "Prevent all effects."}


def test_the_real_catalogs_cards_have_their_pictures(full_db_url, shared_data):
    engine = make_engine(full_db_url)
    with Session(engine) as session:
        charizard = session.get(Card, "base1-4")
        without = {source: count for source, count in session.execute(
            select(Card.source, func.count()).where(Card.image_small.is_(None))
            .group_by(Card.source))}
    engine.dispose()
    upstream = json.loads((shared_data / "cards/en/base1.json").read_text())
    written = next(card for card in upstream if card["id"] == "base1-4")
    assert charizard.image_small == written["images"]["small"]
    # The supplement's card, which neither source has a picture of; TCGdex's printings have
    # TCGdex's (tests/unit/test_tcgdex_pictures.py).
    assert without == {"supplement": 1}
