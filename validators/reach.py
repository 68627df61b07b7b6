"""How far a dated document reaches: a verdict for a later date says so.

The DCI Floor Rules 2003 governed the 2003 tournament season (to 2003-08-31); Team Battle's
Tournament Formats (Rev. September 1, 2009) the 2009-10 season.  A deck judged on a later
date is judged by those rules all the same (the client asked for that format), and the
verdict carries a warning so the answer is never silently stale.
"""

from __future__ import annotations

import datetime as dt

from validators.model import WARNING, FormatDefinition, RuleRef, Violation

CODE = "beyond-document"
MESSAGE = ("{document} governed play until {reaches}; {date} is later, so this verdict applies "
           "its rules to a date they did not reach")


def reach_notice(rules: FormatDefinition, as_of: dt.date | None) -> list[Violation]:
    """A warning when the date judged is after the document's reach, else nothing."""
    reaches = rules.document_reaches
    if reaches is None or as_of is None or as_of <= reaches:
        return []
    return [Violation.of(CODE, WARNING, MESSAGE, RuleRef(rules.document, "scope"),
                         document=rules.document, reaches=reaches.isoformat(),
                         date=as_of.isoformat())]
