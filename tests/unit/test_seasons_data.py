"""The season data: in order, each season citing a source, and docs/formats.md listing them."""

from __future__ import annotations

import re

from tests.support.paths import PROJECT_ROOT
from validators.formats import all_formats
from validators.seasons import lineages

ROW = re.compile(r"^\| `([a-z0-9-]+)`: .*? \| ([a-z]+) \| ([0-9-]+)(?: to ([0-9-]+) \(window\))? "
                 r"\| \[.*?\]\((\S+)\), ")


def test_every_lineage_is_in_order_and_cites_its_sources():
    for lineage in lineages():
        days = [season.effective for season in lineage.seasons]
        assert days == sorted(days) and len(set(days)) == len(days), lineage.id
        for season in lineage.seasons:
            assert season.source.url.startswith("http") and season.note, season.id
            assert season.format in lineage.formats and season.format in all_formats()
            if season.window_from is not None:
                assert season.window_from < season.effective, season.id


def test_the_docs_list_every_season_with_its_first_day_and_source():
    text = (PROJECT_ROOT / "docs" / "formats.md").read_text()
    listed = {found[1]: found.groups()[1:] for found in map(ROW.match, text.splitlines())
              if found}
    expected = {season.id: (season.format,
                            str(season.window_from or season.effective),
                            str(season.effective) if season.window_from else None,
                            season.source.url)
                for lineage in lineages() for season in lineage.seasons}
    assert listed == expected


def test_the_docs_list_every_dated_rule_with_its_day_and_check():
    text = (PROJECT_ROOT / "docs" / "formats.md").read_text()
    for lineage in lineages():
        for rule in lineage.rules:
            assert f"| `{rule.id}`: {rule.name} | {rule.effective} | `{rule.code}` |" in text
