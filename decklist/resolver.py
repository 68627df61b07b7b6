"""Resolve each decklist line to catalog printings, and say how, or why not.

A line's readings (decklist.card_lines) are tried in this order: card id;
set code + number; set name + number; name only.  A set + number reading
counts only when the printing at that number has the line's name, so a
name that merely ends in something code-like ("Mewtwo EX 54") is never
mistaken for a set.  When a line names a set the catalog knows and the
number does not fit, the line is *unknown*, with suggestions, rather than
guessed at by name: a tournament checker must not validate a card the
player did not write.  An exporter's code for basic Energy (the `Energy`
pseudo-set PTCG Live writes) leaves the name to decide, and the line says so.
Any other set code no set carries leaves the name to decide too; when the
name is not one card, the line keeps the code (`unknown_set`), so that a
list of a set newer than the catalog is told so, not asked for a set and
number it gave.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from rapidfuzz import fuzz, process

from catalog.alternate_codes import series_of
from catalog.identity import ENERGY_LETTERS
from catalog.index import ANY, CatalogIndex, Printing
from catalog.names import (
    LANGUAGE_NAMES,
    basic_energy_type,
    folded,
    says_basic,
    search_key,
    type_alone,
)
from decklist.exports import export_form, exports
from decklist.parsed import Candidate, Entry, InLanguage, Reference
from decklist.reference import readings_of
from runtime import deadline
from runtime.caches import Spec, plain_bytes, text_bytes
from runtime.tuples import tuple_builder

ID, SET_NUMBER, SET_NAME_NUMBER, NAME = "id", "set+number", "set-name+number", "name"
RESOLVED, AMBIGUOUS, UNKNOWN = "resolved", "ambiguous", "unknown"
# Marks some printed names add after the Pokémon's name that decklists leave out:
# Platinum's owners (Elite Four, Gym Leader, Galactic, Champion, Frontier Brain) and LV.X.
_NAME_MARKS = frozenset({"e4", "gl", "g", "c", "fb", "lvx"})
MAX_SUGGESTIONS = 5
_FUZZY_CUTOFF = 70


@dataclass(frozen=True)
class Suggestion:
    """A printing the line may have meant, and why it is offered."""

    reason: str  # "closest-name", "right-number", "other-set", "at-number"
    printing: Printing


@dataclass(frozen=True, slots=True)
class Resolution:
    """What a line's readings name in one catalog: the same for every line that reads alike,
    so it is computed once per catalog index (keyed by the readings) and shared."""

    status: str
    method: str | None
    printings: tuple[Printing, ...]
    notes: tuple[str, ...]
    suggestions: tuple[Suggestion, ...]
    # The printings grouped by card (function_key), in catalog order.
    groups: tuple[tuple[Printing, ...], ...]
    supertype: str | None  # the supertype every candidate shares, or None
    # The English title the line's copies count towards (the 4-copy rule); None when every
    # candidate is exempt: basic Energy, or a card whose text lifts the limit.
    counted_title: str | None
    # An unknown line's name, to offer the closest names to (`closest_names`); None when the
    # line has better suggestions or is known. Searched only for an answer that shows them.
    closest_to: str | None = None
    # The set code an unknown or ambiguous line wrote that no set of the catalog carries.
    unknown_set: str | None = None
    # The language an unknown line was read in besides English, whose names its closest
    # names are sought among too (decklist.languages); None: English alone.
    closest_in: str | None = None

    @classmethod
    def of(cls, status: str, method: str | None, printings: tuple[Printing, ...],
           notes: list[str], suggestions: list[Suggestion] | None = None,
           closest_to: str | None = None, unknown_set: str | None = None,
           closest_in: str | None = None) -> Resolution:
        grouped: dict[str, list[Printing]] = {}
        for printing in printings:
            grouped.setdefault(printing.function_key, []).append(printing)
        kinds = {printing.supertype for printing in printings}
        return cls(status, method, printings, tuple(notes), tuple(suggestions or ()),
                   tuple(tuple(group) for group in grouped.values()),
                   kinds.pop() if len(kinds) == 1 else None,
                   None if all(p.is_basic_energy or p.copies_unlimited for p in printings)
                   else printings[0].title_key, closest_to, unknown_set,
                   closest_in if closest_to is not None else None)

    @classmethod
    def of_one(cls, method: str, printing: Printing) -> Resolution:
        """`of(RESOLVED, method, (printing,), [])`, made without the grouping a line naming
        several printings needs, which nearly doubles the cost of a line never read before
        (speed trick "one-printing resolution": docs/performance.md)."""
        return cls(RESOLVED, method, (printing,), (), (), ((printing,),), printing.supertype,
                   None if printing.is_basic_energy or printing.copies_unlimited
                   else printing.title_key)

    @property
    def card(self) -> Printing | None:
        """The printing the line stands for, when it names one card."""
        return self.printings[0] if self.status == RESOLVED else None


class ResolvedLine(NamedTuple):
    """One decklist line and what it resolved to (a named tuple, as `Entry` is)."""

    entry: Entry
    resolution: Resolution


_new_line = tuple_builder(ResolvedLine)

# What a Resolution holds besides its texts and tuples: the object and its slots; and what a
# Suggestion holds (a frozen dataclass and its dict), its printing being the catalog's.
RESOLUTION_BYTES = 136
SUGGESTION_BYTES = 232


def resolution_bytes(reference: Reference, resolution: Resolution) -> int:
    """What a line's reference and its resolution hold: the texts the line put there (a name
    as folded, to search for the closest names, may be many times the line), the tuples and
    suggestions made for it; the printings are the catalog's."""
    groups = resolution.groups
    return (plain_bytes(reference) + RESOLUTION_BYTES + sys.getsizeof(resolution.printings)
            + sys.getsizeof(groups) + sum(sys.getsizeof(group) for group in groups)
            + plain_bytes(resolution.notes) + suggestions_bytes(resolution.suggestions)
            + text_bytes(resolution.closest_to) + text_bytes(resolution.unknown_set))


def suggestions_bytes(suggestions: tuple[Suggestion, ...]) -> int:
    return sys.getsizeof(suggestions) + SUGGESTION_BYTES * len(suggestions)


def _closest_bytes(key: object, suggestions: tuple[Suggestion, ...]) -> int:
    return plain_bytes(key) + suggestions_bytes(suggestions)


def _plain_key_bytes(key: object, value: object) -> int:
    """A plain key and a value whose parts are the catalog's: only the value's container."""
    return plain_bytes(key) + sys.getsizeof(value)


# The caches of what a line's reference alone decides, in one catalog.
RESOLUTIONS = Spec("resolutions", resolution_bytes)
CLOSEST_NAMES = Spec("resolutions", _closest_bytes)
BY_REFERENCE = Spec("resolutions", _plain_key_bytes)
# The names a list in one language is matched against, one tuple a language.
LOCAL_KEYS = Spec("languages", _plain_key_bytes)


def resolve(index: CatalogIndex, entries: list[Entry]) -> list[ResolvedLine]:
    # A line read before costs a cache hit and nothing more, no deadline check of its own
    # (speed trick "cache hit first": docs/performance.md); a new one checks the deadline
    # itself (`resolution_of`), so the request's deadline is checked once here.
    deadline.check()
    cached = index.caches.memo(resolution_of, RESOLUTIONS)
    return [_new_line((entry, cached(entry.reference))) for entry in entries]


def resolution_of(index: CatalogIndex, reference: Reference) -> Resolution:
    """What a line's card reference names. Remembered per index (`resolve`): call it through
    `index.caches.memo(resolution_of, …)` to share the answer."""
    deadline.check()  # a line not seen before: an unknown one costs a fuzzy search
    form = export_form(reference)
    printing = index.caches.table(exports).get(form) if form is not None else None
    if printing is not None:  # the export form, read in advance: what _Attempt would find
        return Resolution.of_one(SET_NUMBER, printing)
    language = reference.language if isinstance(reference, InLanguage) else None
    return _Attempt(index, readings_of(reference), language).run()


class _Attempt:
    """One line's way through its readings, keeping what explains a miss."""

    def __init__(self, index: CatalogIndex, candidates: tuple[Candidate, ...],
                 language: str | None = None) -> None:
        self.index = index
        self.candidates = candidates
        self.language = language  # names and abbreviations read in it too; None: English
        self.fallback_notes: list[str] = []  # why the name alone decided
        self.miss_notes: list[str] = []  # why an explicit reference did not fit
        self.near: list[Suggestion] = []
        self.unknown_set: str | None = None  # a set code the line wrote that no set carries

    def run(self) -> Resolution:
        for candidate in self.candidates:
            found = self._by_id(candidate) or self._by_set(candidate)
            if found:
                return found
        if self.miss_notes:
            return self._unknown()
        for candidate in self.candidates:
            printings = self._named_in_set(candidate) if self._named_so(candidate) else ()
            if printings:
                if candidate.set_code is None:
                    # The whole line is the name ("Team Rocket's PORYGON 2"): what its last
                    # words were taken for as a set code was no code at all.
                    self.fallback_notes, self.unknown_set = [], None
                return self._line(NAME, printings, self.fallback_notes)
        return self._unknown()

    def _named_so(self, candidate: Candidate) -> bool:
        """Whether a reading is read by its name: one with a name, and, when it is a text
        line's last word read as a set without a number ("Special Red Card CRI"), one whose
        code names a set or an alternate-art series (a line's own fields, a JSON entry's,
        come first and keep an unknown code to say so)."""
        if not candidate.name:
            return False
        code = candidate.set_code
        if code is None or candidate.number or candidate is self.candidates[0]:
            return True
        return bool(series_of(code) or self.index.sets_for_code(code)
                    or self.index.sets_named(code)
                    or (self.language and self.index.sets_in(code, self.language)))

    def _by_id(self, candidate: Candidate) -> Resolution | None:
        if not candidate.card_id:
            return None
        printing = self.index.card(candidate.card_id)
        if printing is None:
            set_part = candidate.card_id.rsplit("-", 1)[0].lower()
            if set_part in self.index.sets:  # a real set's id with a number it lacks
                self.miss_notes.append(f"no card has the id {candidate.card_id!r}")
            return None
        notes = []
        if candidate.name and self._fits(search_key(candidate.name), printing) is None:
            notes.append(f"{printing.id} is {printing.name!r}, not {candidate.name!r}; "
                         "the id decides")
        return self._line(ID, (printing,), notes)

    def _by_set(self, candidate: Candidate) -> Resolution | None:
        if not candidate.number:
            return None
        series = series_of(candidate.set_code) if candidate.set_code else None
        if series is not None:
            return self._alternate(candidate, series)
        if candidate.set_code:
            set_ids, method = self._sets(candidate.set_code)
        else:
            promo = self.index.promo_set(candidate.number)
            set_ids, method = ((promo,) if promo else ()), SET_NUMBER
        if not set_ids:
            return self._basic_energy(candidate)
        bare = all(set_id in self.index.subset_prefixes for set_id in set_ids)
        at_number = [p for set_id in set_ids
                     for p in self.index.at_number(set_id, candidate.number, bare)]
        key = search_key(candidate.name) if candidate.name else None
        fitting: list[Printing] = []
        notes: list[str] = []
        for printing in at_number:
            how = self._fits(key, printing) if key is not None else ()
            if how is not None:
                fitting.append(printing)
                notes.extend(note for note in how if note not in notes)
        if fitting:
            if candidate.variant:
                notes.append(f"{candidate.variant!r} marks a print variant of the same card")
            return self._line(method, tuple(fitting), notes)
        basic = self._basic_energy(candidate)
        if basic is None:
            self._near_miss(candidate, set_ids, at_number)
        return basic

    def _alternate(self, candidate: Candidate, series: str) -> Resolution | None:
        """A line of PTCG Live's code for its alternate-art variants of a series ("Blaziken ex
        SVALT 220"), whose number is the client's own: the card the name names among the
        series' printings, or among all when the series has none of that name."""
        printings = self._named(candidate.name or "")
        if not printings:
            return None
        in_series = self._in_series(printings, series)
        written = f"{candidate.set_code} {candidate.number}"
        if in_series:
            return self._line(NAME, in_series, [
                f"{written!r} is PTCG Live's own number for a variant of a {series} card; "
                "the name decides among that series' cards"])
        return self._line(NAME, printings, [
            f"{written!r} is PTCG Live's own number for a variant of a {series} card, and no "
            f"{series} card has the name; the name decides"])

    def _in_series(self, printings: tuple[Printing, ...], series: str) -> tuple[Printing, ...]:
        sets = self.index.sets
        return tuple(p for p in printings if sets[p.set_id].series == series)

    def _basic_energy(self, candidate: Candidate) -> Resolution | None:
        """A basic Energy line written the exporters' ways: an energy code for a set
        ("Fire Energy 2", "Metal Energy SSPJP 016", "Basic {L} Energy SVE 12"), or the Type's
        letter or word for a number ("Fire Energy BRS R", "Fire Energy TEU fire").  Every
        printing of a basic Energy is one card, so the name decides whatever the number; a
        Special Energy of the same name ("Darkness Energy", Neo Genesis) never fits."""
        code = candidate.set_code
        energy_code = bool(code and self.index.is_energy_code(code))
        name = candidate.name or ""
        energy_type = basic_energy_type(name)
        if energy_type is None and energy_code:
            # Limitless's tournament data writes the Type alone: "Psychic", set "Energy".
            energy_type = type_alone(name)
            name = f"{energy_type} Energy" if energy_type else name
        if energy_type is None or candidate.number is None:
            return None
        # Limitless's deck builder writes the Type's symbol as the number ("BRS R"), PTCG
        # Legends' archive the Type's word ("TEU fire").
        letter = candidate.number.upper() == ENERGY_LETTERS[energy_type] \
            or type_alone(candidate.number) == energy_type
        if not letter and not energy_code:
            return None
        printings = tuple(p for p in self.index.named(name) if p.is_basic_energy)
        if not printings:
            return None
        written = " ".join(part for part in (code, candidate.number) if part)
        return self._line(NAME, printings, [
            f"{written!r} is how exporters write basic {energy_type} Energy; every printing "
            "of it is one card"])

    def _sets(self, reference: str) -> tuple[tuple[str, ...], str]:
        by_code = self.index.sets_for_code(reference)
        local = self.index.sets_in(reference, self.language) if self.language else ()
        if by_code or local:  # a set's own name at its number decides between them
            return tuple(dict.fromkeys(by_code + local)), SET_NUMBER
        by_name = self.index.sets_named(reference)
        if by_name:
            return by_name, SET_NAME_NUMBER
        if self.index.is_energy_code(reference):
            note = f"{reference!r} is an exporter's code for basic Energy; the name decides"
        else:
            self.unknown_set = self.unknown_set or reference
            note = f"the catalog knows no set {reference!r}; the name decides"
        if note not in self.fallback_notes:
            self.fallback_notes.append(note)
        return (), SET_NUMBER

    def _near_miss(self, candidate: Candidate, set_ids: tuple[str, ...],
                   at_number: list[Printing]) -> None:
        """Why a known set + number did not fit, and what the line may have meant."""
        shown = " ".join(part for part in (candidate.set_code, candidate.number) if part)
        if at_number:
            names = ", ".join(sorted({p.name for p in at_number}))
            self.miss_notes.append(f"{shown} is {names}, not {candidate.name}")
            self.near.extend(Suggestion("at-number", p) for p in at_number)
        else:
            self.miss_notes.append(f"{shown}: no such number in set {', '.join(set_ids)}")
        if candidate.name:
            named = self._named(candidate.name) or self._basic_of_type(candidate.name)
            self.near.extend(Suggestion("right-number", p) for p in named if p.set_id in set_ids)
            self.near.extend(Suggestion("other-set", p) for p in named
                             if p.set_id not in set_ids)

    def _named_in_set(self, candidate: Candidate) -> tuple[Printing, ...]:
        """Printings by name alone, kept to the line's set when it names one but no number,
        and to basic Energy when the set is an exporter's code for it."""
        printings = self._named(candidate.name or "")
        if candidate.set_code and self.index.is_energy_code(candidate.set_code):
            printings = tuple(p for p in printings if p.is_basic_energy) or printings
        if candidate.set_code and not candidate.number:
            series = series_of(candidate.set_code)
            if series is not None:
                return self._in_series(printings, series) or printings
            set_ids, _method = self._sets(candidate.set_code)
            if set_ids:
                printings = tuple(p for p in printings if p.set_id in set_ids)
                self._note_set_alone(candidate.set_code, printings)
        return printings

    def _note_set_alone(self, code: str, printings: tuple[Printing, ...]) -> None:
        """Say what a set without a number was read as: the card its name names there."""
        if printings and len({p.function_key for p in printings}) == 1:
            several = f", its {len(printings)} printings there one card" \
                if len(printings) > 1 else ""
            self.fallback_notes.append(
                f"{code!r} without a number: the name names one card of "
                f"{self.index.sets[printings[0].set_id].name}{several}")

    def _basic_of_type(self, name: str) -> tuple[Printing, ...]:
        """The basic Energy a Type written alone stands for ("Fighting"), to suggest."""
        energy_type = type_alone(name)
        return tuple(p for p in self.index.named(f"{energy_type} Energy")
                     if p.is_basic_energy) if energy_type else ()

    def _named(self, name: str) -> tuple[Printing, ...]:
        printings = self.index.named(name) or self.index.named_spaced(search_key(name))
        if self.language:
            # A name in the list's language that is another card's English name, or two
            # cards' names, is every card so named: ambiguous, never a guess.
            local = self.index.named_in(search_key(name), self.language)
            printings = tuple(dict.fromkeys(printings + local)) if local else printings
        if says_basic(name):
            # "Basic {D} Energy" asks for basic Energy, not the Special "Darkness Energy".
            printings = tuple(p for p in printings if p.is_basic_energy)
        return printings

    def _fits(self, key: str, printing: Printing) -> tuple[str, ...] | None:
        """_fits, with the printing's names in other languages when the line may be in one."""
        how = _fits(key, printing)
        if how is None and self.language and \
                printing.search_key in self.index.english_of(key, self.language):
            # Its name in the language: the name of a printing of its English name (TCGdex
            # names reprints, basic Energy above all, each its own way).
            return (f"read as {printing.name} ({printing.id}): its name in "
                    f"{LANGUAGE_NAMES.get(self._language_of(key, printing), 'another language')}",)
        return how

    def _language_of(self, key: str, printing: Printing) -> str:
        """The language a name of the printing's card is written in, the line's first."""
        if self.language != ANY:
            return self.language or ""
        return next((language for language, english in self.index.local_names.get(key, ())
                     if printing.search_key in english), "")

    def _line(self, method: str, printings: tuple[Printing, ...],
              notes: list[str]) -> Resolution:
        status = RESOLVED if len({p.function_key for p in printings}) == 1 else AMBIGUOUS
        # Several cards, where the set the line wrote would have said which: the set is
        # what is missing (unknown-set), not the line's set and number.
        unknown_set = self.unknown_set if status == AMBIGUOUS else None
        return Resolution.of(status, method, printings, notes, unknown_set=unknown_set)

    def _unknown(self) -> Resolution:
        suggestions = _unique(self.near)
        closest_to = None
        if not any(s.reason in ("right-number", "other-set") for s in suggestions):
            names = [c.name for c in self.candidates if c.name]
            closest_to = search_key(names[0] if names else _written(self.candidates[0]))
        notes = self.miss_notes + self.fallback_notes
        if self.unknown_set is not None:
            notes = self.miss_notes + [f"no set of the catalog carries the code "
                                       f"{self.unknown_set!r}"]
        return Resolution.of(UNKNOWN, None, (), notes, suggestions[:MAX_SUGGESTIONS * 2],
                             closest_to, self.unknown_set, self.language)


# Closest names are searched for at most this many unknown lines of one request: the search
# costs a line several times what reading a known one does (docs/limits.md gives both), and
# a list of made-up names must not cost more than a real one. The lines past it say so.
MAX_NAMES_SEARCHED = 20


@dataclass(frozen=True, slots=True)
class Suggested:
    """What a line is offered in place of the card it did not name: its suggestions, the
    closest names among them unless the request's searches ran out first (`searched`)."""

    suggestions: tuple[Suggestion, ...]
    searched: bool = True


class Searches:
    """The closest-name searches one request may still make (MAX_NAMES_SEARCHED), shared by
    every list it sends (a batch's decks, a team's players)."""

    def __init__(self) -> None:
        self.left = MAX_NAMES_SEARCHED

    def suggest(self, index: CatalogIndex, lines: Sequence[ResolvedLine]) -> tuple[Suggested, ...]:
        """Each line's suggestions: the closest names too, for the unknown lines that want
        them and come first while searches are left."""
        offered = []
        for line in lines:
            resolution = line.resolution
            if resolution.closest_to is None:
                offered.append(Suggested(resolution.suggestions))
            elif self.left > 0:
                self.left -= 1
                offered.append(Suggested(suggestions_of(index, resolution)))
            else:
                offered.append(Suggested(resolution.suggestions, searched=False))
        return tuple(offered)


def suggestions_of(index: CatalogIndex, resolution: Resolution) -> tuple[Suggestion, ...]:
    """An unknown line's suggestions, the closest names among them (searched once per name
    and catalog)."""
    if resolution.closest_to is None:
        return resolution.suggestions
    if resolution.closest_in is not None:
        closest = index.caches.memo(closest_names_in, CLOSEST_NAMES)(
            resolution.closest_to, resolution.closest_in)
    else:
        closest = index.caches.memo(closest_names, CLOSEST_NAMES)(resolution.closest_to)
    return (resolution.suggestions + closest)[:MAX_SUGGESTIONS * 2]


def closest_names(index: CatalogIndex, key: str) -> tuple[Suggestion, ...]:
    """The catalog's names closest to a search key. The one costly part of reading a line
    (docs/limits.md, *What a request may cost*): it is left to the answers that
    show suggestions, never done to judge a deck."""
    matches = process.extract(key, index.by_name.keys(), scorer=fuzz.QRatio,
                              limit=MAX_SUGGESTIONS, score_cutoff=_FUZZY_CUTOFF)
    return tuple(Suggestion("closest-name", index.by_name[name][0]) for name, _, _ in matches)


def closest_names_in(index: CatalogIndex, key: str, language: str) -> tuple[Suggestion, ...]:
    """The names closest to a search key among the English ones and those of `language`
    (ANY: every language's): an unknown line of a list in that language is offered the cards
    its language names so."""
    names = index.caches.memo(local_keys, LOCAL_KEYS)(language)
    matches = process.extract(key, names, scorer=fuzz.QRatio, limit=MAX_SUGGESTIONS,
                              score_cutoff=_FUZZY_CUTOFF)
    found = []
    for name, _, _ in matches:
        printings = index.by_name.get(name) or index.named_in(name, language)
        if printings:
            found.append(Suggestion("closest-name", printings[0]))
    return tuple(found)


def local_keys(index: CatalogIndex, language: str) -> tuple[str, ...]:
    """The English names' search keys and those of `language`'s names (ANY: every
    language's): what an unknown line of a list in that language is matched against."""
    local = [key for key, languages in index.local_names.items()
             if any(language in (ANY, written_in) for written_in, _ in languages)]
    return (*index.by_name.keys(), *local)


def nearest_set_codes(index: CatalogIndex, code: str) -> tuple[str, ...]:
    """The catalog's set codes closest to one it does not know ("PBL" → "PLB", …), for an
    unknown-set line: a few hundred codes, searched once per code and catalog."""
    matches = process.extract(code.upper(), index.set_codes.keys(), scorer=fuzz.ratio,
                              limit=3, score_cutoff=50)
    return tuple(found for found, _, _ in matches)


def _written(candidate: Candidate) -> str:
    """A reading without a name as the line wrote it, for finding names close to it."""
    return " ".join(part for part in (candidate.card_id, candidate.set_code, candidate.number)
                    if part)


def _fits(key: str, printing: Printing) -> tuple[str, ...] | None:
    """Whether a line's name (its search key) names this printing at the set and number it
    wrote; None if not, else notes on anything the line left out or spelled its own way.

    Allowed: the marks lists leave out after the name (owners, LV.X), the name players use
    for a longer data name ("Poké Turn"), ★, δ or ◇ written another way or left out, a
    basic Energy's Type alone ("Dark" for Darkness Energy), since the set and number already
    say which printing it is ("Tropius DF 23", "Dark BLW 111"), and the name's words spaced
    otherwise ("PORYGON 2" for Porygon2)."""
    own = printing.search_key
    if key == own or _owner_marks_only(key, own):
        return ()
    if key in printing.aliases:
        return (f"read as {printing.name} ({printing.id}): the name players write for it",)
    bare, dropped = folded(own)
    line_bare, line_dropped = folded(key)
    if line_bare == bare and set(line_dropped) < set(dropped):
        missing = ", ".join(symbol for symbol in dropped if symbol not in line_dropped)
        return (f"read as {printing.name} ({printing.id}): the set and number name it; "
                f"the line leaves out {missing}",)
    energy_type = type_alone(key) if printing.is_basic_energy else None
    if energy_type and f"{energy_type.lower()} energy" == own:
        return (f"read as {printing.name} ({printing.id}): the set and number name it; "
                "the line writes its Type alone",)
    if key.replace(" ", "") == own.replace(" ", ""):
        return (f"read as {printing.name} ({printing.id}): the line spaces its name "
                "otherwise",)
    return None


def _owner_marks_only(key: str, own: str) -> bool:
    """The printing's name is the line's name and marks lists leave out (E4, GL, LV.X)."""
    rest = own[len(key):].split() if own.startswith(key + " ") else []
    return bool(rest) and all(mark in _NAME_MARKS for mark in rest)


def _unique(suggestions: list[Suggestion]) -> list[Suggestion]:
    seen: set[str] = set()
    kept = []
    for suggestion in suggestions:
        if suggestion.printing.id not in seen:
            seen.add(suggestion.printing.id)
            kept.append(suggestion)
    return kept
