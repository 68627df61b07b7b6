"""Reading decklist files for `deckjudge check`: the format comment and JSON line numbers."""

from __future__ import annotations

import pytest

from client import files


def deck(tmp_path, text: str) -> files.DeckFile:
    path = tmp_path / "deck.txt"
    path.write_text(text)
    return files.read(str(path))


@pytest.mark.parametrize("text, expected", [
    ("# format: partner-battles\n1 Charizard ex OBF 125\n", ("partner-battles", 1)),
    ("# My deck\n\n// Format = Modified\n4 Bill LC 108\n", ("modified", 3)),
    ("4 Bill LC 108\n# format: modified\n", (None, None)),  # only leading comments count
    ("## format: modified\n4 Bill LC 108\n", (None, None)),  # "##" is a PTCG Live header
    ("# formats are hard\n4 Bill LC 108\n", (None, None)),
])
def test_the_format_comes_from_a_leading_comment(tmp_path, text, expected):
    found = deck(tmp_path, text)
    assert (found.format_id, found.format_line) == expected


def test_a_byte_order_mark_is_not_part_of_the_text(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeff# format: unlimited\n4 Bill LC 108\n".encode())
    found = files.read(str(path))
    assert found.format_id == "unlimited" and found.text.startswith("# format")


def test_json_entries_map_to_the_lines_they_start_on(tmp_path):
    found = deck(tmp_path, '[{"count": 1,\n "id": "a"},\n\n {"count": 2, "id": "b"}, {"x": [\n1]}]')
    assert found.entry_lines == (1, 4, 4)
    assert [found.file_line(n) for n in (1, 2, 3, 4, None)] == [1, 4, 4, None, None]


def test_broken_json_maps_the_entries_before_the_break(tmp_path):
    found = deck(tmp_path, '[\n{"count": 1, "id": "a"},\n{"count": 2,, "id": "b"}\n]')
    assert found.entry_lines == (2, 3)


def test_text_lines_are_the_files_own(tmp_path):
    found = deck(tmp_path, "4 Bill LC 108\n")
    assert found.entry_lines == () and found.file_line(7) == 7


def test_a_file_that_is_not_utf8_names_its_line(tmp_path):
    path = tmp_path / "latin1.txt"
    path.write_bytes(b"4 Bill LC 108\n\n4 Pok\xe9 Ball\n")
    with pytest.raises(files.UnreadableFile) as raised:
        files.read(str(path))
    assert raised.value.line == 3
