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
(validators/records.py's FormatDefinition).

Python prefers the extension to the source, so a source edited after its build would run
its old code: the build keeps each source's digest (build/compiled.json), and the test suite
stops at once when a source differs from what was compiled, or an extension is left over
from a module taken off the list (tests/conftest.py).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from pathlib import Path

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


def build(root: Path = ROOT) -> None:
    clean(root)
    paths = sources(root)
    compiled = digests(root, paths)  # the texts handed to the compiler
    setup = root / "build" / "compiled_setup.py"
    setup.parent.mkdir(exist_ok=True)
    setup.write_text(_SETUP.format(paths=[str(path) for path in paths], group=GROUP))
    built = subprocess.run([sys.executable, str(setup), "build_ext", "--inplace"], cwd=root,
                           stdout=subprocess.PIPE, text=True)
    if built.returncode != 0:  # mypyc says what it could not compile on its output
        sys.exit(f"{built.stdout}\ncompiling failed (exit {built.returncode})")
    (root / MANIFEST).write_text(json.dumps(compiled, indent=1) + "\n")


# mypyc's own command line writes the same, with the code they share in a library at the
# top of the checkout, where an installed `deckjudge` command run elsewhere cannot import it;
# named as a module of a package, it sits in that package.
_SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="deckjudge-compiled", ext_modules=mypycify({paths!r}, group_name={group!r}))
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
