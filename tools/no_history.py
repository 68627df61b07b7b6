"""Fail on words that tell the project's history in code, comments, docs or test names.

    .venv/bin/python tools/no_history.py      # part of `make lint`

Code, comments, docs and tests speak of the code as it is: what was done when, and by which
round of work, belongs in commit messages. Every file git tracks is read except data taken
from elsewhere (the decklist corpus, card and format data, fixtures), and each line is
searched for the phrases in HISTORY. ALLOWED holds the few phrases that use those words for
something else, each with why.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from runtime import patterns  # noqa: E402

# Searched in the line lowered; a word's edges are written as the neighbouring class.
HISTORY = patterns.compile(
    r"(sessions? \d|issues? #?\d|(?:^|[^-a-z])rounds? \d|rounds? of work|previously|"
    r"no longer|used to be|before this (?:module|change|commit|fix|session)|this session|"
    r"now [^.]{0,40}instead of)")
# Phrases that hold those words in another sense, each with why; matched case-insensitively.
ALLOWED = {
    "previously printed": "a rule's own words (DCI Floor Rules 2003 §226, Modified's "
                          "\"previously printed copies of legal cards\")",
    "no longer than": "a bound (\"held no longer than the deadline\"), not a change",
}
# Data taken from elsewhere, kept as published.
SKIPPED = ("tests/corpus/", "tests/fixtures/", "tests/tournaments/", "catalog/data/",
           "validators/formats/", "migrations/versions/")
SKIPPED_SUFFIXES = (".json", ".png", ".pdf", ".sqlite3", ".gz", ".zip")
# This tool and its test, which hold the words as what to find.
OWN = ("tools/no_history.py", "test_no_history.py")


def tracked() -> list[str]:
    listed = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.splitlines()
    return [name for name in listed if not name.startswith(SKIPPED)
            and not name.endswith(SKIPPED_SUFFIXES) and not name.endswith(OWN)]


def findings(name: str, text: str) -> list[str]:
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        lowered = line.lower().replace("_", " ")  # test names: test_a_previously_…
        for allowed in ALLOWED:
            lowered = lowered.replace(allowed, " " * len(allowed))
        hit = HISTORY.search(lowered)
        if hit is not None:
            found.append(f"{name}:{number}: {hit.group(0)!r} tells history: {line.strip()}")
    return found


def main() -> int:
    found = []
    for name in tracked():
        path = ROOT / name
        if not path.is_file():
            continue  # deleted in the work tree, not yet in the index
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # not text
        found += findings(name, text)
    for line in found:
        print(line, file=sys.stderr)
    if found:
        print(f"{len(found)} lines tell history: say what the code does now, or put it in the "
              f"commit message (tools/no_history.py)", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
