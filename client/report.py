"""The report: text for people, JSON for programs, JUnit XML, GitHub annotations and a
GitHub Actions job summary (Markdown) for CI."""

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


# The findings a job summary shows of each deck that is not legal, errors first: the rest are
# counted (the step's log and annotations give every one).
SUMMARY_FINDINGS = 5


def markdown(checked: list[FileResult]) -> str:
    """A GitHub Actions job summary: the totals, a row a deck file with its verdict and
    counts, and the first findings of each deck that is not legal."""
    out = [f"### deckjudge: {_md(_summary_line(summary(checked)))}\n\n"
           "| file | format | verdict | errors | warnings |\n"
           "| --- | --- | --- | ---: | ---: |\n"]
    out += [f"| {_md(result.path)} | {_md(result.format_id or '')} | "
            f"{_md(_STATUS_TEXT[result.status])} | {len(result.errors)} | "
            f"{len(result.warnings)} |\n" for result in checked]
    for result in checked:
        if result.status == LEGAL:
            continue
        out.append(f"\n#### {_md(_file_line(result))}\n\n")
        shown = [*result.errors, *result.warnings][:SUMMARY_FINDINGS]
        for finding in shown:
            where = "" if finding.line is None else f"line {finding.line}: "
            rule = f" \\[{_md(finding.rule)}\\]" if finding.rule else ""
            out.append(f"- {where}**{_md(finding.code)}** {_md(finding.message)}{rule}\n")
        left = len(result.findings) - len(shown)
        if left:
            out.append(f"- … and {_plural(left, 'more finding')} (the step's log lists "
                       "every one)\n")
    return "".join(out)


def markdown_failure(message: str) -> str:
    """A job summary's words for a check that could not be run at all."""
    return f"### deckjudge could not check the decks\n\n{_md(message)}\n"


def append(path: str, text: str) -> None:
    """Add `text` to a file others write too (a job's summary gathers every step's)."""
    with open(path, "a", encoding="utf-8") as out:
        out.write(text)


# What Markdown reads as markup inside a line (emphasis, code, links, HTML, entities) and a
# table's cell separator: a file name or a message is shown as written. Nothing written here
# starts a line, so what marks up only there (#, -, 1.) needs no escape.
_MARKDOWN = str.maketrans({char: f"\\{char}" for char in "\\`*_[]<>&|~"})


def _md(text: str) -> str:
    return " ".join(text.split()).translate(_MARKDOWN)


def _escape_data(value: str) -> str:
    return value.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(value: str) -> str:
    return _escape_data(value).replace(":", "%3A").replace(",", "%2C")
