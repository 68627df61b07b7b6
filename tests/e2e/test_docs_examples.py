"""The README's and docs' shell examples, run as written and held to the output they show.

A runnable example is a fenced block whose info string is `sh example`. Each command in it
(a line and its `\\` continuations) runs in bash from the repository's root against the real
gunicorn serving the full catalog: `127.0.0.1:8000`, where `make run` serves, is replaced by
that server's address, `DATABASE_URL` names the same catalog, and the virtualenv's `bin` is
first on `PATH`. The lines `# → …` after a command say what it gives:
- `# → {…}`: its output is JSON holding these keys with these values, each object in a
  list found among the answer's (the doc shows what matters; the rest may be anything);
- `# → exit status N`: it exits N (otherwise it must exit 0);
- `# → text`: its output holds the text.

Other shell blocks (```sh alone) start what does not end (`make run`, `make production`),
or need another machine, a PostgreSQL server's URL or GitHub: each `make TARGET` they name
is a target whose commands resolve (the programs, modules and files they name exist).
Every line of any doc that starts with `curl` must be in an example block, so no request a
doc shows goes unchecked. And every decklist line a doc shows in backticks (`4 Bill LC 108`)
names a card of the real catalog, and each input form docs/decklists.md lists is read as
that form.
"""

from __future__ import annotations

import importlib
import importlib.util
import json
import os
import shlex
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from runtime import patterns
from tests.support.paths import PROJECT_ROOT
from tests.support.servers import gunicorn

pytestmark = pytest.mark.full_catalog
DOCS = [PROJECT_ROOT / "README.md", *sorted((PROJECT_ROOT / "docs").glob("*.md")),
        PROJECT_ROOT / "examples" / "README.md"]
SERVED = "127.0.0.1:8000"
EXPECT, EXIT = "# → ", "exit status "


@dataclass
class Command:
    where: str  # file:line
    text: str
    expected: list[str] = field(default_factory=list)


@dataclass
class Block:
    where: str
    info: str
    lines: list[str]


def blocks(path: Path) -> list[Block]:
    """The fenced code blocks of a Markdown file."""
    found, current = [], None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.startswith("```"):
            if current is None:
                current = Block(f"{path.relative_to(PROJECT_ROOT)}:{number}",
                                line[3:].strip(), [])
            else:
                found.append(current)
                current = None
        elif current is not None:
            current.lines.append(line)
    assert current is None, f"{path}: a fenced block is not closed"
    return found


def commands(block: Block) -> list[Command]:
    """The commands of an example block, each with the lines that say what it gives."""
    found: list[Command] = []
    pending = ""
    file, start = block.where.rsplit(":", 1)
    for offset, line in enumerate(block.lines, start=1):
        if line.startswith(EXPECT):
            found[-1].expected.append(line.removeprefix(EXPECT))
        elif line.startswith("#") or not line.strip():
            continue
        elif line.endswith("\\"):
            pending += line[:-1] + " "
        else:
            found.append(Command(f"{file}:{int(start) + offset}", pending + line))
            pending = ""
    return found


def examples() -> list[Command]:
    return [command for path in DOCS for block in blocks(path)
            if block.info == "sh example" for command in commands(block)]


def holds(expected: Any, answer: Any) -> bool:
    """Whether the answer has what the doc shows: its keys and values, each listed item."""
    if isinstance(expected, dict):
        return isinstance(answer, dict) and all(
            key in answer and holds(value, answer[key]) for key, value in expected.items())
    if isinstance(expected, list):
        return isinstance(answer, list) and all(
            any(holds(item, given) for given in answer) for item in expected)
    return bool(expected == answer)


@pytest.fixture(scope="module")
def server(full_db_url):
    with gunicorn(full_db_url) as base:
        yield base, full_db_url


@pytest.mark.parametrize("command", examples(), ids=lambda command: command.where)
def test_each_example_gives_what_its_doc_shows(server, command):
    base, database = server
    env = {**os.environ, "DATABASE_URL": database,
           "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    env.pop("DECKJUDGE_URL", None)
    env.pop("GITHUB_ACTIONS", None)
    done = subprocess.run(["bash", "-c", command.text.replace(SERVED, base.split("//")[1])],
                          cwd=PROJECT_ROOT, env=env, capture_output=True, text=True,
                          timeout=300)
    statuses = [int(line.removeprefix(EXIT)) for line in command.expected
                if line.startswith(EXIT)]
    assert done.returncode == (statuses[0] if statuses else 0), done.stderr
    for expected in command.expected:
        if expected.startswith("{"):
            assert holds(json.loads(expected), json.loads(done.stdout)), done.stdout[:2000]
        elif not expected.startswith(EXIT):
            assert expected in done.stdout, done.stdout[:2000]


def test_every_example_block_shows_what_a_command_gives():
    found = examples()
    assert len(found) >= 10
    blocks_without = [block.where for path in DOCS for block in blocks(path)
                      if block.info == "sh example"
                      and not any(command.expected for command in commands(block))]
    assert blocks_without == []


def test_every_request_a_doc_shows_is_an_example():
    outside = []
    for path in DOCS:
        inside = {(block.where, line) for block in blocks(path) if block.info == "sh example"
                  for line in block.lines}
        shown = {line for _, line in inside}
        outside += [f"{path.name}:{number}" for number, line
                    in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1)
                    if line.strip().startswith("curl ") and line not in shown]
    assert outside == []


def make_targets() -> list[str]:
    """The `make TARGET` commands of the docs' shell blocks that are not run."""
    return sorted({shlex.split(line)[1] for path in DOCS for block in blocks(path)
                   if block.info == "sh" for line in block.lines
                   if line.startswith("make ") and len(shlex.split(line)) > 1})


@pytest.mark.parametrize("target", make_targets())
def test_each_make_target_a_doc_names_resolves(target):
    planned = subprocess.run(["make", "-n", target], cwd=PROJECT_ROOT, capture_output=True,
                             text=True, timeout=60)
    assert planned.returncode == 0, planned.stderr
    for line in planned.stdout.replace("\\\n", " ").splitlines():
        if line.lstrip().startswith(("if ", "cd ")):
            continue  # a shell condition (installing a missing Debian package)
        words = [word for word in shlex.split(line) if "=" not in word or word.startswith("-")]
        if not words:
            continue
        program = words[0]
        if program.startswith(".venv/bin/"):
            assert os.access(PROJECT_ROOT / program, os.X_OK), line
        for position, (flag, value) in enumerate(zip(words, words[1:], strict=False)):
            if flag == "-m" and position == 1 and program.endswith("python"):
                # python's own -m (pytest's later -m is a marker expression)
                assert importlib.util.find_spec(value) is not None, line
            if flag == "-c" and value.endswith(".py"):
                assert (PROJECT_ROOT / value).is_file(), line
            if ":" in value and value.endswith("()"):
                module, _, name = value[:-2].partition(":")
                assert hasattr(importlib.import_module(module), name), line
        for word in words[1:]:
            if word.startswith(("bench/", "tests/")) and word.endswith(".py"):
                assert (PROJECT_ROOT / word).is_file(), line


def test_the_make_targets_the_readme_starts_with_are_checked():
    assert {"run", "production"} <= set(make_targets())


# A card line a doc shows in backticks: a count (`4`, `4x`, PTCGO's `* 4`) and a name.
_SAMPLE = patterns.compile(r"`((?:\* )?[1-9]\d*x? [^`]+)`")
_STATUS_AND_TYPE = patterns.compile(r"^\d{3} [a-z]+(?:-[a-z]+)+$")  # `413 decklist-too-large`


def sample_lines() -> list[tuple[str, str]]:
    found = {}
    for path in DOCS:
        for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            for sample in _SAMPLE.findall(text):
                if not _STATUS_AND_TYPE.match(sample):
                    found.setdefault(sample, f"{path.relative_to(PROJECT_ROOT)}:{number}")
    return sorted((where, sample) for sample, where in found.items())


@pytest.mark.parametrize(("where", "sample"), sample_lines(),
                         ids=[f"{where} {sample}" for where, sample in sample_lines()])
def test_each_sample_line_a_doc_shows_names_a_real_card(client, where, sample):
    answer = client.post("/v1/resolve", data=sample.encode(), content_type="text/plain")
    assert answer.status_code == 200, answer.get_json()
    [line] = answer.get_json()["lines"]
    assert line["status"] in ("resolved", "ambiguous"), (where, line)


def input_forms() -> list[tuple[str, list[str]]]:
    """The rows of docs/decklists.md's table of input forms: the form and its samples."""
    text = (PROJECT_ROOT / "docs" / "decklists.md").read_text(encoding="utf-8")
    table = text.partition("## Input forms")[2].partition("\n\n|")[2].partition("\n\n")[0]
    rows = [line.strip("|").split("|") for line in ("|" + table).splitlines()[2:]]
    return [(form.strip().strip("`"), [sample for sample in samples.split("`")[1::2]])
            for form, samples in rows]


@pytest.mark.parametrize(("form", "samples"), input_forms(),
                         ids=[form for form, _ in input_forms()])
def test_each_input_form_the_docs_show_is_read_as_that_form(client, form, samples):
    if form == "json":
        [entries] = samples
        answer = client.post("/v1/resolve", json=json.loads(entries))
    else:
        answer = client.post("/v1/resolve", data="\n".join(samples).encode(),
                             content_type="text/plain")
    body = answer.get_json()
    assert answer.status_code == 200 and body["input_format"] == form, body
    assert all(line["status"] != "unknown" for line in body["lines"]), body["lines"]
    assert [p for p in body["problems"] if p["code"] == "not-a-card-line"] == []
