"""docs/performance.md's figures are those of the last `make bench` (bench/figures.json), the
figures other docs and comments cite are within their tolerance of them, and each speed
trick of its table is marked in the code where the table says: bench/report.py --check, which
`make lint` runs too."""

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


def test_every_speed_trick_is_marked_in_the_file_its_row_names():
    assert report.trick_errors(report.DOC.read_text(encoding="utf-8")) == []


def test_a_figure_out_of_tolerance_is_named(tmp_path):
    _, figures = report.load()
    cited = report.CITED[0]
    moved = {**figures, cited.key: figures[cited.key] * 3}
    [error] = [error for error in report.cited_errors(moved) if error.startswith(cited.path)
               and cited.key in error]
    assert "tolerance" in error


def _row(text: str, name: str) -> str:
    [row] = [line for line in text.splitlines() if line.startswith(f"| {name} |")]
    return row


def test_a_trick_not_marked_in_the_file_its_row_names_is_named():
    text = report.DOC.read_text(encoding="utf-8")
    row = _row(text, "tuple builder")
    moved = text.replace(row, row.replace("`runtime/tuples.py`", "`runtime/deadline.py`"))
    assert report.trick_errors(moved) == [
        "runtime/deadline.py: no comment marks the trick 'tuple builder' "
        '(speed trick "tuple builder")']


def test_a_mark_that_names_no_row_is_named():
    text = report.DOC.read_text(encoding="utf-8")
    [error] = report.trick_errors(text.replace(_row(text, "plain count") + "\n", ""))
    assert error.startswith("decklist/lines.py:")
    assert "speed trick 'plain count' is no row" in error
