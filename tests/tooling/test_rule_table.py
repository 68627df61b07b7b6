"""docs/formats.md's rules table and openapi.yaml's DefinitionRule are what the rule table
makes of them (tools/rule_table.py writes both; run it after changing a rule kind)."""

from __future__ import annotations

import pytest
import yaml

from tools import rule_table
from validators.rule_kinds import ORGANIZERS


def test_the_docs_and_the_contract_are_written_from_the_rule_table():
    assert [path.name for path in rule_table.differing()] == []


def test_the_contract_offers_exactly_the_kinds_an_organizer_may_name():
    schemas = yaml.safe_load(rule_table.CONTRACT.read_text(encoding="utf-8"))
    rules = schemas["components"]["schemas"]["DefinitionRule"]["anyOf"]
    assert list(dict.fromkeys(rule["properties"]["rule"]["const"] for rule in rules)) == \
        list(ORGANIZERS)
    for choices, (name, _) in rule_table.VOCABULARIES.items():
        assert schemas["components"]["schemas"][name]["enum"] == list(choices)


def test_a_part_written_by_hand_is_caught_and_only_the_part_is_written():
    text = rule_table.DOCS.read_text(encoding="utf-8")
    edited = text.replace("| `max-hp` | `hp`", "| `max-hp-by-hand` | `hp`")
    assert edited != text
    assert rule_table.written(edited, rule_table.DOCS_MARKS, rule_table.docs_table()) == text
    with pytest.raises(ValueError, match="missing"):
        rule_table.written("no marks here", rule_table.DOCS_MARKS, "")
