"""beyond-document: a verdict for a date after the format's document stopped governing play
says so.

The DCI Floor Rules 2003 governed the 2003 tournament season (to 2003-08-31); Team Battle's
Tournament Formats (Rev. September 1, 2009) the 2009-10 season. A deck judged on a later
date is judged by those rules all the same (the client asked for that format), and the
verdict carries this warning so the answer is never silently stale. A format lists the
check when its document has a reach (`document_reaches` in its data).
A format with seasons is judged after its document by the season of the day
(validators/seasons.py), whose own document governs it: Modified only in September 2003.

Warns:   Modified on 2003-09-15 (the DCI Floor Rules 2003 reached 2003-08-31, and the next
         season began 2003-10-01); Team Battle on 2011-01-01
Silent:  Modified on 2003-06-01
"""

from __future__ import annotations

from collections.abc import Iterator

from validators.context import Context
from validators.records import CITES_SCOPE, WARNING, CheckSpec, Code, RuleRef, Violation

CHECK = "beyond-document"
MESSAGE = ("{document} governed play until {reaches}; {date} is later, so this verdict applies "
           "its rules to a date they did not reach")
BEYOND_DOCUMENT = Code("beyond-document", "after its rules' last day", (WARNING,), (MESSAGE,),
                       CITES_SCOPE)
CODES = (BEYOND_DOCUMENT,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    reaches, as_of = ctx.format.document_reaches, ctx.as_of
    if reaches is None or as_of is None or as_of <= reaches:
        return
    yield Violation.of(BEYOND_DOCUMENT, MESSAGE, RuleRef(ctx.format.document, spec.section),
                       document=ctx.format.document, reaches=reaches.isoformat(),
                       date=as_of.isoformat())
