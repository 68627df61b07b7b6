"""The game's words a format's rules name cards by: the kinds of Pokémon and of cards, the
stages, the Types, and the groups of kinds a rule reaches by name.

Each is listed here once. The rules a format switches on (validators.rule_kinds) take their
choices from these lists, the checks match cards by them, and the contract's enums are
written from them (tools/rule_table.py). A kind is a subtype as the catalog's cards carry
it: a kind not listed is a mistake (a "VMAXX"), refused rather than matched by nothing.
"""

from __future__ import annotations

from catalog.identity import ENERGY_TYPES

# The subtypes a Pokémon carries that a rule may name.
POKEMON_KINDS = ("Basic", "Stage 1", "Stage 2", "Baby", "Restored", "Level-Up", "BREAK",
                 "MEGA", "Mega Evolution ex", "ex", "EX", "GX", "TAG TEAM", "V", "VMAX",
                 "VSTAR", "V-UNION", "Radiant", "Prism Star", "Star", "LEGEND", "Prime", "SP",
                 "Tera", "Ancient", "Future", "Ultra Beast", "Fusion Strike", "Rapid Strike",
                 "Single Strike", "Team Plasma", "Eternamax", "Trainer-Owned")
# The subtypes any card (a Trainer, an Energy) carries that a rule may name.
CARD_KINDS = ("ACE SPEC", "Prism Star", "Item", "Supporter", "Stadium", "Pokémon Tool",
              "Technical Machine", "Special", "Special Energy", "Team Plasma",
              "Rocket's Secret Machine", "Goldenrod Game Corner")
# The Pokémon kinds that are a stage of evolution: a Pokémon's stage is its subtype among
# these.
STAGES = ("Basic", "Stage 1", "Stage 2", "Baby", "Restored", "Level-Up", "BREAK", "MEGA",
          "VMAX", "VSTAR", "V-UNION")
# The Types printed on Pokémon: those of basic Energy, then Dragon and Colorless.
TYPES = (*ENERGY_TYPES, "Dragon", "Colorless")

# The Pokémon whose Knock Out gives more than one Prize card, by subtype: what "Single
# Prize only" leaves out (Radiant and Prism Star Pokémon have a Rule Box and give one).
MULTI_PRIZE = ("ex", "EX", "GX", "TAG TEAM", "V", "VMAX", "VSTAR", "V-UNION", "MEGA",
               "Mega Evolution ex")
# The cards with a Rule Box, as Gym Leader Challenge reads it: Pokémon by these subtypes,
# and any card of RULE_BOX_CARDS (Prism Star Trainers and Energy; ACE SPEC, which the
# format leaves out with them).
RULE_BOX = ("EX", "GX", "V", "VMAX", "VSTAR", "V-UNION", "ex", "TAG TEAM", "MEGA",
            "Mega Evolution ex", "BREAK", "Radiant", "Prism Star", "LEGEND", "Star")
RULE_BOX_CARDS = ("Prism Star", "ACE SPEC")
