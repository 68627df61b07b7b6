"""ambiguous-card: a line that names several cards, without saying which one.

An ambiguous line leaves the deck legal only when every card it may be is legal here and
counts towards the same English title (the copy limit): then the line is a warning.  When
its candidates differ in legality or in title, which card it is decides the verdict, and
the line is an error.  A name alone stands for the cards of the name legal here, when any
is (validators.standing), so only they are its candidates.  With the parameter
`any_difference` (Partner Battles), any line naming several cards is an error: which card
it is decides Type Identity and the singleton rule.

Legal:   4 Bill             (every Bill is one card, and it is legal)
Legal:   4 Kangaskhan       (in Modified: Aquapolis' is the one Kangaskhan legal there)
Warning: 4 Blastoise        (in Unlimited: every Blastoise is legal and titled "Blastoise")
Illegal: 4 Sneasel          (in Modified: every Sneasel is legal there, Neo Genesis' banned)

A line whose set code no set carries, and whose name names several cards, is unknown-set
where it would be an error here: the set is what is missing.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklist.resolver import AMBIGUOUS
from validators.checks.unknown_card import unknown_set
from validators.context import Context
from validators.records import ERROR, WARNING, CheckSpec, Code, Violation

CHECK = "ambiguous-card"
MESSAGE = ("line {line}: {text!r} names {cards} different cards that differ in legality here; "
           "give its set and number")
TITLE_MESSAGE = ("line {line}: {text!r} names {cards} different cards with different titles "
                 "({titles}), so its copies cannot be counted; give its set and number")
ANY_MESSAGE = ("line {line}: {text!r} names {cards} different cards; in {format} which card it "
               "is matters, so give its set and number")
WARNING_MESSAGE = ("line {line}: {text!r} names {cards} different cards; every one is legal "
                   "here and counts as {title!r}, so the deck stands, but give its set and "
                   "number to say which")
UNKNOWN_SET_WARNING = ("line {line}: {text!r}: no set of the catalog carries {set_code!r}, and "
                       "the name names {cards} different cards; every one is legal here and "
                       "counts as {title!r}, so the deck stands")
AMBIGUOUS_CARD = Code("ambiguous-card", "ambiguous card", (ERROR, WARNING),
                      (MESSAGE, TITLE_MESSAGE, ANY_MESSAGE, WARNING_MESSAGE,
                       UNKNOWN_SET_WARNING))
CODES = (AMBIGUOUS_CARD,)


def check(ctx: Context, spec: CheckSpec) -> Iterator[Violation]:
    strict = bool(spec.params.get("any_difference"))
    # Which lines are ambiguous is the deck's; how each stands, the format's.
    at = ctx.share.once(CHECK, lambda: [i for i, line in enumerate(ctx.deck)
                                        if line.resolution.status == AMBIGUOUS])
    for line, standing in (ctx.deck_standings[i] for i in at):
        standings = standing.considered
        if len(standings) == 1:
            continue  # of the cards it names, only one existed on the date judged
        printings = [standing.printing for standing in standings]
        titles = sorted({printing.name for printing in printings}, key=str.casefold)
        same_title = len({printing.title_key for printing in printings}) == 1
        fields = {"line": line.entry.line, "text": line.entry.text, "cards": len(standings),
                  "format": ctx.format.name, "titles": ", ".join(titles), "title": titles[0]}
        if strict:
            message, severity = ANY_MESSAGE, ERROR
        elif len({standing.playable for standing in standings}) > 1:
            message, severity = MESSAGE, ERROR
        elif not same_title:
            message, severity = TITLE_MESSAGE, ERROR
        elif all(standing.playable for standing in standings):
            message, severity = WARNING_MESSAGE, WARNING
        else:
            continue  # no candidate is legal: not-legal says so
        if severity == ERROR and line.resolution.unknown_set is not None:
            # The line gave a set and number; the catalog lacks the set.
            yield unknown_set(ctx, spec, line, line.resolution.unknown_set)
            continue
        if severity == WARNING and line.resolution.unknown_set is not None:
            message = UNKNOWN_SET_WARNING
            fields["set_code"] = line.resolution.unknown_set
        yield Violation.of(AMBIGUOUS_CARD, message, ctx.format.rule(spec.section),
                           (ctx.ref(line),), severity=severity, **fields)
