"""Each Japanese printing linked to its international printing, by gameplay.

Japan's data names a card in Japanese alone and numbers it in Japan's sets, so a printing
is linked by what it plays as, in terms both sources give (japan_data.Gameplay):

1. **Pokémon, by their frame.** A Japanese Pokémon is the international card of the same
   frame (stage, HP, Types, each attack's cost and damage, how many abilities) whose
   Pokédex numbers, Retreat and Weakness agree where both give them; of several such
   printings, those of its own regulation mark come first (the sources give some sets'
   marks otherwise: Japan's M3 is I, Perfect Order J).
2. **Sets, by their Pokémon.** A Japanese set matches the international sets that hold at
   least a fifth of the Pokémon of it that step 1 found in one set alone, and two at
   least (Japan's M5 is Pitch Black; its SV1S and SV1V are both Scarlet & Violet).
3. **Trainers and Energy, by their structure and number.** A Trainer or Special Energy is
   a card of its kind (Supporter, Item, Tool, Stadium, Special Energy) in the matching
   sets: the one card whose illustrator and whose text's numbers of 2 and over are its
   own (Gwynn: nagimiso, "up to 2 … 3 cards for each"), else the card at its own number
   in a set numbered as it is (M5 078 is PBL 078), else the one card of its illustrator
   with a number of its text (or, its text without numbers, of its illustrator and
   half its text's concepts); else, of every set's, the one card of its illustrator,
   numbers and regulation mark. Of several cards so found, those whose text is as long as
   a translation of its own may be (1.3 to 3.5 times) are kept, then the one whose text
   speaks most of what the Japanese text does (the deck, hand, discard pile, Bench…:
   japan_data.CONCEPTS), by a quarter of it more than any other. A card whose text speaks
   of less than a quarter of what either does is never one. Basic Energy is the
   basic Energy of its Type.
4. **Names, one card each.** A Japanese Trainer's name is one English card's, and an
   English card one Japanese name's: links against most of a name's, or of a card's, are
   undone, and every Trainer or Energy left is the card its Japanese name is on the other
   linked printings.

Where a Pokémon's candidates are several cards, the card with a printing in the matching
sets is taken when one alone has, else the card its illustrator drew when one alone is.
A printing is shown as its card's printing in the matching sets (its illustrator's and at
its own number first), else as the newest (its illustrator's first). Where the candidates
stay several cards, the printing is ambiguous: it stays unlinked, one printing of each
candidate kept, and counted; no printing is ever linked to two cards.
`flask catalog links-report` gives the figures by era.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from catalog.identity import ENERGY_TYPES, POKEMON, title_key
from catalog.importing.japan_data import (
    JAPANESE,
    Gameplay,
    Japan,
    JapanesePrinting,
    concepts,
    cost,
    damage,
    stage,
    text_numbers,
    trainer_kind,
)
from catalog.importing.tcgdex_data import RULE_LINES
from catalog.models import AMBIGUOUS, LINKED, NOT_LINKED
from catalog.names import basic_energy_type
from catalog.numbers import number_key

# A Japanese set matches an international set holding at least this share of its Pokémon
# found in one set alone, and at least MIN_VOTES of them.
MATCH_SHARE = 0.2
MIN_VOTES = 2
# An English text is this many times as long as the Japanese (the 5th and 95th
# percentiles of the Trainers linked by their structure on the snapshot: median 2.26).
LENGTH_RATIO = (1.3, 3.5)
# How a printing was linked (JapaneseCard.linked_by).
BY_GAMEPLAY, BY_NUMBER, BY_NAME, BY_TYPE = "gameplay", "number", "name", "basic-energy"
Row = dict[str, Any]


@dataclass
class Links:
    """What linking found: each Japanese set's matching international sets, by code."""

    matched: dict[str, tuple[str, ...]] = field(default_factory=dict)


def link(japan: Japan, cards: list[Row], sets: list[Row]) -> Links:
    """Decide the link of every Japanese printing (its row's `link`, `linked_id`,
    `linked_by`, `candidates`, `english_name` and `function_key`), against the international
    printings `cards` of `sets`."""
    world = _World(cards, {row["id"]: row["release_date"] for row in sets})
    found = Links()
    pending: list[JapanesePrinting] = []
    for japanese in japan.sets:
        pokemon = {id(p): world.pokemon(p.gameplay) for p in japanese.cards
                   if p.gameplay.supertype == POKEMON}
        matched = _matched(pokemon.values())
        found.matched[japanese.code] = matched
        for printing in japanese.cards:
            if id(printing) in pokemon:
                _decide(printing, pokemon[id(printing)], matched, world, BY_GAMEPLAY)
        numbered = _numbered_alike(japanese.cards, matched, world)
        for printing in japanese.cards:
            if id(printing) in pokemon:
                continue
            if printing.gameplay.basic_type is not None:
                _decide(printing, world.basic(printing.gameplay.basic_type), matched, world,
                        BY_TYPE)
                continue
            structured = world.by_structure(printing, matched, numbered)
            if structured is None:
                pending.append(printing)
            else:
                _decide(printing, structured[0], matched, world, structured[1])
    every = [printing for japanese in japan.sets for printing in japanese.cards]
    matched_of = {id(printing): found.matched[japanese.code] for japanese in japan.sets
                  for printing in japanese.cards}
    pending += _one_name_a_card(every, world)
    pending += _agreed(every, matched_of, world)
    _by_name(pending, every, matched_of, world)
    _english_names(every)
    return found


class _World:
    """The international printings, looked up by gameplay."""

    def __init__(self, cards: list[Row], released: dict[str, Any]) -> None:
        self.released = released
        self.frames: dict[tuple[object, ...], list[tuple[Gameplay, Row]]] = defaultdict(list)
        self.kinds: dict[tuple[str, str], list[tuple[Gameplay, Row]]] = defaultdict(list)
        # By kind and illustrator (one who is known).
        self.drawn: dict[tuple[str, str], list[tuple[Gameplay, Row]]] = defaultdict(list)
        self.basics: dict[str, list[Row]] = defaultdict(list)
        self.by_key: dict[str, list[Row]] = defaultdict(list)
        self.by_id = {row["id"]: row for row in cards}
        self.artists: dict[str, str | None] = {}
        self.titles: dict[str, str] = {}  # each card's English title, by its key
        for row in cards:
            gameplay = international(row)
            self.by_key[row["function_key"]].append(row)
            self.titles[row["function_key"]] = title_key(row["name"])
            self.artists[row["id"]] = gameplay.artist
            if gameplay.supertype == POKEMON:
                self.frames[gameplay.frame()].append((gameplay, row))
            elif gameplay.basic_type is not None:
                self.basics[gameplay.basic_type].append(row)
            else:
                self.kinds[row["set_id"], gameplay.kind].append((gameplay, row))
                if gameplay.artist is not None:
                    self.drawn[gameplay.kind, gameplay.artist].append((gameplay, row))

    def pokemon(self, japanese: Gameplay) -> list[Row]:
        """The international printings a Japanese Pokémon may be (step 1)."""
        return _same_mark_first(japanese, [
            (gameplay, row) for gameplay, row in self.frames.get(japanese.frame(), ())
            if _agree(japanese, gameplay)])

    def basic(self, energy_type: str) -> list[Row]:
        return self.basics.get(energy_type, [])

    def by_structure(self, printing: JapanesePrinting, matched: tuple[str, ...],
                     numbered: tuple[str, ...]) -> tuple[list[Row], str] | None:
        """A Trainer's or Special Energy's printings of one card (step 3), and how they were
        found: in the matching sets, by its structure, else by its number where the sets
        are numbered alike, else by its art; else among every set's, by all three of its
        illustrator, its text's numbers and its regulation mark. None when no one card is."""
        japanese = printing.gameplay
        number = number_key(printing.row["number"])
        kinds = _kinds(japanese)
        for how, sets, evidence in ((BY_GAMEPLAY, matched, _structure_agrees),
                                    (BY_NUMBER, numbered, _number_agrees),
                                    (BY_GAMEPLAY, matched, _art_agrees)):
            found = _of_length(japanese, [
                (g, row) for set_id in sets for kind in kinds
                for g, row in self.kinds.get((set_id, kind), ())
                if _typed_alike(japanese, g) and _speaks_alike(japanese, g)
                and evidence(japanese, g, number, row)])
            if len(_cards(found)) == 1:
                return found, how
        found = _of_length(japanese, [
            (g, row) for kind in kinds
            for g, row in self.drawn.get((kind, japanese.artist or ""), ())
            if _typed_alike(japanese, g) and _speaks_alike(japanese, g)
            and g.numbers == japanese.numbers and _same_mark(japanese, g)])
        return (found, BY_GAMEPLAY) if len(_cards(found)) == 1 else None

    def newest(self, rows: Iterable[Row]) -> Row:
        """The newest of these printings (the latest set, then the lowest number)."""
        return max(rows, key=lambda row: (self.released.get(row["set_id"]) is not None,
                                          self.released.get(row["set_id"]) or 0,
                                          [-ord(c) for c in row["number_sort"]]))


def international(row: Row) -> Gameplay:
    """An international printing's gameplay, in the terms of japan_data.Gameplay."""
    kinds = row["subtypes"] or []
    artist = row.get("artist")
    if row["supertype"] == POKEMON:
        return Gameplay(
            POKEMON, stage(kinds), tuple(row.get("pokedex") or ()), row["hp"],
            tuple(sorted(row["types"] or ())),
            tuple((cost(attack.get("cost") or []), damage(attack.get("damage")))
                  for attack in row["attacks"] or ()),
            len(row["abilities"] or ()), len(row["retreat_cost"] or ()),
            tuple(sorted(str(w.get("type", "")) for w in row["weaknesses"] or ())),
            row["regulation_mark"], artist=artist)
    rules = row["rules"] or ()
    texts = [rule for rule in rules if rule not in RULE_LINES.values()]
    kind = trainer_kind(row["supertype"], kinds, bool(texts))
    basic = basic_energy_type(row["name"]) if kind == "Basic" and row["is_basic_energy"] \
        else None
    return Gameplay(row["supertype"], kind, mark=row["regulation_mark"],
                    numbers=text_numbers(" ".join(rules), row["supertype"]), basic_type=basic,
                    named_type=_type_named(row["name"]) if kind == "Special" else None,
                    artist=artist, length=max(map(len, texts), default=0),
                    concepts=concepts(" ".join(texts), "en"))


def _kinds(japanese: Gameplay) -> tuple[str, ...]:
    """The kinds of card a Japanese Trainer may be: its own, and an Item's or Tool's ACE
    SPEC too, which Japan's data tells by a rarity it leaves out of some printings
    (Unfair Stamp, SV5a 053)."""
    if japanese.kind in ("Item", "Pokémon Tool"):
        return japanese.kind, f"{japanese.kind} ACE SPEC"
    return (japanese.kind,)


def _type_named(name: str) -> str | None:
    """The Type a Special Energy's English name holds ("Nitro Fire Energy": Fire)."""
    words = name.split()
    return next((kind for kind in ENERGY_TYPES if kind in words), None)


def _of_length(japanese: Gameplay, found: list[tuple[Gameplay, Row]]) -> list[Row]:
    """The printings found; where they are several cards, those whose text is as long as
    the Japanese text's translation may be (LENGTH_RATIO times it), when some are; and
    where those are several cards still, the card whose text speaks of most of what the
    Japanese text does (CONCEPTS), when it does so by a quarter more than any other."""
    rows = [row for _, row in found]
    if len(_cards(rows)) < 2 or not japanese.length:
        return rows
    low, high = LENGTH_RATIO
    fitting = [(g, row) for g, row in found if low <= g.length / japanese.length <= high]
    if len(_cards([row for _, row in fitting])) < 2:
        return [row for _, row in fitting] or rows
    alike = {row["function_key"]: _alike(japanese, g) for g, row in fitting}
    best, *others = sorted(alike, key=alike.__getitem__, reverse=True)
    if all(alike[best] >= alike[other] + 0.25 for other in others):
        return [row for _, row in fitting if row["function_key"] == best]
    return [row for _, row in fitting]


def _alike(japanese: Gameplay, other: Gameplay) -> float:
    """How much of what either text speaks of both do (1.0 where both speak of nothing)."""
    either = japanese.concepts | other.concepts
    return len(japanese.concepts & other.concepts) / len(either) if either else 1.0


def _speaks_alike(japanese: Gameplay, other: Gameplay) -> bool:
    """Whether two texts speak of what one card's would (CONCEPTS): a quarter of what
    either speaks of at least, or both of nothing."""
    return _alike(japanese, other) >= 0.25


def _typed_alike(japanese: Gameplay, other: Gameplay) -> bool:
    """Whether two Special Energy's names hold one Type, where both hold one."""
    return not japanese.named_type or not other.named_type or \
        japanese.named_type == other.named_type


def _structure_agrees(japanese: Gameplay, other: Gameplay, number: str, row: Row) -> bool:
    """The same numbers in their texts, with a number among them or the same regulation
    mark (a text without numbers is many cards' shape), and one illustrator; where either
    names none, the same mark and, for an Energy, the Type its name holds."""
    if japanese.numbers != other.numbers:
        return False
    if japanese.artist is not None and other.artist is not None:
        return japanese.artist == other.artist and \
            (bool(japanese.numbers) or _same_mark(japanese, other))
    return _same_mark(japanese, other) and (bool(japanese.numbers) or (
        japanese.named_type is not None and japanese.named_type == other.named_type))


def _number_agrees(japanese: Gameplay, other: Gameplay, number: str, row: Row) -> bool:
    """The same number in the set, and one illustrator, or (where either names none) the
    same numbers in their texts and the same regulation mark."""
    if number_key(row["number"]) != number:
        return False
    if japanese.artist is not None and other.artist is not None:
        return japanese.artist == other.artist
    return japanese.numbers == other.numbers and _same_mark(japanese, other)


def _art_agrees(japanese: Gameplay, other: Gameplay, number: str, row: Row) -> bool:
    """One illustrator, and a number in both texts, or none in either: the words around a
    number differ between languages ("choose 1 of 2"), and the sources give a matching
    set's marks otherwise (Japan's M3 is I, Perfect Order J)."""
    if japanese.artist is None or japanese.artist != other.artist:
        return False
    if japanese.numbers or other.numbers:
        return bool(set(japanese.numbers) & set(other.numbers))
    return _alike(japanese, other) >= 0.5  # half of what either text speaks of, at least


def _same_mark(japanese: Gameplay, other: Gameplay) -> bool:
    return japanese.mark is not None and japanese.mark == other.mark


def _cards(rows: list[Row]) -> set[str]:
    return {row["function_key"] for row in rows}


def _agree(japanese: Gameplay, other: Gameplay) -> bool:
    """Whether what both printings give beyond their frame agrees."""
    return ((not japanese.pokedex or not other.pokedex or japanese.pokedex == other.pokedex)
            and (japanese.retreat is None or japanese.retreat == other.retreat)
            and (japanese.weaknesses is None or japanese.weaknesses == other.weaknesses))


def _same_mark_first(japanese: Gameplay, found: list[tuple[Gameplay, Row]]) -> list[Row]:
    """The printings of the Japanese printing's regulation mark, when some are, else all:
    the mark tells reprints of a frame apart (Litwick of Dark Explorers and of Twilight
    Masquerade), but the sources give some sets' marks otherwise."""
    same = [row for gameplay, row in found if japanese.mark and gameplay.mark == japanese.mark]
    return same or [row for _, row in found]


def _numbered_alike(printings: list[JapanesePrinting], matched: tuple[str, ...],
                   world: _World) -> tuple[str, ...]:
    """The matching sets that number the Japanese set's cards as it does: at least half of
    its Pokémon linked there are at their own number (Pitch Black and M5, not VMAX Climax
    and Battle Styles), and two at least."""
    linked: Counter[str] = Counter()
    alike: Counter[str] = Counter()
    for printing in printings:
        row = printing.row
        if row["link"] == LINKED and printing.gameplay.supertype == POKEMON:
            shown = world.by_id[row["linked_id"]]
            linked[shown["set_id"]] += 1
            alike[shown["set_id"]] += number_key(shown["number"]) == number_key(row["number"])
    return tuple(set_id for set_id in matched
                 if alike[set_id] >= MIN_VOTES and alike[set_id] * 2 >= linked[set_id])


def _matched(found: Iterable[list[Row]]) -> tuple[str, ...]:
    """The international sets a Japanese set matches, by its Pokémon found in one set."""
    votes: Counter[str] = Counter()
    for rows in found:
        set_ids = {row["set_id"] for row in rows}
        if len(set_ids) == 1 and len({row["function_key"] for row in rows}) == 1:
            votes[set_ids.pop()] += 1
    total = sum(votes.values())
    return tuple(set_id for set_id, count in votes.most_common()
                 if count >= MIN_VOTES and count >= total * MATCH_SHARE)


def _decide(printing: JapanesePrinting, candidates: list[Row], matched: tuple[str, ...],
            world: _World, how: str) -> None:
    """Link the printing to the one card of its candidates, or say it is not linked or
    ambiguous."""
    row = printing.row
    cards: dict[str, list[Row]] = defaultdict(list)
    for candidate in candidates:
        cards[candidate["function_key"]].append(candidate)
    artist = printing.gameplay.artist
    for narrower in (lambda r: r["set_id"] in matched,
                     lambda r: artist is not None and world.artists[r["id"]] == artist):
        if len(cards) > 1:
            kept = {key: rows for key, rows in cards.items() if any(map(narrower, rows))}
            cards = kept if len(kept) == 1 else cards
    if not cards:
        row.update(link=NOT_LINKED, function_key=_own_key(printing))
    elif len(cards) > 1:
        row.update(link=AMBIGUOUS, function_key=_own_key(printing),
                   candidates=[world.newest(rows)["id"] for rows in cards.values()])
    else:
        ((key, rows),) = cards.items()
        shown = _shown(rows, matched, row["number"], artist, world)
        row.update(link=LINKED, linked_id=shown["id"], linked_by=how, function_key=key,
                   english_name=shown["name"])


def _shown(rows: list[Row], matched: tuple[str, ...], number: str, artist: str | None,
           world: _World) -> Row:
    """The printing of its card a Japanese printing is shown as: in the matching sets, its
    illustrator's (at its number first), else one at its number, else the first; else the
    newest, its illustrator's first."""
    drawn = [r for r in rows if artist is not None and world.artists[r["id"]] == artist]
    in_sets = [r for r in rows if r["set_id"] in matched]
    if not in_sets:
        return world.newest(drawn or rows)
    drawn_in = [r for r in drawn if r["set_id"] in matched]
    for group in (drawn_in, in_sets):
        at_number = [r for r in group if number_key(r["number"]) == number_key(number)]
        if group:
            return (at_number or sorted(group, key=lambda r: (r["set_id"],
                                                               r["number_sort"])))[0]
    return in_sets[0]


def _trainers(every: list[JapanesePrinting]) -> Iterable[JapanesePrinting]:
    """The linked Trainers and Energy (not basic), whose names are linked by (step 4)."""
    return (printing for printing in every if printing.row["link"] == LINKED
            and printing.gameplay.supertype != POKEMON and printing.gameplay.basic_type is None)


def _one_name_a_card(every: list[JapanesePrinting], world: _World) -> list[JapanesePrinting]:
    """An English card is one Japanese name's: where printings of several names were linked
    to one card, those of all names but the one most of them bear are left unlinked (and
    returned, to be linked by their name)."""
    names: dict[str, Counter[str]] = defaultdict(Counter)
    for printing in _trainers(every):
        names[world.titles[printing.row["function_key"]]][printing.row["name"]] += 1
    left = []
    for printing in list(_trainers(every)):
        counted = names[world.titles[printing.row["function_key"]]]
        name, count = counted.most_common(1)[0]
        if printing.row["name"] != name or count * 2 <= sum(counted.values()):
            _unlink(printing)
            left.append(printing)
    return left


def _agreed(every: list[JapanesePrinting], matched_of: dict[int, tuple[str, ...]],
            world: _World) -> list[JapanesePrinting]:
    """A Japanese name is one English card's: where the printings of one name were linked
    to several, those linked against most of them are taken again as their name's card;
    with no majority, all are left unlinked (and returned, to be linked by their name)."""
    linked: dict[str, list[JapanesePrinting]] = defaultdict(list)
    for printing in _trainers(every):
        linked[printing.row["name"]].append(printing)
    left = []
    for printings in linked.values():
        titles = Counter(world.titles[p.row["function_key"]] for p in printings)
        if len(titles) == 1:
            continue
        title, count = titles.most_common(1)[0]
        keys = {p.row["function_key"] for p in printings
                if world.titles[p.row["function_key"]] == title}
        for printing in printings:
            if count * 2 <= len(printings):
                _unlink(printing)
                left.append(printing)
            elif printing.row["function_key"] not in keys:
                _unlink(printing)
                _decide(printing, [card for key in sorted(keys) for card in world.by_key[key]],
                        matched_of[id(printing)], world, BY_NAME)
    return left


def _unlink(printing: JapanesePrinting) -> None:
    printing.row.update(link=NOT_LINKED, linked_id=None, linked_by=None, english_name=None)


def _by_name(pending: list[JapanesePrinting], every: list[JapanesePrinting],
             matched_of: dict[int, tuple[str, ...]], world: _World) -> None:
    """Link each Trainer or Energy left to the card its Japanese name is on the other linked
    printings (a reprint's data may leave out its rarity, and with it ACE SPEC); not linked
    (or ambiguous) where none (or several) is."""
    named: dict[str, set[str]] = defaultdict(set)
    for printing in _trainers(every):
        named[printing.row["name"]].add(printing.row["function_key"])
    for printing in pending:
        keys = named.get(printing.row["name"], set())
        _decide(printing, [card for key in sorted(keys) for card in world.by_key[key]],
                matched_of[id(printing)], world, BY_NAME)


def _english_names(every: list[JapanesePrinting]) -> None:
    """Give a printing not linked the English name of the linked printings of its Japanese
    name, where they have one."""
    english: dict[str, set[str]] = defaultdict(set)
    for printing in every:
        if printing.row["link"] == LINKED:
            english[printing.row["name"]].add(printing.row["english_name"])
    for printing in every:
        row = printing.row
        names = english.get(row["name"], set())
        if row["link"] != LINKED and len(names) == 1:
            row["english_name"] = next(iter(names))


def _own_key(printing: JapanesePrinting) -> str:
    """A key of a printing's own gameplay and Japanese name: its reprints in Japan share it,
    and no international card's (a hash of the card's frame) can be it."""
    frame = repr((printing.row["names"].get(JAPANESE), printing.gameplay.frame(),
                  printing.gameplay.pokedex))
    return "ja:" + hashlib.sha256(frame.encode()).hexdigest()[:32]
