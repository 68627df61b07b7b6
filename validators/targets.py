"""What a request asks to check, turned into domain inputs: formats, plays and products.

A client names formats (or `all`), maybe a play of a team format, and for Limited play a
product. This module looks them up and says, as `Notice`s, what was asked but does not
apply (a pool sent with Constructed formats only, a play a format lacks): each field is
valid on its own, and whether it applies depends on the formats, so it is not refused.
What cannot be looked up raises one of the errors below, naming the field at fault.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from catalog.index import CatalogIndex
from validators.definition_names import CARD, not_in_catalog
from validators.definitions import check_base
from validators.engine import effective_date
from validators.formats import all_formats, builtin_formats, get_format
from validators.records import (
    CONSTRUCTED,
    LIMITED,
    DeckRules,
    Definition,
    Format,
    Product,
    TeamFormat,
)
from validators.seasons import in_force, lineage_of, organizers_rules

ALL = "all"
NOT_IN_FORCE = "not-in-force"  # the notice of a format `all` leaves out on the day


class TargetError(Exception):
    """Something asked for that does not exist; `field` is where it was asked, `supported`
    what could have been asked instead (empty when a list does not help)."""

    def __init__(self, message: str, field: str, supported: list[str]) -> None:
        super().__init__(message)
        self.field = field
        self.supported = supported


class UnknownFormat(TargetError):
    pass


class UnknownProduct(TargetError):
    pass


class NotATeamFormat(TargetError):
    pass


class RepeatedFormat(TargetError):
    pass


class CardNotInCatalog(TargetError):
    """A card or name an organizer's definition gives that the catalog does not have."""


class SetNotInCatalog(TargetError):
    """A set or series an organizer's definition gives that the catalog does not have."""


class TakenFormatId(TargetError):
    """An organizer's definition whose id is another format's."""


class NotInForce(TargetError):
    """A format asked for on a day before it was first played."""


@dataclass(frozen=True)
class Notice:
    """Something in the request that was read but not used, and why."""

    code: str
    detail: str
    field: str  # the request's field: "pool", "product", "play", "players/0/pool"
    format: str | None = None  # the format left out, for not-in-force


@dataclass(frozen=True)
class Target:
    """One format a deck is checked against, by which deck rules, with which product."""

    format: Format
    rules: DeckRules
    play: str | None  # set for team formats
    product: Product | None = None  # Limited: what the event handed out, when asked

    @property
    def limited(self) -> bool:
        return self.rules.play == LIMITED


@dataclass(frozen=True)
class DeckPlan:
    """The formats one deck is checked in, and what of the request they leave unused."""

    targets: tuple[Target, ...]
    many: bool  # `all` or a list: one verdict per format
    limited: bool  # some target is Limited: the pool and product are used
    notices: tuple[Notice, ...]


@dataclass(frozen=True)
class TeamPlan:
    target: Target
    team: TeamFormat
    play: str
    limited: bool
    notices: tuple[Notice, ...]


def plan_deck(index: CatalogIndex, formats: str | list[str], play: str | None,
              pool_given: bool, product: str | list[str] | None,
              as_of: dt.date | None = None,
              definitions: tuple[Definition, ...] = ()) -> DeckPlan:
    """The targets of one deck. `formats` is `all`, one id, or a list of ids, any of which
    may be the id of one of the organizers' `definitions` sent with it: that definition is
    judged there, and the others after the formats named. A format named on a day before its
    first is an error; `all` leaves such formats out, and those not played on the day
    (`not_played`), saying so."""
    sent = [definition.id for definition in definitions]
    names = [formats] if isinstance(formats, str) and formats != ALL else formats
    named = _targets(names, play, sent)
    made = organizers(index, definitions, named, as_of)
    if names != ALL:  # each format where the request names it, the rest after
        by_id = {target.format.id: target for target in named}
        by_id.update((rules.id, Target(rules, rules, None)) for rules in made)
        named = [by_id.pop(name) for name in names] + list(by_id.values())
    else:
        named += [Target(rules, rules, None) for rules in made]
    targets, absent = _in_force(named, as_of, formats == ALL)
    limited = any(target.limited for target in targets)
    notices = [notice for notice in (_play_notice(t, play, formats == ALL) for t in targets)
               if notice is not None] + absent
    if limited and product is not None:
        targets = [_with_product(index, t, product) if t.limited else t for t in targets]
    elif not limited:
        notices += [_unused(targets, name) for name, given in
                    (("pool", pool_given), ("product", product is not None)) if given]
    return DeckPlan(tuple(targets), _many(formats, sent), limited, tuple(notices))


def _many(formats: str | list[str], sent: list[str]) -> bool:
    """One verdict a format (`all`, a list, an id and a definition); else the verdict alone
    (one id, or one definition alone, named or not)."""
    if formats == ALL:
        return True
    if isinstance(formats, list):
        return bool(formats) or len(sent) > 1
    return len(sent) > (1 if formats in sent else 0)


def organizers(index: CatalogIndex, definitions: tuple[Definition, ...],
               named: list[Target], as_of: dt.date | None) -> list[DeckRules]:
    """The rules of each organizer's definition on the day judged (its base's season's
    then, changed: the rules the engine judges by, made once); an error for one whose id is
    another format's (a deployment's format sent as its very definition is that format), or
    that names a card or set the catalog does not have."""
    found = []
    formats = all_formats()
    asked = {target.format.id for target in named}
    taken = asked | set(formats)
    for at, definition in enumerate(definitions):
        where = "definition" if len(definitions) == 1 else f"definitions/{at}"
        listed = formats.get(definition.id)
        if isinstance(listed, DeckRules) and listed.definition == definition \
                and definition.id not in asked:
            found.append(listed)  # a deployment's own format, sent whole: it is that format
            continue
        if definition.id in taken:
            raise TakenFormatId(f"The definition's id {definition.id!r} is a format's "
                                "already; give it an id of its own.", f"{where}/id", [])
        taken.add(definition.id)
        missing = not_in_catalog(index, definition)
        if missing is not None:
            pointer, detail, kind = missing
            error = CardNotInCatalog if kind == CARD else SetNotInCatalog
            raise error(detail, "/".join((where, *pointer)), [])
        base = check_base(definition, builtin_formats())
        found.append(organizers_rules(definition, base, effective_date(base, as_of)))
    return found


def plan_team(index: CatalogIndex, format_id: str, play: str | None,
              pools_given: list[bool], product: str | list[str] | None,
              as_of: dt.date | None = None,
              definitions: tuple[Definition, ...] = ()) -> TeamPlan:
    """The deck rules a team is checked by; `pools_given` says which players sent a pool.
    An organizer's definition, when sent, gives every player's deck rules in place of the
    team format's own for its play (a Constructed one)."""
    sent = [definition.id for definition in definitions]
    if format_id in sent:
        teams = [f.id for f in all_formats().values() if isinstance(f, TeamFormat)]
        raise NotATeamFormat(f"{format_id!r} is the definition's id, a format for one deck; "
                             f"name a team format ({', '.join(teams)}), and the definition "
                             "gives its players' deck rules.", "format", teams)
    team = _format(format_id, sent)
    if not isinstance(team, TeamFormat):
        teams = [f.id for f in all_formats().values() if isinstance(f, TeamFormat)]
        raise NotATeamFormat(f"{team.id} is a format for one deck; team formats: "
                             f"{', '.join(teams)}. Check one deck with POST /v1/validate.",
                             "format", teams)
    target = _target(team, play)
    unused: list[Notice] = []
    if definitions and target.limited:
        unused.append(Notice("definition-not-used", f"{team.id} is played {target.play} "
                             "here; a definition changes Constructed deck rules, and it was "
                             "not used.", "definition"))
    elif definitions:
        [rules] = organizers(index, definitions, [], as_of)
        target = Target(team, rules, target.play)
    error = not_in_force(target.rules, as_of)
    if error is not None:
        raise error
    notices = [n for n in (_play_notice(target, play, False),) if n is not None] + unused
    if not target.limited:
        notices += [_unused([target], f"players/{position}/pool")
                    for position, given in enumerate(pools_given) if given]
        if product is not None:
            notices.append(_unused([target], "product"))
    elif product is not None:
        target = _with_product(index, target, product)
    assert target.play is not None
    return TeamPlan(target, team, target.play, target.limited, tuple(notices))


def _in_force(targets: list[Target], as_of: dt.date | None,
              every_format: bool) -> tuple[list[Target], list[Notice]]:
    """The targets played on the day judged; for `all`, a notice for each left out."""
    kept: list[Target] = []
    absent: list[Notice] = []
    for target in targets:
        error = not_in_force(target.rules, as_of)
        if error is not None and not every_format:
            raise error
        left_out = str(error) if error is not None else (
            not_played(target, as_of) if every_format else None)
        if left_out is None:
            kept.append(target)
        else:
            absent.append(Notice(NOT_IN_FORCE, left_out, "as_of", target.format.id))
    return kept, absent


def not_played(target: Target, as_of: dt.date | None) -> str | None:
    """Why `all` leaves out a format it could judge on the day, or None. A format with no
    lineage of seasons is its document's, played from the document's date to its reach:
    a day outside that era leaves it out (Team Battle 2009 in 2026; a format whose
    document gives neither, as the casual 2v2 edition, has no era to leave). A lineage
    played under another of its ids that day leaves that id out (Modified from 2014 is
    Standard: `all` judges the season once, as Standard). A format named is judged all
    the same (with beyond-document, or as its season then)."""
    fmt = target.format
    day = effective_date(target.rules, as_of)
    if day is None or target.rules.definition is not None:
        return None
    lineage = lineage_of(fmt.id)
    began, reaches = fmt.document_date, fmt.document_reaches
    if lineage is None and (began is not None and day < began
                            or reaches is not None and day > reaches):
        era = f"from {began}" if began is not None else ""
        era += f"{' ' if era else ''}until {reaches}" if reaches is not None else ""
        return (f"{fmt.id} is the format of its document ({fmt.document}), which governed "
                f"play {era}; {day} is {'earlier' if began and day < began else 'later'}, "
                "and it is judged on that day only when it is named.")
    season = in_force(target.rules, day)
    if lineage is not None and season is not None and season.season.format != fmt.id:
        return (f"{fmt.id} was played as {season.season.format} on {day} "
                f"({season.season.name}): its verdict is {season.season.format}'s.")
    return None


def not_in_force(rules: DeckRules, as_of: dt.date | None) -> NotInForce | None:
    """The error for judging a deck by these rules on a day before their format's first."""
    day = effective_date(rules, as_of)
    definition = rules.definition
    if definition is not None and day is not None:
        first = definition.fields.get("effective")
        if first is not None and day < first:
            return NotInForce(f"{rules.id} is played from {first} ({rules.document}); {day} "
                              "is earlier.", "as_of", [])
    lineage = lineage_of(definition.base if definition is not None else rules.id)
    if lineage is None or day is None or day >= lineage.first_day:
        return None
    first = lineage.seasons[0]
    when = (f"on a day between {first.window_from} and {first.effective}"
            if first.window_from is not None else f"on {first.effective}")
    return NotInForce(f"{rules.id} was first played {when} ({first.name}; "
                      f"{first.source.title}); {day} is earlier.", "as_of", [])


def check_formats(formats: str | list[str]) -> None:
    """Only that every format named exists (or the errors plan_deck would raise)."""
    _targets(formats, None)


def product_for(index: CatalogIndex, rules: DeckRules,
                wanted: str | list[str]) -> Product:
    """A product by id (the format's own first, then any format's), or the sets named."""
    if isinstance(wanted, str):
        found = rules.product(wanted) or next(
            (p for f in _deck_rules() for p in f.products if p.id == wanted), None)
        if found is not None:
            return found
        wanted = [wanted]
    set_ids: list[str] = []
    for name in wanted:
        sets = ([name] if name in index.sets else index.sets_for_code(name)
                or index.sets_named(name))
        if not sets:
            products = sorted({p.id for f in _deck_rules() for p in f.products})
            raise UnknownProduct(f"{name!r} is neither a product ({', '.join(products)}) nor "
                                 "a set id, code or name.", "product", products)
        set_ids.extend(sets[:1])
    sets_named = ", ".join(index.sets[set_id].name for set_id in set_ids)
    section = next((c.section for c in rules.checks if c.code == "not-in-product"), "")
    return Product("sets", f"boosters of {sets_named}",
                   tuple((set_id, 0) for set_id in set_ids), section)


def _targets(wanted: str | list[str], play: str | None,
             sent: list[str] | None = None) -> list[Target]:
    """The targets of the formats named, but for the definitions sent with them, which
    `sent` names by their ids."""
    if wanted == ALL:
        return [_target(f, play) for f in all_formats().values()
                if not isinstance(f, TeamFormat) or (play or CONSTRUCTED) in f.plays]
    names = [wanted] if isinstance(wanted, str) else wanted
    if len(set(names)) != len(names):
        raise RepeatedFormat("A format is named twice.", "format", [])
    return [_target(_format(name, sent or []), play) for name in names
            if name not in (sent or ())]


def _format(name: str, sent: list[str]) -> Format:
    try:
        return get_format(name)
    except KeyError:
        raise unknown_format(name, [*all_formats(), *sent, ALL], sent=sent) from None


def unknown_format(name: str, choices: list[str], field: str = "format",
                   sent: list[str] | None = None) -> UnknownFormat:
    """A format asked for that does not exist, worded one way wherever it is asked for;
    `field` is where ("" for the address of a format's own resource). With `sent`, the ids
    of the definitions the request sent: the words say how to name one."""
    hint = ""
    if sent:
        ids = " and ".join(repr(each) for each in sent)
        hint = (f" The definition sent has the id {ids}: name that id in `format`, or leave "
                "`format` out, to judge by it.")
    return UnknownFormat(f"No format {name!r}; formats: {', '.join(choices)}.{hint}", field,
                         choices)


def _target(fmt: Format, play: str | None) -> Target:
    """The deck rules to check against: a team format's play asked for, else its first."""
    if isinstance(fmt, DeckRules):
        return Target(fmt, fmt, None)
    chosen = play or CONSTRUCTED
    if chosen not in fmt.plays:
        chosen = next(iter(fmt.plays))
    return Target(fmt, fmt.plays[chosen].deck, chosen)


def _play_notice(target: Target, play: str | None, every_format: bool) -> Notice | None:
    """A `play` asked for that the target does not use (format=all says nothing of the
    singles formats: `play` was meant for the team formats among them)."""
    fmt = target.format
    if isinstance(fmt, DeckRules):
        if play is None or play == fmt.play or every_format:
            return None
        return Notice("play-not-used", f"{fmt.id} is a {fmt.play} format; `play` chooses the "
                      f"deck rules of a team format, and {play} was not used.", "play")
    asked = play or CONSTRUCTED
    if asked == target.play:
        return None
    return Notice("play-not-used", f"{fmt.id} is not played {asked} (plays: "
                  f"{', '.join(fmt.plays)}); the deck was checked by its {target.play} rules.",
                  "play")


def _with_product(index: CatalogIndex, target: Target, wanted: str | list[str]) -> Target:
    return Target(target.format, target.rules, target.play,
                  product_for(index, target.rules, wanted))


def _unused(targets: list[Target], field: str) -> Notice:
    named = ", ".join(f"{t.format.id} ({t.rules.play})" for t in targets)
    return Notice("limited-only", f"`{field}` applies to Limited play and was not used; the "
                  f"formats asked are Constructed: {named}.", field)


def _deck_rules() -> list[DeckRules]:
    return [f for f in all_formats().values() if isinstance(f, DeckRules)]
