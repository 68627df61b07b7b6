"""The `deckjudge check` command on a small repository of decklists.

Run as the installed console script, against the real gunicorn serving the
app (`--url`) and in-process with the local catalog (no server), checking
the report and the exit status.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import requests

from tests.corpus import lists
from tests.support.paths import FIXTURES
from tests.support.servers import FlakyProxy, gunicorn, serve, silent_server

pytestmark = pytest.mark.full_catalog
DECKJUDGE = str(Path(sys.executable).with_name("deckjudge"))

ILLEGAL_REPORT = [
    "illegal.txt:13: copy-limit 6 cards titled 'Switch'; at most 4 are allowed "
    "[DCI Floor Rules 2003 §221]",
    "illegal.txt:14: not-legal line 14: Gust of Wind (BS 93) is not in the Modified "
    "(Sept 1 Modified, 2002-03 season) card pool [DCI Floor Rules 2003 §226]",
    "illegal.txt: illegal in modified (2 errors)",
]
JSON_DECK = """[
  {"count": 4, "id": "neo1-14"},

  {"count": 2,
   "name": "Bill", "set": "LC", "number": "108"},
  {"count": 5, "name": "Bill"}
]
"""


@pytest.fixture(scope="module")
def server(full_db_url):
    with gunicorn(full_db_url) as base:
        yield base


@pytest.fixture
def decks(tmp_path) -> Path:
    """A deck repository: one legal Modified deck, one illegal one."""
    shutil.copy(FIXTURES / "decklists" / "modified-legal.txt", tmp_path / "legal.txt")
    shutil.copy(FIXTURES / "decklists" / "modified-2003.txt", tmp_path / "illegal.txt")
    return tmp_path


def run(folder: Path, *args: str, database: str | None = None, **env: str):
    """The console script, as a deck repository's CI runs it, in `folder`."""
    settings = {key: value for key, value in os.environ.items() if key != "GITHUB_ACTIONS"}
    settings.update(env)
    if database:
        settings["DATABASE_URL"] = database
    return subprocess.run([DECKJUDGE, *args], cwd=folder, env=settings, capture_output=True,
                          text=True, timeout=120)


def test_against_a_server_each_problem_has_its_file_and_line_and_exit_1(server, decks):
    done = run(decks, "check", "illegal.txt", "legal.txt", "--format", "modified",
               "--url", server)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines() == [
        *ILLEGAL_REPORT, "legal.txt: legal in modified",
        "2 decks checked: 1 legal, 1 illegal; 2 errors, 0 warnings"]


def test_without_a_server_the_local_catalog_gives_the_same_report(server, decks, full_db_url):
    remote = run(decks, "check", "illegal.txt", "legal.txt", "-f", "modified", "--url", server)
    local = run(decks, "check", "illegal.txt", "legal.txt", "-f", "modified",
                database=full_db_url)
    assert local.returncode == remote.returncode == 1, local.stderr
    assert local.stdout == remote.stdout
    assert local.stdout.splitlines()[:3] == ILLEGAL_REPORT


def test_every_deck_legal_exits_0(server, decks):
    done = run(decks, "check", "legal.txt", "--format", "modified", "--url", server)
    assert done.returncode == 0
    assert done.stdout.splitlines()[-1] == "1 deck checked: 1 legal, 0 illegal; 0 errors, " \
                                           "0 warnings"


def test_a_files_format_comment_wins_over_the_default(server, tmp_path):
    text = (FIXTURES / "decklists" / "partner-charizard.txt").read_text()
    (tmp_path / "partner.txt").write_text("# format: partner-battles\n" + text)
    done = run(tmp_path, "check", "partner.txt", "--format", "modified", "--url", server)
    assert done.returncode == 0, done.stdout
    assert "partner.txt: legal in partner-battles" in done.stdout


def test_json_decklist_problems_point_at_the_files_own_lines(server, tmp_path):
    (tmp_path / "deck.json").write_text(JSON_DECK)
    done = run(tmp_path, "check", "deck.json", "--format", "unlimited", "--url", server,
               "--output", "json")
    assert done.returncode == 1
    report = json.loads(done.stdout)
    copy_limit = [f for f in report["files"][0]["findings"] if f["code"] == "copy-limit"]
    # Entries 2 and 3 (both Bill) start on file lines 4 and 6.
    assert [(f["line"], f["other_lines"]) for f in copy_limit] == [(4, [6])]


def test_json_output_for_programs(server, decks):
    done = run(decks, "check", "illegal.txt", "legal.txt", "-f", "modified", "--url", server,
               "-o", "json")
    report = json.loads(done.stdout)
    assert report["summary"] == {"files": 2, "legal": 1, "illegal": 1, "invalid": 0,
                                 "failed": 0, "errors": 2, "warnings": 0, "exit_status": 1}
    first = report["files"][0]
    assert (first["path"], first["status"], first["legal"]) == ("illegal.txt", "illegal", False)
    assert [(f["line"], f["code"], f["rule"]) for f in first["findings"]] == [
        (13, "copy-limit", "DCI Floor Rules 2003 §221"),
        (14, "not-legal", "DCI Floor Rules 2003 §226")]
    assert len(first["catalog"]) == 16


def test_junit_xml_report(server, decks):
    done = run(decks, "check", "illegal.txt", "legal.txt", "-f", "modified", "--url", server,
               "--junit-xml", "report.xml")
    suite = ET.parse(decks / "report.xml").getroot().find("testsuite")
    assert (suite.get("tests"), suite.get("failures"), suite.get("errors")) == ("2", "1", "0")
    cases = {case.get("name"): case for case in suite.iter("testcase")}
    assert cases["legal.txt"].find("failure") is None
    failure = cases["illegal.txt"].find("failure")
    assert failure.text.splitlines() == ILLEGAL_REPORT[:2]
    assert done.returncode == 1


def test_github_actions_annotations(server, decks):
    done = run(decks, "check", "illegal.txt", "-f", "modified", "--url", server,
               GITHUB_ACTIONS="true")
    annotations = [line for line in done.stdout.splitlines() if line.startswith("::")]
    assert annotations == [
        "::error file=illegal.txt,title=deckjudge copy-limit,line=13::6 cards titled 'Switch'; "
        "at most 4 are allowed [DCI Floor Rules 2003 §221]",
        "::error file=illegal.txt,title=deckjudge not-legal,line=14::line 14: Gust of Wind "
        "(BS 93) is not in the Modified (Sept 1 Modified%2C 2002-03 season) card pool "
        "[DCI Floor Rules 2003 §226]".replace("%2C", ","),
    ]
    plain = run(decks, "check", "illegal.txt", "-f", "modified", "--url", server)
    assert not [line for line in plain.stdout.splitlines() if line.startswith("::")]


def test_unreadable_lines_and_bytes_fail_with_their_line(server, tmp_path):
    (tmp_path / "typo.txt").write_text("# format: unlimited\n4 Pikachu BS 58\nfour Bill\n")
    (tmp_path / "latin1.txt").write_bytes(b"4 Pikachu BS 58\n4 Pok\xe9 Ball\n")
    done = run(tmp_path, "check", "typo.txt", "latin1.txt", "-f", "unlimited", "--url", server)
    assert done.returncode == 1
    assert "typo.txt:3: unreadable-line line 3: 'four Bill' could not be read" in done.stdout
    assert ("latin1.txt:2: unreadable-file the file is not UTF-8 (byte 21 cannot be decoded)"
            in done.stdout)
    assert "latin1.txt: not a readable decklist (1 error)" in done.stdout


def test_usage_errors_exit_2_with_a_clear_message(server, decks):
    no_files = run(decks, "check", "--url", server)
    assert no_files.returncode == 2 and "FILE" in no_files.stderr
    typo = run(decks, "check", "legal.txt", "-f", "modifed", "--url", server)
    assert typo.returncode == 2 and typo.stdout == ""
    assert typo.stderr.startswith("deckjudge: no format 'modifed'; formats: unlimited, "
                                  "modified, sealed,")
    (decks / "named.txt").write_text("# format: modifed\n4 Bill LC 108\n")
    unknown = run(decks, "check", "named.txt", "--url", server)
    assert unknown.returncode == 2
    assert unknown.stdout.startswith("named.txt:1: unknown-format no format 'modifed' (named "
                                     "in the file); formats: unlimited, modified,")
    missing = run(decks, "check", "legal.txt", "gone.txt", "--url", server)
    assert missing.returncode == 2
    assert "gone.txt: unreadable-file cannot read the file: No such file or directory" \
        in missing.stdout
    no_format = run(decks, "check", "illegal.txt", "--url", server)
    assert no_format.returncode == 2 and "illegal.txt: no-format" in no_format.stdout


def test_every_format_at_once_is_refused_saying_why_and_which_to_name(server, decks,
                                                                   full_db_url):
    for where in (("--url", server), ("--database", full_db_url)):
        asked = run(decks, "check", "legal.txt", "--format", "all", *where)
        assert asked.returncode == 2 and asked.stdout == ""
        assert asked.stderr.startswith("deckjudge: 'all' names every format, and a deck is "
                                       "checked in one: no deck is legal in all of them. "
                                       "Name one: unlimited, modified,")
    (decks / "every.txt").write_text("# format: all\n4 Bill LC 108\n")
    named = run(decks, "check", "every.txt", "legal.txt", "--format", "modified", "--url",
                server)
    assert named.returncode == 2
    assert named.stdout.startswith("every.txt:1: unknown-format 'all' names every format")
    assert "legal.txt: legal in modified" in named.stdout


def test_an_unreachable_server_is_a_clear_error(decks):
    with silent_server() as closed:
        port = closed.rsplit(":", 1)[1]
    done = run(decks, "check", "legal.txt", "--url", f"http://127.0.0.1:{port}",
               "--retries", "0")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == (f"deckjudge: cannot reach the deckjudge service at "
                           f"http://127.0.0.1:{port}: connection refused\n")


def test_a_server_that_never_answers_times_out(decks):
    with silent_server() as base:
        started = time.monotonic()
        done = run(decks, "check", "legal.txt", "--url", base, "--timeout", "0.5",
                   "--retries", "0")
    assert done.returncode == 2
    assert done.stderr == f"deckjudge: the deckjudge service at {base} did not answer " \
                          "within 0.5 s\n"
    assert time.monotonic() - started < 20


@pytest.mark.parametrize("status", [429, 503])
def test_429_and_503_are_retried_with_backoff(server, decks, status):
    proxy = FlakyProxy(server, failures=2, status=status)
    with serve(proxy.handler()) as base:
        done = run(decks, "check", "illegal.txt", "legal.txt", "-f", "modified", "--url", base)
    assert done.returncode == 1, done.stderr
    assert done.stdout.splitlines()[:3] == ILLEGAL_REPORT
    # GET /v1/formats twice refused, then it, then one batch for both files.
    assert proxy.paths == ["/v1/formats"] * 3 + ["/v1/validate/batch"]
    assert all(agent.startswith("deckjudge-cli/0.1.0 python-requests/")
               for agent in proxy.user_agents)


def test_a_503_without_retry_after_is_not_sent_again(server, decks):
    """Only an answer that says when to come back is retried: the app's 503 without
    Retry-After is a request past its deadline, which would run out of time again."""
    proxy = FlakyProxy(server, failures=1, retry_after=None)
    with serve(proxy.handler()) as base:
        done = run(decks, "check", "legal.txt", "-f", "modified", "--url", base)
    assert done.returncode == 2
    assert done.stderr.startswith(f"deckjudge: the deckjudge service at {base} did not list "
                                  "its formats (HTTP 503)")
    assert proxy.paths == ["/v1/formats"]


def test_a_check_is_not_sent_again_after_the_service_stops_answering(server, decks):
    """After a read timeout the service may still be working on the request: sending it
    again would start the same work again."""
    proxy = FlakyProxy(server, failures=0, stalled=("/v1/validate",))
    with serve(proxy.handler()) as base:
        try:
            done = run(decks, "check", "legal.txt", "-f", "modified", "--url", base,
                       "--timeout", "1")
        finally:
            proxy.release()
    assert done.returncode == 2
    assert done.stderr == f"deckjudge: the deckjudge service at {base} did not answer " \
                          "within 1 s\n"
    assert proxy.paths == ["/v1/formats", "/v1/validate"]


@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_checks_the_service_stops_at_its_deadline_are_not_checked_nor_sent_again(
        full_db_url, decks):
    with gunicorn(full_db_url, workers=1, REQUEST_DEADLINE_SECONDS="0") as over_time:
        proxy = FlakyProxy(over_time, failures=0)
        with serve(proxy.handler()) as base:
            done = run(decks, "check", "illegal.txt", "legal.txt", "-f", "modified", "--url",
                       base)
    assert done.returncode == 2, done.stderr
    assert proxy.paths == ["/v1/formats", "/v1/validate/batch"]
    stopped = (f"deadline-exceeded the deckjudge service at {base} stopped checking it at its "
               "time limit: This request took longer than the 0 s a request may take here")
    lines = done.stdout.splitlines()
    assert lines[0].startswith(f"illegal.txt: {stopped}") and "fewer formats" in lines[0]
    assert lines[1] == "illegal.txt: not checked (1 error)"
    assert lines[2].startswith(f"legal.txt: {stopped}")
    assert lines[3] == "legal.txt: not checked (1 error)"
    assert lines[-1] == "2 decks checked: 0 legal, 0 illegal, 2 not checked; 2 errors, " \
                        "0 warnings"


def test_many_files_go_in_batches_and_report_as_checked_one_by_one(server, tmp_path,
                                                                    full_db_url):
    # 150 real lists of the corpus (each named with its source in tests/corpus), as files.
    for position, item in zip(range(150), lists(), strict=False):
        text = item.body if isinstance(item.body, str) else json.dumps(item.body)
        suffix = ".txt" if isinstance(item.body, str) else ".json"
        (tmp_path / f"deck{position:03}{suffix}").write_text(text, encoding="utf-8")
    files = sorted(path.name for path in tmp_path.iterdir())
    proxy = FlakyProxy(server, failures=0)
    with serve(proxy.handler()) as base:
        batched = run(tmp_path, "check", *files, "-f", "unlimited", "--url", base,
                      "--output", "json")
    assert proxy.paths == ["/v1/formats"] + ["/v1/validate/batch"] * 2  # 100 + 50
    local = run(tmp_path, "check", *files, "-f", "unlimited", "--output", "json",
                database=full_db_url)
    assert batched.returncode == local.returncode and batched.returncode in (0, 1)
    assert json.loads(batched.stdout) == json.loads(local.stdout)
    assert len(json.loads(batched.stdout)["files"]) == 150


def test_a_service_without_batches_is_asked_file_by_file(server, decks):
    proxy = FlakyProxy(server, failures=0, missing=("/v1/validate/batch",))
    with serve(proxy.handler()) as base:
        done = run(decks, "check", "illegal.txt", "legal.txt", "-f", "modified", "--url", base)
    assert done.returncode == 1 and done.stdout.splitlines()[:3] == ILLEGAL_REPORT
    assert proxy.paths == ["/v1/formats", "/v1/validate/batch"] + ["/v1/validate"] * 2


def test_a_service_that_stays_unavailable_is_a_clear_error(server, decks):
    proxy = FlakyProxy(server, failures=100)
    with serve(proxy.handler()) as base:
        done = run(decks, "check", "legal.txt", "-f", "modified", "--url", base,
                   "--retries", "2")
    assert done.returncode == 2
    assert len(proxy.user_agents) == 3
    assert done.stderr.startswith(f"deckjudge: the deckjudge service at {base} did not list "
                                  "its formats (HTTP 503)")


def test_local_check_without_a_catalog_says_how_to_get_one(decks, tmp_path):
    empty = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    done = run(decks, "check", "legal.txt", "--database", empty)
    assert done.returncode == 2
    assert "deckjudge: the local catalog (sqlite:///" in done.stderr
    assert "run `flask catalog import`" in done.stderr


def test_decks_a_batch_stopped_before_are_asked_again(server):
    """100 one-line lists in every format answer past a batch's bound (about 13 KB of
    verdicts to 60 bytes of deck): the service answers the first decks and stops; the
    client asks for the others, so that every deck has the verdict it has alone."""
    from client.services import RemoteService

    payloads = [{"format": "all", "deck": f"{position % 4 + 1} Bill LC 108"}
                for position in range(100)]
    proxy = FlakyProxy(server, failures=0)
    with serve(proxy.handler()) as base:
        answers = RemoteService(base).validate_many(payloads)
    assert proxy.paths[0] == "/v1/validate/batch" and "/v1/validate" in proxy.paths[1:]
    assert len(answers) == 100 and {status for status, _ in answers} == {200}
    for payload, (_, verdict) in list(zip(payloads, answers, strict=True))[::9]:
        alone = requests.post(f"{server}/v1/validate", timeout=30,
                              json={**payload, "detail": "verdict"}).json()
        assert verdict == alone


def test_warn_days_warns_of_a_ban_coming_and_keeps_todays_exit_status(server, full_db_url,
                                                                       tmp_path):
    # Medicham V (Evolving Skies 83) is banned in Expanded from 2026-04-10.
    (tmp_path / "medicham.txt").write_text("4 Medicham V EVS 83\n4 Ultra Ball SVI 196\n"
                                           "52 Fighting Energy SVE 6\n", encoding="utf-8")
    asked = ("check", "medicham.txt", "-f", "expanded", "--as-of", "2026-03-20")
    for where in (("--url", server), ()):  # the service's, and in this process
        soon = run(tmp_path, *asked, "--warn-days", "30", *where, database=full_db_url)
        assert soon.returncode == 0, soon.stderr  # legal on the day checked
        assert soon.stderr.startswith("deckjudge: warning: medicham.txt: its verdict in "
                                      "expanded changes by 2026-04-19 (2026-04-10: ")
        assert "Medicham V: Banned." in soon.stderr
        later = run(tmp_path, *asked, "--warn-days", "7", *where, database=full_db_url)
        assert later.returncode == 0 and later.stderr == ""  # nothing known within a week
