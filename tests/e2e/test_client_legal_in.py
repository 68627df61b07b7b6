"""`deckjudge legal-in`: a folder of decks re-judged, as a site does after a ban list.

Run as the installed console script against the real gunicorn (`--url`, through
POST /v1/validate/stream) and in this process with the local catalog, on real published
lists of the corpus (tests/corpus/SOURCES.json names each one's source).
"""

from __future__ import annotations

import itertools
import json

import pytest

from tests.corpus import lists
from tests.e2e.test_client import run, server  # noqa: F401  (the module's gunicorn)
from tests.support.paths import FIXTURES

pytestmark = pytest.mark.full_catalog


@pytest.fixture
def folder(tmp_path):
    """Twelve real lists of the corpus, each as the file it was published as (its JSON
    entries for a Limitless export), and one Modified fixture."""
    for position, item in enumerate(itertools.islice(lists(), 12)):
        body = item.body if isinstance(item.body, str) else json.dumps(item.body)
        (tmp_path / f"{position:02}.txt").write_text(body, encoding="utf-8")
    (tmp_path / "modified.txt").write_text(
        (FIXTURES / "decklists" / "modified-legal.txt").read_text(encoding="utf-8"))
    return tmp_path


def _files(folder):
    return sorted(path.name for path in folder.iterdir())


def test_each_deck_says_where_it_is_legal_as_the_service_judges_it(server, folder):  # noqa: F811
    import requests

    done = run(folder, "legal-in", *_files(folder), "--url", server, "-o", "ndjson")
    assert done.returncode == 0, done.stderr
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert [answer["file"] for answer in answers] == _files(folder)
    for answer in answers:
        text = (folder / answer["file"]).read_text(encoding="utf-8")
        alone = requests.post(f"{server}/v1/validate", timeout=60, json={
            "format": "all", "detail": "legal_in", "deck": text}).json()
        assert answer["legal_in"] == alone["legal_in"], answer["file"]
        assert answer["fails"] == {format_id: view["fails"]
                                   for format_id, view in alone["formats"].items()
                                   if not view["legal"]}
    modified = next(answer for answer in answers if answer["file"] == "modified.txt")
    assert "modified" in modified["legal_in"]


def test_without_a_server_the_local_catalog_says_the_same(server, folder,  # noqa: F811
                                                          full_db_url):
    remote = run(folder, "legal-in", *_files(folder), "--url", server)
    local = run(folder, "legal-in", *_files(folder), database=full_db_url)
    assert local.returncode == remote.returncode == 0, local.stderr
    assert local.stdout == remote.stdout
    assert local.stdout.splitlines()[-1] == ("13 decks judged in every format: 13 legal in one "
                                             "or more, 0 in none, 0 not judged")


def test_formats_named_show_what_fails_on_the_day_asked(server, folder):  # noqa: F811
    done = run(folder, "legal-in", "modified.txt", "-f", "unlimited,standard",
               "--as-of", "2026-08-01", "--url", server)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "modified.txt: legal in unlimited (standard: not-legal)",
        "1 deck judged in the formats asked: 1 legal in one or more, 0 in none, 0 not judged"]
    # A format not yet played on the day is the service's problem for the deck: exit 1.
    early = run(folder, "legal-in", "modified.txt", "-f", "glc", "--as-of", "2001-08-01",
                "--url", server)
    assert early.returncode == 1
    assert early.stdout.startswith("modified.txt: not judged: not-in-force glc was first "
                                   "played on 2021-07-14")


def test_changed_since_says_which_decks_a_ban_touched_and_the_ban(server, tmp_path):  # noqa: F811
    # Medicham V (Evolving Skies 83), banned in Expanded from 2026-04-10.
    (tmp_path / "banned.txt").write_text("4 Medicham V EVS 83\n4 Ultra Ball SVI 196\n"
                                         "52 Fighting Energy SVE 6\n", encoding="utf-8")
    (tmp_path / "untouched.txt").write_text("4 Ultra Ball SVI 196\n56 Fighting Energy SVE 6\n",
                                            encoding="utf-8")
    done = run(tmp_path, "legal-in", "banned.txt", "untouched.txt", "-f", "expanded",
               "--as-of", "2026-05-01", "--changed-since", "2026-04-01", "--url", server)
    assert done.returncode == 0, done.stderr
    banned, untouched = done.stdout.splitlines()[:2]
    assert banned.startswith("banned.txt: legal in no format asked; changed since 2026-04-01 "
                             "in expanded: ") and "Medicham V: Banned." in banned
    assert untouched.startswith("untouched.txt: unchanged (legal in ")


def test_files_it_cannot_read_or_formats_it_does_not_know(server, folder):  # noqa: F811
    missing = run(folder, "legal-in", "modified.txt", "gone.txt", "--url", server)
    assert missing.returncode == 2
    assert missing.stdout.splitlines()[:2] == [
        "modified.txt: legal in unlimited, modified, team-multiplay, 2v2-casual",
        "gone.txt: not judged: unreadable-file cannot read the file: No such file or "
        "directory"]
    typo = run(folder, "legal-in", "modified.txt", "-f", "standard,modifed", "--url", server)
    assert typo.returncode == 2 and typo.stdout == ""
    assert typo.stderr.startswith("deckjudge: no format 'modifed'; formats: unlimited,")


def test_more_decks_than_a_stream_takes_go_in_several(folder, full_db_url, monkeypatch):
    """In this process, with a stream held to five decks: thirteen files, three streams,
    every answer in the order given."""
    from client import legal_in
    from client.services import LocalService

    monkeypatch.setattr(legal_in, "STREAM_DECKS", 5)
    service = LocalService(full_db_url)
    sent = []
    stream = service.stream

    def counted(body: bytes):
        sent.append(body.count(b"\n"))
        return stream(body)

    monkeypatch.setattr(service, "stream", counted)
    paths = [str(folder / name) for name in _files(folder)]
    judged = legal_in.judge_files(service, paths, "all", None)
    assert sent == [5, 5, 3]
    assert [item.path for item in judged] == paths
    monkeypatch.setattr(legal_in, "STREAM_DECKS", 10_000)
    whole = legal_in.judge_files(LocalService(full_db_url), paths, "all", None)
    assert [(item.legal_in, item.fails) for item in judged] == \
        [(item.legal_in, item.fails) for item in whole]


def test_the_decks_a_stream_stopped_before_are_asked_again(folder, full_db_url, monkeypatch):
    """In this process, with a stream's answer held to the room its short lines keep and
    3,000 bytes more (a few decks' answers): each stream stops past its bound, the decks it
    stopped before go in the next, and every deck is judged as in one stream."""
    from api import validate_stream
    from api.middleware import answer_bound
    from api.views.batches import TAIL_BYTES
    from client import legal_in
    from client.services import LocalService

    paths = [str(folder / name) for name in _files(folder)]
    whole = legal_in.judge_files(LocalService(full_db_url), paths, "all", None)
    # The CLI's ids are a deck's position: the room kept for each short line is for those.
    monkeypatch.setattr(validate_stream, "_LEFT_ID_BYTES", 8)
    kept = len(paths) * validate_stream.left_bytes(b"x" * 100)
    monkeypatch.setattr(answer_bound, "STREAM_ANSWER_CEILING", kept + TAIL_BYTES + 3000)
    service = LocalService(full_db_url)
    sent, stopped = [], []
    stream = service.stream

    def counted(body: bytes):
        sent.append(body.count(b"\n"))
        status, answers = stream(body)
        stopped.append(answers[-1]["done"].get("stopped", {}).get("problem", {}).get("type"))
        return status, answers

    monkeypatch.setattr(service, "stream", counted)
    judged = legal_in.judge_files(service, paths, "all", None)
    assert len(sent) > 2 and sent[0] == len(paths) and sent == sorted(sent, reverse=True)
    assert all(kind.endswith("/answer-too-large") for kind in stopped[:-1])
    assert stopped[-1] is None
    assert [(item.path, item.problem, item.legal_in, item.fails) for item in judged] == \
        [(item.path, item.problem, item.legal_in, item.fails) for item in whole]
    assert all(item.problem is None for item in judged)
