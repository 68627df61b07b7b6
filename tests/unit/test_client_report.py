"""`deckjudge check`'s job summary (client/report.py, Markdown): a row a deck file, the first
findings of each that is not legal, and names and messages shown as written."""

from __future__ import annotations

from client.report import SUMMARY_FINDINGS, markdown, markdown_failure
from client.results import ERROR, FAILED, ILLEGAL, LEGAL, WARNING, FileResult, Finding


def test_a_summary_rows_each_deck_and_lists_the_first_findings_of_those_not_legal():
    findings = [Finding(ERROR, "copy-limit", f"6 cards titled 'Switch*{n}'", n, (), "§221")
                for n in range(1, SUMMARY_FINDINGS + 2)]
    checked = [FileResult("decks/my_deck|1.txt", "modified", LEGAL),
               FileResult("b.txt", "modified", ILLEGAL,
                          [Finding(WARNING, "ban-uncertain", "may be banned", 2), *findings]),
               FileResult("c.txt", None, FAILED,
                          [Finding(ERROR, "no-format", "no format given")])]
    lines = markdown(checked).splitlines()
    assert lines[0] == ("### deckjudge: 3 decks checked: 1 legal, 1 illegal, 1 not checked; "
                        f"{SUMMARY_FINDINGS + 2} errors, 1 warning")
    assert lines[4:7] == ["| decks/my\\_deck\\|1.txt | modified | legal | 0 | 0 |",
                          f"| b.txt | modified | illegal | {SUMMARY_FINDINGS + 1} | 1 |",
                          "| c.txt |  | not checked | 1 | 0 |"]
    b = lines.index(f"#### b.txt: illegal in modified ({SUMMARY_FINDINGS + 1} errors, "
                    "1 warning)")
    # errors first, each with its rule; the warning past the first five is counted
    assert lines[b + 2] == "- line 1: **copy-limit** 6 cards titled 'Switch\\*1' \\[§221\\]"
    assert lines[b + 2 + SUMMARY_FINDINGS] == \
        "- … and 2 more findings (the step's log lists every one)"
    assert lines[-3:] == ["#### c.txt: not checked (1 error)", "",
                          "- **no-format** no format given"]


def test_a_check_that_could_not_run_says_why():
    assert markdown_failure("no format 'modifed'; formats: <all>") == (
        "### deckjudge could not check the decks\n\nno format 'modifed'; formats: \\<all\\>\n")
