"""unreadable-line: every line of the list must be read; a deck that could not be fully read
is never certified legal.

Lines exporters write around the cards (headers, totals, banners, comments, blank lines) are
read as what they are, not as unreadable.  A stated total that does not match the lines
(`declared-total`) is a problem of its own, not an unreadable line.

Legal:   4 Pikachu BS 58
Illegal: @@@ ????          (not a card line: the deck cannot be shown legal)
"""

from __future__ import annotations

from collections.abc import Iterator

from validators.context import Context
from validators.model import ERROR, CardRef, CheckSpec, Violation

CODE = "unreadable-line"
SEVERITY = ERROR
MESSAGE = ("line {line}: {text!r} could not be read as a card ({reason}); the deck cannot be "
           "shown legal until it is")
# Line problems that are about a list's own arithmetic, not a line that could not be read.
_NOT_UNREADABLE = frozenset({"declared-total"})


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    for problem in ctx.problems:
        if problem.code in _NOT_UNREADABLE:
            continue
        yield Violation.of(CODE, SEVERITY, MESSAGE, ctx.format.rule(spec.section),
                           (CardRef(problem.line, problem.text, None, 0),), line=problem.line,
                           text=problem.text, reason=problem.message)
