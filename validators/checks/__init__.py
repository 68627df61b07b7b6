"""The checks and the codes they find: two explicit registries (an unknown name raises).

`REGISTRY` maps a check's name (the one a rule kind switches on: validators.rule_kinds) to
the check that runs over one deck; `CODES` maps every code a verdict can carry to its
`Code` (its words for people, severities, message templates, what it cites), gathered from
the module of the check that finds it. The team's own check reads the team rather than one
deck (validators.team_engine runs it); its codes are here with the rest.
tests/unit/test_codes.py holds openapi.yaml and docs/formats.md to `CODES`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

from validators.checks import (
    ambiguous_card,
    ban_uncertain,
    banned,
    basic_pokemon,
    beyond_document,
    copy_limit,
    deck_size,
    kind_limit,
    max_hp,
    name_family,
    not_in_pool,
    not_in_product,
    not_legal,
    one_type,
    outside_pool,
    partner_ineligible,
    partner_missing,
    printed_limit,
    rarity,
    restricted,
    rule_box,
    season_window,
    sideboard,
    singleton,
    stages,
    team,
    type_identity,
    unknown_card,
    unreadable_line,
    watchlisted,
)
from validators.context import Context
from validators.records import CheckSpec, Code, Violation

Check = Callable[[Context, CheckSpec], Iterator[Violation]]

_DECK_CHECKS: tuple[ModuleType, ...] = (
    unreadable_line, unknown_card, ambiguous_card, deck_size, copy_limit, printed_limit,
    sideboard, not_legal, banned, ban_uncertain, not_in_pool, not_in_product, partner_missing,
    partner_ineligible, type_identity, singleton, restricted, watchlisted, one_type, rule_box,
    name_family, beyond_document, season_window, outside_pool, kind_limit, rarity, max_hp,
    stages, basic_pokemon)
REGISTRY: dict[str, Check] = {module.CHECK: module.check for module in _DECK_CHECKS}
CODES: dict[str, Code] = {code.name: code for module in (*_DECK_CHECKS, team)
                          for code in module.CODES}
_CODES_OF: dict[str, tuple[Code, ...]] = {module.CHECK: module.CODES for module in _DECK_CHECKS}
# Each code in a few words, as a person reads it where an answer for people (the organizer's
# page) would show the code: "deck size", "not in the card pool". The codes stay what
# clients match on; these are their names, each given where its code is declared.
TITLES: dict[str, str] = {name: code.title for name, code in CODES.items()}
__all__ = ["CODES", "REGISTRY", "TITLES", "codes_of", "get_check", "get_code", "title"]


def get_check(name: str) -> Check:
    try:
        return REGISTRY[name]
    except KeyError:
        raise KeyError(f"no check has the name {name!r}") from None


def codes_of(check: str) -> tuple[Code, ...]:
    """The codes the check of this name finds."""
    return _CODES_OF[check]


def title(code: str) -> str:
    """The code's words."""
    return TITLES[code]


def get_code(name: str) -> Code:
    try:
        return CODES[name]
    except KeyError:
        raise KeyError(f"no code is named {name!r}") from None
