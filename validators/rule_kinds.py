"""The rule table: every rule a format's data may switch on, each declared once.

A rule kind has a name, the check it switches on (validators.checks, whose module declares
the codes it finds), its parameters (each with its type, its bounds, and its default or
that it is required), and one line saying what a deck is held to. A format's data names its
rules by kind, each with the section of its document that states it: deckjudge's own
formats (validators/formats/*.json) any kind, an organizer's definition the kinds open to
organizers (`ANYONE`), with words of its own to cite where it names no section.

Everything else is made from this table: the schema that reads a rule
(validators.formats.schema), the check and parameters it becomes (`build`), the rules
table of docs/formats.md and the contract's `DefinitionRule` (tools/rule_table.py writes
both, and tests/tooling/test_rule_table.py fails when they differ from it). To add a rule
kind, add its entry here; a kind over a check of its own needs the check too
(validators/checks/, listed in its REGISTRY) and the check's test.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from validators.records import CheckSpec
from validators.vocabulary import (
    CARD_KINDS,
    MULTI_PRIZE,
    POKEMON_KINDS,
    RULE_BOX,
    RULE_BOX_CARDS,
    STAGES,
    TYPES,
)

# What a parameter holds: a whole number in bounds, true or false, a list of choices (each
# one of `choices`), a list of free words, or a list of printing ids (which the catalog
# judging a definition must have: validators.definition_names).
INTEGER, BOOLEAN, CHOICES, TEXTS, PRINTINGS = "integer", "boolean", "choices", "texts", "printings"
# Who may name a kind: anyone (an organizer's definition and deckjudge's own data), only
# deckjudge's own data, or nobody (the formats' reader adds it: a document's reach, an
# organizer's narrower pool).
ANYONE, SHIPPED, READER = "anyone", "shipped", "reader"
# The longest a list of kinds may be, and a printing id or a rarity's words.
MOST_KINDS, ID_LENGTH = 40, 48


@dataclass(frozen=True)
class Param:
    """One parameter of a rule kind. A list's bounds are of its length; `default` is what
    the check is given when the rule leaves the parameter out (a required one has none)."""

    name: str
    type: str  # INTEGER, BOOLEAN, CHOICES, TEXTS or PRINTINGS
    about: str  # what it says, for the docs
    required: bool = False
    default: Any = None
    least: int = 0  # an integer's least value, or a list's fewest items
    most: int = 0  # an integer's greatest value, or a list's most items
    choices: tuple[str, ...] = ()  # CHOICES: what each item may be
    length: int = ID_LENGTH  # TEXTS and PRINTINGS: the most characters of an item

    def bounds(self) -> str:
        """The parameter's bounds as the docs write them ("0–60", "1–40 items")."""
        if self.type == INTEGER:
            return f"{self.least}–{self.most}"
        if self.type == BOOLEAN:
            return ""
        return f"{self.least}–{self.most} items" if self.least else f"0–{self.most} items"


@dataclass(frozen=True)
class RuleKind:
    """A rule a format may switch on: the check it runs, and with which parameters."""

    name: str
    check: str  # the code of the check it switches on (validators.checks.REGISTRY)
    about: str  # what a deck is held to, in one line
    params: tuple[Param, ...] = ()
    who: str = ANYONE
    # Parameters the kind sets itself ("single-prize" is kind-limit over the multi-Prize
    # kinds, none allowed): given to the check with those of the rule.
    fixed: Mapping[str, Any] = field(default_factory=dict)
    one_of: tuple[str, ...] = ()  # at least one of these parameters given, and not empty
    twice: bool = False  # may be switched on more than once in one format
    # The section an organizer's rule is cited by when it names none, from its parameters.
    words: Callable[[Mapping[str, Any]], str] | None = None


def _kinds(name: str, about: str, default: tuple[str, ...] = ()) -> Param:
    return Param(name, CHOICES, about, default=default, most=MOST_KINDS, choices=POKEMON_KINDS)


def _card_kinds(name: str, about: str, default: tuple[str, ...] = ()) -> Param:
    return Param(name, CHOICES, about, default=default, most=MOST_KINDS, choices=CARD_KINDS)


def _kind_limit_words(params: Mapping[str, Any]) -> str:
    named = ", ".join((*params["kinds"], *params["card_kinds"]))
    each = " of each name" if params["per_name"] else ""
    return f"at most {params['max']} {named} cards{each}"


def _shipped(name: str, about: str, *params: Param) -> RuleKind:
    """A check deckjudge's own formats switch on by its own name."""
    return RuleKind(name, name, about, params, who=SHIPPED)


KINDS: tuple[RuleKind, ...] = (
    # Open to organizers, in the order docs/formats.md lists them.
    RuleKind(
        "one-type", "one-type", "every Pokémon shares a printed Type",
        (Param("types", CHOICES, "the Types a deck may be (a Monotype event's nine); left "
               "out, any", default=(), least=1, most=len(TYPES), choices=TYPES),
         Param("basic_energy", BOOLEAN, "`true` holds basic Energy to the deck's Type",
               default=False)),
        words=lambda params: "one Type"),
    RuleKind(
        "no-rule-box", "rule-box", "no card with a Rule Box, nor of the kinds given",
        (_kinds("kinds", "Pokémon subtypes with a Rule Box; left out, Gym Leader "
                "Challenge's list", RULE_BOX),
         _card_kinds("card_kinds", "any card's subtypes treated as one (`[]` for none); "
                     "left out, Gym Leader Challenge's", RULE_BOX_CARDS)),
        words=lambda params: "no Rule Box cards"),
    RuleKind(
        "kind-limit", "kind-limit", "at most `max` cards of those kinds (Rule Box Pokémon ≤ 2)",
        (_kinds("kinds", "Pokémon subtypes"),
         _card_kinds("card_kinds", "any card's subtypes"),
         Param("max", INTEGER, "the most copies", required=True, least=0, most=60),
         Param("per_name", BOOLEAN, "`true`: at most `max` copies of each English title of "
               "those kinds", default=False)),
        one_of=("kinds", "card_kinds"), twice=True, words=_kind_limit_words),
    RuleKind(
        "single-prize", "kind-limit",
        "no Pokémon ex, EX, GX, TAG TEAM, V, VMAX, VSTAR, V-UNION or Mega (Radiant and Prism "
        "Star Pokémon give one Prize and are allowed)",
        fixed={"kinds": MULTI_PRIZE, "card_kinds": (), "max": 0,
               "what": "Pokémon that give more than one Prize card"},
        words=lambda params: "Single Prize Pokémon only"),
    RuleKind(
        "no-ace-spec", "kind-limit", "no ACE SPEC card",
        fixed={"kinds": (), "card_kinds": ("ACE SPEC",), "max": 0},
        words=lambda params: "no ACE SPEC cards"),
    RuleKind(
        "rarity", "rarity", "the printing named must be of one of the rarities allowed",
        (Param("allowed", TEXTS, "rarities as the data spells them, case and spaces aside",
               required=True, least=1, most=40),
         Param("any_printing", BOOLEAN, "`true` takes a card when any printing of it (its "
               "gameplay identity) is of an allowed rarity, as Pauper events do",
               default=False),
         Param("cards", PRINTINGS, "printing ids allowed whatever their rarity", default=(),
               least=1, most=200)),
        words=lambda params: f"rarities: {', '.join(params['allowed'])}"),
    RuleKind(
        "max-hp", "max-hp", "no Pokémon of more HP than `hp`",
        (Param("hp", INTEGER, "the most HP", required=True, least=10, most=1000),),
        words=lambda params: f"Pokémon of at most {params['hp']} HP"),
    RuleKind(
        "stages", "stages", "every Pokémon is of a stage allowed",
        (Param("allowed", CHOICES, "the stages allowed", required=True, least=1,
               most=len(STAGES), choices=STAGES),),
        words=lambda params: f"Pokémon of the stages {', '.join(params['allowed'])}"),
    # deckjudge's own formats: the checks of a format's documents, by the checks' names.
    _shipped("unreadable-line", "every line is read as a card line"),
    _shipped("unknown-card", "every line names a card of the catalog"),
    _shipped("ambiguous-card", "a line naming several cards names one where it matters",
             Param("any_difference", BOOLEAN, "`true`: any two cards a line names are one "
                   "too many, whatever their legality", default=False)),
    _shipped("deck-size", "the deck holds exactly the format's number of cards"),
    _shipped("copy-limit", "at most the format's copies of a card by English title"),
    _shipped("printed-limit", "the limits cards print on themselves",
             Param("scopes", CHOICES, "which printed limits hold: on a deck, on one name",
                   default=("deck", "name"), least=1, most=2, choices=("deck", "name"))),
    _shipped("sideboard", "no sideboard"),
    _shipped("not-legal", "every card is in the format's pool on the day"),
    _shipped("banned", "no card of the ban list"),
    _shipped("ban-uncertain", "a card whose ban is not established on the day is named"),
    _shipped("not-in-pool", "a Limited deck is built of the player's pool"),
    _shipped("not-in-product", "a Limited deck is built of the product's sets"),
    _shipped("partner-missing", "the deck names its Partner"),
    _shipped("partner-ineligible", "the Partner is a Pokémon that may be one"),
    _shipped("type-identity", "every card fits the Partner's Type Identity"),
    _shipped("singleton", "one copy of each card"),
    _shipped("restricted", "restricted cards within their limits"),
    _shipped("watchlisted", "watchlisted cards named (refused at tournaments)"),
    _shipped("name-family", "names a rule counts as one"),
    _shipped("season-window", "a day whose season is not established is named"),
    _shipped("no-basic-pokemon", "at least one Basic Pokémon",
             Param("partner_apart", BOOLEAN, "`true`: the Partner does not count",
                   default=False)),
    RuleKind("beyond-document", "beyond-document", "a day after the document's last is named",
             who=READER),
    RuleKind("outside-pool", "outside-pool", "every card is in an organizer's narrower pool",
             who=READER),
)
RULE_KINDS: dict[str, RuleKind] = {kind.name: kind for kind in KINDS}
# The kinds an organizer's definition may name.
ORGANIZERS: dict[str, RuleKind] = {name: kind for name, kind in RULE_KINDS.items()
                                   if kind.who == ANYONE}
# The kinds deckjudge's own data may name.
NAMED: dict[str, RuleKind] = {name: kind for name, kind in RULE_KINDS.items()
                              if kind.who != READER}


def params(rule: Mapping[str, Any]) -> dict[str, Any]:
    """The check's parameters of a rule as its data writes it (read by its kind's schema):
    each given, else its default, and the kind's own; a list as a tuple."""
    kind = RULE_KINDS[rule["rule"]]
    made = {param.name: _frozen(rule.get(param.name, param.default)) for param in kind.params}
    made.update(kind.fixed)
    return made


def build(rule: Mapping[str, Any], section: str) -> CheckSpec:
    """The check a rule switches on, citing `section`."""
    return CheckSpec(RULE_KINDS[rule["rule"]].check, section, params(rule))


def words(rule: Mapping[str, Any]) -> str:
    """The section an organizer's rule is cited by when it names none."""
    said = RULE_KINDS[rule["rule"]].words
    assert said is not None, f"{rule['rule']} is not a rule organizers switch on"
    return said(params(rule))


def spec(name: str, section: str) -> CheckSpec:
    """The check a kind of no required parameters switches on, with its defaults."""
    return build({"rule": name}, section)


def _frozen(value: Any) -> Any:
    return tuple(value) if isinstance(value, list) else value
