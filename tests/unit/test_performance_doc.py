"""docs/performance.md's figures are those of the last `make bench` (bench/figures.json), the
figures other docs and comments cite are within their tolerance of them, and each speed
trick's figure is the one its comment gives: bench/report.py --check, which `make lint` runs
too."""

from __future__ import annotations

import sys

from tests.conftest import PROJECT_ROOT

sys.path.insert(0, str(PROJECT_ROOT / "bench"))

import report  # noqa: E402


def test_the_figures_written_are_the_benchmarks():
    machine, figures = report.load()
    text = report.DOC.read_text(encoding="utf-8")
    assert report.render(text, machine, figures) == text, (
        "docs/performance.md is not what bench/report.py writes from bench/figures.json")


def test_every_figure_cited_elsewhere_is_within_its_tolerance():
    _, figures = report.load()
    assert report.cited_errors(figures) == []


def test_every_speed_trick_gives_its_comments_figure():
    assert report.trick_errors(report.DOC.read_text(encoding="utf-8")) == []


def test_a_figure_out_of_tolerance_is_named(tmp_path):
    _, figures = report.load()
    cited = report.CITED[0]
    moved = {**figures, cited.key: figures[cited.key] * 3}
    [error] = [error for error in report.cited_errors(moved) if error.startswith(cited.path)
               and cited.key in error]
    assert "tolerance" in error


def test_a_trick_whose_comment_lost_its_figure_is_named():
    text = report.DOC.read_text(encoding="utf-8").replace("0.3 µs a call, 18 µs of parsing",
                                                          "0.3 µs a call, 19 µs of parsing")
    assert any("runtime/caches.py" in error and "19 µs" in error
               for error in report.trick_errors(text))
