"""Memory figures of a process, from Linux's /proc (benchmarks read them; tests have their own)."""

from __future__ import annotations

import re
from pathlib import Path


def status_mib(pid: int | str, field: str) -> float:
    """A size from /proc/PID/status, in MiB: VmRSS (now) or VmHWM (the peak)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(re.search(rf"{field}:\s+(\d+)", status)[1]) / 1024


def children(pid: int) -> list[str]:
    """The pids of a process's children (gunicorn's workers)."""
    return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
