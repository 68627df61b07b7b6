"""What one file's check came to, whichever way it was checked."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from client.files import DeckFile

ERROR, WARNING = "error", "warning"
# A file's status: legal; illegal (the deck breaks a rule or a line cannot be read);
# invalid (the service refused the file as a decklist); failed (it could not be checked).
LEGAL, ILLEGAL, INVALID, FAILED = "legal", "illegal", "invalid", "failed"
UNREADABLE, DECLARED_TOTAL = "unreadable-line", "declared-total"


@dataclass(frozen=True)
class Finding:
    severity: str
    code: str
    message: str
    line: int | None = None  # the file line of the first card it names
    other_lines: tuple[int, ...] = ()
    rule: str | None = None  # "DCI Floor Rules 2003 §221"


@dataclass
class FileResult:
    path: str
    format_id: str | None
    status: str
    findings: list[Finding] = field(default_factory=list)
    catalog: str | None = None

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == WARNING]


def from_verdict(deck: DeckFile, format_id: str, body: dict[str, Any]) -> FileResult:
    """A 200 answer of POST /v1/validate: its violations, warnings and unreadable lines.

    The service reports a line it could not read as an `unreadable-line` violation; a total
    the list states that does not match its lines (`declared-total`) is a warning."""
    violations = body.get("violations", [])
    findings = [_violation(deck, v) for v in violations]
    findings += [_violation(deck, w) for w in body.get("warnings", [])]
    reported = {card.get("line") for v in violations if v.get("code") == UNREADABLE
                for card in v.get("cards", [])}
    unread = [p for p in body.get("problems", [])
              if p["code"] != DECLARED_TOTAL and p["line"] not in reported]
    # A line the service could not read is not checked, so the deck is not shown legal.
    findings += [Finding(ERROR, p["code"], f"{p['message']}: {p['text']!r}",
                         deck.file_line(p["line"])) for p in unread]
    findings += [Finding(WARNING, p["code"], p["message"], deck.file_line(p["line"]))
                 for p in body.get("problems", []) if p["code"] == DECLARED_TOTAL]
    findings.sort(key=lambda f: (f.line is not None, f.line or 0))
    legal = bool(body.get("legal")) and not unread
    return FileResult(deck.path, format_id, LEGAL if legal else ILLEGAL, findings,
                      body.get("catalog", {}).get("version"))


def from_problem(deck: DeckFile, format_id: str, status: int, body: Any) -> FileResult:
    """A 4xx answer about the file itself (too large, control characters, bad JSON)."""
    problem = body if isinstance(body, dict) else {}
    slug = problem_slug(body) or f"http-{status}"
    detail = problem.get("detail") or f"the service answered HTTP {status}"
    line = problem.get("line") if isinstance(problem.get("line"), int) else None
    return FileResult(deck.path, format_id, INVALID,
                      [Finding(ERROR, slug, detail, deck.file_line(line))])


def problem_slug(body: Any) -> str:
    """The kind of a problem document (the end of its `type`), or "" for another body."""
    problem = body if isinstance(body, dict) else {}
    return str(problem.get("type", "")).rsplit("/", 1)[-1]


def failed(path: str, format_id: str | None, code: str, message: str,
           line: int | None = None) -> FileResult:
    return FileResult(path, format_id, FAILED, [Finding(ERROR, code, message, line)])


def _violation(deck: DeckFile, violation: dict[str, Any]) -> Finding:
    found = (deck.file_line(card.get("line")) for card in violation.get("cards", []))
    lines = list(dict.fromkeys(line for line in found if line is not None))
    rule = violation.get("rule") or {}
    cited = " ".join(part for part in (rule.get("document"), rule.get("section")) if part)
    return Finding(violation.get("severity", ERROR), violation["code"], violation["message"],
                   lines[0] if lines else None, tuple(lines[1:]), cited or None)
