def test_stats_prints_the_loaded_catalog(runner_for, full_db_url):
    result = runner_for(full_db_url).invoke(args=["catalog", "stats"])
    assert result.exit_code == 0
    assert "cards: 20107" in result.output and "sets: 173" in result.output
    assert "supplement cards: 1" in result.output


def test_stats_without_a_catalog_says_so(runner_for, empty_db_url):
    result = runner_for(empty_db_url).invoke(args=["catalog", "stats"])
    assert result.exit_code == 1
    assert "no catalog is loaded" in result.output


def test_import_twice_reports_the_skip(runner_for, empty_db_url):
    from tests.conftest import MINI_CATALOG
    runner = runner_for(empty_db_url)
    first = runner.invoke(args=["catalog", "import", str(MINI_CATALOG)])
    assert first.exit_code == 0 and "imported: 7 sets, 13 cards" in first.output
    second = runner.invoke(args=["catalog", "import", str(MINI_CATALOG)])
    assert second.exit_code == 0 and "unchanged, skipped" in second.output
