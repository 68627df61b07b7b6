"""Every request's time limit: set when it starts, cleared when it ends, answered when it
runs out.

gunicorn's `timeout` cannot bound a request under the gthread worker (it only watches
that the worker's main loop still answers its arbiter), so the app bounds its own work:
each request gets REQUEST_DEADLINE_SECONDS from its start (runtime.deadline), the work
checks it as it goes, and a request past it stops and answers a `deadline-exceeded`
problem: 503 without Retry-After, so that no client or proxy sends the same work again
by rote.
"""

from __future__ import annotations

from flask import Flask, Response, g

from api.middleware.problems import Problem
from runtime import deadline

# Seconds a request may take: room for the heaviest request of real decklists the limits
# allow, a batch of 500 in every format, on one thread of a shared 2-core machine, and for
# twice its time when two threads of one worker share its core (docs/deploy.md, *Choosing
# the limit*, has what it took); `deckjudge check` waits 30 s.
DEFAULT_SECONDS = 20.0
_TOKEN = "deckjudge_deadline"


def configured_seconds(value: str | None) -> float:
    """The limit REQUEST_DEADLINE_SECONDS gives (unset or empty: the default)."""
    if not value:
        return DEFAULT_SECONDS
    try:
        seconds = float(value)
    except ValueError:
        raise RuntimeError(f"REQUEST_DEADLINE_SECONDS must be a number of seconds, not "
                           f"{value!r}") from None
    if not 0 <= seconds < float("inf"):
        raise RuntimeError(f"REQUEST_DEADLINE_SECONDS must be 0 or more seconds, not {value!r}")
    return seconds


def exceeded_problem(error: deadline.DeadlineExceeded) -> Problem:
    """What a client is told when its request ran out of time."""
    return Problem("deadline-exceeded", f"This request took longer than the {error.seconds:g} s "
                   "a request may take here, and was stopped; sent again, it would take as "
                   "long again. Ask for less at once: fewer decks in a batch, fewer formats, "
                   "or the verdict alone (`detail: verdict`).", limit_seconds=error.seconds)


def _answer(error: deadline.DeadlineExceeded) -> Response:
    return exceeded_problem(error).response()


def init_app(app: Flask) -> None:
    """Give every request the configured deadline (none when it is None)."""
    seconds = app.config["REQUEST_DEADLINE_SECONDS"]
    app.register_error_handler(deadline.DeadlineExceeded, _answer)
    if seconds is None:
        return

    def _start() -> None:
        setattr(g, _TOKEN, deadline.start(seconds))

    def _end(_error: BaseException | None) -> None:
        # Runs after every request, failed ones too: gthread reuses the thread for the
        # next request, which must not inherit this one's deadline.
        token = g.pop(_TOKEN, None)
        if token is not None:
            deadline.end(token)

    app.before_request(_start)
    app.teardown_request(_end)
