"""The rule table (validators.rule_kinds) and what is made of it: every check a kind's, every
kind's check real, each kind's defaults and words within its own declaration, the schemas of
both forms of a format's data naming exactly the kinds each may, and the game's words it
takes (validators.vocabulary) those the catalog's cards carry."""

from __future__ import annotations

import pytest
from marshmallow import ValidationError

from validators.checks import REGISTRY, codes_of
from validators.formats import own_formats
from validators.formats.schema import (
    MAX_NAME,
    ORGANIZER_RULES,
    SHIPPED_RULES,
    DefinitionSchema,
)
from validators.records import DeckRules, TeamFormat
from validators.rule_kinds import (
    ANYONE,
    CHOICES,
    INTEGER,
    KINDS,
    NAMED,
    ORGANIZERS,
    READER,
    RULE_KINDS,
    build,
    params,
    words,
)
from validators.vocabulary import CARD_KINDS, POKEMON_KINDS


def test_every_check_is_switched_on_by_a_kind_and_every_kind_names_a_check():
    assert len(RULE_KINDS) == len(KINDS)  # no name declared twice
    assert {kind.check for kind in KINDS} == set(REGISTRY)
    for kind in KINDS:
        assert codes_of(kind.check), kind.name  # the codes it can raise, from its check


def test_each_kind_keeps_to_its_own_declaration():
    for kind in KINDS:
        names = [param.name for param in kind.params]
        assert len(names) == len(set(names)) and {"rule", "section", "text"}.isdisjoint(names)
        assert set(kind.one_of) <= set(names) and not set(kind.fixed) & set(names), kind.name
        for param in kind.params:
            assert param.about and param.least <= param.most, (kind.name, param.name)
            if param.required:
                assert param.default is None, (kind.name, param.name)
            elif param.type == CHOICES:  # a default is a list of its own choices
                assert set(param.default) <= set(param.choices), (kind.name, param.name)
                assert len(param.default) <= param.most, (kind.name, param.name)
            elif param.type == INTEGER:
                assert param.least <= param.default <= param.most, (kind.name, param.name)
        assert (kind.words is not None) == (kind.who == ANYONE), kind.name


@pytest.mark.parametrize("kind", ORGANIZERS.values(), ids=list(ORGANIZERS))
def test_an_organizers_kind_is_worded_and_built_from_its_least_form(kind):
    least = {"rule": kind.name, **{param.name: ([param.choices[0]] if param.type == CHOICES
                                                 else param.least if param.type == INTEGER
                                                 else ["Common"])
                                   for param in kind.params
                                   if param.required or param.name in kind.one_of[:1]}}
    said = words(least)
    assert 0 < len(said) <= MAX_NAME
    spec = build(least, said)
    assert (spec.code, spec.section) == (kind.check, said)
    # every parameter the kind declares reaches the check, each as given or its default
    assert set(spec.params) == {param.name for param in kind.params} | set(kind.fixed)
    assert params(least) == spec.params


def test_each_form_of_a_formats_data_names_the_kinds_it_may():
    assert list(ORGANIZER_RULES) == [kind.name for kind in KINDS if kind.who == ANYONE]
    assert list(SHIPPED_RULES) == list(NAMED)
    assert {kind.name for kind in KINDS if kind.who == READER} == {"beyond-document",
                                                                   "outside-pool"}


def test_glc_is_held_to_the_rule_box_kinds_an_organizer_gets_by_default():
    glc = own_formats().own["glc"]
    assert isinstance(glc, DeckRules)
    [rule_box] = [spec for spec in glc.checks if spec.code == "rule-box"]
    assert rule_box.params == params({"rule": "no-rule-box"})
    assert rule_box.params["kinds"] and "ACE SPEC" in rule_box.params["card_kinds"]


def test_every_rule_of_deckjudges_own_formats_is_built_with_all_its_parameters():
    rules = [fmt for fmt in own_formats().own.values() if isinstance(fmt, DeckRules)]
    rules += [play.deck for fmt in own_formats().own.values() if isinstance(fmt, TeamFormat)
              for play in fmt.plays.values()]
    for deck in rules:
        for spec in deck.checks:
            kind = next(kind for kind in KINDS if kind.check == spec.code)
            assert set(spec.params) >= {param.name for param in kind.params}, (deck.id, spec)


@pytest.mark.full_catalog
@pytest.mark.parametrize("backend", ["sqlite"], indirect=True)
def test_every_kind_a_rule_may_name_is_a_subtype_the_catalogs_cards_carry(full_index):
    pokemon, cards = set(), set()
    for printing in full_index.printings.values():
        (pokemon if printing.supertype == "Pokémon" else cards).update(printing.subtypes)
    assert [kind for kind in POKEMON_KINDS if kind not in pokemon] == []
    assert [kind for kind in CARD_KINDS if kind not in cards | pokemon] == []


def test_a_whole_number_written_with_a_point_is_the_number_json_schema_says_it_is():
    # JSON Schema's `integer` (the contract's) holds 19.0; 19.5, "19" and true are not.
    read = DefinitionSchema().load({"base": "standard", "deck_size": 19.0})
    assert read["deck_size"] == 19 and isinstance(read["deck_size"], int)
    for wrong in (19.5, "19", True):
        with pytest.raises(ValidationError):
            DefinitionSchema().load({"base": "standard", "deck_size": wrong})
