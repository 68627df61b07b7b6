"""Faults put into the service in process, where no real input could cause them."""

from __future__ import annotations

from typing import Any

import pytest


def judging_breaks_on(monkeypatch: pytest.MonkeyPatch, start: str) -> None:
    """Judging a deck raises, as a bug in the code would, for a deck with a line that starts
    with `start`; every other deck is judged as ever."""
    from api import judgements  # here: the xdist controller runs no test

    judge = judgements.deck_verdict

    def breaks(index: Any, req: Any, plan: Any, searches: Any) -> Any:
        if any(entry.text.startswith(start) for entry in req.deck.entries):
            raise RuntimeError("a bug")
        return judge(index, req, plan, searches)

    monkeypatch.setattr(judgements, "deck_verdict", breaks)
