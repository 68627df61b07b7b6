"""The report: text for people, JSON for programs, JUnit XML and GitHub annotations for CI."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any, TextIO

from client.results import ERROR, FAILED, ILLEGAL, INVALID, LEGAL, FileResult, Finding

_STATUS_TEXT = {LEGAL: "legal", ILLEGAL: "illegal", INVALID: "not a readable decklist",
                FAILED: "not checked"}


def summary(checked: list[FileResult]) -> dict[str, int]:
    statuses = Counter(result.status for result in checked)
    return {"files": len(checked), **{status: statuses[status] for status in _STATUS_TEXT},
            "errors": sum(len(r.errors) for r in checked),
            "warnings": sum(len(r.warnings) for r in checked)}


def write_text(checked: list[FileResult], out: TextIO) -> None:
    for result in checked:
        for finding in result.findings:
            out.write(finding_line(result.path, finding) + "\n")
        out.write(_file_line(result) + "\n")
    out.write(_summary_line(summary(checked)) + "\n")


def finding_line(path: str, finding: Finding) -> str:
    """`file:line: code message` (a warning says so); a whole-deck finding has no line."""
    where = path if finding.line is None else f"{path}:{finding.line}"
    kind = "" if finding.severity == ERROR else f" ({finding.severity})"
    text = f"{where}: {finding.code}{kind} {finding.message}"
    if finding.other_lines:
        text += f" (also line{'s' if len(finding.other_lines) > 1 else ''} "
        text += f"{', '.join(map(str, finding.other_lines))})"
    return text + (f" [{finding.rule}]" if finding.rule else "")


def _file_line(result: FileResult) -> str:
    status = _STATUS_TEXT[result.status]
    if result.status in (LEGAL, ILLEGAL):
        status += f" in {result.format_id}"
    counts = [_plural(len(result.errors), "error"), _plural(len(result.warnings), "warning")]
    counts = [count for count in counts if not count.startswith("0 ")]
    return f"{result.path}: {status}" + (f" ({', '.join(counts)})" if counts else "")


def _summary_line(totals: dict[str, int]) -> str:
    parts = [f"{totals[status]} {text}" for status, text in _STATUS_TEXT.items()
             if totals[status] or status in (LEGAL, ILLEGAL)]
    return (f"{_plural(totals['files'], 'deck')} checked: {', '.join(parts)}; "
            f"{_plural(totals['errors'], 'error')}, {_plural(totals['warnings'], 'warning')}")


def _plural(count: int, noun: str) -> str:
    return f"{count} {noun}{'' if count == 1 else 's'}"


def as_json(checked: list[FileResult], exit_status: int) -> dict[str, Any]:
    return {"summary": {**summary(checked), "exit_status": exit_status},
            "files": [_file_json(result) for result in checked]}


def _file_json(result: FileResult) -> dict[str, Any]:
    return {"path": result.path, "format": result.format_id, "status": result.status,
            "legal": result.status == LEGAL, "catalog": result.catalog,
            "findings": [{"severity": f.severity, "code": f.code, "message": f.message,
                          "line": f.line, "other_lines": list(f.other_lines), "rule": f.rule}
                         for f in result.findings]}


def write_json(checked: list[FileResult], exit_status: int, out: TextIO) -> None:
    json.dump(as_json(checked, exit_status), out, indent=2, ensure_ascii=False)
    out.write("\n")


def write_junit(checked: list[FileResult], path: str) -> None:
    """One test case per deck file: illegal decks fail, unchecked ones are errors."""
    totals = summary(checked)
    suite = ET.Element("testsuite", name="deckjudge", tests=str(len(checked)),
                       failures=str(totals[ILLEGAL] + totals[INVALID]),
                       errors=str(totals[FAILED]), skipped="0")
    for result in checked:
        case = ET.SubElement(suite, "testcase", name=result.path,
                             classname=f"deckjudge.{result.format_id or 'unknown'}",
                             file=result.path)
        if result.status == LEGAL:
            continue
        tag = "error" if result.status == FAILED else "failure"
        outcome = ET.SubElement(case, tag, type=result.status,
                                message=_file_line(result))
        outcome.text = "\n".join(finding_line(result.path, f) for f in result.findings)
    root = ET.Element("testsuites")
    root.append(suite)
    ET.indent(root)
    ET.ElementTree(root).write(path, encoding="utf-8", xml_declaration=True)


def write_github(checked: list[FileResult], out: TextIO) -> None:
    """GitHub Actions workflow commands: each finding shows on its file and line."""
    for result in checked:
        for finding in result.findings:
            properties = {"file": result.path, "title": f"deckjudge {finding.code}"}
            if finding.line is not None:
                properties["line"] = str(finding.line)
            fields = ",".join(f"{key}={_escape_property(value)}"
                              for key, value in properties.items())
            message = finding.message + (f" [{finding.rule}]" if finding.rule else "")
            out.write(f"::{finding.severity} {fields}::{_escape_data(message)}\n")


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")
