"""The hot path compiled with mypyc (tools/compiled.py): what runs is what the source says."""

from __future__ import annotations

import importlib
import json
import re
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


# What a build prints, abridged from a real one (mypyc's notes, then setuptools' steps).
BUILD_OUTPUT = [
    "catalog/index.py:330: warning: Treating generator comprehension as list\n",
    "running build_ext\n",
    f"building '{compiled.GROUP}__mypyc' extension\n",
    "gcc -Wsign-compare -DNDEBUG -g -fwrapv -O3 -Wall -fPIC -c build/__native.c\n",
    "gcc -shared build/temp/__native.o -o build/lib/validators/compiled__mypyc.so\n",
    "building 'api.views.across_formats' extension\n",
    "gcc -Wsign-compare -c build/api/views/across_formats.c\n",
    "building 'api.views.deck_lines' extension\n",
    "copying build/lib/api/views/across_formats.so -> api/views\n",
    "copying build/lib/api/views/deck_lines.so -> api/views\n",
]


def test_a_build_says_each_step_as_it_starts_and_a_long_one_as_it_goes():
    modules = len(compiled.sources())
    progress = compiled.BuildProgress(modules)
    assert progress.announcement().startswith(
        f"==> compiling the {modules} hot-path modules with mypyc: 40 s to a minute on 2 cores")
    said = [progress.started()]
    for elapsed, line in enumerate(BUILD_OUTPUT):
        told = progress.seen(line, elapsed * 10.0)
        if told:
            said.append(told)
        if line.startswith("gcc -shared"):  # the shared code took long
            said.append(progress.heartbeat(42.0))
    said.append(progress.finished(95.0))
    assert said == [
        f"     0 s  mypyc: type-checking the {modules} modules and translating them to C",
        f"    20 s  C compiler: the code the modules share ({compiled.GROUP}__mypyc), "
        "the longest step",
        "    42 s  still compiling the code the modules share",
        f"    50 s  C compiler: each module's own extension ({modules} small ones)",
        "    80 s  copying the extensions beside their sources",
        f"    95 s  done: {modules} modules compiled in 95 s",
    ]


def test_a_build_that_prints_nothing_for_a_while_is_said_to_be_still_going():
    progress = compiled.BuildProgress(3)
    assert progress.heartbeat(15.0) == "    15 s  mypyc is still translating"
    progress.seen("building 'decklist.text' extension\n", 16.0)
    assert progress.heartbeat(31.0) == "    31 s  still compiling the modules' extensions (1/3)"


def test_the_build_script_silences_setuptools_beta_warning_only():
    script = compiled._SETUP.format(paths=["a.py"], group=compiled.GROUP)
    [pattern] = re.findall(r'warnings.filterwarnings\("ignore", message=r"(.+)"\)', script)
    # warnings matches a filter's message at the start, ignoring case.
    beta = "Support for `[tool.setuptools]` in `pyproject.toml` is still *beta*."
    assert re.match(pattern, beta, re.IGNORECASE)
    assert not re.match(pattern, "Support for `[tool.setuptools]` is deprecated", re.IGNORECASE)
