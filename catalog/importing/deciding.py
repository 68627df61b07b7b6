"""Which source's value a printing (or set) both sources have keeps, field by field, and why.

One rule for every field: **the value consistent with the rest of its card is kept; where
both sources' values are (or neither is), pokemon-tcg-data's.** A printing's id, number and
name are always pokemon-tcg-data's: lines and answers name them. What "consistent" asks of
each field is in RULES, which `flask catalog sources-report` prints and
docs/catalog-sources.md states; each decision is a `Decision` naming the record, the field,
the value kept and the one not taken, the source kept and why.

A printing's row is a card of its supertype (`faults` finds nothing) when a Pokémon has HP
and an attack, an ability or an Ancient Trait, and a Trainer or Energy has no HP, attack or
ability but where its text plays it as a Pokémon (a fossil, Clefairy Doll) or lends the
attack it prints (a Technical Machine, Holon Lake, a Seal Stone), and has its text (basic
Energy prints none). A row that is not one takes TCGdex's card whole where TCGdex's is one:
its supertype, and with it every field of what the card is, since pokemon-tcg-data's
described another kind of card (22 Ascended Heroes Supporters pokemon-tcg-data gives as
Pokémon with 0 HP and no text).

At an import only a row that is not a card of its kind, or that has no regulation mark, is
compared with TCGdex's (speed trick "rows for new printings only": docs/performance.md);
`flask catalog sources-report` compares every printing both have (`differences`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from catalog.identity import (
    ENERGY,
    POKEMON,
    clean_text,
    cost_types,
    modifier_key,
    name_key,
    parse_hp,
)
from catalog.regulation_marks import read_mark, why_read
from runtime import patterns

PTCG, TCGDEX = "pokemon-tcg-data", "tcgdex"

# Each field a verdict reads that the sources can give differently, with what decides it.
RULES = {
    "supertype": "the source whose printing is a card of its supertype (a Pokémon has HP and "
                 "an attack or ability; a Trainer or Energy has neither, unless its text plays "
                 "it as a Pokémon or lends the attack, and has its text); a printing that takes "
                 "TCGdex's supertype takes TCGdex's subtypes, HP and text with it",
    "subtypes": "pokemon-tcg-data's, unless the printing takes TCGdex's supertype",
    "hp": "pokemon-tcg-data's, unless it gives a Pokémon none or the printing takes TCGdex's "
          "supertype",
    "text": "pokemon-tcg-data's (attacks, abilities, Ancient Trait, rules, Types, Weakness, "
            "Resistance, Retreat), unless it gives none of the text or the printing takes "
            "TCGdex's supertype",
    "regulation_mark": "each source's spelling read as a mark of the game "
                       "(catalog/regulation_marks.py); pokemon-tcg-data's, unless it has none",
    "release_date": "pokemon-tcg-data's day of a set, unless it gives none",
    "name": "pokemon-tcg-data's: a printing keeps its name",
    "number": "pokemon-tcg-data's: a printing keeps its number",
    "id": "pokemon-tcg-data's: a printing keeps its id, and TCGdex's printing of another "
          "card takes `<id>-tcgdex`",
}
FIELDS = tuple(RULES)
# What a card's kind decides: its fields follow its supertype from one source.
KIND_FIELDS = ("supertype", "subtypes", "level", "hp", "types", "evolves_from", "abilities",
               "attacks", "weaknesses", "resistances", "retreat_cost", "rules", "ancient_trait")
# The fields of a card's printed text.
TEXT_FIELDS = ("abilities", "attacks", "rules", "ancient_trait")
# Why pokemon-tcg-data's value is kept where both are consistent (or neither is).
BOTH = "both are consistent with their card (or neither is): pokemon-tcg-data's is kept"
KEEPS = "a printing keeps pokemon-tcg-data's id, number and name"

# A Trainer's text that plays it as a Pokémon ("Play Clefairy Doll as if it were a Basic
# Pokémon"), and one that lends a Pokémon the attack or ability it prints ("That Pokémon
# may use this card's attack", "can use the VSTAR Power on this card").
_PLAYED_AS_POKEMON = patterns.compile(r"as if (?:it|this card) (?:were|was)")
_LENDS = patterns.compile(r"as if (?:it|this card) (?:were|was)|this card's attack|on this card")


@dataclass(frozen=True)
class Decision:
    """A field the sources give differently for one printing or set, and the value kept."""

    record: str  # the catalog's id of the printing or set
    field: str  # one of FIELDS
    kept: str
    other: str  # the value not taken
    kept_from: str  # PTCG or TCGDEX
    why: str

    @property
    def other_from(self) -> str:
        return TCGDEX if self.kept_from == PTCG else PTCG


@dataclass(frozen=True)
class Reading:
    """A value a source spells otherwise than the catalog holds it (a regulation mark)."""

    record: str
    field: str
    spelled: str
    read: str  # "" for none
    source: str
    why: str


def faults(card: Mapping[str, Any]) -> list[str]:
    """What keeps a printing's row from being a card of its supertype (none when it is one)."""
    supertype = card.get("supertype")
    acts = bool(card.get("attacks") or card.get("abilities"))
    if supertype == POKEMON:
        found = [] if parse_hp(card.get("hp")) else ["a Pokémon with no HP"]
        if not (acts or card.get("ancient_trait")):
            found.append("a Pokémon with no attack or ability")
        return found
    text = " ".join(card.get("rules") or ())
    kind = f"an {supertype}" if supertype == ENERGY else f"a {supertype}"
    found = []
    if parse_hp(card.get("hp")) and not _PLAYED_AS_POKEMON.search(text):
        found.append(f"{kind} with HP")
    if acts and not _LENDS.search(text):
        found.append(f"{kind} with an attack or ability")
    if not text and not (supertype == ENERGY and "Basic" in (card.get("subtypes") or ())):
        found.append(f"{kind} with no text")
    return found


def asks(kept: Mapping[str, Any], other_mark: Any) -> bool:
    """Whether pokemon-tcg-data's row may take anything of TCGdex's, whose regulation mark is
    spelled `other_mark`: it is not a card of its kind, or has no mark where TCGdex has one.
    Only such a row is compared at an import."""
    return bool(faults(kept)) or (
        read_mark(kept.get("regulation_mark")) is None
        and read_mark(other_mark if isinstance(other_mark, str) else None) is not None)


def decide(kept: dict[str, Any], other: Mapping[str, Any]) -> list[Decision]:
    """Give `kept` (pokemon-tcg-data's row) TCGdex's value of each field the rules take from
    `other`; the decisions that took one."""
    ours = faults(kept)
    taken = []
    if kept["supertype"] != other["supertype"]:
        if ours and not faults(other):
            taken += _take(kept, other, KIND_FIELDS,
                           f"pokemon-tcg-data's printing is {' and '.join(ours)}; TCGdex's "
                           f"is a {other['supertype']} card")
    else:
        if kept["supertype"] == POKEMON and not parse_hp(kept.get("hp")) \
                and parse_hp(other["hp"]):
            taken += _take(kept, other, ("hp",), "pokemon-tcg-data gives the Pokémon no HP")
        if not _has_text(kept) and _has_text(other):
            taken += _take(kept, other, TEXT_FIELDS, "pokemon-tcg-data gives none of its text")
    mark, theirs = read_mark(kept.get("regulation_mark")), read_mark(other["regulation_mark"])
    if mark is None and theirs is not None:
        taken.append(Decision(kept["id"], "regulation_mark", theirs, "", TCGDEX,
                              "pokemon-tcg-data gives it no regulation mark"))
        kept["regulation_mark"] = theirs
    return taken


def _has_text(card: Mapping[str, Any]) -> bool:
    return any(card.get(field) for field in TEXT_FIELDS)


def _take(kept: dict[str, Any], other: Mapping[str, Any], fields: Iterable[str],
          why: str) -> list[Decision]:
    """TCGdex's values of `fields` given to `kept`, each field of the report that changes
    recorded."""
    before = dict(kept)
    for field in fields:
        kept[field] = other[field]
    return [Decision(kept["id"], field, now, was, TCGDEX, why)
            for field, now, was in _compared(kept, before)]


def differences(kept: Mapping[str, Any], other: Mapping[str, Any]) -> Iterable[Decision]:
    """Every field of a printing both sources have that they give differently, once the
    import has decided it: each is pokemon-tcg-data's, kept."""
    if name_key(kept["name"]) != name_key(other["name"]):
        yield Decision(kept["id"], "name", kept["name"], other["name"], PTCG, KEEPS)
    for field, ours, theirs in _compared(kept, other):
        yield Decision(kept["id"], field, ours, theirs, PTCG, BOTH)


def _compared(a: Mapping[str, Any], b: Mapping[str, Any]) -> Iterable[tuple[str, str, str]]:
    """(field, a's value, b's value) of each content field the two rows give differently."""
    if a["supertype"] != b["supertype"]:
        yield "supertype", a["supertype"], b["supertype"]
    if sorted(a["subtypes"] or ()) != sorted(b["subtypes"] or ()):
        yield "subtypes", ", ".join(a["subtypes"] or ()), ", ".join(b["subtypes"] or ())
    hp, other_hp = parse_hp(a.get("hp")) or 0, parse_hp(b.get("hp")) or 0  # 0 is none
    if hp != other_hp:
        yield "hp", str(hp or ""), str(other_hp or "")
    ours, theirs = text_parts(a), text_parts(b)
    if ours != theirs:
        label = next(label for label in dict.fromkeys([*ours, *theirs])
                     if ours.get(label, "") != theirs.get(label, ""))
        yield "text", f"{label}: {ours.get(label, '')}", f"{label}: {theirs.get(label, '')}"
    mark, other_mark = read_mark(a["regulation_mark"]), read_mark(b["regulation_mark"])
    if mark != other_mark:
        yield "regulation_mark", mark or "", other_mark or ""


def text_parts(card: Mapping[str, Any]) -> dict[str, str]:
    """A printing's text by part ("attack 2", "rule 1"), each as the fingerprint reads it
    (catalog.identity.text_fingerprint), what the card does first, so a report names the
    first part that differs."""
    parts = {}
    trait = card.get("ancient_trait")
    if trait:
        parts["Ancient Trait"] = f"{clean_text(trait.get('name'))}: {clean_text(trait.get('text'))}"
    for number, ability in enumerate(card["abilities"] or (), start=1):
        parts[f"ability {number}"] = (f"{clean_text(ability.get('name'))}: "
                                      f"{clean_text(ability.get('text'))}")
    for number, attack in enumerate(card["attacks"] or (), start=1):
        parts[f"attack {number}"] = (
            f"{clean_text(attack.get('name'))} [{' '.join(cost_types(attack.get('cost')))}] "
            f"{modifier_key(attack.get('damage'))}: {clean_text(attack.get('text'))}")
    for number, rule in enumerate(card["rules"] or (), start=1):
        parts[f"rule {number}"] = clean_text(rule)
    parts["Types"] = " ".join(card["types"] or ())
    parts["evolves from"] = clean_text(card.get("evolves_from"))
    for kind in ("weaknesses", "resistances"):
        parts[kind] = " ".join(f"{m.get('type')}{modifier_key(m.get('value'))}"
                               for m in card[kind] or ())
    parts["Retreat"] = str(len(cost_types(card.get("retreat_cost"))))
    return parts


def read_marks(cards: Iterable[dict[str, Any]]) -> list[Reading]:
    """Every card's regulation mark read as a mark of the game (catalog.regulation_marks),
    in place; each one spelled otherwise."""
    found = []
    for card in cards:
        spelled = card.get("regulation_mark")
        why = why_read(spelled)
        if why is not None:
            card["regulation_mark"] = read_mark(spelled)
            found.append(Reading(card["id"], "regulation_mark", spelled or "",
                                 card["regulation_mark"] or "", _source(card), why))
    return found


def _source(card: Mapping[str, Any]) -> str:
    return {"upstream": PTCG, "tcgdex": TCGDEX}.get(card.get("source", ""), card["source"])
