"""Gameplay identity: which printings are one card, however their text is worded.

A card is what it does.  Two printings are one card when

1. their *frame* is equal: for a Pokémon its name, Types, HP, Retreat, Weakness,
   Resistance, the kinds of its abilities and the cost and base damage of each attack
   (Partner Battles I.3.3 lists these); for a Trainer or Energy its name and the
   subtypes that change how it is played (Supporter, Stadium, Tool, ACE SPEC, Special …);
2. and each attack, ability and rule says the same thing: the names match (a spelling
   slip of at most MAX_NAME_EDITS letters is allowed: the data's "Pin Missle"), the
   numbers in the text are the same, and the words, once the wording that changed
   between eras is folded (`effect_words`), are at least SAME_WORDING alike.

"Alike" is the better of difflib's ratio over the words and the Dice coefficient of their
sets (`wording_ratio`).  SAME_WORDING was measured on the whole catalog (`flask catalog
identity-report --against` an import before the change): reworded reprints (Base Set and
Legendary Collection Charizard, Base Set and Expedition Switch) score 0.7 and up once
folded; cards that share an attack's name and cost but not its effect score below 0.6
(the Unown of Unseen Forces' Hidden Power), or differ in their numbers (the two Metapod's
Stiffen).
`data/identity.json` records the decisions the measure gets wrong, each with its
reason: printings that are one card though the text reads differently, and the reverse.

Printings are joined transitively within a frame, and the key of each group is a hash
of the frame and of the earliest printing's wording, so it stays put as later reprints
are added.  Basic Energy of one Type is one card whatever its text.
"""

from __future__ import annotations

import difflib
import functools
import json
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from catalog.data_files import IDENTITY_PATH
from catalog.identity import (
    POKEMON,
    TYPE_SYMBOLS,
    clean_text,
    cost_types,
    digest,
    energy_title,
    is_basic_energy,
    modifier_key,
    name_key,
    parse_hp,
)
from runtime import patterns

SAME_WORDING = 0.7
MAX_NAME_EDITS = 2
# A rules line printed on this many different titles is a reminder of a game rule ("You
# may play only 1 Supporter card during your turn"), not what the card does.  Measured:
# at 8, the rarer spellings of the Stadium reminder stayed and split Festival Grounds and
# Jamming Tower from their reprints; at 4 no card changes but those.
REMINDER_TITLES = 4

Card = Mapping[str, Any]


@dataclass(frozen=True)
class Part:
    """One attack, ability, trait or rules line: what must match, and its effect text."""

    slot: str  # what must be equal: kind and name for an ability, cost and damage for an attack
    name: str
    words: tuple[str, ...]
    numbers: tuple[str, ...]


def assign_function_keys(cards: Sequence[dict[str, Any]],
                         released: Mapping[str, str | None]) -> None:
    """Set `function_key` on every card row: equal for the printings of one card.

    `released` gives each set's release date (ISO), which picks a group's first printing."""
    reminders = reminder_lines(cards)
    overrides = load_overrides()
    effects = [parts(card, reminders) for card in cards]
    frames: dict[str, list[int]] = defaultdict(list)
    for position, card in enumerate(cards):
        frames[frame_key(card)].append(position)
    for frame, members in frames.items():
        for group in _groups(cards, effects, members, overrides):
            first = min(group, key=lambda i: (released.get(cards[i]["set_id"]) or "9999", i))
            key = digest([frame, _wording(effects[first])])
            for position in group:
                cards[position]["function_key"] = key


def frame_key(card: Card) -> str:
    """What every printing of one card has in common, before its text is compared."""
    supertype = card.get("supertype")
    if supertype != POKEMON:
        return digest([supertype, is_basic_energy(card), energy_title(card),
                        play_subtypes(card)])
    return digest([
        supertype,
        name_key(card.get("name")),
        sorted(card.get("types") or ()),
        parse_hp(card.get("hp")),
        len(cost_types(card.get("retreat_cost"))),
        sorted((w.get("type"), modifier_key(w.get("value")))
               for w in card.get("weaknesses") or ()),
        sorted((r.get("type"), modifier_key(r.get("value")))
               for r in card.get("resistances") or ()),
        bool(card.get("ancient_trait")),
        sorted(clean_text(a.get("type")) for a in card.get("abilities") or ()),
        sorted((sorted(cost_types(a.get("cost"))), modifier_key(a.get("damage")))
               for a in card.get("attacks") or ()),
    ])


# Trainer subtypes as the game plays them: an old Trainer without a subtype is an Item
# (the rulebook's "Trainer cards that are not Supporters, Stadiums or Tools are Items"),
# and an old "Tool" or an Item-Tool is a Pokémon Tool.
_SUBTYPE_SPELLING = {"Tool": "Pokémon Tool", "Special Energy": "Special"}
# Tags the data gives some printings that do not change how the card is played.
_NOT_PLAY = {"Trainer-Owned"}


def play_subtypes(card: Card) -> list[str]:
    """The subtypes that change how a Trainer or Energy is played, in one spelling."""
    found = {_SUBTYPE_SPELLING.get(kind, kind) for kind in card.get("subtypes") or ()
             if kind not in _NOT_PLAY}
    if card.get("supertype") == "Trainer":
        if "Pokémon Tool" in found or "Pokémon Tool F" in found or "Stadium" in found \
                or "Supporter" in found or "Technical Machine" in found:
            found.discard("Item")
        elif not found & {"Rocket's Secret Machine", "Goldenrod Game Corner"}:
            found.add("Item")
    return sorted(found)


def parts(card: Card, reminders: frozenset[str]) -> list[Part]:
    """The card's effects: abilities, attacks, Ancient Trait and rules lines."""
    own, itself = _self_names(card)
    found = [Part(f"ability:{clean_text(a.get('type'))}", name_key(a.get("name")),
                  *effect_words(a.get("text"), own, itself)) for a in card.get("abilities") or ()]
    found += [Part(f"attack:{sorted(cost_types(a.get('cost')))}:{modifier_key(a.get('damage'))}",
                   name_key(a.get("name")), *effect_words(a.get("text"), own, itself))
              for a in card.get("attacks") or ()]
    trait = card.get("ancient_trait")
    if trait:
        found.append(Part("trait", name_key(trait.get("name")),
                          *effect_words(trait.get("text"), own, itself)))
    if card.get("supertype") != POKEMON and not is_basic_energy(card):
        # A Trainer's or Energy's text, one effect however the data splits it into lines;
        # a Pokémon's rules lines restate game rules (ex, LV.X) or deck limits (Shining).
        rules = [effect_words(line, own, itself) for line in rules_lines(card)]
        # Reminders go, but never the whole text: fossils of several names print one text.
        kept = [(words, numbers) for words, numbers in rules
                if " ".join(words) not in reminders] or rules
        found.append(Part("rules", "", tuple(w for words, _ in kept for w in words),
                          tuple(sorted({n for _, numbers in kept for n in numbers}))))
    return sorted(found, key=lambda p: (p.slot, p.name, p.words))


def rules_lines(card: Card) -> list[str]:
    return [line for line in map(clean_text, card.get("rules") or ()) if line]


def reminder_lines(cards: Iterable[Card]) -> frozenset[str]:
    """Rules lines printed on REMINDER_TITLES or more different titles: game-rule reminders
    (compared as folded words, with the card's own name as "this card")."""
    titles: dict[str, set[str]] = defaultdict(set)
    for card in cards:
        own, itself = _self_names(card)
        for line in rules_lines(card):
            words, _ = effect_words(line, own, itself)
            titles[" ".join(words)].add(name_key(card.get("name")))
    return frozenset(line for line, names in titles.items() if len(names) >= REMINDER_TITLES)


# Where a word starts and ends (`re`'s \b beside a letter): what comes before is matched as
# `before` and put back, what comes after is looked at, not taken. A phrase that ends in a
# letter leaves the character after it to the next match's `before`.
_START, _END = r"(?P<before>^|\W)", r"(?P<ahead>\W|$)"
# Wording that changed between eras for the same effect, folded to one spelling.  Order
# matters: longer phrases first. Whole words; "s?" is an optional plural.
_ERA_PHRASES = (
    ("your opponent's active pokémon", "the defending pokémon"),
    ("defending pokémon", "the defending pokémon"),
    ("the the defending", "the defending"),
    ("energy cards?", "energy"),
    ("basic pokémon cards?", "basic pokémon"),
    ("pokémon cards?", "pokémon"),
    ("trainer cards?", "trainer"),
    ("item cards?", "trainer"),
    ("cards?", "card"),
    ("your own", "your"),
)
# (what a text must hold for the pattern to match, the pattern, what replaces a match)
_ERA_WORDING = tuple(
    (phrase.removesuffix("s?"), patterns.compile(rf"{_START}{phrase}{_END}"), replacement)
    for phrase, replacement in _ERA_PHRASES) + (
    ("in order to use this attack",
     patterns.compile(rf"(?P<before>)\s*in order to use this attack{_END}"), ""),
    ("instead of ", patterns.compile(rf"(?P<before>)\s*instead of \d+{_END}"), ""),
    ("doesn't count as ",
     patterns.compile(r"(?P<before>)\(?doesn't count as (?:a )?basic energy\)?"), ""),
    ("this card provides", patterns.compile(rf"(?P<before>^)this card provides{_END}"),
     "provides"),
)
_NUMBER_WORDS = {"one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
                 "seven": "7", "eight": "8", "nine": "9", "ten": "10", "twice": "2",
                 "once": "1", "a": "1", "an": "1"}
# "Remove 2 damage counters" is what later cards print as "heal 20 damage".
_COUNTERS = patterns.compile(rf"{_START}remove (?:up to )?(?P<count>\d+) damage counters?")
# The data runs Energy symbols together ("ColorlessColorless").
_TYPE_WORDS = "|".join(kind.lower() for kind in TYPE_SYMBOLS.values())
_JOINED_TYPES = patterns.compile(rf"(?P<type>{_TYPE_WORDS})(?P<ahead>(?:{_TYPE_WORDS})(?:\W|$))")
_REMINDER = patterns.compile(r"\([^()]*\)")
_DIGITS_IN = patterns.compile(r"\d+")
# What a name may end in that its text leaves out ("Arceus LV.X" says "Arceus").
_SUFFIX = patterns.compile(r"\s+(?:lv\.x|ex|gx|v|vmax|vstar|δ|★|◇)$")
# A card's own name, as its text says it: no letter, digit, `_` or `-` joined to it.
_JOINED = frozenset("_-")


class _Spacing(dict[int, str]):
    """A str.translate table that sets apart every character but a letter, a digit, white
    space and `_×+'-`: str.split then reads the words as `re.findall(r"[\\w×+'-]+|[^\\s\\w]")`
    would, in C (a regex's findall costs a call per word)."""

    def __missing__(self, code: int) -> str:
        char = chr(code)
        kept = char.isalnum() or char.isspace() or char in "_×+'-"
        self[code] = char if kept else f" {char} "
        return self[code]


_SPACING = _Spacing()


# Reprints repeat their texts: 100,000 texts in the catalog, far fewer distinct ones.
@functools.lru_cache(maxsize=65536)
def effect_words(text: str | None, own_names: tuple[str, ...] = (),
                 itself: str = "this pokémon") -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(words, numbers) of an effect text, era wording folded, reminders in brackets left out."""
    # The data glues a rule onto some attack texts after " | " (the Pokémon-EX rule).
    folded = _fold(text or "").split(" | ")[0]
    if "(" in folded:  # each pattern runs only on a text that holds what it needs
        folded = _REMINDER.sub(" ", folded)
    for own in own_names:
        if own and own in folded:
            folded = _replace_name(folded, own, itself)
    for needed, pattern, replacement in _ERA_WORDING:
        if needed in folded:
            folded = pattern.sub(functools.partial(_put_back, replacement), folded)
    if "remove " in folded:
        folded = _COUNTERS.sub(
            lambda m: f"{m.group('before')}heal {int(m.group('count')) * 10} damage", folded)
    folded = _JOINED_TYPES.sub(lambda m: m.group("type") + " ", folded)
    words = [_NUMBER_WORDS.get(word, word) for word in folded.translate(_SPACING).split()]
    words = [word for word in words if word not in {".", ",", ";", ":", "!", '"'}]
    # The amounts an effect deals in; 0 and 1 are left out, as "a", "an" and "1" vary freely.
    numbers = {word.rstrip("×+-") for word in words if _is_amount(word)}
    return tuple(words), tuple(sorted(numbers - {"0", "1"}))


def _put_back(replacement: str, match: patterns.Match) -> str:
    return match.group("before") + replacement


def _is_amount(word: str) -> bool:
    """Digits, and at most one of ×, + or - after them ("20", "30×", "10+")."""
    digits = word[:-1] if word.endswith(("×", "+", "-")) else word
    return digits.isdecimal()


def same_effect(a: Sequence[Part], b: Sequence[Part]) -> bool:
    """Whether two printings' effects are the same, part for part (parts are sorted)."""
    if len(a) != len(b):
        return False
    unmatched = list(b)
    for part in a:
        match = next((other for other in unmatched if _same_part(part, other)), None)
        if match is None:
            return False
        unmatched.remove(match)
    return True


def wording_ratio(a: Sequence[str], b: Sequence[str]) -> float:
    """How alike two folded effect texts are, 0 to 1: the better of difflib's ratio over the
    words in order and the Dice coefficient of the sets of words, which forgives a sentence
    turned round ("switch 1 of your Benched Pokémon with your Active Pokémon")."""
    if a == b:
        return 1.0
    if not a or not b:
        return 0.0
    in_order = difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()
    left, right = set(a), set(b)
    return max(in_order, 2 * len(left & right) / (len(left) + len(right)))


def _same_part(a: Part, b: Part) -> bool:
    if a.slot != b.slot or not _same_name(a.name, b.name):
        return False
    if a.slot != "rules" and not (a.words and b.words):
        return True  # an attack or ability whose text the data lacks on one printing
    return a.numbers == b.numbers and wording_ratio(a.words, b.words) >= SAME_WORDING


def _same_name(a: str, b: str) -> bool:
    """Equal, or a spelling slip apart; a number in a name is never a slip ("Conversion 3")."""
    if a == b:
        return True
    return (abs(len(a) - len(b)) <= MAX_NAME_EDITS
            and _DIGITS_IN.findall(a) == _DIGITS_IN.findall(b) and _edits(a, b) <= MAX_NAME_EDITS)


def _edits(a: str, b: str) -> int:
    """Levenshtein distance (names are short)."""
    row = list(range(len(b) + 1))
    for i, char_a in enumerate(a, start=1):
        previous, row[0] = row[0], i
        for j, char_b in enumerate(b, start=1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1,
                                           previous + (char_a != char_b))
    return row[-1]


def _groups(cards: Sequence[Card], all_effects: Sequence[list[Part]], members: list[int],
            overrides: Overrides) -> list[list[int]]:
    """The printings of one frame joined into cards (union-find over distinct wordings)."""
    by_wording: dict[str, list[int]] = defaultdict(list)
    for position in members:
        by_wording[_wording(all_effects[position])].append(position)
    if len(by_wording) == 1:
        return [members]
    wordings = list(by_wording)
    effects = [all_effects[by_wording[w][0]] for w in wordings]
    ids = [{cards[i]["id"] for i in by_wording[w]} for w in wordings]
    parent = list(range(len(wordings)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(wordings)):
        for j in range(i + 1, len(wordings)):
            verdict = overrides.decide(ids[i], ids[j])
            if verdict is None:
                verdict = same_effect(effects[i], effects[j])
            if verdict:
                parent[root(j)] = root(i)
    joined: dict[int, list[int]] = defaultdict(list)
    for i, wording in enumerate(wordings):
        joined[root(i)].extend(by_wording[wording])
    return list(joined.values())


def _wording(effects: list[Part]) -> str:
    """The card's effects as folded words: equal for printings worded alike."""
    return digest([[p.slot, p.name, p.words] for p in effects])


@dataclass(frozen=True)
class Overrides:
    """Decisions the measure gets wrong: pairs of printings that are (or are not) one card."""

    same: tuple[frozenset[str], ...] = ()
    different: tuple[frozenset[str], ...] = ()

    def decide(self, a: set[str], b: set[str]) -> bool | None:
        for pair in self.different:
            if pair & a and pair & b and not (pair <= a or pair <= b):
                return False
        for pair in self.same:
            if pair & a and pair & b and not (pair <= a or pair <= b):
                return True
        return None


def load_overrides(path: Path = IDENTITY_PATH) -> Overrides:
    if not path.exists():
        return Overrides()
    data = json.loads(path.read_bytes())
    return Overrides(tuple(frozenset(entry["cards"]) for entry in data.get("same", ())),
                     tuple(frozenset(entry["cards"]) for entry in data.get("different", ())))


def _replace_name(text: str, name: str, replacement: str) -> str:
    """The text with the name replaced wherever it stands alone: no letter, digit, `_` or `-`
    on either side."""
    pieces: list[str] = []
    start, found = 0, text.find(name)
    while found >= 0:
        end = found + len(name)
        if _joins(text[found - 1:found]) or _joins(text[end:end + 1]):
            found = text.find(name, found + 1)
            continue
        pieces += (text[start:found], replacement)
        start, found = end, text.find(name, end)
    return "".join(pieces) + text[start:]


def _joins(char: str) -> bool:
    """Whether a character (or none: "") joins a name to what stands beside it."""
    return char.isalnum() or char in _JOINED


def _self_names(card: Card) -> tuple[tuple[str, ...], str]:
    """How a card's text names the card itself, and what `effect_words` writes instead: its
    full name and its name without a suffix ("Arceus LV.X" says "Arceus LV.X" or "Arceus"),
    as "this pokémon" on a Pokémon and "this card" on anything else."""
    name = _fold(card.get("name") or "")
    plain = _SUFFIX.sub("", name)
    itself = "this pokémon" if card.get("supertype") == POKEMON else "this card"
    return tuple(sorted({name, plain}, key=len, reverse=True)), itself


def _fold(text: str) -> str:
    return clean_text(text).casefold()
