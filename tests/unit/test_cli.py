import pytest


def test_stats_prints_the_loaded_catalog(runner_for, full_db_url):
    result = runner_for(full_db_url).invoke(args=["catalog", "stats"])
    assert result.exit_code == 0
    assert "cards: 21010" in result.output and "sets: 198" in result.output
    assert "supplement cards: 1" in result.output


def test_stats_without_a_catalog_says_so(runner_for, empty_db_url):
    result = runner_for(empty_db_url).invoke(args=["catalog", "stats"])
    assert result.exit_code == 1
    assert "no catalog is loaded" in result.output


def test_import_twice_reports_the_skip(runner_for, empty_db_url):
    from tests.support.paths import MINI_CATALOG
    runner = runner_for(empty_db_url)
    first = runner.invoke(args=["catalog", "import", str(MINI_CATALOG)])
    assert first.exit_code == 0 and "imported: 7 sets, 13 cards" in first.output
    second = runner.invoke(args=["catalog", "import", str(MINI_CATALOG)])
    assert second.exit_code == 0 and "unchanged, skipped" in second.output


def test_identity_report_counts_what_the_keys_say(runner_for, full_db_url):
    from sqlalchemy import func, select
    from sqlalchemy.orm import Session

    from catalog.db import make_engine
    from catalog.identity import title_key
    from catalog.models import Card

    engine = make_engine(full_db_url)
    with Session(engine) as session:
        identities = session.scalar(select(func.count(func.distinct(Card.function_key))))
        titles = {title_key(name) for name in session.scalars(select(Card.name))}
        ace_specs = session.scalar(select(func.count()).where(Card.limit_group == "ACE SPEC"))
    engine.dispose()
    result = runner_for(full_db_url).invoke(args=["catalog", "identity-report", "--reworded"])
    assert result.exit_code == 0, result.output
    assert "printings:            21010" in result.output
    assert f"gameplay identities:  {identities}" in result.output
    assert f"English titles:       {len(titles)}" in result.output
    assert f"ACE SPEC              {ace_specs}" in result.output
    # Base Set and Legendary Collection Charizard: one card, two texts.
    assert "  Charizard: base1-4 base4-4" in result.output


def test_identity_report_lists_every_card_that_moved(runner_for, new_db_url, mini_db_url):
    from sqlalchemy import text

    from catalog.db import make_engine
    from tests.support.catalogs import imported_db
    from tests.support.paths import MINI_CATALOG

    # An earlier catalog, as an older grouping would have left it: the two Mewtwo as one
    # card, and Base Set's Charizard apart from Legendary Collection's.
    before = imported_db(new_db_url("before"), MINI_CATALOG)
    engine = make_engine(before)
    with engine.begin() as connection:
        connection.execute(text("UPDATE cards SET function_key = 'mewtwo' "
                                "WHERE id IN ('base1-10', 'base6-29')"))
        connection.execute(text("UPDATE cards SET function_key = 'old' WHERE id = 'base1-4'"))
    engine.dispose()
    result = runner_for(mini_db_url).invoke(args=["catalog", "identity-report",
                                                  "--against", before])
    assert result.exit_code == 0, result.output
    assert "split since the other catalog: 1 cards\n  Mewtwo: base1-10 | base6-29" \
        in result.output
    assert "merged since the other catalog: 1 cards\n  Charizard: base1-4 | base6-3" \
        in result.output


def _broken_copy(tmp_path):
    """The mini catalog with a card that has no name: read, then refused as bad data."""
    import json
    import shutil

    from tests.support.paths import MINI_CATALOG

    broken = tmp_path / "broken"
    shutil.copytree(MINI_CATALOG, broken)
    cards = broken / "cards" / "en" / "base1.json"
    data = json.loads(cards.read_text())
    del data[0]["name"]
    cards.write_text(json.dumps(data))
    return broken


def test_a_failed_import_into_a_new_database_leaves_it_without_a_schema(runner_for,
                                                                          empty_db_url,
                                                                          tmp_path):
    from catalog.db import has_schema, make_engine

    result = runner_for(empty_db_url).invoke(args=["catalog", "import",
                                                   str(_broken_copy(tmp_path))])
    assert result.exit_code == 1 and "import failed" in result.output
    engine = make_engine(empty_db_url)
    try:
        assert not has_schema(engine)
    finally:
        engine.dispose()


def test_a_failed_import_into_an_empty_database_claims_no_previous_catalog(runner_for,
                                                                           empty_db_url,
                                                                           tmp_path):
    result = runner_for(empty_db_url).invoke(args=["catalog", "import",
                                                   str(tmp_path / "missing")])
    assert result.exit_code == 1
    assert "import failed, nothing was imported and no catalog is loaded" in result.output
    assert "not a directory, a .tar.gz/.zip archive or an http(s) URL" in result.output
    assert "previous catalog" not in result.output


def test_a_failed_import_over_a_catalog_says_it_is_kept(runner_for, mini_db_url, tmp_path):
    result = runner_for(mini_db_url).invoke(args=["catalog", "import", str(tmp_path / "missing")])
    assert result.exit_code == 1
    assert "import failed, the previous catalog is kept" in result.output
    assert "cards: 13" in runner_for(mini_db_url).invoke(args=["catalog", "stats"]).output


@pytest.mark.parametrize("source", ["missing", "broken"])
def test_a_failed_import_into_a_new_sqlite_file_leaves_no_folder(runner_for, tmp_path, source):
    folder = tmp_path / "instance" / "catalogs"
    url = f"sqlite:///{folder / 'deckjudge.sqlite3'}"
    location = tmp_path / "missing" if source == "missing" else _broken_copy(tmp_path)
    result = runner_for(url).invoke(args=["catalog", "import", str(location)])
    assert result.exit_code == 1 and "import failed" in result.output
    assert "no catalog is loaded" in result.output
    assert not (tmp_path / "instance").exists()


def test_a_write_that_fails_takes_the_new_file_and_its_folders_away(tmp_path):
    from catalog.db import make_engine, removed_if_failed, upgrade

    kept = tmp_path / "kept"
    kept.mkdir()
    engine = make_engine(f"sqlite:///{kept / 'new' / 'deeper' / 'catalog.sqlite3'}")
    with pytest.raises(RuntimeError), removed_if_failed(engine):
        upgrade(engine)  # the file and its folders are made here
        assert (kept / "new" / "deeper" / "catalog.sqlite3").is_file()
        raise RuntimeError("the write failed")
    assert list(kept.iterdir()) == []


def test_a_write_into_a_file_there_was_keeps_it(runner_for, mini_db_url):
    from catalog.db import make_engine, removed_if_failed, sqlite_file

    engine = make_engine(mini_db_url)
    path = sqlite_file(engine)
    with pytest.raises(RuntimeError), removed_if_failed(engine):
        raise RuntimeError("the write failed")
    engine.dispose()
    assert path is None or path.is_file()
    assert "cards: 13" in runner_for(mini_db_url).invoke(args=["catalog", "stats"]).output
