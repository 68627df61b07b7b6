"""not-legal: every card is in the format's card pool (sets, promo numbers, dates).

Legal:   4 Bill LC 108 in Modified
Legal:   1 Charizard BS 4 in Modified: a previously printed copy of Legendary Collection's
         Charizard (legal via base6-3; reworded, so a reprint-wording warning)
Legal:   4 Rare Candy in Standard: a name alone names no printing; it stands as the newest
         printing legal there (Mega Evolution's), so no wording of its own to warn of
Illegal: 4 Electabuzz BS 20 in Modified: no legal printing of that card
Illegal: 1 Charizard CEL 4 in Modified on 2003-08-31 (not-yet-released): a printing that did
         not exist on the date judged is not legal, even as a reprint of a legal card
Illegal: 1 Radiant Greninja ASR 46 in Standard on 2025-04-11: its mark F rotated out that day
         and no printing of the card carries a later one (the message names the rotation)
Illegal: 1 Iron Thorns ex TWM 77 in Standard on 2024-06-01 (not-yet-legal): Twilight
         Masquerade was in stores from 2024-05-24 but legal from 2024-06-07
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator

from catalog.index import Printing
from decklist.canonical import written
from decklist.resolver import NAME, RESOLVED
from runtime.caches import Spec, plain_pair_bytes
from validators.context import Context
from validators.placing import placeable, placed
from validators.records import (
    CITES_ANNOUNCEMENT,
    ERROR,
    WARNING,
    CheckSpec,
    Code,
    RuleRef,
    Violation,
)
from validators.standing import CardStanding

CHECK = "not-legal"
UNRELEASED_MESSAGE = ("line {line}: {card} was not yet released on {date}: {set} came out "
                      "{released}")
MESSAGE = "line {line}: {card} is not in the {format} card pool"
MARK_MESSAGE = ("line {line}: {card} is not legal in {format} on {date}: its regulation "
                "mark is {mark}, and since {effective} only {from_mark} and later are legal; no "
                "printing of the card carries one")
BEFORE_MARKS_MESSAGE = ("line {line}: {card} is not legal in {format} on {date}: the "
                        "format goes by regulation marks from {first} only")
UNLEGAL_MESSAGE = ("line {line}: {card} is not legal yet on {date}: {set} came out "
                   "{released} and is legal from {legal_from}")
WORDING_MESSAGE = ("line {line}: {card} is legal as a printing of {via_card}, whose wording "
                   "differs; the legal printing's text is the one that counts")
NOT_LEGAL = Code("not-legal", "not in the card pool", (ERROR,),
                 (MESSAGE, MARK_MESSAGE, BEFORE_MARKS_MESSAGE), CITES_ANNOUNCEMENT)
NOT_YET_RELEASED = Code("not-yet-released", "not yet released", (ERROR,), (UNRELEASED_MESSAGE,))
NOT_YET_LEGAL = Code("not-yet-legal", "not yet legal", (ERROR,), (UNLEGAL_MESSAGE,))
REPRINT_WORDING = Code("reprint-wording", "reprint worded otherwise", (WARNING,),
                       (WORDING_MESSAGE,))
CODES = (NOT_LEGAL, NOT_YET_RELEASED, NOT_YET_LEGAL, REPRINT_WORDING)
# A finding is a Violation, a named tuple of plain values (its rule the format's own), keyed
# by plain values: the format's token, the date, its document's and name's words.
FINDINGS = Spec("findings", plain_pair_bytes)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    # What a card's standing is, in words, is the same on every line and in every deck that
    # names it: worded once per format and date, then placed on each line, since wording it
    # costs many times placing it (speed trick "not-legal worded once": docs/performance.md).
    kept = ctx.index.caches.kept(CHECK, FINDINGS)
    judged = (ctx.format.legality.token, ctx.as_of, ctx.format.document, ctx.format.name,
              spec.section)
    for line, standings in ctx.known_standings_in_turn():
        if standings.none_legal:
            standing = standings.considered[0]
            worded = kept.get((judged, standing.printing.id, standing.released),
                              _not_legal, ctx, spec, standing)
            yield placed(worded, line.entry.line, (ctx.ref(line),))
        elif line.resolution.status == RESOLVED and line.resolution.method != NAME:
            # A line that names no printing (a name alone) stands for the card's legal
            # printing, whose wording is the one that counts: no wording of its own to warn of.
            standing = standings.cards[0]
            via = standing.legal_via
            if via is not None and via.text_fingerprint != standing.printing.text_fingerprint:
                yield Violation.of(REPRINT_WORDING, WORDING_MESSAGE,
                                   ctx.format.rule(spec.section), (ctx.ref(line),),
                                   line=line.entry.line, id=standing.printing.id, via=via.id,
                                   card=written(ctx.index, standing.printing),
                                   via_card=written(ctx.index, via))


def _not_legal(ctx: Context, spec: CheckSpec, standing: CardStanding) -> Violation:
    """Why a card is not legal, as a violation of no line in particular (line 0, no cards),
    for validators.placing to place."""
    return placeable(_worded(ctx, spec, standing))


def _worded(ctx: Context, spec: CheckSpec, standing: CardStanding) -> Violation:
    shown = standing.printing
    rule = ctx.format.rule(spec.section)
    if not standing.released and ctx.as_of is not None:
        info = ctx.index.sets[shown.set_id]
        return Violation.of(NOT_YET_RELEASED, UNRELEASED_MESSAGE, rule, line=0,
                            name=shown.name, id=shown.id,
                            card=written(ctx.index, shown), date=ctx.as_of.isoformat(),
                            set=info.name, released=_iso(info.release_date))
    legal_from = ctx.standings.legality.waiting(shown)
    if legal_from is not None and ctx.as_of is not None:
        info = ctx.index.sets[shown.set_id]
        return Violation.of(NOT_YET_LEGAL, UNLEGAL_MESSAGE, rule, line=0, name=shown.name,
                            id=shown.id, card=written(ctx.index, shown),
                            date=ctx.as_of.isoformat(), set=info.name,
                            released=_iso(info.release_date), legal_from=legal_from.isoformat())
    if ctx.format.pool.rotations:
        return _by_mark(ctx, spec, shown)
    return Violation.of(NOT_LEGAL, MESSAGE, rule, line=0, name=shown.name, id=shown.id,
                        card=written(ctx.index, shown), format=ctx.format.name)


def _by_mark(ctx: Context, spec: CheckSpec, shown: Printing) -> Violation:
    """A format that goes by regulation marks names the rotation that decides."""
    pool = ctx.format.pool
    date = ctx.as_of.isoformat() if ctx.as_of else "any date"
    rotation = pool.rotation_on(ctx.as_of)
    if rotation is None:
        return Violation.of(NOT_LEGAL, BEFORE_MARKS_MESSAGE, ctx.format.rule(spec.section),
                            line=0, name=shown.name, id=shown.id,
                            card=written(ctx.index, shown), format=ctx.format.name,
                            date=date, first=pool.rotations[0].effective.isoformat())
    said = rotation.announcement
    return Violation.of(NOT_LEGAL, MARK_MESSAGE,
                        RuleRef(said.title, f"effective {rotation.effective.isoformat()}"),
                        line=0, name=shown.name, id=shown.id,
                        card=written(ctx.index, shown), format=ctx.format.name,
                        date=date, mark=shown.regulation_mark or "none",
                        effective=rotation.effective.isoformat(), from_mark=rotation.from_mark)


def _iso(day: dt.date | None) -> str:
    return day.isoformat() if day else "on no known date"
