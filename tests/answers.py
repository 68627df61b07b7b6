"""Reading a several-format answer in tests: each verdict with its findings in place."""

from __future__ import annotations

from typing import Any


def by_format(body: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each format's verdict, by id, its violations and warnings read from `findings`."""
    findings = body["findings"]
    return {verdict["format"]["id"]: {
        **verdict,
        "violations": [findings[position] for position in verdict["violations"]],
        "warnings": [findings[position] for position in verdict["warnings"]]}
        for verdict in body["verdicts"]}
