"""Validate small decklists against the full real catalog."""

import datetime as dt

import pytest

from decklist.detect import parse
from decklist.resolver import resolve
from tests.support.basics import PARTNER_BATTLES
from validators.engine import validate
from validators.formats import deck_rules, get_format


@pytest.fixture
def lines(full_index):
    """A decklist text, parsed (with no problems) and resolved on the full catalog."""
    def read(text):
        deck = parse(text)
        assert deck.problems == [], deck.problems
        return resolve(full_index, deck.entries)

    return read


@pytest.fixture
def verdict(full_index, lines):
    def run(text, format_id="unlimited", as_of=None, pool=None, product=None, play=None,
            rules=None, tournament=False):
        """`rules` replaces the format's definition: ban lists supplied by a test."""
        when = dt.date.fromisoformat(as_of) if as_of else None
        rules = rules or deck_rules(get_format(format_id), play)
        return validate(full_index, lines(text), rules, when,
                        lines(pool) if pool is not None else None,
                        rules.product(product) if product else None, tournament=tournament)

    return run


def codes(result):
    return sorted({v.code for v in result.violations + result.warnings})


def filler(count, line="Fire Energy BS 98"):
    """`count` basic Energy: fills a deck to size without tripping any other check."""
    return f"{count} {line}\n"


def partner_deck(partner, *lines, energy="Basic Fire Energy SVE 2", size=100,
                 basic=f"1 {PARTNER_BATTLES}"):
    """A Partner Battles list: the Partner, the lines given, a Basic Pokémon (by default
    Doduo, whose Type Identity is none; the Partner is not one of the deck's), and basic
    Energy up to `size`. `basic=None` leaves the Basic Pokémon out."""
    lines = (*lines, basic) if basic else lines
    used = 1 + sum(int(line.split()[0]) for line in lines)
    body = "".join(f"{line}\n" for line in lines)
    return f"Partner:\n1 {partner}\nDeck:\n{body}{size - used} {energy}\n"
