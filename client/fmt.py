"""`deckjudge fmt`: a decklist in one canonical form, holding exactly the cards it held.

The form: the list's leading comments (`# format: modified` stays), then a section for
each of Partner, Pokémon, Trainer, Energy and Sideboard that has cards, each headed with
its card count (`Pokémon: 12`), one line per printing (copies of one printing on several
lines are added up, on the first), each printing written as the catalog knows it
(decklist.canonical), and `Total Cards: N` last. Main-deck cards go under their own
supertype, whatever heading the list put them under. Within a section the lines keep the
list's own order: a player groups an evolution line, and a formatter that sorted by name
would pull it apart and turn every list's first run into a diff of every line; so the
form is stable (formatting twice changes nothing) rather than sorted.

A list is left as it is, with the reason, when any line is not one known printing
(unreadable, unknown or ambiguous), when it is a JSON list, or when its canonical form
would not read back to the same cards.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from catalog.index import CatalogIndex, Printing
from decklist.canonical import printing_text
from decklist.detect import parse
from decklist.parsed import PARTNER, SIDEBOARD
from decklist.resolver import RESOLVED, resolve
from decklist.text import clean_line, is_comment, split_lines

_GROUPS = (("partner", "Partner"), ("Pokémon", "Pokémon"), ("Trainer", "Trainer"),
           ("Energy", "Energy"), ("sideboard", "Sideboard"))
# Line problems that do not stand in the way: a stated total is written afresh.
_HARMLESS = frozenset({"declared-total"})


@dataclass(frozen=True)
class Formatted:
    text: str | None  # the canonical form; None when the list is left as it is
    reasons: tuple[str, ...] = ()  # why it was left as it is


def canonical(index: CatalogIndex, text: str) -> Formatted:
    deck = parse(text)
    if deck.input_format == "json":
        return Formatted(None, ("a JSON list is kept as JSON",))
    reasons = [f"line {p.line}: {p.message}" for p in deck.problems if p.code not in _HARMLESS]
    lines = resolve(index, deck.entries)
    reasons += [f"line {entry.line}: {entry.text!r} is {resolution.status}"
                for entry, resolution in lines if resolution.status != RESOLVED]
    if reasons:
        return Formatted(None, tuple(reasons))
    held = _held([(entry.section, entry.copies, resolution.printings[0])
                         for entry, resolution in lines])
    written = _write(index, _comments(text), held)
    again = parse(written)
    read_back = [(entry.section, entry.copies, resolution.printings[0])
                 for entry, resolution in resolve(index, again.entries)
                 if resolution.status == RESOLVED]
    if len(read_back) != len(again.entries) or _held(read_back) != held:
        return Formatted(None, ("its canonical form would not read back to the same cards",))
    return Formatted(written)


def _group(section: str, printing: Printing) -> str:
    if section in (PARTNER, SIDEBOARD):
        return section
    return printing.supertype


def _held(cards: list[tuple[str, int, Printing]]) -> Counter[tuple[str, str]]:
    """Copies of each printing, by group: what a list holds, whatever its form."""
    held: Counter[tuple[str, str]] = Counter()
    for section, copies, printing in cards:
        held[_group(section, printing), printing.id] += copies
    return held


def _comments(text: str) -> list[str]:
    """The comment lines before the first line that is not one (`# format: …`), as the
    parser tells comments."""
    kept = []
    for line in map(clean_line, split_lines(text)):
        if is_comment(line):
            kept.append(line)
        elif line:
            break
    return kept


def _write(index: CatalogIndex, comments: list[str], held: Counter[tuple[str, str]]) -> str:
    blocks = ["\n".join(comments)] if comments else []
    total = 0
    for group, title in _GROUPS:
        printings = [index.printings[card_id] for (g, card_id) in held if g == group]
        if not printings:
            continue
        count = sum(held[group, p.id] for p in printings)
        if group != "sideboard":
            total += count
        rows = [f"{held[group, p.id]} {printing_text(index, p)}" for p in printings]
        blocks.append("\n".join([f"{title}: {count}", *rows]))
    blocks.append(f"Total Cards: {total}")
    return "\n\n".join(blocks) + "\n"
