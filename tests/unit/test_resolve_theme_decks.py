"""Every theme deck in ../shared/pokemon-tcg-data/decks/en, written out the way tools export
decks, resolves with no unknown line."""

from __future__ import annotations

import json

import pytest

from catalog.identity import ENERGY_TYPES
from decklist.detect import parse
from decklist.resolver import RESOLVED, UNKNOWN, resolve

_HEADERS = (("Pokémon", "Pokémon"), ("Trainer", "Trainer"), ("Energy", "Energy"))


def theme_decks(shared_data):
    decks = []
    for path in sorted((shared_data / "decks" / "en").glob("*.json")):
        decks.extend(json.loads(path.read_bytes()))
    return decks


@pytest.fixture(scope="module")
def decks(shared_data):
    found = theme_decks(shared_data)
    assert len(found) == 188
    return found


def set_code(index, set_id):
    info = index.sets[set_id]
    if info.ptcgo_code:
        return info.ptcgo_code
    return next(code for code, sets in index.set_codes.items() if sets[0] == set_id)


def ptcg_live_text(index, deck):
    """The deck as PTCG Live exports it: sections, COUNT NAME SET NUMBER, a total."""
    lines, expected = [], []
    for header, supertype in _HEADERS:
        section = [(c, index.card(c["id"])) for c in deck["cards"]]
        section = [(c, p) for c, p in section if (p.supertype if p else "Energy") == supertype]
        lines.append(f"{header}: {sum(c['count'] for c, _ in section)}")
        for card, printing in section:
            if printing is None:
                # The data lists some basic Energy under an id no card has ("swsh1-0"):
                # write it as PTCG Live writes basic Energy, by its Type's number.
                energy_type = card["name"].split()[0]
                lines.append(f"{card['count']} Basic {{{energy_type[0]}}} Energy Energy "
                             f"{ENERGY_TYPES.index(energy_type) + 1}")
            else:
                code = set_code(index, printing.set_id)
                lines.append(f"{card['count']} {printing.name} {code} {printing.number}")
            expected.append(card)
        lines.append("")
    lines.append(f"Total Cards: {sum(c['count'] for c in deck['cards'])}")
    return "\n".join(lines), expected


def names_only_text(index, deck):
    lines = []
    for card in deck["cards"]:
        printing = index.card(card["id"])
        lines.append(f"{card['count']} {printing.name if printing else card['name']}")
    return "\n".join(lines)


def test_every_theme_deck_resolves_by_set_code_and_number(full_index, decks):
    failures = []
    for deck in decks:
        text, expected = ptcg_live_text(full_index, deck)
        parsed = parse(text)
        assert parsed.input_format == "ptcg-live" and parsed.problems == [], deck["id"]
        for card, (entry, found) in zip(expected, resolve(full_index, parsed.entries),
                                        strict=True):
            known = full_index.card(card["id"]) is not None
            if found.status != RESOLVED or (known and card["id"] not in
                                            [p.id for p in found.printings]):
                failures.append((deck["id"], entry.text, found.status, found.notes))
            elif known:
                assert found.method == "set+number" and found.card.id == card["id"]
            else:
                assert found.method == "name" and found.card.is_basic_energy
    assert failures == []


def test_every_theme_deck_resolves_by_name_alone(full_index, decks):
    unknown, ambiguous, lines_seen = [], 0, 0
    for deck in decks:
        parsed = parse(names_only_text(full_index, deck))
        assert parsed.problems == []
        for card, (entry, found) in zip(deck["cards"], resolve(full_index, parsed.entries),
                                        strict=True):
            lines_seen += 1
            if found.status == UNKNOWN:
                unknown.append((deck["id"], entry.text))
                continue
            assert found.method == "name"
            if full_index.card(card["id"]):
                assert card["id"] in [p.id for p in found.printings]
            if found.status != RESOLVED:
                ambiguous += 1
                # Ambiguous says so: its candidates are grouped into several cards.
                assert len(found.groups) > 1
    assert unknown == []
    # Names alone are often ambiguous across 25 years of reprints and namesakes.
    assert 0 < ambiguous < lines_seen
