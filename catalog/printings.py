"""A set and a printing as the index holds them: plain values every reader of the catalog
takes (catalog.index builds them, catalog.japanese makes a Japanese printing's own)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from catalog.models import INTERNATIONAL, JAPAN


@dataclass(frozen=True, slots=True)
class SetInfo:
    id: str
    name: str
    series: str
    release_date: dt.date | None
    kind: str
    ptcgo_code: str | None
    order: int  # position in release order, oldest first
    tcgdex_id: str | None = None  # TCGdex's id of the set ("me05"), where TCGdex has it
    # INTERNATIONAL, or JAPAN: a set released in Japan, whose code is its TCGdex id ("M5")
    # and whose release day is Japan's (catalog.japanese).
    region: str = INTERNATIONAL

    @property
    def japanese(self) -> bool:
        return self.region == JAPAN

    @property
    def code(self) -> str | None:
        """The code lines write for the set: its PTCGO code, or a Japanese set's own."""
        return self.ptcgo_code or (self.tcgdex_id if self.japanese else None)


@dataclass(frozen=True, slots=True)
class Printing:
    """One printing, with the identity keys and limits validators read."""

    id: str
    set_id: str
    number: str
    name: str
    supertype: str
    subtypes: tuple[str, ...]
    title_key: str  # the English title the copy limit counts by (identity.title_key)
    search_key: str
    function_key: str
    text_fingerprint: str
    is_basic_energy: bool
    type_identity: tuple[str, ...]
    copies_unlimited: bool
    limit_group: str | None
    limit_scope: str | None
    limit_max: int | None
    limit_text: str | None
    play_together: int | None
    # A Type, HP and an attack or ability of its own (Partner Battles I.1.1 asks for them).
    has_full_layout: bool = False
    # Search keys of the names players write for it ("poke turn"), besides search_key.
    aliases: tuple[str, ...] = ()
    # The letter printed at its bottom left since Sword & Shield; today's Standard goes by it.
    regulation_mark: str | None = None
    types: tuple[str, ...] = ()  # the printed Types (a Pokémon's; dual-type Pokémon have two)
    # False when the card's own text says it cannot be used at official tournaments.
    for_tournaments: bool = True
    ancient_trait: bool = False  # it has an Ancient Trait (Primal Clash to Ancient Origins)
    hp: int | None = None  # a Pokémon's printed HP
    rarity: str | None = None  # as the data spells it ("Double Rare", "DoubleRare")
    # A Trainer its text plays as if it were a Basic Pokémon (Clefairy Doll, the fossils).
    plays_as_basic: bool = False
    artist: str | None = None  # the illustrator the card names, for a card picker's search
    attack_costs: tuple[tuple[str, ...], ...] = ()  # each attack's cost, in order
