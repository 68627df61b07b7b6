"""An organizer's format, as a request or a deployment writes it: a base format and changes.

A definition names a format of deckjudge's own (`base`, judged by its rules in force on the
day, seasons and all) and what the organizer changes: the deck's size and copy limit, a
narrower card pool, bans added or lifted (by English name, by card or by one printing), and
rules the checks know, each a kind of the rule table (validators.rule_kinds) with its
parameters. It is data, read by the schema of a format's data (validators.formats.schema,
which reads deckjudge's own formats too), that refuses what it does not know (naming the
field), bounded in every list and string, and never evaluated. Its canonical form (its
fields as read, keys sorted) names it by a hash that stays the same however the JSON was
spaced or ordered (validators.derived makes the rules of it; docs/formats.md, "Formats of
your own", is the reference).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import orjson
from marshmallow import ValidationError

from validators.formats.schema import DEFINITION, at_odds, first_error
from validators.records import CONSTRUCTED, DeckRules, Definition, Format

# The most bytes a definition's canonical form may take: its lists at their longest.
MAX_BYTES = 64 * 1024


class DefinitionError(ValueError):
    """A definition that cannot be judged by: `pointer` is where in it (JSON pointer parts
    below the definition), `detail` what is wrong. `conflict`: each part is well formed, but
    they contradict each other (a card banned and unbanned, dates out of order)."""

    def __init__(self, detail: str, pointer: tuple[str, ...] = (),
                 conflict: bool = False) -> None:
        super().__init__(detail)
        self.detail = detail
        self.pointer = pointer
        self.conflict = conflict


def read_definition(sent: Any) -> Definition:
    """A definition from its JSON value; DefinitionError names the first field at fault."""
    if not isinstance(sent, dict):
        raise DefinitionError("A format definition is a JSON object.")
    try:
        loaded = DEFINITION.load(sent)
    except ValidationError as error:
        pointer, detail = first_error(error.normalized_messages())
        raise DefinitionError(detail, pointer) from None
    odds = at_odds(loaded)
    if odds is not None:
        raise DefinitionError(odds[1], odds[0], conflict=True)
    canonical = orjson.dumps(loaded, option=orjson.OPT_SORT_KEYS)  # dates as ISO days
    if len(canonical) > MAX_BYTES:
        raise DefinitionError(f"The definition takes {len(canonical):,} bytes; at most "
                              f"{MAX_BYTES:,}.")
    return Definition(loaded, canonical.decode(), hashlib.sha256(canonical).hexdigest())


def check_base(definition: Definition, formats: Mapping[str, Format]) -> DeckRules:
    """The base the definition names: one of deckjudge's formats for one Constructed deck."""
    bases = [format_id for format_id, fmt in formats.items()
             if isinstance(fmt, DeckRules) and fmt.play == CONSTRUCTED]
    base = formats.get(definition.base)
    if not isinstance(base, DeckRules) or base.id not in bases:
        raise DefinitionError(f"No format {definition.base!r} to base a format on; bases: "
                              f"{', '.join(bases)}.", ("base",))
    return base
