"""deckjudge's own formats, read whole from their files into typed records.

`read_formats` is a pure function from a directory of format files (one JSON file a
format, and seasons.json) to a frozen FormatSet: every file read by its schema
(validators.formats.schema) and held to the same checks as an organizer's definition, or
none at all, with FormatDataError naming the file and the field at fault. Nothing is kept
between calls: the process keeps the set it judges in (validators.formats).

A singles file describes one deck's rules. A team file (`"kind": "team"`) describes seats
and, for each way the team plays (constructed, limited), the deck rules: another format's
id (`"deck": "modified"`) or deck rules of its own, written like a singles file without
the names it inherits. seasons.json gives each lineage's seasons (validators.seasons).

The records a ban, a family and a card pool become are made here for both forms: an
organizer's definition's changes (validators.derived) are made by the same functions.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import orjson
from marshmallow import Schema, ValidationError

from catalog.identity import title_key
from validators import rule_kinds
from validators.formats.schema import (
    FORMAT,
    POOL,
    SEASONS,
    TEAM,
    TODAY,
    at_odds,
    first_error,
)
from validators.records import (
    CONSTRUCTED,
    READING_CHECKS,
    Announcement,
    Ban,
    CardPool,
    CheckSpec,
    DatedRule,
    DeckRules,
    Family,
    Format,
    FormatSet,
    Lineage,
    PartnerRules,
    Product,
    Restriction,
    Rotation,
    RuleRef,
    Season,
    TeamFormat,
    TeamPlay,
)

SEASONS_FILE = "seasons.json"
BEYOND = "beyond-document"  # the check validators.checks.beyond_document runs


class FormatDataError(ValueError):
    """A file of deckjudge's formats that cannot be read: which, where in it (JSON pointer
    parts) and what is wrong."""

    def __init__(self, path: Path | str, pointer: tuple[str, ...], detail: str) -> None:
        super().__init__(f"{path}: /{'/'.join(pointer)}: {detail}")
        self.path = str(path)
        self.pointer = pointer
        self.detail = detail


def read_formats(directory: Path, order: tuple[str, ...]) -> FormatSet:
    """The formats `order` names, each from its file of `directory`, in that order (a team
    format after the formats its plays name), and the lineages of seasons.json."""
    formats: dict[str, Format] = {}
    for format_id in order:
        path = directory / f"{format_id}.json"
        sent = _json(path)
        team = isinstance(sent, dict) and sent.get("kind") == "team"
        data = _loaded(TEAM if team else FORMAT, sent, path)
        if data["id"] != format_id:
            raise FormatDataError(path, ("id",), f"the file of {format_id!r} names "
                                  f"{data['id']!r}")
        formats[format_id] = _team(data, formats, path) if team else deck_rules(data, data)
    path = directory / SEASONS_FILE
    lineages = _lineages(_loaded(SEASONS, _json(path), path), formats, path)
    return FormatSet(formats, lineages)


def _json(path: Path) -> Any:
    try:
        return orjson.loads(path.read_bytes())
    except orjson.JSONDecodeError as error:
        raise FormatDataError(path, (), f"not JSON: {error}") from None
    except OSError as error:
        raise FormatDataError(path, (), str(error.strerror)) from None


def _loaded(schema: Schema, sent: Any, path: Path) -> dict[str, Any]:
    """`sent` read by `schema` and held to the checks of its parts taken together."""
    if not isinstance(sent, dict):
        raise FormatDataError(path, (), "a format's file is a JSON object")
    try:
        data: dict[str, Any] = schema.load(sent)
    except ValidationError as error:
        raise FormatDataError(path, *first_error(error.normalized_messages())) from None
    for where, part in _parts(data):
        if (odds := at_odds(part)) is not None:
            raise FormatDataError(path, (*where, *odds[0]), odds[1])
        rules = part.get("rules")
        if isinstance(rules, list) and not any(rule["rule"] in READING_CHECKS
                                               for rule in rules):
            raise FormatDataError(path, (*where, "rules"), "deck rules name the section "
                                  f"their lines are read by: list {READING_CHECKS[0]}")
    return data


def _parts(data: dict[str, Any]) -> list[tuple[tuple[str, ...], dict[str, Any]]]:
    """Each set of deck rules a file holds, and where: the file's own, a team play's, a
    lineage's and each of its seasons'."""
    found: list[tuple[tuple[str, ...], dict[str, Any]]] = [((), data)]
    for play, spec in data.get("plays", {}).items():
        if isinstance(spec["deck"], dict):
            found.append((("plays", play, "deck"), spec["deck"]))
    for at, lineage in enumerate(data.get("lineages", ())):
        if "deck" in lineage:
            found.append((("lineages", str(at), "deck"), lineage["deck"]))
        found += [(("lineages", str(at), "seasons", str(place)), season)
                  for place, season in enumerate(lineage["seasons"])]
    return found


def deck_rules(data: Mapping[str, Any], names: Mapping[str, Any],
               play: str | None = None) -> DeckRules:
    """Deck rules from `data`; id, name, version and document come from `names`."""
    return DeckRules(
        id=names["id"], name=names["name"], version=names["version"],
        description=data.get("description", names["description"]),
        document=names["document"], document_date=names["document_date"],
        document_reaches=names.get("document_reaches"),
        play=data.get("play", play or CONSTRUCTED),
        deck_size=data["deck_size"], copy_limit=data["copy_limit"],
        pool=card_pool(data["pool"]),
        banned=tuple(ban(entry) for entry in data.get("banned", ())),
        default_as_of=(None if data.get("default_as_of") == TODAY
                       else data.get("default_as_of")),
        as_of_today=data.get("default_as_of") == TODAY,
        prizes=data.get("prizes"), round_minutes=data.get("round_minutes"),
        checks=checks(data["rules"], names.get("document_reaches")),
        products=tuple(Product(p["id"], p["name"],
                               tuple((b["set"], b["packs"]) for b in p["boosters"]),
                               p["section"]) for p in data.get("products", ())),
        partner=_partner(data.get("partner")),
        restricted=tuple(Restriction(r["card"], r["text"], r.get("max_copies"),
                                     r.get("partner_allowed", True))
                         for r in data.get("restricted", ())),
        watchlisted=tuple(data.get("watchlisted", ())),
        families=tuple(family(entry) for entry in data.get("families", ())),
        organizer_notes=data.get("organizer_notes"))


def checks(rules: list[Mapping[str, Any]], reaches: dt.date | None) -> tuple[CheckSpec, ...]:
    """The checks a format's rules switch on (validators.rule_kinds), the reading checks
    first (READING_CHECKS): each as the data lists it, or, where the data leaves one out,
    citing the section its first listed reading check cites; a document that reaches a date
    is checked against it last (beyond-document), as its reach is data of its own."""
    listed = [rule_kinds.build(rule, rule["section"]) for rule in rules]
    named = {spec.code: spec for spec in listed if spec.code in READING_CHECKS}
    if not named:
        raise ValueError(f"deck rules name the section their lines are read by: list "
                         f"{READING_CHECKS[0]} with its section "
                         f"({[rule['rule'] for rule in rules]})")
    section = next(iter(named.values())).section
    reading = [named.get(code) or rule_kinds.spec(code, section) for code in READING_CHECKS]
    listed = reading + [spec for spec in listed if spec.code not in READING_CHECKS]
    if reaches is not None and all(check.code != BEYOND for check in listed):
        listed.append(rule_kinds.spec(BEYOND, "scope"))
    return tuple(listed)


def read_pool(sent: Any) -> CardPool:
    """A card pool from its JSON value, as a format's file writes it."""
    return card_pool(_loaded(POOL, sent, Path("pool")))


def card_pool(pool: Mapping[str, Any]) -> CardPool:
    """A card pool as the data writes it, read by its schema."""
    return CardPool(
        all_sets=pool.get("all_sets", False), sets=tuple(pool.get("sets", ())),
        later_than=pool.get("later_than"), from_set=pool.get("from_set"),
        promo_numbers={k: (v[0], v[1]) for k, v in pool.get("promo_numbers", {}).items()},
        exempt_basic_types=tuple(pool.get("exempt_basic_types", ())),
        reprints_legal=pool.get("reprints_legal", False),
        rotations=tuple(Rotation(r["effective"], r["from_mark"], source(r["announcement"]),
                                 r.get("note")) for r in pool.get("rotations", ())),
        legal_fridays=pool.get("legal_fridays", 0), legal_days=pool.get("legal_days", 0),
        legal_dates=dict(pool.get("legal_dates", {})),
        excluded_sets=tuple(pool.get("excluded_sets", ())),
        tournament_cards_only=pool.get("tournament_cards_only", False))


def ban(entry: Mapping[str, Any], rule: RuleRef | None = None,
        said: Announcement | None = None) -> Ban:
    """A ban as either form writes it: of a card or a kind of card, dated by its own
    announcement (deckjudge's data) or by the organizer's document (`said`, citing `rule`),
    or of an English name or one printing (an organizer's)."""
    announced = entry.get("announcement")
    dated = "effective" in entry or "until" in entry
    return Ban(entry.get("card") or entry.get("printing"), entry.get("effective"),
               entry.get("until"),
               source(announced) if announced else said if dated else None,
               entry.get("effective_by"), entry.get("until_by"), entry.get("note"),
               entry.get("reaches"), name=entry.get("name"),
               printing_only="printing" in entry, rule=rule)


def family(entry: Mapping[str, Any], said: Announcement | None = None,
           start: dt.date = dt.date.min) -> Family:
    """A family of English names, each keyed as the copy limit keys a name: from its own
    source and day (deckjudge's data), or the organizer's document's (`said`, `start`)."""
    names = tuple(entry["names"])
    given = entry.get("source")
    announced = source(given) if given is not None else said
    assert announced is not None, f"a family's source: {entry['id']}"
    return Family(entry["id"], names, tuple(title_key(name) for name in names), entry["rule"],
                  entry.get("effective", start), announced, entry.get("until"),
                  entry.get("note"))


def source(raw: Mapping[str, str]) -> Announcement:
    return Announcement(raw["title"], raw["date"], raw["url"])


def _partner(raw: Mapping[str, Any] | None) -> PartnerRules | None:
    if raw is None:
        return None
    return PartnerRules(tuple((kind["subtype"], kind["why"]) for kind in raw["ineligible"]))


def _team(data: dict[str, Any], known: dict[str, Format], path: Path) -> TeamFormat:
    plays = {}
    for play, spec in data["plays"].items():
        deck = spec["deck"]
        rules = known.get(deck) if isinstance(deck, str) else deck_rules(deck, data, play)
        if not isinstance(rules, DeckRules):
            raise FormatDataError(path, ("plays", play, "deck"), f"{deck!r} is no format of "
                                  "one deck listed before this one")
        plays[play] = TeamPlay(play=play, deck=rules, prizes=dict(spec["prizes"]),
                               round_minutes=spec.get("round_minutes"), pool=spec.get("pool"),
                               section=spec["section"])
    return TeamFormat(
        id=data["id"], name=data["name"], version=data["version"],
        description=data["description"], document=data["document"],
        document_date=data["document_date"], document_reaches=data.get("document_reaches"),
        seats=tuple(data["seats"]), seats_section=data["seats_section"], plays=plays)


def _lineages(data: dict[str, Any], formats: dict[str, Format],
              path: Path) -> dict[str, Lineage]:
    found: dict[str, Lineage] = {}
    for at, entry in enumerate(data["lineages"]):
        where = ("lineages", str(at))
        unknown = [format_id for format_id in entry["formats"] if format_id not in formats]
        if unknown:
            raise FormatDataError(path, (*where, "formats"), f"no format {unknown[0]!r}")
        seasons = tuple(_season(item, entry.get("deck"), formats, path,
                                (*where, "seasons", str(place)))
                        for place, item in enumerate(entry["seasons"]))
        lineage = Lineage(entry["id"], entry["name"], tuple(entry["formats"]), seasons,
                          tuple(season.effective for season in seasons),
                          tuple(DatedRule(rule["id"], rule["name"], rule["code"],
                                          rule["effective"], rule.get("first_printing"),
                                          source(rule["source"]), rule["note"])
                                for rule in entry.get("rules", ())))
        found.update((format_id, lineage) for format_id in lineage.formats)
    return found


def _season(data: dict[str, Any], deck: dict[str, Any] | None, formats: dict[str, Format],
            path: Path, where: tuple[str, ...]) -> Season:
    window = data.get("effective_window")
    said = source(data["source"])
    named = data.get("rules", data["format"])
    base = formats.get(named)
    if not isinstance(base, DeckRules):
        field = "rules" if "rules" in data else "format"
        raise FormatDataError(path, (*where, field), f"no format of one deck {named!r}")
    if "rules" in data:
        rules = base
    elif deck is None:
        raise FormatDataError(path, where, "a season of its own needs its lineage's deck")
    else:
        rules = _own_rules(data, deck, said, base)
    return Season(data["id"], data["format"], data.get("name", rules.name),
                  window[1] if window else data["effective"], window[0] if window else None,
                  said, data.get("note"), rules)


def _own_rules(data: dict[str, Any], deck: dict[str, Any], said: Announcement,
               base: DeckRules) -> DeckRules:
    """A season's deck rules: the lineage's deck rules with the season's pool and bans,
    under its name, citing its source; judged on the day asked (no default day)."""
    return dataclasses.replace(
        base, name=data["name"], version=data["id"], description=data["note"],
        document=said.title, document_date=_day(said.date), document_reaches=None,
        deck_size=deck["deck_size"], copy_limit=deck["copy_limit"],
        pool=card_pool(data["pool"]), banned=tuple(ban(b) for b in data.get("banned", ())),
        default_as_of=None, as_of_today=False, prizes=deck.get("prizes"), round_minutes=None,
        checks=checks(deck["rules"], None), organizer_notes=None,
        families=tuple(family(entry) for entry in deck.get("families", ())))


def _day(text: str) -> dt.date | None:
    """A source's date when it names a day (some give only a month or a year)."""
    return dt.date.fromisoformat(text) if len(text) == 10 else None
