"""tools/no_history.py, which `make lint` runs: the words that tell history, and the few
phrases that use them for something else."""

from __future__ import annotations

import pytest

from tools.no_history import findings


@pytest.mark.parametrize("line", [
    "# measured in session 9",
    "The fix for issue 23 makes it so.",
    "see issue #4",
    "def test_round_2_figures():",
    "It previously read the archive.",
    "def test_the_list_no_longer_has_it():",
    "the key used to be a tuple",
    "(measured on 2 cores, before this module)",
    "it now takes a string instead of a tuple",
])
def test_a_line_that_tells_history_is_found(line):
    [found] = findings("a.py", line)
    assert found.startswith("a.py:1: ")


@pytest.mark.parametrize("line", [
    "Modified's \"previously printed copies of legal cards\" (§226)",
    "def test_a_previously_printed_copy_is_legal():",
    "the lock is held no longer than the deadline",
    "python bench/page.py [--rounds 30]",
    "A round of a tournament lasts 50 minutes.",
    "the same session's cookies",
])
def test_a_line_that_uses_the_words_otherwise_passes(line):
    assert findings("a.py", line) == []
