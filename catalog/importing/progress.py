"""An import's progress for a person: a bar on a terminal, a line every tenth otherwise
(logs and CI). `flask catalog import` and `deckjudge catalog` show it the same way."""

from __future__ import annotations

import sys

import click
from click._termui_impl import ProgressBar


class ImportProgress:
    """A bar on a terminal; otherwise a line every tenth (`steps=10`, for logs) or one a
    stage, when it is done (`steps=1`, for a tool's output in pre-commit or CI)."""

    def __init__(self, steps: int = 10, prefix: str = "") -> None:
        self.steps, self.prefix = steps, prefix
        self._bar: ProgressBar[int] | None = None
        self._stage: str | None = None
        self._last_step = -1
        self._tty = sys.stderr.isatty()

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage != self._stage:
            self.close()
            self._stage, self._last_step = stage, -1
            if self._tty:
                label = {"read": "reading", "write": "writing"}.get(stage, stage)
                self._bar = click.progressbar(length=total, label=self.prefix + label,
                                              file=sys.stderr)
                self._bar.__enter__()
        if self._bar is not None:
            self._bar.update(done - self._bar.pos)
            return
        step = done * self.steps // max(total, 1)
        if step != self._last_step and (self.steps > 1 or done == total):
            self._last_step = step
            click.echo(f"{self.prefix}{stage} {done}/{total}", err=True)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.__exit__(None, None, None)
            self._bar = None
