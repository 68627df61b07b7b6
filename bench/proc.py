"""Memory and CPU figures of a process, from Linux's /proc (benchmarks read them; tests
have their own)."""

from __future__ import annotations

import os
from pathlib import Path

from runtime import patterns


def status_mib(pid: int | str, field: str) -> float:
    """A size from /proc/PID/status, in MiB: VmRSS (now) or VmHWM (the peak)."""
    status = Path(f"/proc/{pid}/status").read_text()
    return int(patterns.compile(rf"{field}:\s+(\d+)").search(status)[1]) / 1024


def pss_mib(pid: int | str) -> float:
    """A process's proportional set size, in MiB: its own pages, and its share of those it
    shares (a worker's index pages with the master): what a container's memory counts."""
    rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
    return int(patterns.compile(r"\nPss:\s+(\d+)").search(rollup)[1]) / 1024


def children(pid: int) -> list[str]:
    """The pids of a process's children (gunicorn's workers)."""
    return Path(f"/proc/{pid}/task/{pid}/children").read_text().split()


def cpu_seconds(pid: int | str) -> tuple[float, float]:
    """The user and system CPU time a process has used so far, from /proc/PID/stat."""
    # The command name in parentheses may hold spaces: the fields are counted after it.
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    tick = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / tick, int(fields[12]) / tick
