"""The hot path compiled with mypyc (tools/compiled.py): what runs is what the source says."""

from __future__ import annotations

import importlib
import json
import shutil
from pathlib import Path

from tools import compiled


def _copy_sources(root: Path) -> list[Path]:
    paths = compiled.sources()
    for path in paths:
        (root / path.parent).mkdir(parents=True, exist_ok=True)
        shutil.copy(compiled.ROOT / path, root / path)
    return paths


def test_a_source_edited_after_its_build_is_stale_until_built_again(tmp_path):
    paths = _copy_sources(tmp_path)
    assert compiled.stale(tmp_path) == []  # nothing built: the plain sources run
    (tmp_path / compiled.MANIFEST).parent.mkdir()
    (tmp_path / compiled.MANIFEST).write_text(json.dumps(compiled.digests(tmp_path, paths)))
    assert compiled.stale(tmp_path) == []
    edited = Path("validators/pool.py")
    with (tmp_path / edited).open("a") as source:
        source.write("# an edit\n")
    assert compiled.stale(tmp_path) == [str(edited)]


def test_an_extension_no_build_of_the_list_made_is_stale(tmp_path):
    paths = _copy_sources(tmp_path)
    extension = "decklist/text.cpython-311-x86_64-linux-gnu.so"
    (tmp_path / extension).write_bytes(b"")
    assert compiled.stale(tmp_path) == [extension]  # no build record
    (tmp_path / compiled.MANIFEST).parent.mkdir()
    (tmp_path / compiled.MANIFEST).write_text(json.dumps(compiled.digests(tmp_path, paths)))
    assert compiled.stale(tmp_path) == []  # built from these sources
    left_over = "api/batch.cpython-311-x86_64-linux-gnu.so"  # a module taken off the list
    (tmp_path / "api").mkdir(exist_ok=True)
    (tmp_path / left_over).write_bytes(b"")
    assert compiled.stale(tmp_path) == [left_over]
    compiled.clean(tmp_path)
    assert compiled.stale(tmp_path) == []
    assert not [*tmp_path.rglob("*.so")]


def test_every_listed_module_runs_compiled_when_built_and_plain_when_not():
    built = (compiled.ROOT / compiled.MANIFEST).exists()
    assert compiled.stale() == []  # the suite stops before any test otherwise
    for path in compiled.sources():
        parts = path.with_suffix("").parts
        module = importlib.import_module(".".join(parts[:-1] if parts[-1] == "__init__"
                                                  else parts))
        assert module.__file__ is not None
        assert module.__file__.endswith(".so") == built, module.__file__
