"""The organizer's form, read: what was pasted or chosen, and the options, as plain values.

The form's fields become the JSON body `POST /v1/validate` (or `/v1/validate/team`) would
take, and that body is read by the API's own schemas (api.deck_requests): the page accepts
exactly what the API accepts, and refuses it with the same problems.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field, replace
from typing import Any

from werkzeug.datastructures import FileStorage, MultiDict

from api.middleware.problems import Problem
from api.schema import target_problem
from decklist import strict_json
from decklist.text import split_lines
from runtime import patterns
from validators.formats import all_formats, builtin_formats
from validators.records import CONSTRUCTED, DeckRules, TeamFormat
from validators.targets import ALL, unknown_format

DECK, TEAM = "deck", "team"
# A pick: the field, the line's number, the digest of the line as it was checked, the new line.
_PICK = patterns.compile(r"[a-zA-Z_]+:[0-9]{1,4}:[0-9a-f]{12}:[^\n\r]*")
# A line's end as written: kept as it was when a pick rewrites another line.
_LINE_END = patterns.compile(r"\r\n|\r|\n")
_PARTNER_PREFIX = patterns.compile(r"^\s*partner\s*:\s*", ignore_case=True)


@dataclass(frozen=True)
class Form:
    """What the form said, as sent (for showing it again) and as options."""

    mode: str = DECK
    deck: str = ""
    formats: tuple[str, ...] = ()  # ticked; none: the format the list most likely targets
    added: tuple[str, ...] = ()  # none ticked: formats the answer's summary asked to add
    as_of: str = ""
    tournament: bool = False
    partner: str = ""  # the line number of the Partner, when the list does not say
    play: str = ""
    product: str = ""
    pool: str = ""
    team_format: str = ""
    seat_decks: dict[str, str] = field(default_factory=dict)
    seat_pools: dict[str, str] = field(default_factory=dict)
    picked: str = ""  # the text field a picked card rewrote, if any
    definition: str = ""  # an organizer's format, pasted as JSON (docs/formats.md)

    def text(self, name: str) -> str:
        """The text of one of the form's list fields, by its name."""
        if name.startswith("seat_"):
            _, seat, part = name.split("_", 2)
            return (self.seat_decks if part == "deck" else self.seat_pools).get(seat, "")
        return self.deck if name == "deck" else self.pool

    @property
    def every_format(self) -> bool:
        return ALL in self.formats

    @property
    def likely(self) -> bool:
        """No format ticked: the page shows the one the list most likely targets
        (web.likely_format), and those added beside it."""
        return not self.formats


def default_formats() -> tuple[str, ...]:
    """The formats of today's game (judged on today's date by default), listed first, not
    the era-bound ones of the 2003 and 2009 documents; a deployment's own are offered
    beside the others."""
    return tuple(format_id for format_id, fmt in builtin_formats().items()
                 if isinstance(fmt, DeckRules) and fmt.as_of_today)


def team_formats() -> list[TeamFormat]:
    return [fmt for fmt in all_formats().values() if isinstance(fmt, TeamFormat)]


def seats() -> tuple[str, ...]:
    """Every seat a team format has (each has A and B): one deck field each."""
    return tuple(dict.fromkeys(seat for fmt in team_formats() for seat in fmt.seats))


def read_form(form: MultiDict[str, str], files: MultiDict[str, FileStorage]) -> Form:
    """The form as sent, with a chosen file read into its text field."""
    texts = {name: form.get(name, "") for name in _text_fields()}
    upload = files.get("deck_file")  # the page's file input; a script reads the others' drops
    if upload is not None and upload.filename:
        texts["deck"] = _file_text(upload, "deck")
    ticked, added = form.getlist("format"), form.getlist("add_format")
    return Form(
        mode=_one_of(form, "mode", (DECK, TEAM), None),
        deck=texts["deck"],
        formats=_formats([*ticked, *added]) if ticked else (),
        added=() if ticked else _formats(added),
        as_of=form.get("as_of", ""),
        tournament=_one_of(form, "tournament", ("", "on"), "") == "on",
        partner=_partner(form.get("partner", "")),
        play=form.get("play", ""),
        product=form.get("product", "").strip(),
        pool=texts["pool"],
        team_format=_team_format(form.get("team_format", "")),
        seat_decks={seat: texts[f"seat_{seat}_deck"] for seat in seats()},
        seat_pools={seat: texts[f"seat_{seat}_pool"] for seat in seats()},
        definition=form.get("definition", ""),
    )


def with_pick(form: Form, pick: str | None) -> Form:
    """The form with a picked candidate written into its line (`pick`, from the answer's
    buttons); the form as sent when none was picked. A stale pick is refused (409)."""
    if pick is None:
        return form
    texts = {name: form.text(name) for name in _text_fields()}
    picked = _picked(texts, pick)
    name = pick.split(":", 1)[0]
    text = picked[name]
    if name == "deck":
        return replace(form, picked=name, deck=text)
    if name == "pool":
        return replace(form, picked=name, pool=text)
    _, seat, part = name.split("_", 2)
    if part == "deck":
        return replace(form, picked=name, seat_decks={**form.seat_decks, seat: text})
    return replace(form, picked=name, seat_pools={**form.seat_pools, seat: text})


def _one_of(form: MultiDict[str, str], name: str, allowed: tuple[str, ...],
            default: str | None) -> str:
    """The field's value, one of `allowed`; a field with no default must be sent."""
    value = form.get(name, default)
    if value is None or value not in allowed:
        said = "is missing" if value is None else f"is {value!r}"
        raise Problem("invalid-body", f"`{name}` is one of {', '.join(a for a in allowed if a)}; "
                      f"it {said}.", pointer=f"/{name}")
    return value


def _formats(values: list[str]) -> tuple[str, ...]:
    """The formats ticked (and one the answer's summary asked to add), each once; one the
    service does not have is refused as the API refuses it."""
    known = [*all_formats(), ALL]
    for value in values:
        if value not in known:
            raise target_problem(unknown_format(value, known))
    return tuple(sorted(set(values), key=known.index))  # in the service's order


def formats_asked(values: list[str]) -> tuple[str, ...]:
    """The formats an address asks the page to tick (`/?format=standard`); those the
    service does not have are left unticked."""
    known = [*all_formats(), ALL]
    return tuple(sorted({value for value in values if value in known}, key=known.index))


def _team_format(value: str) -> str:
    teams = [fmt.id for fmt in team_formats()]
    if value and value not in teams:
        raise Problem("not-a-team-format", f"{value!r} is not a team format.",
                      pointer="/team_format", supported=teams)
    return value


def _partner(value: str) -> str:
    """The Partner's line number, or nothing."""
    if value and not (value.isascii() and value.isdigit() and len(value) <= 4):
        raise Problem("invalid-body", f"The Partner's line is a line number, not {value!r}.",
                      pointer="/partner")
    return value


def _text_fields() -> list[str]:
    return ["deck", "pool", *(f"seat_{seat}_{part}" for seat in seats()
                              for part in ("deck", "pool"))]


def _file_text(upload: FileStorage, name: str) -> str:
    raw = upload.read()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = raw[:error.start].count(b"\n") + 1
        raise Problem("invalid-encoding", f"The file {upload.filename!r} is not UTF-8 text: "
                      f"byte {error.start} (line {line}) cannot be decoded.",
                      pointer=f"/{name}", line=line) from None


def _picked(texts: dict[str, str], pick: str) -> dict[str, str]:
    """A candidate chosen for a line: "field:line:digest:replacement" rewrites that line, if
    it still reads as it did when it was checked; every other byte of the list stays."""
    parts = pick.split(":", 3)
    if not _PICK.fullmatch(pick) or parts[0] not in texts:
        raise Problem("invalid-body", "A picked card names a field, a line, the line's digest "
                      "and its new text.", pointer="/pick")
    name, number, digest, replacement = parts[0], int(parts[1]), parts[2], parts[3]
    marks, pieces, ends = _lines_and_ends(texts[name])
    if not 1 <= number <= len(pieces) or line_digest(pieces[number - 1]) != digest:
        now = (f"line {number} reads {pieces[number - 1][:60]!r} now"
               if 1 <= number <= len(pieces) else f"the list has {len(pieces)} lines now")
        raise Problem("stale-pick", f"The card picked is for line {number} as it was checked, "
                      f"and {now}: the list changed after it was checked. Check it again "
                      "and pick from the new answer.", pointer=f"/{name}", line=number)
    pieces[number - 1] = replace_line(pieces[number - 1], replacement)
    rebuilt = marks + "".join(piece + end for piece, end in zip(pieces, ends, strict=True))
    return {**texts, name: rebuilt}


def _lines_and_ends(text: str) -> tuple[str, list[str], list[str]]:
    """A list's byte order marks, its lines as decklist.text numbers them (after the
    marks), and the end each line had: the last line's is ""."""
    body = text.lstrip("\ufeff")
    pieces, ends, start = [], [], 0
    for found in _LINE_END.finditer(body):
        pieces.append(body[start:found.start()])
        ends.append(found.group())
        start = found.end()
    return text[:len(text) - len(body)], [*pieces, body[start:]], [*ends, ""]


def line_digest(line: str) -> str:
    """What a pick names its line by, beside its number: the line's text as checked."""
    return hashlib.sha256(line.encode("utf-8", "surrogatepass")).hexdigest()[:12]


def replace_line(old: str, replacement: str) -> str:
    """The line with its card replaced; a `Partner:` mark on it stays."""
    mark = _PARTNER_PREFIX.match(old)
    return (mark.group(0) if mark and not _PARTNER_PREFIX.match(replacement) else "") + replacement


def mark_partner(text: str, line: int) -> str:
    """The list with line `line` marked as the Partner (Partner Battles I.1), the way a
    written list marks it: `Partner: 1 Name SET NUMBER`."""
    lines = split_lines(text)
    if 1 <= line <= len(lines) and not _PARTNER_PREFIX.match(lines[line - 1]):
        lines[line - 1] = "Partner: " + lines[line - 1].strip()
    return "\n".join(lines)


def deck_body(form: Form) -> dict[str, Any]:
    """The `POST /v1/validate` JSON body the form stands for. With no format ticked it names
    as many formats as the page will show, which its budget counts: the page puts the one
    the list most likely targets in the first one's place once the list is read."""
    deck = mark_partner(form.deck, int(form.partner)) if form.partner else form.deck
    formats = list(form.formats) if form.formats else _as_many(form.added)
    body: dict[str, Any] = {"deck": deck, "tournament": form.tournament,
                            "format": ALL if ALL in formats else formats}
    if form.definition.strip():
        body["definition"] = _definition(form.definition)
    return {**body, **_options(form), **({"pool": form.pool} if form.pool.strip() else {})}


def _as_many(added: tuple[str, ...]) -> list[str]:
    """A format for the one the list targets, not yet known, then those added: one for a
    Constructed deck, played from the first day of all (Unlimited)."""
    spare = next((format_id for format_id, fmt in all_formats().items()
                  if format_id not in added and isinstance(fmt, DeckRules)
                  and fmt.play == CONSTRUCTED and fmt.definition is None), None)
    return [spare, *added] if spare is not None else list(added)


def _definition(text: str) -> Any:
    """A pasted definition's JSON, read as strictly as a request's body (decklist.strict_json:
    no key twice, nesting and numbers bounded, no lone surrogate; a byte order mark before it
    skipped); what is not is the field's problem, as the API's schema says the rest
    (api.deck_requests)."""
    try:
        return strict_json.loads(text.removeprefix("\ufeff"))
    except strict_json.JsonFault as fault:
        at = {"line": fault.line, "column": fault.column} if fault.line is not None else {}
        raise Problem("invalid-body", f"Your format's definition is not JSON: {fault.message}.",
                      pointer="/definition", **at) from None


def team_body(form: Form) -> dict[str, Any]:
    """The `POST /v1/validate/team` JSON body the form stands for."""
    players = [{"seat": seat, "deck": form.seat_decks.get(seat, ""),
                **({"pool": pool} if (pool := form.seat_pools.get(seat, "")).strip() else {})}
               for seat in seats()]
    return {"format": form.team_format or team_formats()[0].id, "players": players,
            **_options(form)}


def _options(form: Form) -> dict[str, Any]:
    options: dict[str, Any] = {}
    if form.as_of:
        options["as_of"] = form.as_of
    if form.play:
        options["play"] = form.play
    if form.product:
        options["product"] = form.product
    return options


def format_choices() -> list[tuple[str, str]]:
    """Every format a deck may be checked in, as (id, name), in the service's order."""
    formats = all_formats()
    return [(format_id, fmt.name) for format_id, fmt in formats.items()]
