"""TCGdex's data files read as what they are, TypeScript modules holding one object literal,
without running them.

A data file is a module of this shape, and nothing else is read:

    import { Card } from "../../../interfaces"
    import Set from "../Pitch Black"
    const card: Card = { …an object literal… }
    export default card

The literal's values are JSON5's (strings in either quote, numbers, true, false, null,
arrays, objects, trailing commas, comments) and three of TypeScript's that the data uses:
the name of a default import (`set: Set`, the card's parent), `undefined` (a field left
out: read as null) and string literals joined with `+` (read as the one string they make).
Anything else (a call, a spread, a template, a computed key, another name, a second
declaration) is refused with an error naming the file, the line and the column.

Two parsers read a file, one after the other
(speed trick "JSON5 first for TCGdex modules": docs/performance.md). pyjson5 reads the
literal when it is JSON5 once each import's name is written as a reference, which all but
a few hundred files are;
tree-sitter's TypeScript grammar reads the rest, and its tree is walked for the values
above only, each scalar's text decoded by pyjson5. Both give the same value for a file
both read, and both stop at MAX_DEPTH levels of nesting.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import pyjson5
import tree_sitter
import tree_sitter_typescript

from runtime import patterns

# Levels of nesting a literal may have (TCGdex's deepest: 4, an attack's name by language).
MAX_DEPTH = 16
IMPORT_KEY = "$import"  # {IMPORT_KEY: name} stands for a default import's value

_IDENT = r"[A-Za-z_$][A-Za-z0-9_$]*"
_IMPORT = (r"import\s+(?:(?P<default>" + _IDENT + r")|\{\s*" + _IDENT + r"\s*\})\s+from\s+"
           r"(?:'(?P<single>[^'\n]*)'|\"(?P<double>[^\"\n]*)\")\s*;?")
# The frame around the literal: imports and `const name: Type =` before its `{`, and
# `export default name` after its last `}`. Each is matched on its own: a pattern over the
# whole file would carry its capture through the literal, which costs more than parsing it.
_HEAD = patterns.compile(
    r"(?s)\A\ufeff?\s*(?P<imports>(?:import\s[^\n]*\n\s*)+)"
    r"const\s+(?P<name>" + _IDENT + r")\s*:\s*(?P<type>" + _IDENT + r")\s*=\s*\{")
_TAIL = patterns.compile(
    r"\}\s*;?\s*export\s+default\s+(?P<exported>" + _IDENT + r")\s*;?\s*\z")
_IMPORT_LINE = patterns.compile(_IMPORT)
_JSON5_WORDS = frozenset({"true", "false", "null", "Infinity", "NaN"})


@functools.lru_cache(maxsize=64)
def _named_value(names: tuple[str, ...]) -> patterns.Pattern:
    """A member whose value is one of `names`, alone on its line: `set: Set,`. Only the
    module's imports and `undefined` are sought, not every bare word (`holo: true`): a match
    costs a call back, and TCGdex's files have a dozen bare words for one import
    (speed trick "JSON5 first for TCGdex modules": docs/performance.md)."""
    alternatives = "|".join(name.replace("$", "\\$") for name in names)
    return patterns.compile(
        r"(?m)^(?P<lead>[ \t]*(?:" + _IDENT + r"|'[^'\n]*'|\"[^\"\n]*\")[ \t]*:[ \t]*)"
        r"(?P<value>" + alternatives + r")(?P<tail>[ \t]*,?[ \t]*)$")


class ModuleError(ValueError):
    """The file is not a module of the shape this reader takes; the message says where."""


@dataclass(frozen=True)
class Module:
    """One data file: its default imports by name, its declared type and its literal."""

    type_name: str
    imports: dict[str, str]  # default import's name -> the path imported from
    value: dict[str, Any]

    def imported(self, value: Any) -> str | None:
        """The path of the default import `value` names, or None when it names none."""
        if isinstance(value, dict) and len(value) == 1 and IMPORT_KEY in value:
            return self.imports.get(value[IMPORT_KEY])
        return None


def read_module(body: bytes, path: str) -> Module:
    """The module's literal and imports; ModuleError naming `path` when it is not one."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ModuleError(f"{path}: not UTF-8 (byte {error.start})") from None
    fast = _by_json5(text)
    return fast if fast is not None else _by_tree(body, path)


def _by_json5(text: str) -> Module | None:
    """The module read by its frame and pyjson5, or None when it is not of that simple shape
    (the tree then reads it, and says what is wrong if anything is)."""
    head = _HEAD.match(text)
    export = text.rfind("export")
    end = text.rfind("}", 0, export)
    tail = _TAIL.fullmatch(text[end:]) if head is not None and end >= head.end() - 1 else None
    if head is None or tail is None or head.group("name") != tail.group("exported"):
        return None
    imports = _imports(head.group("imports"))
    literal = text[head.end() - 1:end + 1]
    if imports is None or "\\\n" in literal or "\\\r" in literal:
        return None  # a line continuation: a line may start inside a string

    def reference(match: patterns.Match) -> str:
        value = match.group("value")
        written = "null" if value == "undefined" else f'{{"{IMPORT_KEY}": "{value}"}}'
        return f"{match.group('lead')}{written}{match.group('tail')}"

    # A bare name not imported is left as it is: pyjson5 refuses it, and the tree says
    # what is wrong.
    names = tuple(sorted({"undefined", *imports} - _JSON5_WORDS))
    try:
        value = pyjson5.decode(_named_value(names).sub(reference, literal), maxdepth=MAX_DEPTH)
    except (pyjson5.Json5Exception, ValueError, TypeError):
        return None
    if not isinstance(value, dict):
        return None
    return Module(head.group("type"), imports, value)


def _imports(block: str) -> dict[str, str] | None:
    found: dict[str, str] = {}
    for line in block.splitlines():
        if not line.strip():
            continue
        match = _IMPORT_LINE.fullmatch(line.strip())
        if match is None:
            return None
        if match.group("default"):
            found[match.group("default")] = match.group("single") or match.group("double") or ""
    return found


@functools.cache
def _parser() -> tree_sitter.Parser:
    return tree_sitter.Parser(tree_sitter.Language(tree_sitter_typescript.language_typescript()))


def _at(node: tree_sitter.Node) -> str:
    row, column = node.start_point
    return f"line {row + 1}, column {column + 1}"


def _by_tree(body: bytes, path: str) -> Module:
    tree = _parser().parse(body)
    root = tree.root_node
    if root.has_error:
        raise ModuleError(f"{path}: not valid TypeScript at {_at(_first_error(root))}")
    imports: dict[str, str] = {}
    declared: tuple[str, str, tree_sitter.Node] | None = None
    exported: str | None = None
    for node in root.named_children:
        if node.type == "comment":
            continue
        if node.type == "import_statement":
            imports.update(_tree_import(node, path))
        elif node.type == "lexical_declaration" and declared is None:
            declared = _declaration(node, path)
        elif node.type == "export_statement" and exported is None and declared is not None:
            exported = _exported(node, path)
        else:
            raise ModuleError(f"{path}: {node.type.replace('_', ' ')} at {_at(node)}: a data "
                              "file holds imports, one const object literal and its export")
    if declared is None or exported != declared[0]:
        raise ModuleError(f"{path}: no `const name: Type = {{…}}` exported by default")
    value = _value(declared[2], path, set(imports))
    assert isinstance(value, dict)  # _declaration took an object
    return Module(declared[1], imports, value)


def _first_error(root: tree_sitter.Node) -> tree_sitter.Node:
    stack = [root]
    while stack:
        node = stack.pop()
        if node.is_error or node.is_missing:
            return node
        stack.extend(reversed([child for child in node.children if child.has_error
                               or child.is_missing or child.is_error]))
    return root


def _tree_import(node: tree_sitter.Node, path: str) -> dict[str, str]:
    source = node.child_by_field_name("source")
    clause = next((child for child in node.named_children if child.type == "import_clause"),
                  None)
    if source is None or clause is None:
        raise ModuleError(f"{path}: an import at {_at(node)} imports nothing")
    default = next((child for child in clause.named_children if child.type == "identifier"),
                   None)
    if default is None:
        return {}
    return {_text(default): _scalar(source, path)}


def _declaration(node: tree_sitter.Node, path: str) -> tuple[str, str, tree_sitter.Node]:
    declarators = [child for child in node.named_children if child.type == "variable_declarator"]
    kind = node.child(0)
    if kind is None or kind.type != "const" or len(declarators) != 1:
        raise ModuleError(f"{path}: the declaration at {_at(node)} is not one const")
    declarator = declarators[0]
    name = declarator.child_by_field_name("name")
    annotation = declarator.child_by_field_name("type")
    value = declarator.child_by_field_name("value")
    type_name = annotation.named_children[0] if annotation and annotation.named_children else None
    if name is None or type_name is None or type_name.type != "type_identifier" \
            or value is None or value.type != "object":
        raise ModuleError(f"{path}: the declaration at {_at(node)} is not "
                          "`const name: Type = {…}`")
    return _text(name), _text(type_name), value


def _exported(node: tree_sitter.Node, path: str) -> str:
    value = node.child_by_field_name("value") or node.child_by_field_name("declaration")
    keyword = node.child(1)
    if value is None or value.type != "identifier" or keyword is None \
            or keyword.type != "default":
        raise ModuleError(f"{path}: the export at {_at(node)} is not `export default name`")
    return _text(value)


def _text(node: tree_sitter.Node) -> str:
    return (node.text or b"").decode("utf-8")


_SCALARS = frozenset({"string", "number", "true", "false", "null"})


def _scalar(node: tree_sitter.Node, path: str) -> Any:
    try:
        return pyjson5.decode(_text(node), maxdepth=0)
    except (pyjson5.Json5Exception, ValueError) as error:
        raise ModuleError(f"{path}: {node.type} at {_at(node)} is not a JSON5 value "
                          f"({error.args[0] if error.args else error})") from None


def _value(top: tree_sitter.Node, path: str, names: set[str]) -> Any:
    """The literal's value, by an explicit stack (no recursion on a file's nesting)."""
    result: list[Any] = []
    # (node, its depth, the container it goes into, the key it goes under)
    stack: list[tuple[tree_sitter.Node, int, Any, Any]] = [(top, 1, result, None)]
    while stack:
        node, depth, into, key = stack.pop()
        made = _made(node, depth, path, names)
        if isinstance(into, list):
            into.append(made)
        else:
            into[key] = made
        if node.type == "object":
            stack.extend(reversed(_members(node, depth, path, made)))
        elif node.type == "array":
            stack.extend(reversed([(child, depth + 1, made, None) for child in
                                   node.named_children if child.type != "comment"]))
    return result[0]


def _made(node: tree_sitter.Node, depth: int, path: str, names: set[str]) -> Any:
    """A node's value, or an empty container its members are put into."""
    kind = node.type
    if kind in ("object", "array"):
        if depth > MAX_DEPTH:
            raise ModuleError(f"{path}: nested more than {MAX_DEPTH} levels at {_at(node)}")
        return {} if kind == "object" else []
    if kind in _SCALARS:
        return _scalar(node, path)
    if kind == "undefined":
        return None
    if kind == "identifier" and _text(node) in names:
        return {IMPORT_KEY: _text(node)}
    if kind == "unary_expression" and _text(node)[:1] in "+-" \
            and (operand := node.child_by_field_name("argument")) is not None \
            and operand.type == "number":
        return _scalar(node, path)
    if kind == "binary_expression":
        return _joined(node, path)
    raise ModuleError(f"{path}: {kind.replace('_', ' ')} at {_at(node)} is not a literal value")


def _members(node: tree_sitter.Node, depth: int, path: str,
             into: dict[str, Any]) -> list[tuple[tree_sitter.Node, int, Any, Any]]:
    members = []
    for child in node.named_children:
        if child.type == "comment":
            continue
        key = child.child_by_field_name("key") if child.type == "pair" else None
        value = child.child_by_field_name("value") if child.type == "pair" else None
        if key is None or value is None:
            raise ModuleError(f"{path}: {child.type.replace('_', ' ')} at {_at(child)} is not "
                              "a `key: value` member")
        if key.type == "property_identifier":
            name = _text(key)
        elif key.type in ("string", "number"):
            name = str(_scalar(key, path))
        else:
            raise ModuleError(f"{path}: the key at {_at(key)} is not a name or a string")
        members.append((value, depth + 1, into, name))
    return members


def _joined(node: tree_sitter.Node, path: str) -> str:
    """String literals joined with `+`, as the one string they make."""
    parts: list[str] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if current.type == "string":
            parts.append(_scalar(current, path))
            continue
        operator = current.child_by_field_name("operator")
        left = current.child_by_field_name("left")
        right = current.child_by_field_name("right")
        if current.type != "binary_expression" or operator is None \
                or operator.type != "+" or left is None or right is None:
            raise ModuleError(f"{path}: {current.type.replace('_', ' ')} at {_at(current)} "
                              "is not a string literal joined with +")
        stack.extend((right, left))
    return "".join(parts)
