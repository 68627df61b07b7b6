"""The rule table's parts of the docs and the contract, written from validators/rule_kinds.py.

    .venv/bin/python tools/rule_table.py            # write them
    .venv/bin/python tools/rule_table.py --check    # exit 1 where a file differs from them

docs/formats.md's table of the rules an organizer may switch on, and openapi.yaml's
`DefinitionRule` with the enums of the game's words it takes (validators/vocabulary.py),
sit between an opening and a closing marker; this script writes what is between them and
nothing else. tests/tooling/test_rule_table.py (run by `make lint`) fails when a file
differs from what the table makes: after changing a rule kind, run this script.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from validators.checks import codes_of  # noqa: E402
from validators.formats.schema import MAX_NAME, MAX_TEXT  # noqa: E402
from validators.rule_kinds import (  # noqa: E402
    BOOLEAN,
    CHOICES,
    INTEGER,
    ORGANIZERS,
    Param,
    RuleKind,
)
from validators.vocabulary import CARD_KINDS, POKEMON_KINDS, STAGES, TYPES  # noqa: E402

DOCS = ROOT / "docs" / "formats.md"
CONTRACT = ROOT / "openapi.yaml"
DOCS_MARKS = ("<!-- rule table: tools/rule_table.py writes it from validators/rule_kinds.py "
              "-->\n", "<!-- end: rule table -->\n")
CONTRACT_MARKS = ("    # rule table: tools/rule_table.py writes it from "
                  "validators/rule_kinds.py\n", "    # end: rule table\n")
# The contract's name for each list of the game's words a parameter's choices are taken from.
VOCABULARIES = {POKEMON_KINDS: ("PokemonKind", "A Pokémon's subtype a rule may name."),
                CARD_KINDS: ("CardKind", "Any card's subtype a rule may name."),
                STAGES: ("Stage", "A Pokémon's stage of evolution."),
                TYPES: ("PokemonType", "A Type printed on Pokémon.")}
SEVERITIES = {("error",): "error", ("warning",): "warning",
              ("error", "warning"): "error or warning"}


def docs_table() -> str:
    """The rules an organizer may switch on, as docs/formats.md lists them."""
    rows = ["| rule | parameters | a deck is held to | codes |", "| --- | --- | --- | --- |"]
    for kind in ORGANIZERS.values():
        params = "; ".join(_param_words(param) for param in kind.params) or "none"
        if kind.one_of:
            params += f"; give {', '.join(f'`{name}`' for name in kind.one_of)} or both"
        codes = ", ".join(f"`{code.name}` ({SEVERITIES[code.severities]})"
                          for code in codes_of(kind.check))
        rows.append(f"| `{kind.name}` | {params} | check `{kind.check}`: {kind.about} | "
                    f"{codes} |")
    return "\n".join(rows) + "\n"


def _param_words(param: Param) -> str:
    """A parameter as the docs' table words it: its name, bounds and choices, and what it
    says."""
    said = ("required, " if param.required else "") + param.bounds()
    if param.type == CHOICES:
        named = VOCABULARIES.get(param.choices)
        said += (f" of the contract's `{named[0]}`" if named and len(param.choices) > 12
                 else f": {', '.join(param.choices)}")
    return f"`{param.name}` ({said}): {param.about}" if said else f"`{param.name}`: {param.about}"


def contract_block() -> str:
    """openapi.yaml's DefinitionRule and the enums it takes, in the contract's flow style."""
    lines = ["    DefinitionRule:", "      description: >-",
             "        A rule the checks know, by `rule`, with its parameters; each may give the",
             "        organizer's `section` and `text` (docs/formats.md, \"Formats of your "
             "own\").", "      anyOf:"]
    for kind in ORGANIZERS.values():
        for required in _branches(kind):
            lines += ["        - type: object", "          additionalProperties: false",
                      f"          required: {_flow(['rule', *required])}", "          properties:",
                      f"            rule: {_flow({'const': kind.name})}",
                      f"            section: {_flow(_text(MAX_NAME))}",
                      f"            text: {_flow(_text(MAX_TEXT))}"]
            lines += [f"            {param.name}: {_flow(_schema(param, param.name in required))}"
                      for param in kind.params]
    for choices, (name, description) in VOCABULARIES.items():
        lines += [f"    {name}:", f"      description: {_flow(description)}",
                  f"      enum: {_flow(list(choices))}"]
    return "\n".join(lines) + "\n"


def _branches(kind: RuleKind) -> list[list[str]]:
    """The parameters each alternative of a kind requires: one alternative, or one for each
    of the parameters the kind asks for at least one of."""
    required = [param.name for param in kind.params if param.required]
    if not kind.one_of:
        return [required]
    return [[*sorted({*required, name}, key=[p.name for p in kind.params].index)]
            for name in kind.one_of]


def _text(most: int) -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "maxLength": most}


def _schema(param: Param, given: bool) -> dict[str, Any]:
    """A parameter's JSON Schema; `given`: required by its alternative, so not empty."""
    if param.type == INTEGER:
        return {"type": "integer", "minimum": param.least, "maximum": param.most}
    if param.type == BOOLEAN:
        return {"type": "boolean"}
    least = max(param.least, 1) if given else param.least
    items: dict[str, Any] = _text(param.length)
    if param.type == CHOICES:
        named = VOCABULARIES.get(param.choices)
        items = ({"$ref": f"#/components/schemas/{named[0]}"} if named
                 else {"enum": list(param.choices)})
    return {"type": "array", **({"minItems": least} if least else {}),
            "maxItems": param.most, "items": items}


def _flow(value: Any) -> str:
    """A value in YAML's flow style: keys bare, strings quoted."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key}: {_flow(item)}" for key, item in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(item) for item in value) + "]"
    return json.dumps(value, ensure_ascii=False)


def written(text: str, marks: tuple[str, str], block: str) -> str:
    """`text` with what stands between its marks replaced by `block`."""
    opening, closing = marks
    before, found, rest = text.partition(opening)
    _, ended, after = rest.partition(closing)
    if not found or not ended:
        raise ValueError(f"the marks {opening.strip()!r} … {closing.strip()!r} are missing")
    return before + opening + block + closing + after


PARTS: tuple[tuple[Path, tuple[str, str], Callable[[], str]], ...] = (
    (DOCS, DOCS_MARKS, docs_table), (CONTRACT, CONTRACT_MARKS, contract_block))


def differing() -> list[Path]:
    """The files whose parts differ from what the rule table makes of them."""
    return [path for path, marks, make in PARTS
            if written(path.read_text(encoding="utf-8"), marks, make())
            != path.read_text(encoding="utf-8")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 where a file differs")
    if parser.parse_args().check:
        stale = differing()
        for path in stale:
            print(f"{path.relative_to(ROOT)} differs from the rule table: run "
                  "tools/rule_table.py")
        sys.exit(1 if stale else 0)
    for path, marks, make in PARTS:
        text = path.read_text(encoding="utf-8")
        path.write_text(written(text, marks, make()), encoding="utf-8")


if __name__ == "__main__":
    main()
