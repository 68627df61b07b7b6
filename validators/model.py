"""What a format is and what a check reports: typed, frozen records."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field

ERROR, WARNING = "error", "warning"


@dataclass(frozen=True)
class RuleRef:
    """The rule a violation breaks: a source document and its section."""

    document: str
    section: str


@dataclass(frozen=True)
class CardRef:
    """A decklist line a violation is about."""

    line: int
    name: str
    id: str | None
    count: int


@dataclass(frozen=True)
class Violation:
    code: str
    severity: str
    message: str
    rule: RuleRef
    cards: tuple[CardRef, ...] = ()


@dataclass(frozen=True)
class CardPool:
    """Which printings a format allows, before bans.

    `all_sets`: every set released on or before as_of.  Otherwise the
    `sets` listed, plus every expansion released after `later_than`'s
    release and on or before as_of; `promo_numbers` keeps a promo set to a
    number range; `exempt_basic_types` are basic Energy legal from any set;
    with `reprints_legal`, a printing outside the pool is legal when a
    printing of the same card (function_key) is in it.
    """

    all_sets: bool = False
    sets: tuple[str, ...] = ()
    later_than: str | None = None
    promo_numbers: dict[str, tuple[int, int | None]] = field(default_factory=dict)
    exempt_basic_types: tuple[str, ...] = ()
    reprints_legal: bool = False


@dataclass(frozen=True)
class CheckSpec:
    """One check a format runs, and the section of its document it enforces."""

    code: str
    section: str


@dataclass(frozen=True)
class FormatDefinition:
    id: str
    name: str
    version: str
    description: str
    document: str  # the source document, as cited ("DCI Floor Rules 2003")
    document_date: dt.date
    deck_size: int
    copy_limit: int | None  # copies per English title; None: no limit
    pool: CardPool
    banned: tuple[str, ...]  # card ids; a ban reaches every printing of the card
    default_as_of: dt.date | None
    prizes: int
    round_minutes: int | None
    checks: tuple[CheckSpec, ...]

    def rule(self, section: str) -> RuleRef:
        return RuleRef(self.document, section)
