"""validators.changes: every dated change of a format set, oldest first, each once, made
from the format data (the real formats, and a set changed by hand)."""

import dataclasses
import datetime as dt

from validators.changes import BAN, DECK_SIZE, POOL, ROTATION, UNBAN, changes
from validators.formats import own_formats
from validators.records import FormatSet


def test_the_real_formats_changes_are_oldest_first_and_each_once():
    found = changes(own_formats())
    assert [c.order for c in found] == sorted(c.order for c in found)
    keys = [(c.kind, c.format, c.effective, c.cards, c.sets) for c in found]
    assert len(keys) == len(set(keys))


def test_a_ban_lifted_is_a_ban_and_an_unban_citing_one_announcement():
    glc = [c for c in changes(own_formats()) if c.format == "glc" and not c.cards]
    ancient = [c for c in glc if "Ancient Trait" in c.summary]
    assert [(c.kind, c.effective) for c in ancient] == [(UNBAN, dt.date(2021, 11, 16))]
    assert ancient[0].source is not None and "pokebeach" in ancient[0].source.url


def test_rotations_are_standards_each_citing_its_announcement():
    rotations = [c for c in changes(own_formats()) if c.kind == ROTATION]
    assert [c.effective.isoformat() for c in rotations] == [
        "2021-09-10", "2023-04-14", "2024-04-05", "2025-04-11", "2026-04-10"]
    assert all(c.format == "standard" and c.source is not None for c in rotations)


def test_a_season_of_another_deck_size_is_a_deck_size_change_and_a_new_ban_a_ban():
    formats = own_formats()
    lineage = formats.lineages["standard"]  # Modified, then Standard: many seasons
    last = lineage.seasons[-1]
    smaller = dataclasses.replace(last, rules=dataclasses.replace(last.rules, deck_size=40))
    changed = dataclasses.replace(lineage, seasons=(*lineage.seasons[:-1], smaller))
    lineages = {**formats.lineages, **dict.fromkeys(lineage.formats, changed)}
    found = changes(FormatSet(formats.own, lineages))
    sizes = [c for c in found if c.kind == DECK_SIZE]
    assert [(c.format, c.effective, c.summary) for c in sizes] == [
        (last.format, last.effective, "Decks are 40 cards.")]
    assert any(c.kind == POOL and c.effective == last.first_possible for c in found)
    assert not [c for c in changes(formats) if c.kind == DECK_SIZE]
    assert {c.kind for c in found} - {c.kind for c in changes(formats)} == {DECK_SIZE}
    assert BAN in {c.kind for c in found}
