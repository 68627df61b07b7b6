"""season-window: a day on which the season in force is not established says so.

Where the sources bound a season's first day by a window rather than name it, the days of
the window are judged by the season before it (whose pool, in a lineage rotated by sets,
holds the new one's), and the verdict warns, naming the deck's lines the new season would
not allow. On a lineage's first season the warning says the format may not yet have been
played.

Warns:   Standard on 2014-09-20 (Boundaries Crossed-On began between 2014-08-18 and
         2014-10-01): a Dark Explorers card would not be legal under it
Silent:  Standard on 2014-10-01, and on 2014-08-17
"""

from __future__ import annotations

from collections.abc import Iterator

from validators.context import Context
from validators.records import CITES_ANNOUNCEMENT, WARNING, CheckSpec, Code, RuleRef, Violation
from validators.standing import standings_for

CHECK = "season-window"
FIRST_MESSAGE = ("{format} began on a day between {window_from} and {effective} that is not "
                 "established: on {date} it may not yet have been played")
SAME_MESSAGE = ("{season} began on a day between {window_from} and {effective} that is not "
                "established: {date} is judged by {current}, in force before it; the deck is "
                "legal under {season} too")
DIFFERENT_MESSAGE = ("{season} began on a day between {window_from} and {effective} that is "
                     "not established: {date} is judged by {current}, in force before it; "
                     "under {season}, {count} of the deck's lines would not be legal")
SEASON_WINDOW = Code("season-window", "season's first day not established", (WARNING,),
                     (FIRST_MESSAGE, SAME_MESSAGE, DIFFERENT_MESSAGE), CITES_ANNOUNCEMENT)
CODES = (SEASON_WINDOW,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    found = ctx.season
    if found is None or found.pending is None or ctx.as_of is None:
        return
    pending = found.pending
    rule = RuleRef(pending.source.title, spec.section)
    window = {"window_from": str(pending.window_from), "effective": str(pending.effective),
              "date": ctx.as_of.isoformat()}
    if pending is found.season:
        yield Violation.of(SEASON_WINDOW, FIRST_MESSAGE, rule, format=pending.name, **window)
        return
    other = standings_for(ctx.index, pending.rules.legality, ctx.as_of).of
    refused = [line for line in ctx.known if not other(line.entry.reference).all_playable]
    if not refused:
        yield Violation.of(SEASON_WINDOW, SAME_MESSAGE, rule, season=pending.name,
                           current=found.season.name, **window)
        return
    yield Violation.of(SEASON_WINDOW, DIFFERENT_MESSAGE, rule,
                       tuple(ctx.ref(line) for line in refused), season=pending.name,
                       current=found.season.name, count=len(refused), **window)
