"""No import circles among deckjudge's own modules, in any package or across them.

A module's imports are read from its syntax, as tests/tooling/test_layers.py reads them:
every import statement it holds, at module level, under `if TYPE_CHECKING:` and inside
functions alike, for a circle closed by a type's name or by a deferred import is a circle
of the design all the same. An edge runs from a module to each module of deckjudge's it
names (`from validators.checks import rarity` names validators.checks.rarity; `from
validators.records import Ban` names validators.records); the package `__init__` Python
runs before a submodule is not an edge of its own, for a package's `__init__` that lists its
submodules would otherwise close a circle with each of them.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Iterator
from pathlib import Path

from tests.tooling.test_layers import OWN, ROOT

Graph = dict[str, set[str]]


def own_modules(root: Path = ROOT) -> dict[str, Path]:
    """Every module of deckjudge's own code, by its dotted name."""
    found = {}
    for path in root.rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        if parts[0] in OWN:  # a room's package, or app.py, gunicorn_conf.py, migrations/
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def named(path: Path) -> Iterator[tuple[str, str | None]]:
    """Each module an import statement of the file names, with the name it takes from it
    (a submodule's, or one the module defines), wherever the statement stands."""
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            yield from ((alias.name, None) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path}: a relative import"
            yield from ((node.module, alias.name) for alias in node.names)


def graph_of(modules: dict[str, Path]) -> Graph:
    """Each module and the modules of deckjudge's it imports."""
    graph: Graph = {}
    for name, path in modules.items():
        found = set()
        for module, taken in named(path):
            imported = f"{module}.{taken}" if f"{module}.{taken}" in modules else module
            while imported and imported not in modules:  # `import a.b.c` of a module a.b
                imported = imported.rpartition(".")[0]
            if imported and imported != name:
                found.add(imported)
        graph[name] = found
    return graph


def circles(graph: Graph) -> list[list[str]]:
    """The modules that import each other, however far round: each strongly connected
    group of more than one module (Tarjan's algorithm, without recursion)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in graph:
        if start in index:
            continue
        work: list[tuple[str, Iterable[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, near = work[-1]
            step = next(iter(near), None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph.get(step, ())))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_module_of_deckjudges_imports_itself_round_a_circle():
    modules = own_modules()
    assert {"validators.records", "validators.checks", "app", "api.views.verdicts"} <= set(modules)
    assert circles(graph_of(modules)) == []


def test_a_circle_is_found_however_it_is_closed(tmp_path):
    # Two modules that name each other, one under TYPE_CHECKING; three round a ring through a
    # deferred import; a package whose __init__ lists its submodule, which is no circle.
    package = tmp_path / "validators"
    (package / "checks").mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "records.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
        "    from validators.definitions import Definition\n")
    (package / "definitions.py").write_text("from validators.records import Ban\n")
    (package / "a.py").write_text("from validators import b\n")
    (package / "b.py").write_text("import validators.c\n")
    (package / "c.py").write_text("def late():\n    from validators.a import x\n")
    (package / "checks" / "__init__.py").write_text("from validators.checks import one\n")
    (package / "checks" / "one.py").write_text("from validators.records import Ban\n")
    assert sorted(circles(graph_of(own_modules(tmp_path)))) == [
        ["validators.a", "validators.b", "validators.c"],
        ["validators.definitions", "validators.records"]]
