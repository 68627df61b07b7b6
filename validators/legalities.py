"""Where deckjudge's Standard and Expanded verdicts differ from the card data's own
`legalities`, card by card, and why.

The data's fields describe one day, the day it was taken, and they follow no rule that is
written down; deckjudge's formats follow the announcements. So for that day every printing
is judged both ways, and each difference gets the reading that explains it. A difference
no reading explains is `unexplained`: the tests hold that there are none.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from catalog.index import CatalogIndex, Printing
from catalog.regulation_marks import RANK
from validators.formats import get_format
from validators.records import FREE, DeckRules
from validators.standing import FormatStandings, reached

FORMATS = ("standard", "expanded")
LEGAL, NOT_LEGAL, BANNED_WORD, UNSURE_WORD = "Legal", "not legal", "Banned", "Banned?"
UNEXPLAINED = "unexplained"


@dataclass(frozen=True)
class Difference:
    """One printing the data and deckjudge judge differently in one format on one day."""

    card: str
    name: str
    format: str
    data: str  # Legal, Banned, or "not legal" (the data names no legality)
    deckjudge: str  # the same words; "Banned?" inside a ban's window
    reason: str  # a stable code: waiting-period, rotated, reprint, …
    reading: str  # the reason in words, with its dates


def compare(index: CatalogIndex, legalities: dict[str, dict[str, str]], day: dt.date,
            formats: tuple[str, ...] = FORMATS) -> list[Difference]:
    """Every printing judged differently by the data and by deckjudge on `day` (of the
    printings the data gives legalities for)."""
    found: list[Difference] = []
    for format_id in formats:
        rules = get_format(format_id)
        assert isinstance(rules, DeckRules)
        standings = FormatStandings(index, rules.legality, day)
        named = _legal_by_title(index, standings)
        for printing in index.printings.values():
            if printing.id not in legalities:
                continue
            said = legalities[printing.id].get(format_id) or NOT_LEGAL
            ours, via = _ours(standings, printing)
            if said != ours:
                reason, reading = _why(rules, standings, printing, said, ours, via, day,
                                       named.get(printing.title_key))
                found.append(Difference(printing.id, printing.name, format_id, said, ours,
                                        reason, reading))
    return found


def summary(differences: list[Difference]) -> Counter[tuple[str, str]]:
    """How many differences each format has for each reason."""
    return Counter((d.format, d.reason) for d in differences)


def _legal_by_title(index: CatalogIndex, standings: FormatStandings) -> dict[str, Printing]:
    """A printing in the pool for each English title that has one."""
    found: dict[str, Printing] = {}
    for printing in index.printings.values():
        if printing.title_key not in found and standings.legality.in_pool(printing):
            found[printing.title_key] = printing
    return found


def _ours(standings: FormatStandings, printing: Printing) -> tuple[str, Printing | None]:
    via = standings.legality.legal_via(printing)
    if via is None:
        return NOT_LEGAL, None
    if printing.function_key in standings.bans:
        return BANNED_WORD, via
    if printing.function_key in standings.unsure:
        return UNSURE_WORD, via
    return LEGAL, via


def _why(rules: DeckRules, standings: FormatStandings, printing: Printing, said: str,
         ours: str, via: Printing | None, day: dt.date,
         namesake: Printing | None) -> tuple[str, str]:
    return next(_readings(rules, standings, printing, said, ours, via, day, namesake),
                (UNEXPLAINED, f"the data says {said}, deckjudge says {ours}"))


def _readings(rules: DeckRules, standings: FormatStandings, printing: Printing,
              said: str, ours: str, via: Printing | None, day: dt.date,
              namesake: Printing | None) -> Iterator[tuple[str, str]]:
    """The readings that explain a difference, most specific first."""
    legality = standings.legality
    pool = rules.pool
    if ours == NOT_LEGAL:
        waiting = legality.waiting(printing)
        if waiting is not None:
            info = legality.index.sets[printing.set_id]
            yield ("waiting-period", f"{info.name} came out {info.release_date} and is legal "
                   f"from {waiting}, the second Friday after")
        if not printing.for_tournaments:
            yield "not-for-tournaments", "its text says it cannot be used at official tournaments"
        if printing.set_id in pool.excluded_sets:
            yield "excluded-set", f"{rules.name} leaves out its set ({printing.set_id})"
        rotation = pool.rotation_on(day)
        mark = printing.regulation_mark
        if pool.rotations and rotation is not None and mark is not None \
                and RANK.get(mark, -1) < RANK[rotation.from_mark]:
            yield ("rotated", f"its mark {mark} rotated out on {rotation.effective} "
                   f"({rotation.announcement.title}), and no printing of the card carries "
                   f"{rotation.from_mark} or later")
        if said == LEGAL and namesake is not None and \
                namesake.function_key != printing.function_key:
            yield ("same-name-only", f"{namesake.id} in the pool has its name but other "
                   "gameplay text: a reprint makes an older printing legal only when it is "
                   "the same card")
        if pool.rotations and rotation is not None and mark is None:
            yield ("no-mark", "it carries no regulation mark, and no printing of the card "
                   "with a legal one exists")
    if ours in (LEGAL, UNSURE_WORD, BANNED_WORD) and said == NOT_LEGAL and via is not None:
        if via.id != printing.id:
            yield ("reprint", f"a printing of the same card, {via.id}, is in the pool: "
                   "reprints make older printings legal")
        elif printing.is_basic_energy:
            yield "basic-energy", "basic Energy is legal from any set"
    ban = standings.bans.get(printing.function_key) or standings.unsure.get(printing.function_key)
    if ban is not None and ours in (BANNED_WORD, UNSURE_WORD) and said != ours:
        source = ban.announcement.title if ban.announcement else ban.note or "its ban list"
        yield ("ban-dated" if ours == BANNED_WORD else "ban-window",
               f"on deckjudge's ban list for that day: {source}")
    for entry in rules.banned:
        if said == BANNED_WORD and entry.status(day) == FREE and any(
                target.function_key == printing.function_key
                for target in reached(legality.index, entry)):
            yield ("ban-lifted", f"its ban ran until {entry.until} ({entry.note or ''})".strip())
