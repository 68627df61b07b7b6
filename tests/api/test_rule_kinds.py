"""Every rule kind an organizer may switch on, with each of its parameters (and its
`section` and `text`) missing, empty, of the wrong type, at its bounds and past them, made
from the rule table (validators.rule_kinds): sent in a request, each is judged or refused
with a 4xx problem naming the field, never a 500; in a deployment's formats folder, each is
read or stops the start naming the file and the field. What the table declares valid is
judged, and what it declares out of bounds is refused at that parameter (or, where a kind
asks for one of several parameters and none is given, at the rule)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest

from validators.deployed import DeploymentError, read_directory
from validators.rule_kinds import (
    BOOLEAN,
    CHOICES,
    INTEGER,
    ORGANIZERS,
    PRINTINGS,
    TEXTS,
    Param,
    RuleKind,
)

pytestmark = pytest.mark.full_catalog

DECK = ("2 Pikachu PAL 62\n1 Squawkabilly ex PAL 169\n1 Boss's Orders PAL 172\n"
        "56 Basic Lightning Energy SVE 4\n")
DAY = "2024-06-01"
PRINTING = "sv2-62"  # Pikachu PAL 62: a printing the catalog has
# The words every rule may give beside its parameters, as the table's schema reads them.
WORDS = (Param("section", TEXTS, "", length=120), Param("text", TEXTS, "", length=500))
MISSING = object()


JUDGED, REFUSED, NOT_IN_CATALOG = "judged", "refused", "not in the catalog"


@dataclass(frozen=True)
class Case:
    kind: RuleKind
    field: str  # the parameter varied ("" for the rule as the table requires it)
    label: str
    rule: dict[str, Any]
    outcome: str  # what the table declares: JUDGED, REFUSED, or NOT_IN_CATALOG (a printing
    # id of a valid form the catalog lacks: a request's 404, read in a deployment's folder)
    at: str = ""  # where below the rule a refusal points: the field, or "" for the rule

    @property
    def id(self) -> str:
        return f"{self.kind.name}-{self.field or 'rule'}-{self.label}"


def _good(param: Param) -> Any:
    """A value the table declares valid for the parameter."""
    if param.type == INTEGER:
        return param.least
    if param.type == BOOLEAN:
        return True
    return [_item(param)] * max(param.least, 1)


def _item(param: Param) -> Any:
    return (param.choices[0] if param.type == CHOICES else
            PRINTING if param.type == PRINTINGS else "Common")


def _values(param: Param) -> Iterator[tuple[str, Any, bool | str]]:
    """(label, value, whether the table declares it valid) for one parameter."""
    yield "missing", MISSING, not param.required
    yield "null", None, False
    if param.type == INTEGER:
        yield "least", param.least, True
        yield "most", param.most, True
        yield "below", param.least - 1, False
        yield "above", param.most + 1, False
        for label, wrong in (("text", str(param.least)), ("float", param.least + 0.5),
                             ("bool", True), ("list", [param.least]), ("object", {})):
            yield label, wrong, False
        return
    if param.type == BOOLEAN:
        yield "false", False, True
        for label, wrong in (("zero", 0), ("text", "true"), ("list", [True])):
            yield label, wrong, False
        return
    if param.name in ("section", "text"):
        yield "empty", "", False
        yield "longest", "x" * param.length, True
        yield "too-long", "x" * (param.length + 1), False
        for label, wrong in (("number", 5), ("list", ["x"]), ("object", {})):
            yield label, wrong, False
        return
    item = _item(param)
    yield "empty", [], param.least == 0
    yield "fewest", [item] * max(param.least, 1), True
    yield "most", [item] * param.most, True
    yield "too-many", [item] * (param.most + 1), False
    yield "bare-item", item, False
    yield "number-item", [1], False
    yield "object-item", [{}], False
    yield "object", {}, False
    if param.type == CHOICES:
        yield "unknown-choice", ["Nope"], False
    else:
        yield "empty-item", [""], False
        yield "longest-item", ["x" * param.length], True if param.type == TEXTS else NOT_IN_CATALOG
        yield "too-long-item", ["x" * (param.length + 1)], False


def _fine(kind: RuleKind, rule: dict[str, Any]) -> bool:
    """Whether a rule with valid parameters meets the kind's one_of."""
    return not kind.one_of or any(rule.get(name) for name in kind.one_of)


def cases() -> Iterator[Case]:
    for kind in ORGANIZERS.values():
        base = {"rule": kind.name, **{param.name: _good(param) for param in kind.params
                                      if param.required or param.name in kind.one_of[:1]}}
        yield Case(kind, "", "as-required", base, JUDGED)
        yield Case(kind, "nope", "unknown-field", {**base, "nope": 1}, REFUSED, "nope")
        for param in (*kind.params, *WORDS):
            for label, value, valid in _values(param):
                rule = {key: item for key, item in base.items() if key != param.name}
                if value is not MISSING:
                    rule[param.name] = value
                if not valid:
                    yield Case(kind, param.name, label, rule, REFUSED, param.name)
                elif not _fine(kind, rule):
                    yield Case(kind, param.name, label, rule, REFUSED)
                else:
                    yield Case(kind, param.name, label, rule,
                               NOT_IN_CATALOG if valid == NOT_IN_CATALOG else JUDGED,
                               param.name)


CASES = list(cases())


def definition(case: Case, **more: Any) -> dict[str, Any]:
    return {"base": "expanded", "rules": [case.rule], **more}


def _named(case: Case, pointer: str, prefix: str) -> bool:
    """Whether a refusal's pointer names where the case is refused: its field (or a place
    inside it), or the rule."""
    rule = f"{prefix}/rules/0"
    if not case.at:
        return pointer == rule
    return pointer == f"{rule}/{case.at}" or pointer.startswith(f"{rule}/{case.at}/")


def test_the_cases_cover_every_kind_and_parameter():
    covered = {(case.kind.name, case.field) for case in CASES}
    for kind in ORGANIZERS.values():
        for param in (*kind.params, *WORDS):
            assert (kind.name, param.name) in covered
    assert {case.outcome for case in CASES} == {JUDGED, REFUSED, NOT_IN_CATALOG}
    assert len(CASES) > 200


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_request_judges_or_refuses_each_naming_the_field(client, case):
    answer = client.post("/v1/validate", json={"deck": DECK, "as_of": DAY, "detail": "verdict",
                                               "definition": definition(case)})
    if case.outcome == JUDGED:
        assert answer.status_code == 200, answer.get_json()
        assert answer.get_json()["format"]["definition"]["base"] == "expanded"
        return
    assert 400 <= answer.status_code < 500, answer.get_json()
    problem = answer.get_json()
    kind = (404, "/card-not-found") if case.outcome == NOT_IN_CATALOG else (422, "/invalid-body")
    assert (answer.status_code, "/" + problem["type"].rsplit("/", 1)[1]) == kind, problem
    assert _named(case, problem["pointer"], "/definition"), problem


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_a_deployments_file_is_read_or_stops_the_start_naming_file_and_field(tmp_path, case):
    (tmp_path / "cup.json").write_text(json.dumps(definition(
        case, id="cup", name="Cup", document="Cup rules")))
    if case.outcome != REFUSED:  # a deployment's definition is not held to a catalog
        assert list(read_directory(tmp_path)) == ["cup"]
        return
    with pytest.raises(DeploymentError) as error:
        read_directory(tmp_path)
    said = str(error.value)
    assert said.startswith(f"{tmp_path / 'cup.json'}: /"), said
    assert _named(case, said.split(": ")[1], ""), said
