"""`deckjudge legal-in FILES…`: the formats each deck is legal in, for a folder of decks
re-judged after a ban list or a rotation.

The files are sent through POST /v1/validate/stream (a running service's, or the app's in
this process), as many a stream as one takes, and each answer is read back: the formats the
deck is legal in, and for each one it is not, the codes of what fails first. The decks a
stream stopped before (its answer's bound, its time) are sent again in another.
"""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass, field
from typing import Any, Protocol, TextIO

from client import files

# What one stream takes (api/validate_stream.py; docs/limits.md): decks, and bytes in all,
# kept below the service's 32 MiB for the lines' ids and options.
STREAM_DECKS = 10_000
STREAM_BYTES = 30 * 1024 * 1024
# A deck's line may be 16 KiB, a decklist file is rarely more than 3.
DECK_BYTES = 16 * 1024


class Streaming(Protocol):
    where: str

    def stream(self, body: bytes) -> tuple[int, list[Any]]: ...


@dataclass
class Judged:
    """One file's answer: the formats it is legal in and what fails in each other one; or
    why it was not judged (`problem`: the service's slug, `detail` its words)."""

    path: str
    legal_in: list[str] = field(default_factory=list)
    fails: dict[str, list[str]] = field(default_factory=dict)  # by format not legal in
    as_of: dict[str, str | None] = field(default_factory=dict)  # the day each was judged on
    problem: str | None = None
    detail: str | None = None
    read: bool = True  # False: the file itself could not be read (or the service failed)
    # Asked `changed_since`: its verdict as it was on that day (the rest left out), or the
    # formats whose verdict changed and the titles of the changes that concern it.
    unchanged: bool = False
    changed: dict[str, Any] | None = None


def judge_files(service: Streaming, paths: list[str], formats: str | list[str],
                as_of: dt.date | None, changed_since: dt.date | None = None) -> list[Judged]:
    """Each file judged in `formats` (`all`, or format ids) on `as_of` (None: each format's
    own day), in the order given; with `changed_since`, answered in full only where its
    verdict differs from that day's."""
    judged: list[Judged | None] = [None] * len(paths)
    lines: list[tuple[int, bytes]] = []
    for position, path in enumerate(paths):
        try:
            deck = files.read(path)
        except files.UnreadableFile as error:
            judged[position] = Judged(path, problem="unreadable-file", detail=str(error),
                                      read=False)
            continue
        options: dict[str, Any] = {"id": str(position), "format": formats, "deck": deck.text}
        if as_of is not None:
            options["as_of"] = as_of.isoformat()
        if changed_since is not None:
            options["changed_since"] = changed_since.isoformat()
        line = json.dumps(options, ensure_ascii=False).encode() + b"\n"
        if len(line) > DECK_BYTES:
            judged[position] = Judged(path, problem="file-too-large", detail=(
                f"{len(line):,} bytes as a stream's line, past its {DECK_BYTES:,}: check it "
                "alone with `deckjudge check`"))
            continue
        lines.append((position, line))
    for group in _streams(lines):
        for position, answer in _answers(service, group, paths):
            judged[position] = answer
    return [found for found in judged if found is not None]


def _streams(lines: list[tuple[int, bytes]]) -> list[list[tuple[int, bytes]]]:
    """The lines in groups a stream takes."""
    groups: list[list[tuple[int, bytes]]] = []
    size = 0
    for item in lines:
        if not groups or len(groups[-1]) == STREAM_DECKS or size + len(item[1]) > STREAM_BYTES:
            groups.append([])
            size = 0
        groups[-1].append(item)
        size += len(item[1])
    return groups


def _answers(service: Streaming, group: list[tuple[int, bytes]],
             paths: list[str]) -> list[tuple[int, Judged]]:
    """Each deck of the group judged, a stream at a time: the decks a stream stopped before
    are asked again in a stream of their own (`_asked_again`)."""
    judged: list[tuple[int, Judged]] = []
    while group:
        status, answers = service.stream(b"".join(line for _, line in group))
        if status != 200:
            problem = answers[0] if answers and isinstance(answers[0], dict) else {}
            slug = _slug(problem) or f"http-{status}"
            detail = problem.get("detail") or f"{service.where} answered HTTP {status}"
            return judged + [(position, Judged(paths[position], problem=slug, detail=detail,
                                               read=False)) for position, _ in group]
        found = {int(answer["id"]): answer for answer in answers[:-1]
                 if isinstance(answer.get("id"), str) and answer["id"].isdigit()}
        done = answers[-1].get("done", {}) if answers else {}
        stopped = done.get("stopped") if isinstance(done, dict) else None
        at = stopped.get("at") if isinstance(stopped, dict) else None
        if not isinstance(at, int) or not 1 <= at <= len(group):  # every deck answered
            return judged + [(position, _judged(paths[position], found.get(position), {}))
                             for position, _ in group]
        # One deck a line: the deck of line `at` is the first the stream stopped before.
        judged += [(position, _judged(paths[position], found.get(position), {}))
                   for position, _ in group[:at - 1]]
        said = stopped.get("problem") if isinstance(stopped, dict) else None
        problem = said if isinstance(said, dict) else {}
        kept, group = _asked_again(group[at - 1:], problem, at)
        judged += [(position, _judged(paths[position], None, problem)) for position, _ in kept]
    return judged


def _asked_again(left: list[tuple[int, bytes]], problem: dict[str, Any],
                 at: int) -> tuple[list[tuple[int, bytes]], list[tuple[int, bytes]]]:
    """The decks a stream stopped before, split into those whose answer is its stop's
    problem and those asked again, as the batch's are (client.services): past the stream's
    bound or its count of decks, all of them; past its time, all but the one that ran out
    (it would cost as much again); after the service failed it, none."""
    slug = _slug(problem)
    if slug in ("answer-too-large", "batch-too-large") and at > 1:
        return [], left
    if slug == "deadline-exceeded":
        return left[:1], left[1:]
    return left, []


def _judged(path: str, answer: dict[str, Any] | None, stopped: dict[str, Any]) -> Judged:
    if answer is None or stopped:  # the stream stopped before this deck
        return Judged(path, problem=_slug(stopped) or "not-answered",
                      detail=stopped.get("detail") or "the stream ended before this deck",
                      read=False)
    if answer.get("status") != 200:
        problem = answer.get("problem") or {}
        return Judged(path, problem=_slug(problem), detail=problem.get("detail"))
    verdict = answer["verdict"]
    if verdict.get("unchanged"):
        return Judged(path, list(verdict.get("legal_in", [])), unchanged=True)
    formats = verdict.get("formats", {})
    changed = verdict.get("changed")
    return Judged(path, list(verdict.get("legal_in", [])),
                  {format_id: view.get("fails", []) for format_id, view in formats.items()
                   if not view.get("legal")},
                  {format_id: view.get("as_of") for format_id, view in formats.items()},
                  changed=None if changed is None else {
                      "since": changed["since"], "formats": changed["formats"],
                      "changes": [change["title"] for change in changed["changes"]]})


def _slug(problem: Any) -> str | None:
    kind = problem.get("type") if isinstance(problem, dict) else None
    return kind.rsplit("/", 1)[-1] if isinstance(kind, str) else None


def exit_status(judged: list[Judged]) -> int:
    """0 when every deck was judged; 1 when the service refused a deck (its problem); 2
    when a file could not be read or the service could not judge it."""
    if any(not item.read for item in judged):
        return 2
    return 1 if any(item.problem for item in judged) else 0


def write_text(judged: list[Judged], every: bool, out: TextIO) -> None:
    """A line a file: where it is legal (and, for formats named, what fails in the others),
    or why it was not judged; then the counts."""
    for item in judged:
        out.write(_text_line(item, every) + "\n")
    somewhere = sum(1 for item in judged if item.problem is None and item.legal_in)
    nowhere = sum(1 for item in judged if item.problem is None and not item.legal_in)
    refused = len(judged) - somewhere - nowhere
    asked = "every format" if every else "the formats asked"
    out.write(f"{len(judged)} deck{'s' if len(judged) != 1 else ''} judged in {asked}: "
              f"{somewhere} legal in one or more, {nowhere} in none, {refused} not judged\n")


def _text_line(item: Judged, every: bool) -> str:
    if item.problem is not None:
        return f"{item.path}: not judged: {item.problem} {item.detail or ''}".rstrip()
    legal = ", ".join(item.legal_in) or "no format" + ("" if every else " asked")
    if item.unchanged:
        return f"{item.path}: unchanged (legal in {legal})"
    line = f"{item.path}: legal in {legal}"
    if item.changed is not None:
        line += (f"; changed since {item.changed['since']} in "
                 f"{', '.join(item.changed['formats'])}")
        if item.changed["changes"]:
            line += ": " + "; ".join(item.changed["changes"])
    if not every and item.fails:
        line += " (" + "; ".join(f"{format_id}: {', '.join(codes)}"
                                 for format_id, codes in item.fails.items()) + ")"
    return line


def write_ndjson(judged: list[Judged], out: TextIO) -> None:
    """A JSON object a file, a line each: its `legal_in`, `fails` and `as_of` by format, or
    its `problem` and `detail`."""
    for item in judged:
        shown: dict[str, Any] = {"file": item.path}
        if item.unchanged:
            shown.update(legal_in=item.legal_in, unchanged=True)
        elif item.problem is None:
            shown.update(legal_in=item.legal_in, fails=item.fails, as_of=item.as_of)
            if item.changed is not None:
                shown.update(changed=item.changed)
        else:
            shown.update(problem=item.problem, detail=item.detail)
        out.write(json.dumps(shown, ensure_ascii=False) + "\n")
