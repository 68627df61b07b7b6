"""The checks, by stable code: an explicit registry (an unknown code raises)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from types import ModuleType

from validators.checks import (
    ambiguous_card,
    ban_uncertain,
    banned,
    copy_limit,
    deck_size,
    not_in_pool,
    not_in_product,
    not_legal,
    one_type,
    partner_ineligible,
    partner_missing,
    printed_limit,
    restricted,
    rule_box,
    sideboard,
    singleton,
    type_identity,
    unknown_card,
    unreadable_line,
    watchlisted,
)
from validators.context import Context
from validators.model import CheckSpec, Violation

Check = Callable[[Context, CheckSpec], Iterator[Violation]]

_MODULES: tuple[ModuleType, ...] = (unreadable_line, unknown_card, ambiguous_card, deck_size,
                                    copy_limit, printed_limit, sideboard, not_legal, banned,
                                    ban_uncertain,
                                    not_in_pool, not_in_product, partner_missing,
                                    partner_ineligible, type_identity, singleton, restricted,
                                    watchlisted, one_type, rule_box)
REGISTRY: dict[str, Check] = {module.CODE: module.check for module in _MODULES}


def get_check(code: str) -> Check:
    try:
        return REGISTRY[code]
    except KeyError:
        raise KeyError(f"no check has the code {code!r}") from None
