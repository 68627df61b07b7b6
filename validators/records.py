"""What a format is and what a check reports: typed, frozen records.

The names, one an idea: `DeckRules` are what one deck is held to (a singles format, a team
play's deck, a season's or an organizer's); a `TeamFormat` seats players, each deck held to
a play's DeckRules; a `Definition` is an organizer's format as read, a base format and the
changes made to it; a `Lineage` is one format's seasons; a `FormatSet` is every format the
process judges in, read whole (validators.formats).
"""

from __future__ import annotations

import bisect
import datetime as dt
import functools
import itertools
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from runtime.caches import plain_bytes, text_bytes
from runtime.tuples import tuple_builder

ERROR, WARNING = "error", "warning"
CONSTRUCTED, LIMITED = "constructed", "limited"
PLAYS = (CONSTRUCTED, LIMITED)


@dataclass(frozen=True)
class RuleRef:
    """The rule a violation breaks: a source document and its section."""

    document: str
    section: str
    text: str | None = None  # the rule's own words, when it is quoted (a card's printed limit)
    url: str | None = None  # where the document is read, when a format's definition gives it


class CardRef(NamedTuple):
    """A decklist line a violation is about. A named tuple: a deck illegal in several formats
    names each of its lines, and an answer in several formats tells its findings apart by
    them (api.views.across_formats), which hashes a named tuple in C where a frozen dataclass
    hashes in Python."""

    line: int
    name: str
    id: str | None
    copies: int  # how many copies the line names ("count" in an answer; a tuple's is taken)
    seat: str | None = None  # set on team-level violations: whose deck the line is in
    source: str = "deck"  # "pool" when the line is one of the pool's, not the deck's


# What a code cites: the section of the format's document its check names (in the format's
# data); or the announcement of a dated ban or rotation, where there is one; the sentence a
# card prints about itself; how far the format's document reaches.
CITES_FORMAT, CITES_ANNOUNCEMENT = "format", "announcement"
CITES_CARD, CITES_SCOPE = "card", "scope"


@dataclass(frozen=True)
class Code:
    """A stable violation code, as every answer and the contract give it: its words for people
    (`title`: "deck size", "not in the card pool", where an answer for people shows the code),
    the severities it is given, the templates its messages are worded with, and what it
    cites. A check declares the codes it finds (its module's CODES); validators.checks
    gathers them in one table."""

    name: str
    title: str  # a few words, beside the message, not a second one
    severities: tuple[str, ...]  # (ERROR,), (WARNING,), or both where the case decides
    templates: tuple[str, ...]  # "line {line}: {name} is banned in {format}"
    cites: str = CITES_FORMAT


class Violation(NamedTuple):
    """What a check found: a stable code, the rule it breaks, the lines it is about, and
    its message as a template with the values that fill it (so a client may word it its
    own way). A named tuple, as immutable as a frozen dataclass: a deck illegal in several
    formats gets one per line in each, and validators.placing builds one in a fraction of a
    frozen dataclass's time (speed trick "placed violations": docs/performance.md)."""

    code: str
    severity: str
    template: str  # "line {line}: {name} is banned in {format}"
    rule: RuleRef
    cards: tuple[CardRef, ...] = ()
    args: tuple[tuple[str, object], ...] = ()  # the template's values, in its own order

    @classmethod
    def of(cls, code: Code, template: str, rule: RuleRef, cards: tuple[CardRef, ...] = (),
           /, severity: str | None = None, **args: object) -> Violation:
        """A violation of a registered code, worded with one of its templates; the severity
        is the code's own, or one of its own where the case decides."""
        severities = code.severities
        if severity is None:
            if len(severities) > 1:
                raise ValueError(f"{code.name}: {template!r} needs one of {severities}")
            severity = severities[0]
        elif severity not in severities:
            raise ValueError(f"{code.name}: {template!r} at {severity} is not one of its own")
        if template not in code.templates:
            raise ValueError(f"{code.name}: {template!r} is not one of its own")
        return new_violation((code.name, severity, template, rule, cards, tuple(args.items())))

    @property
    def message(self) -> str:
        return self.template.format(**dict(self.args))


# A Violation built from all its fields in order, skipping NamedTuple's Python-level
# __new__ (runtime.tuples.tuple_builder): for `of`, and validators.placing's hot loop.
new_violation = tuple_builder(Violation)


@dataclass(frozen=True)
class Announcement:
    """Where a dated rule comes from: the publisher's title, its date (YYYY-MM-DD, or
    YYYY-MM or YYYY when only the month or the year is established) and the page it was
    read from."""

    title: str
    date: str
    url: str


@dataclass(frozen=True)
class Rotation:
    """From `effective` on, printings whose regulation mark is `from_mark` or later are
    legal; `note` says what else the announcement changed (basic Energy of a Type dropped
    from the pool is the pool's `exempt_basic_types`, not the rotation's)."""

    effective: dt.date
    from_mark: str
    announcement: Announcement
    note: str | None = None


BANNED, UNSURE, FREE = "banned", "unsure", "free"
ANCIENT_TRAIT = "ancient-trait"
# The kinds of card a ban entry may reach instead of one card, as a phrase.
REACHES = {ANCIENT_TRAIT: "Pokémon with an Ancient Trait"}


# What a Ban holds besides its texts: the object and its dict.
BAN_BYTES = 256


@dataclass(frozen=True)
class Ban:
    """A card on a format's ban list: every printing of it (its function_key) is banned
    from `effective` (None: always) until `until` (None: still), by `announcement`.

    Where a day is not established, a window stands for it: the ban began on some day from
    `effective` to `effective_by` (in force from `effective_by` at the latest), and was
    lifted on some day from `until` to `until_by`. Inside a window the standing is UNSURE:
    deckjudge says so rather than guess (checks ban-uncertain)."""

    card: str | None  # a printing id that names the card; None when `reaches` says which
    effective: dt.date | None = None
    until: dt.date | None = None
    announcement: Announcement | None = None
    effective_by: dt.date | None = None  # the ban's day is unknown, but it was in force by then
    until_by: dt.date | None = None  # the lifting's day is unknown, but it was lifted by then
    note: str | None = None  # how the dates were read, when a window stands for a day
    # A kind of card the entry bans instead of one card: every Pokémon with an Ancient Trait
    # (REACHES names them), as early Gym Leader Challenge rules had it.
    reaches: str | None = None
    # An organizer's entry may ban every card of an English name instead (`name`), or one
    # printing and not its reprints (`printing_only`, with `card` that printing); it cites
    # the organizer's rule (`rule`) where a dated entry cites its announcement.
    name: str | None = None
    printing_only: bool = False
    rule: RuleRef | None = None
    # An organizer's unban: the entry lifts the base format's bans of the cards it names.
    lifts: bool = False

    def weight(self) -> int:
        """The bytes it holds: the object and its dict, its texts, its citation."""
        return BAN_BYTES + text_bytes(self.card) + text_bytes(self.note) + text_bytes(self.name)

    def status(self, as_of: dt.date | None) -> str:
        """BANNED, UNSURE or FREE on the date; with no date, as the list stands now."""
        if as_of is None:
            return FREE if self.until is not None else BANNED
        if self.effective is not None and as_of < self.effective:
            return FREE
        if self.until is not None and as_of >= self.until:
            return FREE if self.until_by is None or as_of >= self.until_by else UNSURE
        if self.effective_by is not None and as_of < self.effective_by:
            return UNSURE
        return BANNED


@dataclass(frozen=True)
class CardPool:
    """Which printings a format allows, before bans.

    `all_sets`: every set released on or before as_of.  Otherwise the
    `sets` listed, plus every expansion released after `later_than`'s
    release, plus every set of any kind released on or after `from_set`'s
    release, all on or before as_of; `promo_numbers` keeps a promo set to a
    number range; `exempt_basic_types` are basic Energy legal from any set;
    with `reprints_legal`, a printing outside the pool is legal when a
    printing of the same card (function_key) is in it; `excluded_sets` are never in it.

    `rotations` make the pool go by regulation mark instead (today's Standard): on a date,
    the latest rotation in effect names the first legal mark. With `legal_fridays`, a set
    becomes legal on that Friday after its release (2: "the second Friday after release",
    Play! Pokémon's waiting period); with `legal_days`, that many days after it (21, from
    Furious Fists to Sun & Moon); either way unless `legal_dates` gives its official date.
    """

    all_sets: bool = False
    sets: tuple[str, ...] = ()
    later_than: str | None = None
    from_set: str | None = None
    promo_numbers: dict[str, tuple[int, int | None]] = field(default_factory=dict)
    exempt_basic_types: tuple[str, ...] = ()
    reprints_legal: bool = False
    rotations: tuple[Rotation, ...] = ()
    legal_fridays: int = 0
    legal_days: int = 0
    legal_dates: dict[str, dt.date] = field(default_factory=dict)
    # Sets a `from_set` span leaves out (Celebrations' Classic Collection in Expanded).
    excluded_sets: tuple[str, ...] = ()
    # Leave out printings whose text says they cannot be used at official tournaments.
    tournament_cards_only: bool = False

    def rotation_on(self, as_of: dt.date | None) -> Rotation | None:
        """The rotation in effect on a date (the latest one when no date is given)."""
        if as_of is None:
            return self.rotations[-1] if self.rotations else None
        return next((r for r in reversed(self.rotations) if r.effective <= as_of), None)


# The checks that read a deck's lines, which every deck's rules run first, whatever the
# format: a line that could not be read, names no card, or names several cards that the
# verdict depends on leaves the deck not legal anywhere (a deck not fully read is never
# certified). validators.formats.reader adds any a format's data leaves out; DeckRules
# refuses rules without them.
READING_CHECKS = ("unreadable-line", "unknown-card", "ambiguous-card")


@dataclass(frozen=True)
class CheckSpec:
    """One check a format runs, the section of its document it enforces, its parameters."""

    code: str
    section: str
    params: dict[str, Any] = field(default_factory=dict)


# How a family of names is limited: a deck holds cards of one of its names only, or the
# copies of all its names count together against the format's copy limit.
ONE_NAME, COUNTED_TOGETHER = "one-name", "counted-together"
FAMILY_RULES = (ONE_NAME, COUNTED_TOGETHER)


@dataclass(frozen=True)
class Family:
    """English names a deck-building rule treats as one (Professor Juniper and Professor
    Sycamore), by `rule`, from `effective` until `until` (None: still), as `source` says.
    `titles` are the names' title keys, the copy limit's (catalog.identity.title_key)."""

    id: str
    names: tuple[str, ...]
    titles: tuple[str, ...]  # one per name, in the same order
    rule: str  # ONE_NAME or COUNTED_TOGETHER
    effective: dt.date
    source: Announcement
    until: dt.date | None = None
    note: str | None = None  # how the rule and its day were read

    def in_force(self, as_of: dt.date | None) -> bool:
        """Whether the rule holds on the date; with no date, whether it holds now."""
        if as_of is None:
            return self.until is None
        return self.effective <= as_of and (self.until is None or as_of < self.until)


@dataclass(frozen=True)
class Restriction:
    """A restricted card (a ban-list entry that limits rather than bans)."""

    card: str  # a card id; the restriction reaches every printing of the card
    text: str  # the restriction as the list states it
    max_copies: int | None = None
    partner_allowed: bool = True


@dataclass(frozen=True)
class PartnerRules:
    """Which Pokémon may be a deck's Partner (Partner Battles I.1)."""

    ineligible: tuple[tuple[str, str], ...]  # (subtype, why it cannot be a Partner)


@dataclass(frozen=True)
class Product:
    """What a Limited event hands each player: boosters by set (§234-§236)."""

    id: str
    name: str
    boosters: tuple[tuple[str, int], ...]  # (set id, packs)
    section: str

    @property
    def sets(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(set_id for set_id, _ in self.boosters))


# The serial number of the next Legality made in this process (Legality.token).
_SERIALS = itertools.count()


@dataclass(frozen=True, eq=False)
class Legality:
    """What a card's standing in a format depends on, besides the date: the card pool and the
    ban list. It is hashed once, when made, and compared by value.

    Caches key what depends on it by its `token`, a number no other Legality object of the
    process has, rather than by the object: a key holds a number, not an organizer's ban
    list, which would outlive the rules it came from in every cache keyed by it. Each value of
    the formats' data is one object (DeckRules.legality), so equal ones share a token;
    an organizer's rules, made once and kept (validators.derived), keep theirs while kept."""

    pool: CardPool
    banned: tuple[Ban, ...]
    key: tuple[object, ...] = field(init=False, repr=False)
    _hash: int = field(init=False, repr=False)
    token: int = field(init=False, repr=False)

    def __post_init__(self) -> None:
        pool = self.pool
        key = (pool.all_sets, pool.sets, pool.later_than, pool.from_set,
               tuple(sorted(pool.promo_numbers.items())), pool.exempt_basic_types,
               pool.reprints_legal, pool.rotations, pool.legal_fridays, pool.legal_days,
               tuple(sorted(pool.legal_dates.items())), pool.excluded_sets,
               pool.tournament_cards_only, self.banned)
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "_hash", hash(key))
        object.__setattr__(self, "token", next(_SERIALS))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Legality) and self.key == other.key)

    def __hash__(self) -> int:
        return self._hash


# Every distinct Legality the formats have: as many as there are format definitions at most.
# An organizer's format is not kept here: requests make those (validators.derived keeps a
# bounded number).
_LEGALITIES: dict[Legality, Legality] = {}


@dataclass(frozen=True, eq=False)
class Definition:
    """An organizer's format as read (validators.definitions): its fields (dates as dates),
    its canonical form and its hash. Compared and hashed by its hash: two requests that send
    one definition, spaced or ordered apart, share what is made of it."""

    fields: dict[str, Any]
    canonical: str  # the definition as read, keys sorted, no spaces: what the hash is of
    hash: str  # sha256 of `canonical`, hex

    @property
    def id(self) -> str:
        """Its own id, or one made of its hash for a definition that gives none."""
        return str(self.fields.get("id") or f"custom-{self.hash[:12]}")

    @property
    def base(self) -> str:
        return str(self.fields["base"])

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Definition) and other.hash == self.hash

    def __hash__(self) -> int:
        return hash(self.hash)

    def weight(self) -> int:
        """The bytes it holds: its fields as read, its canonical form and its hash."""
        return DEFINITION_BYTES + plain_bytes(self.fields) + text_bytes(self.canonical) + \
            text_bytes(self.hash)


# What a Definition holds besides its fields and texts: the object and its dict.
DEFINITION_BYTES = 160


def of_the_formats(legality: Legality) -> bool:
    """Whether the legality is one of the formats' data, kept for the life of the process
    (its bans are nobody's cache's own)."""
    return _LEGALITIES.get(legality) is legality


@dataclass(frozen=True)
class DeckRules:
    """What one deck is held to: a singles format's rules, a team play's deck rules, a
    season's, or an organizer's format's."""

    id: str
    name: str
    version: str
    description: str
    document: str  # the source document, as cited ("DCI Floor Rules 2003")
    document_date: dt.date | None  # None: the document carries no date
    # The last day the document governed (its season's end), when it is known; a later date
    # is judged by its rules all the same, with a notice (validators.checks.beyond_document).
    document_reaches: dt.date | None
    play: str  # CONSTRUCTED or LIMITED
    deck_size: int
    copy_limit: int | None  # copies per English title; None: no limit
    pool: CardPool
    banned: tuple[Ban, ...]  # a ban reaches every printing of the card
    default_as_of: dt.date | None
    prizes: int | None  # per player in a singles game; team formats give them per seat
    round_minutes: int | None
    checks: tuple[CheckSpec, ...]
    products: tuple[Product, ...] = ()
    partner: PartnerRules | None = None
    restricted: tuple[Restriction, ...] = ()
    watchlisted: tuple[str, ...] = ()  # card ids
    families: tuple[Family, ...] = ()  # names a rule treats as one (check name-family)
    organizer_notes: str | None = None
    # No as_of given: judge on the day of the request (formats of today's game), rather
    # than on default_as_of or with no date at all.
    as_of_today: bool = False
    # Sections cited otherwise than as the format's document's: an organizer's format cites
    # the base format's rules it keeps by the base's document, its own with their words and
    # address (validators.derived).
    citations: tuple[RuleRef, ...] = ()
    # The organizer's definition the rules were made from (validators.definitions), when
    # they were: its base's seasons then say which base rules it changes on a day.
    definition: Definition | None = None

    def __post_init__(self) -> None:
        listed = {spec.code for spec in self.checks}
        missing = [code for code in READING_CHECKS if code not in listed]
        if missing:
            raise ValueError(f"{self.id}: deck rules run the reading checks; "
                             f"{', '.join(missing)} missing")

    def rule(self, section: str) -> RuleRef:
        found = self._rules.get(section)
        if found is None:
            found = self._rules[section] = next(
                (cited for cited in self.citations if cited.section == section),
                RuleRef(self.document, section))
        return found

    @functools.cached_property
    def _rules(self) -> dict[str, RuleRef]:
        # A format's rules are made once and cited by every violation, not made anew for each
        # (speed trick "rules made once": docs/performance.md).
        return {}

    @functools.cached_property
    def legality(self) -> Legality:
        # One Legality object per value: formats that share a pool and bans (Sealed and the
        # drafts; a team format's decks and its singles format) then meet in caches by
        # identity, not by Legality.__eq__, a Python call
        # (speed trick "one Legality per value": docs/performance.md).
        made = Legality(self.pool, self.banned)
        if self.definition is not None:
            return made
        return _LEGALITIES.setdefault(made, made)

    def product(self, product_id: str) -> Product | None:
        return next((p for p in self.products if p.id == product_id), None)


SHARED_POOL = "shared"


@dataclass(frozen=True)
class TeamPlay:
    """One way a team format is played: the deck rules, and what organizers need."""

    play: str  # CONSTRUCTED or LIMITED
    deck: DeckRules
    prizes: dict[str, int]  # by seat
    round_minutes: int | None
    pool: str | None  # LIMITED: "own" (each deck from its player's pool) or SHARED_POOL
    section: str  # where the team document sets these out


@dataclass(frozen=True)
class TeamFormat:
    """A format for a team of players, each with a seat and a deck."""

    id: str
    name: str
    version: str
    description: str
    document: str
    document_date: dt.date | None  # None: the document carries no date
    document_reaches: dt.date | None  # the last day it governed, when known
    seats: tuple[str, ...]
    seats_section: str
    plays: dict[str, TeamPlay]

    def rule(self, section: str) -> RuleRef:
        return RuleRef(self.document, section)


Format = DeckRules | TeamFormat


@dataclass(frozen=True, eq=False)  # one object a season: compared by identity
class Season:
    """One season of a lineage: its deck rules, from `effective` on. When the sources give
    no day, `window_from` is the earliest it can have begun and `effective` the day it was
    certainly in force."""

    id: str
    format: str  # the format id it was played as (modified, standard)
    name: str
    effective: dt.date
    window_from: dt.date | None
    source: Announcement
    note: str | None
    rules: DeckRules

    @property
    def first_possible(self) -> dt.date:
        return self.window_from or self.effective


@dataclass(frozen=True)
class DatedRule:
    """A deck-building rule of a lineage and the day it began: `code` is the check that
    enforces it; a rule a card prints on itself began with its `first_printing`."""

    id: str
    name: str
    code: str
    effective: dt.date
    first_printing: str | None
    source: Announcement
    note: str


@dataclass(frozen=True, eq=False)
class InForce:
    """The season that judges a day, and the one that may already have begun on it (the
    day is inside that season's window): the same season when it is the lineage's first."""

    season: Season
    pending: Season | None


@dataclass(frozen=True, eq=False)
class Lineage:
    """One format's history (validators.seasons): its seasons in order of their first day,
    each the deck rules of its time under its name then."""

    id: str
    name: str
    formats: tuple[str, ...]
    seasons: tuple[Season, ...]
    days: tuple[dt.date, ...]  # each season's `effective`, for bisection
    rules: tuple[DatedRule, ...]  # the deck-building rules that began in its history

    @property
    def first_day(self) -> dt.date:
        return self.seasons[0].first_possible

    def on(self, day: dt.date) -> InForce | None:
        """The season in force on `day`; None before the lineage's first possible day."""
        at = bisect.bisect_right(self.days, day)
        if at == 0:
            first = self.seasons[0]
            return InForce(first, first) if day >= first.first_possible else None
        following = self.seasons[at] if at < len(self.seasons) else None
        pending = (following if following is not None and following.window_from is not None
                   and day >= following.window_from else None)
        return InForce(self.seasons[at - 1], pending)


@dataclass(frozen=True, eq=False)
class FormatSet:
    """Every format judged in, read whole (validators.formats.reader): deckjudge's own, in
    their order, each lineage of seasons by the ids of its formats, and a deployment's
    formats (validators.deployed), listed after deckjudge's."""

    own: dict[str, Format]
    lineages: dict[str, Lineage]  # by format id: Modified's and Standard's are one
    deployed: dict[str, DeckRules] = field(default_factory=dict)

    @functools.cached_property
    def every(self) -> dict[str, Format]:
        """deckjudge's formats, then the deployment's."""
        return {**self.own, **self.deployed}
