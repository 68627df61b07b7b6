"""What every reader's card row gets before it is written: the identity keys and the limits
the card's own text sets (catalog.identity, catalog.printed_limits), then the check that every
value fits its column.
"""

from __future__ import annotations

from typing import Any

from catalog import identity
from catalog.importing.fields import fitted
from catalog.models import Card
from catalog.printed_limits import parse_limits

SUPERTYPES = {identity.POKEMON, identity.TRAINER, identity.ENERGY}


def finished(row: dict[str, Any], where: str) -> dict[str, Any]:
    """The row with its identity and limits, once every value fits its column."""
    limits = parse_limits(row["name"], row["rules"])
    row.update(
        name_key=identity.name_key(row["name"]),
        function_key="",  # set for the whole catalog at once (importer.transform)
        text_fingerprint=identity.text_fingerprint(row),
        is_basic_energy=identity.is_basic_energy(row),
        type_identity=identity.type_identity(row),
        copies_unlimited=limits.copies_unlimited,
        limit_group=limits.limit_group,
        limit_scope=limits.limit_scope,
        limit_max=limits.limit_max,
        limit_text=limits.limit_text,
        play_together=limits.play_together,
        attack_costs=[list(attack.get("cost") or []) for attack in row["attacks"]],
    )
    return fitted(row, Card, where)
