"""Validate small decklists against the full real catalog."""

import datetime as dt

import pytest

from decklist.detect import parse
from decklist.resolve import resolve
from validators.engine import validate
from validators.formats import get_format


@pytest.fixture
def verdict(full_index):
    def run(text, format_id="unlimited", as_of=None):
        deck = parse(text)
        assert deck.problems == [], deck.problems
        when = dt.date.fromisoformat(as_of) if as_of else None
        return validate(full_index, resolve(full_index, deck.entries), get_format(format_id),
                        when)

    return run


def codes(result):
    return sorted({v.code for v in result.violations + result.warnings})


def filler(count, line="Fire Energy BS 98"):
    """`count` basic Energy: fills a deck to size without tripping any other check."""
    return f"{count} {line}\n"
