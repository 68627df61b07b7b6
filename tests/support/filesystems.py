"""A real filesystem of a given size, for what a service does when its disk is full."""

from __future__ import annotations

import os
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest


@contextmanager
def small_filesystem(size_bytes: int) -> Iterator[Path]:
    """A tmpfs of `size_bytes` mounted on a new directory, unmounted afterwards: writes past
    its size fail as on a full disk (ENOSPC). Mounting one needs root, as the machines of
    this project and CI run the suite."""
    if os.geteuid() != 0:
        pytest.skip("mounting a small filesystem needs root")
    with tempfile.TemporaryDirectory(prefix="deckjudge-small-fs-") as folder:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_bytes},mode=1777", "tmpfs",
                        folder], check=True, capture_output=True)
        try:
            yield Path(folder)
        finally:
            subprocess.run(["umount", "--lazy", folder], check=True, capture_output=True)
