"""The README's and docs' shell examples, run as written and held to the output they show.

A runnable example is a fenced block whose info string is `sh example`. Each command in it
(a line and its `\\` continuations) runs in bash from the repository's root, offline, in the
setting the docs describe and no other: the service is `make run` itself, run as the README
says (it imports the full catalog from ../shared into the checkout's own SQLite file,
`instance/deckjudge.sqlite3`, unless the one loaded is the same, and serves it with
gunicorn), on a port of the test's own through `PORT`, which the README says to write in the
requests in place of `127.0.0.1:8000`. Neither the server nor a command is given any variable
the docs do not show: the test run's environment is left behind but for what a shell has
anyway (PATH, HOME, the locale...), so no `DATABASE_URL` names a catalog, and a command
that reads one reads the one `make run` imported, as a reader's would. Two things are added,
neither of which a doc's command may depend on: every proxy variable names a port where
nothing listens (loopback excepted), so that whatever would download card data from GitHub
fails instead; and `XDG_CACHE_HOME` names an empty folder of the test's, the cache a fresh
user has, so that the user's own (deckjudge's catalog in ~/.cache/deckjudge) is neither read
nor written. The lines `# → …` after a command say what it gives:
- `# → {…}`: its output is JSON holding these keys with these values, each object in a
  list found among the answer's (the doc shows what matters; the rest may be anything);
- `# → exit status N`: it exits N (otherwise it must exit 0);
- `# → text`: its output holds the text.

Other shell blocks (```sh alone) start what does not end (`make run`, which the test starts
as the examples' server; `make production`), run the suite itself (`make test`), show a
command's synopsis, or need another machine, a PostgreSQL server's URL or GitHub: each
`make TARGET` they name is a target whose commands resolve (the programs, modules and files
they name exist).
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
import signal
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import requests

from catalog.importing.sources import shared_tcgdex
from runtime import patterns
from tests.support.paths import PROJECT_ROOT, have_shared_data
from tests.support.servers import free_port, release_port

pytestmark = pytest.mark.full_catalog
DOCS = [PROJECT_ROOT / "README.md", *sorted((PROJECT_ROOT / "docs").glob("*.md")),
        PROJECT_ROOT / "examples" / "README.md"]
SERVED = "127.0.0.1:8000"
EXPECT, EXIT = "# → ", "exit status "
# What the docs' commands keep of the test run's environment: what any shell has.
KEPT = ("PATH", "HOME", "USER", "LOGNAME", "SHELL", "TERM", "LANG", "LANGUAGE", "LC_ALL",
        "LC_CTYPE", "TMPDIR")
# A proxy at the discard port, where nothing listens: a download is refused at once.
NOWHERE = "http://127.0.0.1:9"
PROXIES = ("http_proxy", "https_proxy", "all_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY")
# `make run` installs, compiles and imports only what changed, then serves; the import's own
# deadline is 600 s.
READY_WITHIN = 900


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
def docs_env(tmp_path_factory) -> dict[str, str]:
    """The environment of a reader's shell in the checkout, offline (the module's docstring
    says what is kept and what is added). The virtualenv's `bin` is not on PATH, even when
    the test run's is: the docs write `.venv/bin/` where they mean it."""
    venv_bin = (PROJECT_ROOT / ".venv" / "bin").resolve()
    env = {name: os.environ[name] for name in KEPT if name in os.environ}
    env["PATH"] = os.pathsep.join(
        folder for folder in env.get("PATH", os.defpath).split(os.pathsep)
        if folder and Path(folder).resolve() != venv_bin)
    env.update(dict.fromkeys(PROXIES, NOWHERE))
    env["no_proxy"] = env["NO_PROXY"] = "127.0.0.1,localhost"
    env["XDG_CACHE_HOME"] = str(tmp_path_factory.mktemp("fresh-user-cache"))
    return env


def test_the_docs_setting_names_no_catalog_and_no_service(docs_env):
    assert not {"DATABASE_URL", "CATALOG_SOURCE", "DECKJUDGE_URL", "DECKJUDGE_CACHE", "PORT",
                "BIND", "WEB_CONCURRENCY", "GITHUB_ACTIONS", "MAKEFLAGS"} & set(docs_env)
    assert list(Path(docs_env["XDG_CACHE_HOME"]).iterdir()) == []


@pytest.fixture(scope="module")
def served(docs_env, tmp_path_factory):
    """`make run`, as the README runs it, on a port of its own (`PORT`); yields the address
    to write in the requests in place of 127.0.0.1:8000. It is stopped as Ctrl-C would stop
    it: make and gunicorn alike get the signal."""
    if not have_shared_data() or shared_tcgdex(PROJECT_ROOT.parent / "shared" / "tcgdex") is None:
        pytest.fail("the docs' examples run offline on the card data in ../shared beside the "
                    "checkout (pokemon-tcg-data and tcgdex), as `make run` reads it; it is "
                    "not there", pytrace=False)
    port = free_port()
    log = tmp_path_factory.mktemp("make-run") / "make-run.log"
    with log.open("w") as out:
        process = subprocess.Popen(["make", "run"], cwd=PROJECT_ROOT,
                                   env={**docs_env, "PORT": str(port)}, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_until_ready(f"http://127.0.0.1:{port}", process, log)
        yield f"127.0.0.1:{port}"
    finally:
        _stop(process)
        release_port(port)


def _wait_until_ready(base: str, process: subprocess.Popen, log: Path) -> None:
    """Until the service answers /readyz with the catalog loaded."""
    deadline = time.monotonic() + READY_WITHIN
    with requests.Session() as session:
        session.trust_env = False  # the test run's own proxies, if any, are not the docs'
        while True:
            try:
                if session.get(f"{base}/readyz", timeout=5).status_code == 200:
                    return
            except requests.RequestException:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"`make run` did not serve:\n{log.read_text()[-5000:]}")
            time.sleep(0.5)


def _stop(process: subprocess.Popen) -> None:
    try:
        os.killpg(process.pid, signal.SIGINT)
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    except ProcessLookupError:
        pass
    # gunicorn may outlive make by a moment: wait until the group is gone.
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            os.killpg(process.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)
    os.killpg(process.pid, signal.SIGKILL)


@pytest.mark.parametrize("command", examples(), ids=lambda command: command.where)
def test_each_example_gives_what_its_doc_shows(docs_env, served, command):
    done = subprocess.run(["bash", "-c", command.text.replace(SERVED, served)],
                          cwd=PROJECT_ROOT, env=docs_env, capture_output=True, text=True,
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
