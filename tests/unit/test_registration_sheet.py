"""The registration sheet's parts that need no PDF reader: the age divisions by season, how a
list is split into pages, and the visible '?' for what no font prints."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from sheets.divisions import JUNIOR, MASTERS, SEASONS, SENIOR, age_division, season_on
from sheets.fonts import FontFile, installed
from sheets.registration import (
    PAPERS,
    SectionRow,
    Sheet,
    SheetEntry,
    SheetLine,
    TotalRow,
    draw_entry,
    paginate,
    registration_pdf,
)


def entry(pokemon: int, trainers: int = 0, energy: int = 0, **fields) -> SheetEntry:
    lines = [SheetLine(1, f"Card {i}", "SVI", str(i)) for i in range(pokemon + trainers + energy)]
    values = {"event_name": "League Cup", "event_date": date(2026, 11, 7), "player_name": "Ann",
              "player_id": "1234567", "birth_date": None, "division": None} | fields
    return SheetEntry(**values, pokemon=tuple(lines[:pokemon]),
                      trainers=tuple(lines[pokemon:pokemon + trainers]),
                      energy=tuple(lines[pokemon + trainers:]))


@pytest.mark.parametrize(("born", "on", "division"), [
    # The 2026 season (2025-08-18 to 2026-08-30): Junior 2014 on, Masters 2009 and before.
    (date(2014, 1, 1), date(2026, 3, 1), JUNIOR),
    (date(2013, 12, 31), date(2026, 3, 1), SENIOR),
    (date(2010, 1, 1), date(2026, 3, 1), SENIOR),
    (date(2009, 12, 31), date(2026, 3, 1), MASTERS),
    # The World Championships close a season: the day after them, a birth year moves up.
    (date(2014, 6, 1), date(2026, 8, 30), JUNIOR),
    (date(2014, 6, 1), date(2026, 8, 31), SENIOR),
    (date(2010, 6, 1), date(2026, 8, 31), MASTERS),
])
def test_a_birth_date_falls_in_its_seasons_division(born, on, division):
    assert age_division(born, on) == division


def test_the_seasons_move_one_birth_year_a_season_from_the_2022_announcement():
    # Play! Pokémon's 2022 Championship Series: Junior born 2010 on, Masters 2005 and before.
    for season in SEASONS:
        step = int(season.name) - 2022
        assert (season.junior_born_from, season.masters_born_until) == (2010 + step, 2005 + step)
    assert [s.first_day for s in SEASONS] == sorted(s.first_day for s in SEASONS)


def test_no_division_is_guessed_outside_the_seasons_listed():
    assert season_on(date(2022, 8, 21)) is None
    assert age_division(date(2000, 1, 1), date(2022, 8, 21)) is None
    assert age_division(date(2000, 1, 1), date(2031, 1, 1)) is None
    assert entry(1, birth_date=date(2000, 1, 1), event_date=date(2031, 1, 1)).age_division() == ""


def test_the_organizers_division_is_printed_over_the_birth_dates():
    assert entry(1, birth_date=date(2000, 1, 1)).age_division() == MASTERS
    assert entry(1, birth_date=date(2000, 1, 1), division=JUNIOR).age_division() == JUNIOR
    assert entry(1).age_division() == ""


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_a_list_of_a_usual_length_is_one_page_with_its_total_last(paper):
    # 33 lines, as many as tests/corpus's Zoroark/Blaziken list has.
    pages = paginate(entry(15, 13, 5), PAPERS[paper][1])
    assert len(pages) == 1
    assert pages[0][-1] == TotalRow(33)
    assert sum(isinstance(row, SheetLine) for row in pages[0]) == 33


@pytest.mark.parametrize("paper", sorted(PAPERS))
def test_a_long_list_goes_on_with_its_section_heading_repeated(paper):
    pages = paginate(entry(30, 20, 10), PAPERS[paper][1])
    assert len(pages) == 2
    lines = [row for page in pages for row in page if isinstance(row, SheetLine)]
    assert [line.name for line in lines] == [f"Card {i}" for i in range(60)]
    # The first page ends within the trainers: the second goes on under their heading.
    assert isinstance(pages[0][-1], SheetLine) and pages[0][-1] in entry(30, 20, 10).trainers
    assert pages[1][0] == SectionRow("Trainer", 20, continued=True)
    headings = [row for page in pages for row in page if isinstance(row, SectionRow)]
    assert [(row.title, row.continued) for row in headings] == [
        ("Pokémon", False), ("Trainer", False), ("Trainer", True), ("Energy", False)]


def test_letter_holds_fewer_lines_a_page_than_a4():
    def first_page_lines(paper: str) -> int:
        return sum(isinstance(row, SheetLine) for row in paginate(entry(80), PAPERS[paper][1])[0])

    assert first_page_lines("letter") < first_page_lines("a4")


def test_without_font_files_the_core_font_prints_latin_1_and_a_question_mark_for_the_rest():
    sheet = Sheet("a4", fonts=())
    assert sheet.family == "helvetica"
    assert sheet.printed("Zoë 山田 Ярослав") == "Zoë ?? ???????"


def test_a_family_without_its_regular_face_is_not_used(tmp_path: Path):
    bold_only = tmp_path / "Bold.ttf"
    bold_only.write_bytes(b"")
    assert installed((FontFile("x", "B", bold_only),)) == ()
    assert installed((FontFile("x", "", tmp_path / "absent.ttf"),)) == ()


def test_a_sheet_needs_a_known_paper_and_a_player():
    with pytest.raises(ValueError, match="paper"):
        registration_pdf([entry(1)], "a5")
    with pytest.raises(ValueError, match="player"):
        registration_pdf([], "a4")


def test_a_sheet_without_font_files_is_drawn_in_the_core_font():
    sheet = Sheet("letter", fonts=())
    draw_entry(sheet, entry(3, 2, 1, player_name="山田 Zoë"))
    pdf = sheet.output()
    assert pdf.startswith(b"%PDF-") and b"/BaseFont /Helvetica" in pdf
    assert b"FontFile2" not in pdf  # nothing embedded
