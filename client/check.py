"""Check decklist files one by one: read, pick the format, ask the service, read the answer."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, Protocol

from client import files, results
from client.files import DeckFile
from client.results import FAILED, ILLEGAL, INVALID, FileResult
from client.services import ServiceUnavailable


class UsageError(Exception):
    """The command line asks for something that cannot be: exit 2 before any file is read."""


class Service(Protocol):
    where: str

    def formats(self) -> list[str]: ...

    def validate(self, payload: dict[str, Any]) -> tuple[int, Any]: ...


@dataclass(frozen=True)
class Options:
    format_id: str | None = None  # for files that name no format of their own
    as_of: dt.date | None = None
    tournament: bool = False


def check_files(service: Service, paths: list[str], options: Options) -> list[FileResult]:
    known = service.formats()
    if options.format_id is not None and options.format_id not in known:
        raise UsageError(f"no format {options.format_id!r}; formats: {', '.join(known)}")
    return [check_file(service, path, options, known) for path in paths]


def check_file(service: Service, path: str, options: Options,
               known: list[str]) -> FileResult:
    try:
        deck = files.read(path)
    except files.UnreadableFile as error:
        status = FAILED if error.line is None else INVALID
        return FileResult(path, options.format_id, status,
                          [results.Finding(results.ERROR, "unreadable-file", str(error),
                                           error.line)])
    # The file's own "# format:" comment is the more specific statement, so it wins.
    format_id = deck.format_id or options.format_id
    if format_id is None:
        return results.failed(path, None, "no-format",
                              "no format given: pass --format or start the file with "
                              "a comment such as `# format: modified`")
    if format_id not in known:
        return results.failed(path, format_id, "unknown-format",
                              f"no format {format_id!r} (named in the file); formats: "
                              f"{', '.join(known)}", deck.format_line)
    code, body = service.validate(_payload(deck, format_id, options))
    return _result(service, deck, format_id, code, body)


def _payload(deck: DeckFile, format_id: str, options: Options) -> dict[str, Any]:
    payload: dict[str, Any] = {"format": format_id, "deck": deck.text}
    if options.as_of is not None:
        payload["as_of"] = options.as_of.isoformat()
    if options.tournament:
        payload["tournament"] = True
    return payload


def _result(service: Service, deck: DeckFile, format_id: str, status: int,
            body: Any) -> FileResult:
    if status == 200 and isinstance(body, dict):
        return results.from_verdict(deck, format_id, body)
    detail = body.get("detail") if isinstance(body, dict) else None
    if status == 503:  # retried already: nothing else will get through either
        raise ServiceUnavailable(f"{service.where} is unavailable: "
                                 f"{detail or 'HTTP 503'}")
    if 400 <= status < 500 and status not in (401, 403, 404, 405, 429):
        return results.from_problem(deck, format_id, status, body)
    return results.failed(deck.path, format_id, "service-error",
                          f"{service.where} answered HTTP {status}"
                          + (f": {detail}" if detail else ""))


def exit_status(checked: list[FileResult]) -> int:
    """0 when every deck is legal, 1 when any is not, 2 when any could not be checked."""
    statuses = {result.status for result in checked}
    if FAILED in statuses:
        return 2
    return 1 if statuses & {ILLEGAL, INVALID} else 0
