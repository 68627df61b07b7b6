"""Each violation code in a few words, as a person reads it where an answer for people
(the organizer's page) would show the code: "deck size", "not in the card pool". The codes
stay what clients match on; these are their names. tests/unit/test_codes.py holds this
table to CODES: every code has words here, and nothing else does.
"""

from __future__ import annotations

TITLES: dict[str, str] = {
    "unreadable-line": "line not read",
    "unknown-card": "unknown card",
    "unknown-set": "unknown set",
    "ambiguous-card": "ambiguous card",
    "deck-size": "deck size",
    "copy-limit": "too many copies",
    "ace-spec-limit": "more than one ACE SPEC",
    "radiant-limit": "more than one Radiant Pokémon",
    "star-limit": "more than one Pokémon ★",
    "unown-limit": "too many Unown",
    "prism-star-limit": "more than one Prism Star card of a name",
    "name-limit": "too many of a name the card limits",
    "sideboard": "sideboard",
    "not-legal": "not in the card pool",
    "not-yet-released": "not yet released",
    "not-released-here": "released in Japan only",
    "previewed": "judged as released",
    "not-yet-legal": "not yet legal",
    "reprint-wording": "reprint worded otherwise",
    "banned": "banned",
    "ban-uncertain": "ban not established on the day",
    "not-in-pool": "not in the player's pool",
    "pool-not-checked": "pool not checked",
    "pool-unknown-card": "unknown card in the pool",
    "not-in-product": "not in the product",
    "partner-missing": "no Partner",
    "partner-ineligible": "Partner not allowed",
    "type-identity": "outside the Partner's Type Identity",
    "singleton": "not singleton",
    "restricted": "restricted card",
    "watchlisted": "watchlisted card",
    "one-type": "not the deck's one Type",
    "rule-box": "Rule Box card",
    "name-family": "names counted as one",
    "beyond-document": "after its rules' last day",
    "season-window": "season's first day not established",
    "outside-pool": "outside the format's pool",
    "kind-limit": "too many of a kind",
    "rarity": "rarity not allowed",
    "max-hp": "HP over the limit",
    "stages": "stage not allowed",
    "no-basic-pokemon": "no Basic Pokémon",
    "team": "team seats",
}


def title(code: str) -> str:
    """The code's words."""
    return TITLES[code]
