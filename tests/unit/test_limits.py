"""Deck-construction limits read from the real cards that print them."""

import pytest

from catalog.printed_limits import DeckLimits, parse_limits


@pytest.fixture
def limits_of(real_card):
    def get(card_id: str) -> DeckLimits:
        card = real_card(card_id)
        # The printed sentence has a test of its own.
        return DeckLimits(copies_unlimited=card.copies_unlimited, limit_group=card.limit_group,
                          limit_scope=card.limit_scope, limit_max=card.limit_max,
                          play_together=card.play_together)

    return get


@pytest.mark.parametrize(("card_id", "expected"), [
    ("pl4-94", DeckLimits(copies_unlimited=True)),                         # Arceus LV.X
    ("pl4-AR1", DeckLimits(copies_unlimited=True)),                        # Arceus
    ("sv6-152", DeckLimits(limit_group="ACE SPEC", limit_scope="deck", limit_max=1)),
    ("swsh10-27", DeckLimits(limit_group="Radiant", limit_scope="deck", limit_max=1)),
    ("ex7-107", DeckLimits(limit_group="Pokémon Star", limit_scope="deck", limit_max=1)),
    ("sm6-31", DeckLimits(limit_group="Prism Star", limit_scope="name", limit_max=1)),
    ("neo3-39", DeckLimits(limit_group="Unown", limit_scope="deck", limit_max=4)),
    ("neo4-107", DeckLimits(limit_group="name", limit_scope="name", limit_max=1)),  # Shining
    ("neo4-16", DeckLimits(limit_group="name", limit_scope="name", limit_max=1)),   # Miracle E.
    ("xy9-109", DeckLimits(play_together=2)),      # Puzzle of Time
    ("sm8-171", DeckLimits(play_together=2)),      # Custom Catcher
    ("sm8-184", DeckLimits(play_together=2)),      # Mixed Herbs
    ("dp7-88", DeckLimits(play_together=2)),       # Poké Blower +
    ("dp7-89", DeckLimits(play_together=2)),       # Poké Drawer +
    ("dp7-90", DeckLimits(play_together=2)),       # Poké Healer +
    ("swsh8-230", DeckLimits(play_together=2)),    # Cross Switcher (must)
    ("swsh8-231", DeckLimits(play_together=2)),    # Crossceiver (must)
    ("sm5-129", DeckLimits(play_together=4)),      # Missing Clover
    ("swsh12-163", DeckLimits(play_together=4)),   # Quad Stone ("use")
    ("hgss1-111", DeckLimits(play_together=2)),    # Ho-Oh LEGEND half
    ("swshp-SWSH139", DeckLimits(play_together=4)),  # Pikachu V-UNION piece
    ("base1-4", DeckLimits()),                     # Charizard: nothing printed
    ("base1-95", DeckLimits()),                    # Switch: nothing printed
])
def test_real_card_limits(limits_of, card_id, expected):
    assert limits_of(card_id) == expected


@pytest.mark.parametrize(("card_id", "sentence"), [
    ("sv5-141", "ACE SPEC: You can't have more than 1 ACE SPEC card in your deck."),
    ("bw7-137", "You can't have more than 1 ACE SPEC card in your deck."),
    ("neo4-16", "You can't have more than 1 Miracle Energy in your deck."),
    ("neo3-39", "You may have up to 4 Basic Pokémon cards in your deck with Unown in their "
                "names."),
    ("pl4-94", None),  # lifts the limit: no limit to quote
])
def test_the_limit_is_kept_as_printed(real_card, card_id, sentence):
    assert real_card(card_id).limit_text == sentence


def test_own_name_limit_needs_the_cards_own_name():
    text = ["You can't have more than 1 Shining Gyarados in your deck."]
    assert parse_limits("Shining Gyarados", text).limit_max == 1
    assert parse_limits("Gyarados", text) == DeckLimits()


def test_bench_limits_are_not_deck_limits():
    assert parse_limits("Sky Field", ["Each player can't have more than 8 Benched Pokémon."]) \
        == DeckLimits()
