"""Reading a several-format answer in tests: each verdict with its findings in place."""

from __future__ import annotations

from typing import Any


def by_format(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each format's verdict, by id, its violations and warnings read from `findings`."""
    return {verdict["format"]["id"]: {
        **verdict,
        "violations": [_in(body, position, verdict) for position in verdict["violations"]],
        "warnings": [_in(body, position, verdict) for position in verdict["warnings"]]}
        for verdict in body["verdicts"]}


def _in(body: dict[str, Any], position: int, verdict: dict[str, Any]) -> dict[str, Any]:
    """A finding as the verdict's own violation: with the rule its format cites."""
    finding = body["findings"][position]
    format_id = verdict["format"]["id"]
    [rule] = [rule for rule in finding["rules"] if format_id in rule["formats"]]
    return {**finding, "rule": rule}
