"""Reading answers in tests: a several-format answer's verdicts with their findings in
place, and many decks' verdicts asked in batches."""

from __future__ import annotations

from typing import Any

from api.validate_batch import MAX_BATCH_DECKS


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


def batch_verdicts(client: Any, decks: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each deck's verdict by its id, the decks sent to POST /v1/validate/batch as many to
    a request as a batch takes."""
    found: dict[str, dict[str, Any]] = {}
    for start in range(0, len(decks), MAX_BATCH_DECKS):
        answer = client.post("/v1/validate/batch",
                             json={"decks": decks[start:start + MAX_BATCH_DECKS]})
        assert answer.status_code == 200, answer.get_json()
        found.update((result["id"], result["verdict"]) for result in answer.get_json()["results"])
    return found
