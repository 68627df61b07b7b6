"""docs/performance.md's figures are those of the last `make bench` (bench/figures.json), the
figures other docs and comments cite are within their tolerance of them, each speed trick of
its table is marked in the code where the table says, and the service's code gives no
measured figure: bench/report.py --check, which `make lint` runs too."""

from __future__ import annotations

import sys

from tests.support.paths import PROJECT_ROOT

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
    assert error.startswith("decklist/card_lines.py:")
    assert "speed trick 'plain count' is no row" in error


def test_no_service_file_gives_a_measured_figure():
    assert report.figure_errors() == []


def test_a_measured_figure_is_found_and_a_setting_is_not():
    text = ('3 seats, HTTP 2, "PR" → basep, "×2" → "x2", 5 msgs, a 20 s deadline, within 20 s\n'
            "4 MiB at most, a SIGTERM every 2 ms, `deckjudge check` waits 30 s\n"
            "placed in 0.22 µs where a frozen dataclass took 0.76 µs; 157 ns\n"
            "84 → 51 µs, 1,201 → 983; took 2.3 to 8.4 s; 0.65 s of CPU; about 10 s\n")
    assert report.figures_in(text) == [
        (3, "0.22 µs"), (3, "0.76 µs"), (3, "157 ns"),
        (4, "51 µs"), (4, "2.3 to 8.4 s"), (4, "10 s"), (4, "0.65 s of CPU"), (4, "84 → 51"),
        (4, "1,201 → 983")]


def test_a_measured_figure_in_service_code_is_named_with_its_file_and_line(tmp_path):
    (tmp_path / "validators").mkdir()
    (tmp_path / "validators" / "fast.py").write_text(
        '"""Quick, with a deadline of 20 s."""\n\n'
        "# Built with tuple_builder: 0.22 µs, where a frozen dataclass took 0.76 µs.\n"
        "FAST = True\n", encoding="utf-8")
    errors = report.figure_errors(tmp_path)
    assert [error.partition(" is ")[0] for error in errors] == [
        "validators/fast.py:3: '0.22 µs'", "validators/fast.py:3: '0.76 µs'"]
