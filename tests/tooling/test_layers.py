"""The rooms of the code and what each may import, held to what each room's `__init__` says.

Each package's docstring ends with a line `May import: …` naming the rooms it may use
(or "nothing of deckjudge's"). A room is a package; a package inside another (api.middleware,
api.views) is a room of its own. Every module's imports of deckjudge's own code, read from
its syntax, must stay inside its room or go to a room it names. app.py and gunicorn_conf.py
put the rooms together and may import any; bench/ and tests/ are outside the rule.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ROOMS = ("runtime", "sheets", "catalog", "catalog.importing", "decklist", "validators",
         "api.middleware", "api.views", "api", "serving", "web", "client", "deploy")
# Code of deckjudge's that is not a room: the composition roots, and the Alembic scripts
# (migrations/ reads the catalog's models, and nothing reads it).
OWN = {*(room.split(".")[0] for room in ROOMS), "app", "gunicorn_conf", "migrations"}
NOTHING = "nothing of deckjudge's"


def room_of(module: str) -> str:
    """The room a dotted module name is in (the innermost package that is a room)."""
    return max((room for room in ROOMS if module == room or module.startswith(room + ".")),
               key=len, default=module.split(".")[0])


def allowed(room: str) -> set[str]:
    """The rooms a room's docstring says it may import."""
    init = ROOT.joinpath(*room.split("."), "__init__.py")
    docstring = ast.get_docstring(ast.parse(init.read_text())) or ""
    said = [line for line in docstring.splitlines() if line.startswith("May import:")]
    assert len(said) == 1, f"{init} says what it may import on one line 'May import: …'"
    names = said[0].removeprefix("May import:").strip().rstrip(".")
    return set() if names == NOTHING else {name.strip() for name in names.split(",")}


def imports(path: Path) -> set[str]:
    """The modules of deckjudge's a source file imports (absolute imports; the code has no
    other kind)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            assert node.level == 0, f"{path}: a relative import"
            found |= {node.module, *(f"{node.module}.{alias.name}" for alias in node.names)}
    return {name for name in found if name.split(".")[0] in OWN}


def module_of(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources(room: str) -> list[Path]:
    folder = ROOT.joinpath(*room.split("."))
    return [path for path in folder.rglob("*.py") if room_of(module_of(path)) == room]


@pytest.mark.parametrize("room", ROOMS)
def test_a_room_imports_only_what_its_init_names(room):
    may = allowed(room)
    unknown = may - set(ROOMS) - {"app"}
    assert not unknown, f"{room} names rooms that do not exist: {unknown}"
    wrong = sorted(f"{path.relative_to(ROOT)} imports {name}"
                   for path in sources(room) for name in imports(path)
                   if room_of(name) not in {room, *may})
    assert wrong == []


def test_no_arrow_runs_back_up():
    # The rooms' own rule, read as a graph: no two rooms may import each other, however far
    # round, so that each can be read, tested and changed from the floor up.
    graph = {room: allowed(room) & set(ROOMS) for room in ROOMS}

    def reaches(start: str, seen: frozenset[str] = frozenset()) -> set[str]:
        return {room for near in graph[start] - seen
                for room in {near} | reaches(near, seen | {start})}

    assert [room for room in ROOMS if room in reaches(room)] == []


def test_a_module_that_breaks_the_rule_is_caught(tmp_path):
    # The check reads syntax: a catalog module reaching up into the rules is an import of
    # validators, which the catalog does not name.
    source = tmp_path / "reaching.py"
    source.write_text("from validators import legalities\nimport json\n")
    assert {room_of(name) for name in imports(source)} == {"validators"}
    assert "validators" not in allowed("catalog")


ARCHITECTURE = ROOT / "docs" / "architecture.md"


def floors() -> dict[str, int]:
    """Each room's floor: 0 for one that imports no room, else one above the highest it may."""
    graph = {room: allowed(room) & set(ROOMS) for room in ROOMS}
    found: dict[str, int] = {}

    def floor(room: str) -> int:
        if room not in found:
            found[room] = max((floor(near) + 1 for near in graph[room]), default=0)
        return found[room]

    return {room: floor(room) for room in ROOMS}


def drawn(text: str) -> dict[str, tuple[int, set[str]]]:
    """The floors docs/architecture.md draws: each room's floor and what it may import."""
    section = text.partition("## The floors, lowest first")[2].partition("\n## ")[0]
    rows = [line for line in section.splitlines() if line.startswith("| ")][2:]
    found = {}
    for row in rows:
        floor, room, _, may = (cell.strip() for cell in row.strip("|").split("|"))
        names = set() if may == NOTHING else {name.strip() for name in may.split(",")}
        found[room.strip("`")] = (int(floor), names)
    return found


def test_the_architecture_page_draws_every_room_on_its_floor():
    floor_of = floors()
    page = drawn(ARCHITECTURE.read_text(encoding="utf-8"))
    assert page == {room: (floor_of[room], allowed(room)) for room in ROOMS}
    assert [floor for floor, _ in page.values()] == sorted(floor_of.values())  # lowest first


def test_a_room_drawn_on_the_wrong_floor_or_with_other_imports_is_caught():
    text = ARCHITECTURE.read_text(encoding="utf-8")
    page = drawn(text.replace("| 3 | `validators` |", "| 2 | `validators` |"))
    assert page["validators"][0] != floors()["validators"]
    page = drawn(text.replace("| catalog, decklist, runtime |", "| catalog, runtime |", 1))
    assert page["validators"][1] != allowed("validators")
