"""The project as a user gets it, for tests that install it the way users do (pre-commit,
the GitHub Action): a copy of the files git would publish, as they are on disk now, so
that uncommitted work is what gets tested."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parents[2]
# A commit needs an author; these tests' repositories are thrown away.
GIT_IDENTITY = ["-c", "user.name=deckjudge tests", "-c", "user.email=tests@deckjudge.invalid",
                "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"]


def git(folder: Path, *args: str) -> str:
    return subprocess.run(["git", *GIT_IDENTITY, *args], cwd=folder, check=True,
                          capture_output=True, text=True).stdout.strip()


def published_files() -> list[str]:
    """Tracked files, and new ones not ignored, that are on disk."""
    listed = git(PROJECT_ROOT, "ls-files", "--cached", "--others", "--exclude-standard", "-z")
    return sorted({name for name in listed.split("\0")
                   if name and (PROJECT_ROOT / name).is_file()})


def project_copy(target: Path) -> Path:
    """The published files copied to `target` (symbolic links kept as links)."""
    for name in published_files():
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(PROJECT_ROOT / name, destination, follow_symlinks=False)
    return target


def committed(folder: Path, message: str = "as published") -> str:
    """Make `folder` a git repository with everything in it committed; its commit id."""
    if not (folder / ".git").exists():
        git(folder, "init", "-q")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "--allow-empty", "-m", message)
    return git(folder, "rev-parse", "HEAD")
