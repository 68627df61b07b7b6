"""The GitHub Action's check (action.yml): its inputs, which the runner hands over in the
environment, made into one `deckjudge check` command line and run.

Inputs travel in the environment rather than in the script's text so that no input can
become shell code. `paths` holds files or glob patterns (`**` included), separated by
spaces or lines; `args` is split as a POSIX shell splits words.
"""

from __future__ import annotations

import glob
import hashlib
import os
import shlex
import sys
from collections.abc import Mapping
from datetime import UTC, datetime

from client import report
from client.catalog_cache import default_source
from client.main import USAGE_ERROR
from client.main import main as deckjudge
from client.services import version


class InputError(Exception):
    """An input of the action that cannot be used."""


def files(patterns: str, root: str = ".") -> list[str]:
    """The files the patterns name, in order, each once; every pattern must name one."""
    found: list[str] = []
    for pattern in patterns.split():
        matches = sorted(name for name in glob.glob(pattern, root_dir=root, recursive=True)
                         if os.path.isfile(os.path.join(root, name)))
        if not matches:
            raise InputError(f"paths: {pattern!r} names no file")
        found.extend(name for name in matches if name not in found)
    if not found:
        raise InputError("paths: no decklist named (give files or glob patterns)")
    return found


def command(env: Mapping[str, str], root: str = ".") -> list[str]:
    """The `deckjudge check` arguments the inputs ask for."""
    argv = ["check", *files(env.get("INPUT_PATHS", ""), root)]
    if env.get("INPUT_FORMAT"):
        argv += ["--format", env["INPUT_FORMAT"]]
    if env.get("INPUT_URL"):
        argv += ["--url", env["INPUT_URL"]]
    if env.get("GITHUB_STEP_SUMMARY"):  # the runner's file for this step's job summary
        argv += ["--summary", env["GITHUB_STEP_SUMMARY"]]
    try:
        argv += shlex.split(env.get("INPUT_ARGS", ""))
    except ValueError as error:
        raise InputError(f"args: {error}") from None
    return argv


def cache_keys(env: Mapping[str, str], today: datetime) -> dict[str, str]:
    """actions/cache keys for the catalog: one per deckjudge version, source and month, so
    the catalog is refreshed monthly; a key of an earlier month is restored and updated."""
    source = hashlib.sha256(default_source().encode()).hexdigest()[:12]
    prefix = f"deckjudge-catalog-{env.get('RUNNER_OS', 'unknown')}-{version()}-{source}-"
    return {"key": f"{prefix}{today:%Y-%m}", "restore-key": prefix}


def main() -> int:
    if sys.argv[1:] == ["cache-keys"]:
        for name, value in cache_keys(os.environ, datetime.now(UTC)).items():
            print(f"{name}={value}")
        return 0
    try:
        argv = command(os.environ)
    except InputError as error:
        print(f"::error title=deckjudge::{error}")
        if os.environ.get("GITHUB_STEP_SUMMARY"):
            report.append(os.environ["GITHUB_STEP_SUMMARY"], report.markdown_failure(str(error)))
        return USAGE_ERROR
    print("deckjudge " + shlex.join(argv), flush=True)
    return deckjudge(argv)


if __name__ == "__main__":
    sys.exit(main())
