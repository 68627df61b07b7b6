"""How Japan's printings were linked to their international printings, by era.

`flask catalog links-report` prints it from the loaded catalog: for each series of Japan's
sets (its era: "SV", "S", "SM"…, newest first), how many printings are linked, not linked
and ambiguous, and how the linked ones were found (catalog/importing/linking.py); then,
with `--sample N`, N linked printings drawn at random (a seed makes the draw again) beside
their international printing, for a reader to check by hand; with `--unlinked`, every
printing not linked or ambiguous.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import asdict, dataclass

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session, aliased

from catalog.models import AMBIGUOUS, LINKED, NOT_LINKED, Card, JapaneseCard, Set

LINKS = (LINKED, NOT_LINKED, AMBIGUOUS)


@dataclass(frozen=True, slots=True)
class Linked:
    """One Japanese printing and what it was linked to (None when it was not)."""

    era: str  # its set's series
    released: str  # its set's release day in Japan (ISO), "" when unknown
    japanese_id: str  # "ja-m5-78"
    code: str  # its set's Japanese code and number: "M5 078"
    name: str  # as printed in Japan
    link: str  # LINKED, NOT_LINKED or AMBIGUOUS
    linked_by: str | None
    hp: int | None
    international_id: str | None = None
    international_name: str | None = None
    international_hp: int | None = None
    candidates: tuple[str, ...] = ()


def read(engine: Engine) -> list[Linked]:
    """Every Japanese printing of the catalog in `engine`, its newest sets' first."""
    international = aliased(Card)
    query = (select(JapaneseCard, Set, international)
             .join(Set, JapaneseCard.set_id == Set.id)
             .outerjoin(international, JapaneseCard.linked_id == international.id)
             .order_by(Set.release_date.desc(), Set.id, JapaneseCard.number_sort))
    with Session(engine) as session:
        return [Linked(japanese_set.series, japanese_set.release_date.isoformat()
                       if japanese_set.release_date else "", printing.id,
                       f"{japanese_set.tcgdex_id or japanese_set.id} {printing.number}",
                       printing.name, printing.link, printing.linked_by, printing.hp,
                       card.id if card else None, card.name if card else None,
                       card.hp if card else None, tuple(printing.candidates or ()))
                for printing, japanese_set, card in session.execute(query)]


def eras(found: list[Linked]) -> list[str]:
    """The eras of `found`, the newest first (by their newest set's release day)."""
    newest: dict[str, str] = {}
    for item in found:
        newest[item.era] = max(newest.get(item.era, ""), item.released)
    return sorted(newest, key=lambda era: (newest[era], era), reverse=True)


def render(found: list[Linked], sample: int = 0, seed: int = 0,
           unlinked: bool = False) -> Iterator[str]:
    """The report as lines of text: the figures by era, then the sample and the unlinked."""
    yield f"{'printings':>9} {'linked':>7} {'not linked':>10} {'ambiguous':>9}   era: linked by"
    for era in [*eras(found), None]:
        of = [item for item in found if era is None or item.era == era]
        tally = Counter(item.link for item in of)
        by = Counter(item.linked_by for item in of if item.link == LINKED)
        how = ", ".join(f"{name} {n}" for name, n in sorted(by.items(), key=lambda i: -i[1]))
        yield (f"{len(of):>9} {tally[LINKED]:>7} {tally[NOT_LINKED]:>10} {tally[AMBIGUOUS]:>9}"
               f"   {'all' if era is None else era or '(no series)'}: {how or 'none'}")
    if sample:
        linked = [item for item in found if item.link == LINKED]
        drawn = random.Random(seed).sample(linked, min(sample, len(linked)))
        yield f"a sample of {len(drawn)} links (seed {seed}):"
        for item in drawn:
            yield (f"  {item.code:<12} {item.name} (HP {item.hp})  ->  "
                   f"{item.international_id} {item.international_name} "
                   f"(HP {item.international_hp})  by {item.linked_by}")
    if unlinked:
        yield "not linked or ambiguous:"
        for item in found:
            if item.link != LINKED:
                extra = f"  candidates {', '.join(item.candidates)}" if item.candidates else ""
                yield f"  {item.code:<12} {item.link:<10} {item.name}{extra}"


def render_json(found: list[Linked]) -> Iterator[str]:
    """Every printing as one JSON object a line."""
    for item in found:
        yield json.dumps(asdict(item), ensure_ascii=False)
