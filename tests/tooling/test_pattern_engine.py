"""No module compiles a regular expression but through runtime/patterns.py (RE2, linear in
the text), but the few listed here, each with the reason it cannot backtrack
(tests/unit/test_linear_patterns.py holds the module itself to its promise).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PROJECT = ["app.py", "gunicorn_conf.py", "runtime", "api", "catalog", "client", "decklist",
           "validators", "web", "deploy", "bench"]
# Modules that compile patterns, or hand them to something that does.
PATTERN_MODULES = {"re", "regex", "re2", "sre_compile", "sre_parse", "_sre", "fnmatch", "glob"}
ENGINE = "runtime/patterns.py"
# Patterns that do not go through runtime/patterns.py, each with why it cannot backtrack.
REVIEWED = {
    ("client/action.py", "glob"): "the CLI user's own file patterns on their own machine; "
                                  "fnmatch turns each * into an atomic group, no backtracking",
    ("api/middleware/cross_origin.py", "CORS(resources=…)"): "flask-cors matches /v1/.* and "
                                                  r"/openapi\.yaml against the path: a literal "
                                                  "and one .*, read in one pass",
}


def project_files() -> Iterator[Path]:
    for name in PROJECT:
        path = ROOT / name
        yield from sorted(path.rglob("*.py")) if path.is_dir() else [path]


def pattern_uses(path: Path) -> Iterator[str]:
    """What in a module compiles a pattern: an import of a pattern module, marshmallow's
    Regexp, SQL's regexp functions, flask-cors's path patterns."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import | ast.ImportFrom):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else [
                alias.name for alias in node.names]
            yield from (name.split(".")[0] for name in names
                        if name.split(".")[0] in PATTERN_MODULES)
        elif isinstance(node, ast.Attribute | ast.Name):
            name = node.attr if isinstance(node, ast.Attribute) else node.id
            if name in ("Regexp", "regexp_match", "regexp_replace"):
                yield name
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                and node.func.id == "CORS" and any(k.arg == "resources" for k in node.keywords)):
            yield "CORS(resources=…)"


def test_no_module_compiles_a_pattern_but_through_the_linear_module():
    found = {(str(path.relative_to(ROOT)), use) for path in project_files()
             for use in pattern_uses(path)}
    assert {use for use in found if use[0] == ENGINE} == {(ENGINE, "re2")}
    assert found - {(ENGINE, "re2")} == set(REVIEWED)  # a stale entry fails too


def test_the_walk_sees_what_it_looks_for(tmp_path):
    module = tmp_path / "m.py"
    module.write_text("import re\nfrom fnmatch import fnmatch\nimport re2.x as y\n"
                      "from marshmallow import validate\nv = validate.Regexp('a')\n")
    assert list(pattern_uses(module)) == ["re", "fnmatch", "re2", "Regexp"]
    assert len(list(project_files())) > 50
