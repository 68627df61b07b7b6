"""unreadable-line: every line of the list must be read; a deck that could not be fully read
is never certified legal.

Lines exporters write around the cards (headers, totals, banners, comments, blank lines) are
read as what they are, not as unreadable.  A stated total that does not match the lines
(`declared-total`) is a problem of its own, not an unreadable line.

One line is one violation that says why it could not be read; several are one violation
naming them all (each line's reason is in the deck's `problems`), so that a paste of a
thousand junk lines is answered in a few lines, not a thousand in every format.

Legal:   4 Pikachu BS 58
Illegal: @@@ ????          (not a card line: the deck cannot be shown legal)
"""

from __future__ import annotations

from collections.abc import Iterator

from validators.context import Context
from validators.records import ERROR, CardRef, CheckSpec, Code, Violation

CHECK = "unreadable-line"
MESSAGE = ("line {line}: {text!r} could not be read as a card ({reason}); the deck cannot be "
           "shown legal until it is")
MANY_MESSAGE = ("{count} lines could not be read as cards (lines {lines}); the deck cannot be "
                "shown legal until they are")
UNREADABLE_LINE = Code("unreadable-line", "line not read", (ERROR,), (MESSAGE, MANY_MESSAGE))
CODES = (UNREADABLE_LINE,)
# Line numbers the message names at most; the violation's cards list them all.
_NAMED = 10
# Line problems that are about a list's own arithmetic, not a line that could not be read.
_NOT_UNREADABLE = frozenset({"declared-total"})


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    unread = [problem for problem in ctx.problems if problem.code not in _NOT_UNREADABLE]
    if not unread:
        return
    rule = ctx.format.rule(spec.section)
    cards = tuple(CardRef(problem.line, problem.text, None, 0) for problem in unread)
    if len(unread) == 1:
        first = unread[0]
        yield Violation.of(UNREADABLE_LINE, MESSAGE, rule, cards, line=first.line,
                           text=first.text, reason=first.message)
        return
    lines = ", ".join(str(problem.line) for problem in unread[:_NAMED])
    yield Violation.of(UNREADABLE_LINE, MANY_MESSAGE, rule, cards, count=len(unread),
                       lines=lines + (", …" if len(unread) > _NAMED else ""))
