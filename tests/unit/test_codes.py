"""One table of codes (validators.checks.CODES): the contract and the docs list exactly the
codes a verdict can carry, each with the severities the table gives it."""

from __future__ import annotations

import re
import string

import pytest
import yaml

from tests.support.paths import PROJECT_ROOT
from validators.checks import CODES, REGISTRY, TITLES, get_code, title
from validators.records import ERROR, WARNING, Code, RuleRef, Violation

_SEVERITY_WORDS = {"error": (ERROR,), "warning": (WARNING,),
                   "error or warning": (ERROR, WARNING), "warning or error": (WARNING, ERROR)}


def _contract_codes() -> list[str]:
    spec = yaml.safe_load((PROJECT_ROOT / "openapi.yaml").read_text())
    return spec["components"]["schemas"]["ViolationCode"]["enum"]


def _docs_codes() -> dict[str, tuple[str, ...]]:
    """docs/formats.md's Codes table: each code a row names, with its severities."""
    text = (PROJECT_ROOT / "docs" / "formats.md").read_text()
    table = text.split("## Codes", 1)[1].split("\n## ", 1)[0]
    found: dict[str, tuple[str, ...]] = {}
    for row in table.splitlines():
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if row.startswith("| `") and len(cells) >= 3:
            for name in re.findall(r"`([a-z-]+)`", cells[0]):
                found[name] = _SEVERITY_WORDS[cells[1]]
    return found


def test_the_contract_lists_every_code_and_no_other():
    listed = _contract_codes()
    assert len(listed) == len(set(listed))
    assert set(listed) == set(CODES)


def test_the_docs_list_every_code_with_its_severities_and_no_other():
    documented = _docs_codes()
    assert set(documented) == set(CODES)
    assert {name: set(severities) for name, severities in documented.items()} == {
        name: set(code.severities) for name, code in CODES.items()}


def test_every_format_runs_only_registered_checks():
    from validators.formats import all_formats
    from validators.records import TeamFormat

    for fmt in all_formats().values():
        rules = [play.deck for play in fmt.plays.values()] if isinstance(fmt, TeamFormat) \
            else [fmt]
        for definition in rules:
            assert {spec.code for spec in definition.checks} <= set(REGISTRY), definition.id


def test_a_violation_is_only_of_a_registered_code_in_its_own_words():
    rule = RuleRef("a document", "§1")
    banned = get_code("banned")
    assert Violation.of(banned, banned.templates[0], rule, line=1, name="Bill",
                        format="Modified").severity == ERROR
    with pytest.raises(ValueError, match="not one of its own"):
        Violation.of(banned, "a message of nobody's", rule)
    with pytest.raises(ValueError, match="not one of its own"):
        Violation.of(banned, banned.templates[0], rule, severity=WARNING)
    either = get_code("ambiguous-card")
    with pytest.raises(ValueError):  # a code of two severities is given one
        Violation.of(either, either.templates[0], rule)
    with pytest.raises(KeyError, match="no code is named"):
        get_code("nonsense")
    assert isinstance(banned, Code)


# The arguments a template may write with a conversion: text the check passes as a string.
_QUOTED = {"text", "title", "name", "seat", "set_code"}


def test_a_template_writes_every_argument_as_its_text():
    # An answer words a violation from its arguments as it gives them (a date as its text,
    # api.views.verdicts): the same words only while no template gives an argument a
    # format spec, nor a conversion other than quoting a string.
    for code in CODES.values():
        for template in code.templates:
            for _, field, spec, conversion in string.Formatter().parse(template):
                if field is None:
                    continue
                assert not spec, (code.name, field)
                assert conversion is None or (conversion == "r" and field in _QUOTED), \
                    (code.name, field)


def test_every_code_has_its_words_and_no_other_words_are_kept():
    """The page shows a code by its words (validators.checks.TITLES, each its Code's
    `title`): one entry a code, so a code added without words, or words left for a code
    gone, fails here."""
    assert set(TITLES) == set(CODES)
    for name, words in TITLES.items():
        assert words.strip() == words and words and "-" not in words, name  # not a code
        assert len(words) <= 40, name  # a few words, beside the message, not a second one
    assert title("not-legal") == "not in the card pool" and title("deck-size") == "deck size"
