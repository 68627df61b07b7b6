"""The format definitions, one JSON file each, read into typed records.

A singles file describes one deck's rules.  A team file (`"kind": "team"`)
describes seats and, for each way the team plays (constructed, limited),
the deck rules: another format's id (`"deck": "modified"`) or deck rules of
its own, written like a singles file without the names it inherits.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from pathlib import Path
from typing import Any

from catalog.identity import title_key
from catalog.regulation_marks import RANK
from validators.records import (
    ANCIENT_TRAIT,
    CONSTRUCTED,
    FAMILY_RULES,
    LIMITED,
    REACHES,
    READING_CHECKS,
    Announcement,
    Ban,
    CardPool,
    CheckSpec,
    DeckRules,
    Family,
    Format,
    PartnerRules,
    Product,
    Restriction,
    Rotation,
    TeamFormat,
    TeamPlay,
)

FORMATS_DIR = Path(__file__).resolve().parent
# The order formats are listed and answered in for format=all; a team format
# comes after the formats its decks refer to.
ORDER = ("unlimited", "modified", "sealed", "booster-draft", "rochester-draft",
         "team-multiplay", "team-battle", "2v2-casual", "partner-battles", "standard",
         "expanded", "glc")
PLAYS = (CONSTRUCTED, LIMITED)
# A format of today's game judges a deck on the day of the request when no date is given.
TODAY = "today"
BEYOND = "beyond-document"  # the check validators.checks.beyond_document runs


@functools.cache
def all_formats() -> dict[str, Format]:
    """Every format: deckjudge's own, then the deployment's (validators.deployed), read
    once per process."""
    # Imported here: a deployment's formats are made from deckjudge's own.
    from validators.deployed import deployed_formats
    return {**builtin_formats(), **deployed_formats()}


@functools.cache
def builtin_formats() -> dict[str, Format]:
    """deckjudge's own formats, read once per process (the files ship with the code)."""
    formats: dict[str, Format] = {}
    for format_id in ORDER:
        raw = json.loads((FORMATS_DIR / f"{format_id}.json").read_bytes())
        formats[format_id] = (_team(raw, formats) if raw.get("kind") == "team"
                              else _deck_rules(raw, raw))
    return formats


def get_format(format_id: str) -> Format:
    """The format with this id; KeyError when none has it (validators.targets words that for
    a request: UnknownFormat)."""
    return all_formats()[format_id]


def deck_rules(fmt: Format, play: str | None = None) -> DeckRules:
    """The rules one deck is checked against: the format's own, or a team play's."""
    if isinstance(fmt, DeckRules):
        return fmt
    return fmt.plays[play or CONSTRUCTED].deck


def _team(raw: dict[str, Any], known: dict[str, Format]) -> TeamFormat:
    plays = {}
    for play, spec in raw["plays"].items():
        deck = spec["deck"]
        rules = known[deck] if isinstance(deck, str) else _deck_rules(deck, raw, play)
        assert isinstance(rules, DeckRules), f"{raw['id']}: {deck} is a team format"
        plays[play] = TeamPlay(play=play, deck=rules, prizes=dict(spec["prizes"]),
                               round_minutes=spec.get("round_minutes"), pool=spec.get("pool"),
                               section=spec["section"])
    return TeamFormat(
        id=raw["id"], name=raw["name"], version=raw["version"],
        description=raw["description"], document=raw["document"],
        document_date=_date(raw["document_date"]),
        document_reaches=_date(raw.get("document_reaches")),
        seats=tuple(raw["seats"]), seats_section=raw["seats_section"], plays=plays)


def _deck_rules(raw: dict[str, Any], names: dict[str, Any],
                play: str | None = None) -> DeckRules:
    """Deck rules from `raw`; id, name, version and document come from `names`."""
    pool = raw["pool"]
    return DeckRules(
        id=names["id"], name=names["name"], version=names["version"],
        description=raw.get("description", names["description"]),
        document=names["document"],
        document_date=_date(names["document_date"]),
        document_reaches=_date(names.get("document_reaches")),
        play=raw.get("play", play or CONSTRUCTED),
        deck_size=raw["deck_size"], copy_limit=raw["copy_limit"],
        pool=card_pool(pool),
        banned=tuple(dated_ban(entry) for entry in raw.get("banned", ())),
        default_as_of=(None if raw.get("default_as_of") == TODAY
                       else _date(raw.get("default_as_of"))),
        as_of_today=raw.get("default_as_of") == TODAY,
        prizes=raw.get("prizes"), round_minutes=raw.get("round_minutes"),
        checks=checks(raw["checks"], names.get("document_reaches")),
        products=tuple(Product(p["id"], p["name"],
                               tuple((b["set"], b["packs"]) for b in p["boosters"]),
                               p["section"]) for p in raw.get("products", ())),
        partner=_partner(raw.get("partner")),
        restricted=tuple(Restriction(r["card"], r["text"], r.get("max_copies"),
                                     r.get("partner_allowed", True))
                         for r in raw.get("restricted", ())),
        watchlisted=tuple(raw.get("watchlisted", ())),
        families=tuple(family(entry) for entry in raw.get("families", ())),
        organizer_notes=raw.get("organizer_notes"))


def checks(raw: list[dict[str, Any]], reaches: str | None) -> tuple[CheckSpec, ...]:
    """The checks a format lists, the reading checks first (READING_CHECKS): each as the
    data lists it, or, where the data leaves one out, citing the section its first listed
    reading check cites; a document that reaches a date is checked against it last
    (beyond-document), as its reach is data of its own."""
    listed = [CheckSpec(c["code"], c["section"], c.get("params", {})) for c in raw]
    named = {spec.code: spec for spec in listed if spec.code in READING_CHECKS}
    if not named:
        raise ValueError(f"deck rules name the section their lines are read by: list "
                         f"{READING_CHECKS[0]} with its section ({[c['code'] for c in raw]})")
    section = next(iter(named.values())).section
    reading = [named.get(code) or CheckSpec(code, section, {}) for code in READING_CHECKS]
    listed = reading + [spec for spec in listed if spec.code not in READING_CHECKS]
    if reaches is not None and all(check.code != BEYOND for check in listed):
        listed.append(CheckSpec(BEYOND, "scope", {}))
    return tuple(listed)


def card_pool(pool: dict[str, Any]) -> CardPool:
    """A card pool as the data writes it."""
    return CardPool(
        all_sets=pool.get("all_sets", False), sets=tuple(pool.get("sets", ())),
        later_than=pool.get("later_than"), from_set=pool.get("from_set"),
        promo_numbers={k: (v[0], v[1]) for k, v in pool.get("promo_numbers", {}).items()},
        exempt_basic_types=tuple(pool.get("exempt_basic_types", ())),
        reprints_legal=pool.get("reprints_legal", False),
        rotations=tuple(_rotation(r) for r in pool.get("rotations", ())),
        legal_fridays=pool.get("legal_fridays", 0), legal_days=pool.get("legal_days", 0),
        legal_dates={k: dt.date.fromisoformat(v)
                     for k, v in pool.get("legal_dates", {}).items()},
        excluded_sets=tuple(pool.get("excluded_sets", ())),
        tournament_cards_only=pool.get("tournament_cards_only", False))


def _rotation(raw: dict[str, Any]) -> Rotation:
    if raw["from_mark"] not in RANK:
        raise ValueError(f"a rotation names a regulation mark of the game: {raw['from_mark']!r}")
    return Rotation(effective=dt.date.fromisoformat(raw["effective"]),
                    from_mark=raw["from_mark"], announcement=_announcement(raw["announcement"]),
                    note=raw.get("note"))


def dated_ban(raw: str | dict[str, Any]) -> Ban:
    """A card id (banned for as long as the document governs), or a dated entry naming a
    card or the kind of card it reaches."""
    if isinstance(raw, str):
        return Ban(raw)
    said = raw.get("announcement")
    if ("card" in raw) == ("reaches" in raw) or raw.get("reaches", ANCIENT_TRAIT) not in REACHES:
        raise ValueError(f"a ban names one card or one kind of card: {raw}")
    return Ban(raw.get("card"), _date(raw.get("effective")), _date(raw.get("until")),
               _announcement(said) if said else None, _date(raw.get("effective_by")),
               _date(raw.get("until_by")), raw.get("note"), raw.get("reaches"))


def family(raw: dict[str, Any]) -> Family:
    """A family of English names, each keyed as the copy limit keys a name."""
    names = tuple(raw["names"])
    titles = tuple(title_key(name) for name in names)
    if raw["rule"] not in FAMILY_RULES or len(set(titles)) != len(titles) or len(titles) < 2:
        raise ValueError(f"a family is two names or more, each a title of its own, with a "
                         f"rule of {FAMILY_RULES}: {raw}")
    return Family(raw["id"], names, titles, raw["rule"], dt.date.fromisoformat(raw["effective"]),
                  _announcement(raw["source"]), _date(raw.get("until")), raw.get("note"))


def _announcement(raw: dict[str, Any]) -> Announcement:
    return Announcement(raw["title"], raw["date"], raw["url"])


def _partner(raw: dict[str, Any] | None) -> PartnerRules | None:
    if raw is None:
        return None
    return PartnerRules(tuple((kind["subtype"], kind["why"]) for kind in raw["ineligible"]))


def _date(value: str | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if value else None
