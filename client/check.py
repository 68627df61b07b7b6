"""Check decklist files: read each, pick its format, ask the service about all of them at
once (batches, against a running service), read each answer."""

from __future__ import annotations

import datetime as dt
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from client import files, results
from client.files import DeckFile
from client.results import FAILED, ILLEGAL, INVALID, FileResult
from client.services import ServiceUnavailable
from runtime import patterns
from validators.definitions import DefinitionError, read_definition

# The service stopped the request at its time limit: it is answered 503 without Retry-After,
# so it was not sent again, and the files it held are not checked.
DEADLINE_EXCEEDED = "deadline-exceeded"
# The service's word for every format at once. A check's exit status says whether each deck
# is legal, which needs one format: no deck is legal in all of them (their deck sizes are 40,
# 60 and 100 cards), and "legal in some" would pass nearly any list. So it is refused.
ALL = "all"


def every_format_refused(formats: list[str]) -> str:
    return (f"{ALL!r} names every format, and a deck is checked in one: no deck is legal in "
            f"all of them. Name one: {', '.join(formats)} (POST /v1/validate with "
            f"format=all says which formats a deck is legal in)")


class UsageError(Exception):
    """The command line asks for something that cannot be: exit 2 before any file is read."""


class Service(Protocol):
    where: str

    def formats(self) -> list[str]: ...

    def validate_many(self, payloads: list[dict[str, Any]]) -> list[tuple[int, Any]]: ...


@dataclass(frozen=True)
class Options:
    format_id: str | None = None  # for files that name no format of their own
    as_of: dt.date | None = None
    tournament: bool = False
    # An organizer's format (--definition), as its file gives it: for files that name no
    # format of their own, instead of `format_id`; and the file's name.
    definition: dict[str, Any] | None = None
    definition_file: str | None = None

    @property
    def definition_id(self) -> str | None:
        return read_definition(self.definition).id if self.definition is not None else None


def definition_file(path: str) -> dict[str, Any]:
    """An organizer's format definition from a JSON file (docs/formats.md), read as the
    service reads it: what is wrong with it is a UsageError naming the field."""
    try:
        sent = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise UsageError(f"{path}: {error.strerror}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise UsageError(f"{path}: not JSON: {error}") from None
    try:
        read_definition(sent)
    except DefinitionError as error:
        raise UsageError(f"{path}: /{'/'.join(error.pointer)}: {error.detail}") from None
    return sent


# Where a problem of the service's points when what it refuses is the definition a deck was
# sent with (POST /v1/validate's, or a batch's deck's): the field after it is the one at fault.
_IN_DEFINITION = patterns.compile(r"^(?:/decks/[0-9]+)?/definition(/.*)?$")


def refused_definition(options: Options, status: int, body: Any) -> UsageError | None:
    """The service's refusal of the --definition a deck was sent with (a 4xx whose pointer is
    into it: malformed, naming what the catalog lacks, at odds with itself or another
    format), as one error naming the file and the field; None for any other answer."""
    pointer = body.get("pointer") if isinstance(body, dict) else None
    if not 400 <= status < 500 or not isinstance(pointer, str):
        return None
    found = _IN_DEFINITION.fullmatch(pointer)
    if found is None:
        return None
    field = found.group(1) or "/"
    kind = results.problem_slug(body)
    return UsageError(f"{options.definition_file or 'the definition'}: {field}: "
                      f"{body.get('detail') or f'HTTP {status}'}"
                      + (f" ({kind})" if kind else ""))


@dataclass(frozen=True)
class _Ready:
    """A file read, with the format to check it in: what to ask the service."""

    deck: DeckFile
    format_id: str
    payload: dict[str, Any]


def _known(service: Service, options: Options) -> list[str]:
    """The format ids a deck may name: the service's, and the definition's given."""
    known = service.formats()
    return known if options.definition_id is None else [*known, options.definition_id]


def check_files(service: Service, paths: list[str], options: Options) -> list[FileResult]:
    known = _known(service, options)
    if options.format_id == ALL:
        raise UsageError(every_format_refused(known))
    if options.format_id is not None and options.format_id not in known:
        raise UsageError(f"no format {options.format_id!r}; formats: {', '.join(known)}")
    prepared = [_prepare(path, options, known) for path in paths]
    ready = [item for item in prepared if isinstance(item, _Ready)]
    answered = service.validate_many([item.payload for item in ready])
    # A definition the service refuses is refused for every deck sent with it: said once.
    refused = next((error for item, (status, body) in zip(ready, answered, strict=True)
                    if "definition" in item.payload
                    and (error := refused_definition(options, status, body)) is not None),
                   None)
    if refused is not None:
        raise refused
    answers = iter(answered)
    return [_result(service, item.deck, item.format_id, *next(answers))
            if isinstance(item, _Ready) else item for item in prepared]


def _prepare(path: str, options: Options, known: list[str]) -> _Ready | FileResult:
    """The file read and its format chosen, or why it cannot be checked."""
    try:
        deck = files.read(path)
    except files.UnreadableFile as error:
        status = FAILED if error.line is None else INVALID
        return FileResult(path, options.format_id, status,
                          [results.Finding(results.ERROR, "unreadable-file", str(error),
                                           error.line)])
    # The file's own "# format:" comment is the more specific statement, so it wins.
    format_id = deck.format_id or options.format_id or options.definition_id
    if format_id is None:
        return results.failed(path, None, "no-format",
                              "no format given: pass --format or start the file with "
                              "a comment such as `# format: modified`")
    if format_id == ALL:
        return results.failed(path, format_id, "unknown-format",
                              f"{every_format_refused(known)} (named in the file)",
                              deck.format_line)
    if format_id not in known:
        return results.failed(path, format_id, "unknown-format",
                              f"no format {format_id!r} (named in the file); formats: "
                              f"{', '.join(known)}", deck.format_line)
    return _Ready(deck, format_id, _payload(deck, format_id, options))


def _payload(deck: DeckFile, format_id: str, options: Options) -> dict[str, Any]:
    # The findings come from the verdict, its violations and the lines it could not read:
    # the line-by-line detail is not needed (a tenth of the bytes).
    payload: dict[str, Any] = {"format": format_id, "deck": deck.text, "detail": "verdict"}
    if format_id == options.definition_id:
        del payload["format"]
        payload["definition"] = options.definition
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
    if status == 503 and results.problem_slug(body) == DEADLINE_EXCEEDED:
        return results.failed(deck.path, format_id, DEADLINE_EXCEEDED,
                              f"{service.where} stopped checking it at its time limit: "
                              f"{detail}")
    if status == 503:  # retried already: nothing else will get through either
        raise ServiceUnavailable(f"{service.where} is unavailable: "
                                 f"{detail or 'HTTP 503'}")
    if 400 <= status < 500 and status not in (401, 403, 404, 405, 429):
        return results.from_problem(deck, format_id, status, body)
    return results.failed(deck.path, format_id, "service-error",
                          f"{service.where} answered HTTP {status}"
                          + (f": {detail}" if detail else ""))


def changes_within(service: Service, paths: list[str], options: Options,
                   days: int) -> list[str]:
    """For each deck whose verdict will differ `days` days after the day checked (today
    when none is given), a line saying so and naming the known changes that make it: the
    service's `changed_since`, asked of the later day (a ban or rotation coming)."""
    known = _known(service, options)
    start = options.as_of or dt.date.today()
    later = start + dt.timedelta(days=days)
    ready = [item for item in (_prepare(path, options, known) for path in paths)
             if isinstance(item, _Ready)]
    asked = [{**item.payload, "as_of": later.isoformat(), "changed_since": start.isoformat()}
             for item in ready]
    said = []
    for item, (status, body) in zip(ready, service.validate_many(asked), strict=True):
        changed = body.get("changed") if status == 200 and isinstance(body, dict) else None
        if changed is None:
            continue
        coming = "; ".join(f"{change['effective']}: {change['title']}"
                           for change in changed["changes"])
        said.append(f"{item.deck.path}: its verdict in {', '.join(changed['formats'])} "
                    f"changes by {later.isoformat()}" + (f" ({coming})" if coming else ""))
    return said


def exit_status(checked: list[FileResult]) -> int:
    """0 when every deck is legal, 1 when any is not, 2 when any could not be checked."""
    statuses = {result.status for result in checked}
    if FAILED in statuses:
        return 2
    return 1 if statuses & {ILLEGAL, INVALID} else 0
