"""Registration sheets read back with poppler (`make sheets` installs it and the fonts): the
text layer holds every line and the player's fields, a long list goes on to a second page,
the paper is the one asked for, Japanese prints, and every page renders."""

from __future__ import annotations

import re
import subprocess
from datetime import date
from pathlib import Path

import pytest
from PIL import Image

from decklist.detect import parse
from sheets.registration import SheetEntry, SheetLine, registration_pdf

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
# Published by littledarkfury, 2026-05-02 (tests/corpus/sources.json names the video).
ZOROARK = CORPUS / "codes4tcg-decks" / "littledarkfury-2026-05-02-zoroark-blaziken.txt"
REFERENCE = re.compile(r"(?P<name>.+) (?P<set>\S+) (?P<number>\S+)")
# The page sizes pdfinfo reports, in points.
SIZES = {"a4": "595.28 x 841.89 pts (A4)", "letter": "612 x 792 pts (letter)"}


def real_entry(**fields) -> SheetEntry:
    """The Zoroark/Blaziken list as a sheet's entry, each section as the list has it."""
    sections: dict[str, list[SheetLine]] = {"pokemon": [], "trainer": [], "energy": []}
    for line in parse(ZOROARK.read_text(encoding="utf-8")).entries:
        found = REFERENCE.fullmatch(line.reference)
        assert found, line.reference
        sections[line.section].append(
            SheetLine(line.copies, found["name"], found["set"], found["number"]))
    values = {"event_name": "League Challenge Lyon", "event_date": date(2026, 5, 16),
              "player_name": "Zoë Lefèvre", "player_id": "4012345", "division": None,
              "birth_date": date(2011, 2, 28), "pokemon": tuple(sections["pokemon"]),
              "trainers": tuple(sections["trainer"]), "energy": tuple(sections["energy"])}
    return SheetEntry(**(values | fields))


def run(*command: str) -> str:
    done = subprocess.run(command, capture_output=True, text=True, check=False, timeout=60)
    assert done.returncode == 0 and done.stderr == "", (command, done.stderr)
    return done.stdout


def text_of(pdf: Path, page: int | None = None) -> str:
    pages = ("-f", str(page), "-l", str(page)) if page else ()
    return run("pdftotext", "-layout", *pages, str(pdf), "-")


def info(pdf: Path) -> dict[str, str]:
    return dict(line.split(":", 1) for line in run("pdfinfo", str(pdf)).splitlines()
                if ":" in line)


def written(tmp_path: Path, entries: list[SheetEntry], paper: str) -> Path:
    pdf = tmp_path / f"sheet-{paper}.pdf"
    pdf.write_bytes(registration_pdf(entries, paper))
    return pdf


def printed_line(line: SheetLine) -> re.Pattern[str]:
    """A line as pdftotext -layout lays it out: quantity, name, set and number on one row."""
    return re.compile(rf"^\s*{line.quantity}\s+{re.escape(line.name)}\s+"
                      rf"{re.escape(line.set_code)}\s+{re.escape(line.number)}\s*$", re.M)


@pytest.mark.parametrize("paper", sorted(SIZES))
def test_a_published_list_prints_every_line_and_field_on_one_page(tmp_path, paper):
    entry = real_entry()
    pdf = written(tmp_path, [entry], paper)
    assert info(pdf)["Pages"].strip() == "1"
    assert info(pdf)["Page size"].strip() == SIZES[paper]
    text = text_of(pdf)
    lines = [line for _, section in entry.sections() for line in section]
    assert len(lines) == 33
    for line in lines:
        assert len(printed_line(line).findall(text)) == 1, line
    headings = [f"{title} ({sum(line.quantity for line in section)})"
                for title, section in entry.sections()]
    assert headings[2] == "Energy (9)"  # 3 + 3 + 2 + 1 basic Energy, in 4 lines
    for value in ("League Challenge Lyon", "2026-05-16", "Zoë Lefèvre", "4012345",
                  "2011-02-28", *headings, "Total cards: 60", "Page 1 of 1"):
        assert value in text, value
    # Born 2011, in the 2026 season (Junior from 2014, Masters to 2009): Senior.
    assert re.search(r"^\s*2011-02-28\s+Senior\s*$", text, re.M)
    # The sections in the organizer's order, each line in the list's.
    where = [printed_line(line).search(text).start() for line in lines]
    assert where == sorted(where)
    assert [text.index(heading) for heading in headings] == sorted(
        text.index(heading) for heading in headings)


def sixty_distinct() -> SheetEntry:
    pokemon = tuple(SheetLine(1, f"Pokémon {i}", "PAF", str(i)) for i in range(1, 31))
    trainers = tuple(SheetLine(1, f"Trainer {i}", "SVI", str(i)) for i in range(101, 121))
    energy = tuple(SheetLine(1, f"Energy {i}", "SVE", str(i)) for i in range(1, 11))
    return real_entry(pokemon=pokemon, trainers=trainers, energy=energy)


@pytest.mark.parametrize("paper", sorted(SIZES))
def test_sixty_distinct_cards_go_on_to_a_second_page(tmp_path, paper):
    entry = sixty_distinct()
    pdf = written(tmp_path, [entry], paper)
    assert info(pdf)["Pages"].strip() == "2"
    first, second = text_of(pdf, 1), text_of(pdf, 2)
    lines = [line for _, section in entry.sections() for line in section]
    on_first = [line for line in lines if printed_line(line).search(first)]
    on_second = [line for line in lines if printed_line(line).search(second)]
    assert on_first and on_second and on_first + on_second == lines
    assert "Page 1 of 2" in first and "Page 2 of 2" in second
    assert "Zoë Lefèvre (4012345): list continued" in second
    assert "Trainer (20), continued" in second
    assert "Total cards: 60" in second and "Total cards" not in first


def test_every_player_of_an_event_on_pages_of_their_own(tmp_path):
    players = [real_entry(), sixty_distinct(), real_entry(player_name="山田 太郎",
                                                           player_id="7654321")]
    pdf = written(tmp_path, players, "a4")
    assert info(pdf)["Pages"].strip() == "4"
    owners = [text_of(pdf, page) for page in range(1, 5)]
    assert "Zoë Lefèvre" in owners[0] and "Page 1 of 1" in owners[0]
    assert "Page 1 of 2" in owners[1] and "Page 2 of 2" in owners[2]
    assert "山田 太郎" in owners[3] and "Zoë" not in owners[3]


def test_names_in_japanese_print_and_a_script_no_font_has_is_a_question_mark(tmp_path):
    entry = real_entry(player_name="山田 太郎",
                       event_name="シティリーグ 東京 / Ligue de Paris / Лига",
                       pokemon=(SheetLine(2, "リザードンex", "SV3", "066"),),
                       trainers=(SheetLine(4, "ナンジャモ", "SV2a", "091"),),
                       energy=(SheetLine(1, "สมชาย Energy", "SVE", "1"),))
    pdf = written(tmp_path, [entry], "a4")
    text = text_of(pdf)
    assert "山田 太郎" in text
    assert "シティリーグ 東京 / Ligue de Paris / Лига" in text
    assert printed_line(SheetLine(2, "リザードンex", "SV3", "066")).search(text)
    assert printed_line(SheetLine(4, "ナンジャモ", "SV2a", "091")).search(text)
    # Thai is in neither DejaVu Sans nor Noto Sans CJK: one '?' a character, visibly.
    assert printed_line(SheetLine(1, "?" * len("สมชาย") + " Energy", "SVE", "1")).search(text)
    fonts = run("pdffonts", str(pdf))
    assert "DejaVuSans" in fonts and "NotoSansCJK" in fonts


@pytest.mark.parametrize("paper", sorted(SIZES))
def test_pdftoppm_renders_every_page(tmp_path, paper):
    pdf = written(tmp_path, [sixty_distinct()], paper)
    run("pdftoppm", "-r", "40", "-png", str(pdf), str(tmp_path / "page"))
    images = sorted(tmp_path.glob("page-*.png"))
    assert len(images) == 2
    for image in images:
        with Image.open(image) as page:
            grey = page.convert("L")
            # Ink on paper: the page is mostly white, with text and rules drawn on it.
            dark = sum(grey.histogram()[:128])
            assert 0 < dark < grey.width * grey.height / 4
