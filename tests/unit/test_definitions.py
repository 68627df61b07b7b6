"""Reading an organizer's definition (validators.definitions): what it may say, what is
refused and where, and its canonical form and hash."""

from __future__ import annotations

import pytest

from validators.definitions import MAX_BYTES, DefinitionError, check_base, read_definition
from validators.formats import builtin_formats
from validators.formats.schema import MAX_BANS

CUP = {"base": "expanded", "copy_limit": 1, "rules": [{"rule": "no-rule-box"}],
       "banned": [{"name": "Lysandre"}, {"card": "xy4-99", "effective": "2026-01-01"}]}


def refused(sent) -> tuple[tuple[str, ...], str]:
    with pytest.raises(DefinitionError) as error:
        read_definition(sent)
    return error.value.pointer, error.value.detail


def test_the_hash_is_of_what_was_read_not_how_it_was_written():
    one = read_definition(CUP)
    reordered = read_definition(dict(reversed(list(CUP.items()))))
    assert one.hash == reordered.hash and one.canonical == reordered.canonical
    assert one == reordered and len({one, reordered}) == 1
    assert one.id == f"custom-{one.hash[:12]}" and len(one.hash) == 64
    other = read_definition({**CUP, "copy_limit": 2})
    assert other.hash != one.hash
    assert read_definition({**CUP, "id": "singleton-cup"}).id == "singleton-cup"


@pytest.mark.parametrize(("sent", "pointer"), [
    ({"copy_limit": 1}, ("base",)),
    ({**CUP, "nope": {"deep": {"deeper": [[[[1]]]]}}}, ("nope",)),
    ({**CUP, "id": "Not An Id"}, ("id",)),
    ({**CUP, "copy_limit": "1"}, ("copy_limit",)),
    ({**CUP, "copy_limit": True}, ("copy_limit",)),
    ({**CUP, "deck_size": 0}, ("deck_size",)),
    ({**CUP, "rules": [{"rule": "no-vmax"}]}, ("rules", "0", "rule")),
    ({**CUP, "rules": [{"rule": {}}]}, ("rules", "0", "rule")),
    ({**CUP, "rules": [{"rule": ["one-type"]}]}, ("rules", "0", "rule")),
    ({**CUP, "rules": ["one-type"]}, ("rules", "0")),
    ({**CUP, "rules": [{"rule": "max-hp"}]}, ("rules", "0", "hp")),
    ({**CUP, "rules": [{"rule": "kind-limit", "kinds": ["VMAXX"], "max": 1}]},
     ("rules", "0", "kinds", "0")),
    ({**CUP, "rules": [{"rule": "kind-limit", "max": 1}]}, ("rules", "0")),
    ({**CUP, "rules": [{"rule": "one-type"}, {"rule": "one-type"}]}, ("rules",)),
    ({**CUP, "banned": [{"name": "Lysandre", "card": "xy4-99"}]}, ("banned", "0")),
    ({**CUP, "banned": [{}]}, ("banned", "0")),
    ({**CUP, "banned": [{"card": "xy4-99", "effective": "2026-01-01",
                         "until": "2025-01-01"}]}, ("banned", "0", "until")),
    ({**CUP, "unbanned": [{"name": "Lysandre"}]}, ("unbanned",)),
    ({**CUP, "base_bans": False, "unbanned": [{"card": "bw1-1"}]}, ("unbanned",)),
    ({**CUP, "base_bans": 0}, ("base_bans",)),
    ({**CUP, "pool": {}}, ("pool",)),
    ({**CUP, "pool": {"released_from": "2024-01-01", "released_until": "2023-01-01"}},
     ("pool", "released_until")),
    ({**CUP, "pool": {"regulation_marks": ["GH"]}}, ("pool", "regulation_marks", "0")),
    # a letter, but no mark of the game (catalog/regulation_marks.py), nor lower case
    ({**CUP, "pool": {"regulation_marks": ["H", "Z"]}}, ("pool", "regulation_marks", "1")),
    ({**CUP, "pool": {"regulation_marks": ["h"]}}, ("pool", "regulation_marks", "0")),
    ({**CUP, "url": "javascript:alert(1)"}, ("url",)),
    ({**CUP, "sections": {"rules": {"section": "x"}}}, ("sections", "rules")),
    ({**CUP, "sections": {"pool": {"words": "x"}}}, ("sections", "pool", "words")),
    # a family's names are titles of their own, as deckjudge's own formats' families are
    ({**CUP, "families": [{"id": "n", "names": ["Lysandre", "LYSANDRE"], "rule": "one-name"}]},
     ("families", "0", "names")),
])
def test_what_is_wrong_is_said_where_it_is(sent, pointer):
    where, detail = refused(sent)
    assert where == pointer, detail
    assert detail and len(detail) <= 500


def test_lists_and_the_whole_are_bounded():
    assert refused({**CUP, "banned": [{"card": f"sv1-{n}"} for n in range(MAX_BANS + 1)]})[0] \
        == ("banned",)
    cards = [f"{'x' * 40}-{n}" for n in range(2000)]  # each within its own bounds
    where, detail = refused({**CUP, "pool": {"cards": cards}})
    assert where == () and f"{MAX_BYTES:,}" in detail
    assert refused("expanded")[1] == "A format definition is a JSON object."


def test_the_base_is_a_constructed_format_of_deckjudges():
    formats = builtin_formats()
    assert check_base(read_definition(CUP), formats).id == "expanded"
    for base in ("sealed", "team-battle", "nope"):
        with pytest.raises(DefinitionError) as error:
            check_base(read_definition({**CUP, "base": base}), formats)
        assert error.value.pointer == ("base",)
        assert "expanded" in error.value.detail  # the bases are named
