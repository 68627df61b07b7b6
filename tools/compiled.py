"""The modules that run compiled with mypyc, and whether their build is that of their source.

    .venv/bin/python tools/compiled.py --build   # `make compile`, which every make target runs
    .venv/bin/python tools/compiled.py --check   # what changed since the build (exit 1 if any)
    .venv/bin/python tools/compiled.py --clean   # back to plain Python

The modules every request runs through line by line (reading, resolving, the checks, a
verdict's views) are compiled by mypyc, part of mypy, from the same typed source: a C
extension beside each `.py` (and the library they share, GROUP), which Python imports in its
place; compiled, they take a good deal less CPU (speed trick "compiled hot path":
docs/performance.md, measured by bench/micro.py and by a whole request through Flask's
test client). Modules
outside the list stay plain Python: their share of a request is small, or they use what
mypyc compiles differently: a module's `__file__` (catalog/data_files.py finds the data by it);
attributes set on functions (the API's route decorators); a keyword argument named as a
positional-only parameter (`Violation.of`'s templates take a `cards`); a
`functools.cached_property` of a class, which a compiled class works out at every read
(validators/records.py's DeckRules).

Python prefers the extension to the source, so a source edited after its build would run
its old code: the build keeps each source's digest (build/compiled.json), and the test suite
stops at once when a source differs from what was compiled, or an extension is left over
from a module taken off the list (tests/conftest.py).

Most of a build is one C compiler run on the code the modules share. It says what it is
doing as it goes, and how long it typically takes (BuildProgress), and keeps the
compiler's own output for when it fails.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = Path("build/compiled.json")
# The module that holds the code every compiled module shares (mypyc's group library).
GROUP = "validators.compiled"
# The checkout's own packages, where a build leaves its extensions.
PACKAGES = ("api", "catalog", "client", "decklist", "runtime", "serving", "validators", "web")

COMPILED = (
    "runtime/caches.py",
    "runtime/catalog_caches.py",
    "runtime/deadline.py",
    "catalog/index.py",
    "decklist/exports.py",
    "decklist/card_lines.py",
    "decklist/parsed.py",
    "decklist/reference.py",
    "decklist/resolver.py",
    "decklist/text.py",
    "validators/context.py",
    "validators/engine.py",
    "validators/judging.py",
    "validators/placing.py",
    "validators/pool.py",
    "validators/seasons.py",
    "validators/shared.py",
    "validators/standing.py",
    "validators/stretches.py",
    "api/views/encoded.py",
    "api/views/deck_lines.py",
    "api/views/across_formats.py",
    "api/views/standings.py",
    "api/views/team_verdicts.py",
    "api/views/verdicts.py",
)
# Every check: one module a check, all run for every format a deck is judged in.
COMPILED_PACKAGES = ("validators/checks",)


def sources(root: Path = ROOT) -> list[Path]:
    """The sources compiled, relative to `root`, in a stable order."""
    found = [Path(path) for path in COMPILED]
    for package in COMPILED_PACKAGES:
        found += sorted(path.relative_to(root) for path in (root / package).glob("*.py"))
    return found


def digests(root: Path, paths: list[Path]) -> dict[str, str]:
    return {str(path): hashlib.sha256((root / path).read_bytes()).hexdigest() for path in paths}


def stale(root: Path = ROOT) -> list[str]:
    """What Python would run other than its source: each compiled source whose text is not
    the one built, and each extension no build of the current list made (a module since
    taken off it). Empty when nothing is built and no extension is left over."""
    manifest = root / MANIFEST
    built: dict[str, str] = json.loads(manifest.read_text()) if manifest.exists() else {}
    now = digests(root, sources(root)) if built else {}
    changed = {path for path in set(built) | set(now) if built.get(path) != now.get(path)}
    made = {_group_library(root)} | {(root / path).with_suffix("") for path in built}
    strays = {str(extension.relative_to(root)) for extension in _extensions(root)
              if extension.parent / extension.name.split(".")[0] not in made}
    return sorted(changed | strays)


def clean(root: Path = ROOT) -> None:
    """Every extension in the checkout's packages, and the build's record: the plain
    sources run again."""
    for extension in _extensions(root):
        extension.unlink()
    (root / MANIFEST).unlink(missing_ok=True)


def build(root: Path = ROOT, say: Callable[[str], None] | None = None) -> None:
    """Compile the listed modules, saying each step as it starts (and every
    HEARTBEAT_SECONDS of a long one) through `say`, by default on standard output."""
    tell = say or _print
    clean(root)
    paths = sources(root)
    compiled = digests(root, paths)  # the texts handed to the compiler
    setup = root / "build" / "compiled_setup.py"
    setup.parent.mkdir(exist_ok=True)
    setup.write_text(_SETUP.format(paths=[str(path) for path in paths], group=GROUP))
    progress = BuildProgress(len(paths))
    tell(progress.announcement())
    started = time.monotonic()
    # Everything the build prints (mypyc's notes, setuptools' and the C compiler's
    # commands) is kept for a failure; the steps are told instead.
    process = subprocess.Popen([sys.executable, str(setup), "build_ext", "--inplace"],
                               cwd=root, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                               text=True)
    assert process.stdout is not None
    kept: list[str] = []
    tell(progress.started())
    for line in _lines(process.stdout, HEARTBEAT_SECONDS):
        elapsed = time.monotonic() - started
        if line is not None:
            kept.append(line)
        said = progress.heartbeat(elapsed) if line is None else progress.seen(line, elapsed)
        if said:
            tell(said)
    status = process.wait()
    if status != 0:  # mypyc says what it could not compile on its output
        sys.exit(f"{''.join(kept)}\ncompiling failed (exit {status})")
    (root / MANIFEST).write_text(json.dumps(compiled, indent=1) + "\n")
    tell(progress.finished(time.monotonic() - started))


# How often a step that prints nothing is said to be still going.
HEARTBEAT_SECONDS = 15.0


class BuildProgress:
    """What a build says, from the lines setuptools prints as it goes: mypyc translates the
    modules to C (nothing printed until it is done), then the C compiler builds the library
    they share (GROUP: most of the time, one compiler run), then each module's own small
    extension, which are copied beside their sources."""

    def __init__(self, modules: int) -> None:
        self.modules = modules
        self.step = "translating"
        self.extensions = 0

    def announcement(self) -> str:
        return (f"==> compiling the {self.modules} hot-path modules with mypyc: 40 s to a "
                f"minute on 2 cores (tools/compiled.py; --clean undoes it)")

    def started(self) -> str:
        return self._at(0.0, f"mypyc: type-checking the {self.modules} modules and "
                             "translating them to C")

    def seen(self, line: str, elapsed: float) -> str | None:
        """The progress line a line of the build's output starts, if any."""
        if line.startswith("building '") and line.rstrip().endswith("' extension"):
            name = line.split("'")[1]
            if name == f"{GROUP}__mypyc":
                self.step = "library"
                return self._at(elapsed, f"C compiler: the code the modules share ({name}), "
                                         "the longest step")
            self.extensions += 1
            if self.step != "modules":
                self.step = "modules"
                return self._at(elapsed, f"C compiler: each module's own extension "
                                         f"({self.modules} small ones)")
        if line.startswith("copying ") and self.step != "copying":
            self.step = "copying"
            return self._at(elapsed, "copying the extensions beside their sources")
        return None

    def heartbeat(self, elapsed: float) -> str:
        doing = {"translating": "mypyc is still translating",
                 "library": "still compiling the code the modules share",
                 "modules": f"still compiling the modules' extensions "
                            f"({self.extensions}/{self.modules})",
                 "copying": "still copying"}[self.step]
        return self._at(elapsed, doing)

    def finished(self, elapsed: float) -> str:
        return self._at(elapsed, f"done: {self.modules} modules compiled in "
                                 f"{elapsed:.0f} s")

    @staticmethod
    def _at(elapsed: float, what: str) -> str:
        return f"  {elapsed:4.0f} s  {what}"


def _lines(stream: IO[str], every: float) -> Iterator[str | None]:
    """The stream's lines as they come, and None after each `every` seconds without one."""
    arrived: queue.SimpleQueue[str | None] = queue.SimpleQueue()

    def read() -> None:
        for line in stream:
            arrived.put(line)
        arrived.put(None)

    threading.Thread(target=read, daemon=True).start()
    while True:
        try:
            line = arrived.get(timeout=every)
        except queue.Empty:
            yield None
            continue
        if line is None:
            return
        yield line


def _print(line: str) -> None:
    print(line, flush=True)


# mypyc's own command line writes the same, with the code they share in a library at the
# top of the checkout, where an installed `deckjudge` command run elsewhere cannot import it;
# named as a module of a package, it sits in that package. setuptools reads the checkout's
# pyproject.toml too, and warns that its [tool.setuptools] table is "beta": nothing this
# build can act on. Once setup() is done (a failure exits inside it), the process ends
# at once: freeing what mypy built on the way out would keep the build waiting for nothing.
_SETUP = """\
import os
import sys
import warnings

from setuptools import setup
from mypyc.build import mypycify

warnings.filterwarnings("ignore", message=r"Support for .* is still \\*beta\\*")
setup(name="deckjudge-compiled", ext_modules=mypycify({paths!r}, group_name={group!r}))
sys.stdout.flush()
sys.stderr.flush()
os._exit(0)
"""


def _extensions(root: Path) -> list[Path]:
    """Every C extension in the checkout's own packages and at its top (not the venv's)."""
    return [*root.glob("*.so"),
            *(extension for package in PACKAGES for extension in (root / package).rglob("*.so"))]


def _group_library(root: Path) -> Path:
    """Where the library the compiled modules share sits, without its extension suffix."""
    return root.joinpath(*f"{GROUP}__mypyc".split("."))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--build", action="store_true")
    action.add_argument("--check", action="store_true")
    action.add_argument("--clean", action="store_true")
    action.add_argument("--list", action="store_true", help="the sources, for make")
    args = parser.parse_args()
    if args.build:
        build()
    elif args.clean:
        clean()
    elif args.list:
        print(" ".join(map(str, sources())))
    else:
        changed = stale()
        for path in changed:
            print(f"{path}: not what the current sources compile to; run `make compile`")
        return 1 if changed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
