"""The deck rules of an organizer's format: its base's rules in force, with its changes.

A definition (validators.definitions) changes whichever rules of its base are in force on
the day judged: the base's own, or its season's (validators.seasons). Each change becomes
what a built-in format's data would hold: a deck size, a copy limit, ban entries, families,
and checks with their parameters. The organizer's rules cite the organizer's document, with
the section, words and address the definition gives; the base's rules it keeps cite the
base's document. Made once a definition and base rules, and kept (bounded: runtime.caches'
`definition_rules`, and the budget of bytes).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from typing import Any, TypeVar

from runtime.caches import Kept, Spec
from validators import rule_kinds
from validators.definitions import check_base
from validators.formats import builtin_formats
from validators.formats.reader import ban, family
from validators.records import (
    Announcement,
    Ban,
    CheckSpec,
    DeckRules,
    Definition,
    Family,
    RuleRef,
)

# Rules made of definitions, and their seasons, kept in a process: a deployment's few, and
# the latest requests' own (two entries a definition over a base with seasons). A
# definition with 2,000 pool cards makes rules of a good part of a megabyte, so few are kept
# (bench/cache_memory.py fills them); a request with a definition not kept makes its rules
# again (bench/micro.py times it: "an organizer's format"). What rules made of a
# definition hold of their own grows with the definition's canonical form, at most
# RULES_PER_BYTE times it beside a few KB (tests/api/test_cache_bytes.py measures it),
# besides what they share with their base.
RULES_BYTES = 8192
RULES_PER_BYTE = 2

# The checks an organizer's changes add, after which of the base's checks (the last of them
# present), so a verdict to its first error meets them where a built-in format would.
_AFTER = {"copy-limit": ("deck-size", "no-basic-pokemon"),
          "banned": ("not-legal", "printed-limit"),
          "outside-pool": ("not-legal", "printed-limit"),
          "name-family": ("banned", "not-legal")}


def organizer_rules(definition: Definition) -> DeckRules:
    """The definition's rules as its base's own rules change them: what a deployment's
    format is listed by (the rules on a day are its base's season's, changed:
    validators.seasons)."""
    return derive(definition, check_base(definition, builtin_formats()))


def derive(definition: Definition, base: DeckRules, days: DeckRules | None = None) -> DeckRules:
    """The deck rules of `definition` on a day whose base rules are `base`: its base
    format's, or one of its seasons' (kept). `days`, the base format, says which day a deck
    is judged on when a request names none (a season's rules are judged on the day asked)."""
    return kept(("rules", definition.hash, id(base)), base,
                lambda: _derive(definition, base, days or base))


def _derive(definition: Definition, base: DeckRules, days: DeckRules) -> DeckRules:
    given = definition.fields
    own = _Citer(definition, base)
    checks = list(base.checks)
    if "deck_size" in given:
        size = given["deck_size"]
        own.replace(checks, "deck-size", "deck_size", f"deck of exactly {size} cards")
    if "copy_limit" in given:
        limit = given["copy_limit"]
        words = ("no limit of copies by name" if limit is None else
                 "one copy of each card by name, basic Energy exempt" if limit == 1 else
                 f"{limit} copies of a card by name, basic Energy exempt")
        own.replace(checks, "copy-limit", "copy_limit", words)
    if "pool" in given:
        own.add(checks, CheckSpec("outside-pool", own.section("pool", "card pool"),
                                  _pool_params(given["pool"])))
    banned = _bans(definition, base, own)
    if "banned" in given and not any(spec.code == "banned" for spec in checks):
        own.add(checks, CheckSpec("banned", own.section("banned", "banned cards")))
    families = _families(definition, base, own)
    if families and not any(spec.code == "name-family" for spec in checks):
        own.add(checks, CheckSpec("name-family", own.section("families", "name families")))
    for rule in given.get("rules", ()):
        checks.append(own.rule(rule))
    return dataclasses.replace(
        base, id=definition.id, name=given.get("name", definition.id),
        version=definition.hash[:12],
        description=given.get("description", f"{base.name}, as {own.document} changes it."),
        document=own.document, document_date=given.get("document_date"),
        document_reaches=None, default_as_of=days.default_as_of, as_of_today=days.as_of_today,
        deck_size=given.get("deck_size", base.deck_size),
        copy_limit=given["copy_limit"] if "copy_limit" in given else base.copy_limit,
        banned=banned, families=families, checks=tuple(checks),
        citations=own.citations(checks), definition=definition, organizer_notes=None)


class _Citer:
    """The organizer's document, and the sections it gives each change."""

    def __init__(self, definition: Definition, base: DeckRules) -> None:
        given = definition.fields
        self.fields = given
        self.document = given.get("document", f"{given.get('name', definition.id)} (an "
                                  "organizer's format)")
        self.url: str | None = given.get("url")
        self.base = base
        self.own: dict[str, RuleRef] = {}

    def section(self, change: str, words: str) -> str:
        """The section a change of a base field is cited by, as the definition gives it."""
        cited = self.fields.get("sections", {}).get(change, {})
        return self._cite(cited.get("section", words), cited.get("text"))

    def _cite(self, section: str, text: str | None) -> str:
        self.own[section] = RuleRef(self.document, section, text, self.url)
        return section

    def replace(self, checks: list[CheckSpec], code: str, change: str, words: str) -> None:
        """The base's check of `code` cited by the organizer's section; added if missing."""
        spec = CheckSpec(code, self.section(change, words))
        at = next((i for i, each in enumerate(checks) if each.code == code), None)
        if at is None:
            self.add(checks, spec)
        else:
            checks[at] = dataclasses.replace(checks[at], section=spec.section)

    def add(self, checks: list[CheckSpec], spec: CheckSpec) -> None:
        after = [i for i, each in enumerate(checks) if each.code in _AFTER.get(spec.code, ())]
        checks.insert(after[-1] + 1 if after else len(checks), spec)

    def rule(self, rule: dict[str, Any]) -> CheckSpec:
        section = rule.get("section") or rule_kinds.words(rule)
        return rule_kinds.build(rule, self._cite(section, rule.get("text")))

    def ban_rule(self) -> RuleRef:
        return self.own[self.section("banned", "banned cards")]

    def citations(self, checks: list[CheckSpec]) -> tuple[RuleRef, ...]:
        """The organizer's sections, and each of the base's kept, by the base's document."""
        kept = [self.base.rule(spec.section) for spec in checks if spec.section not in self.own]
        return tuple(dict.fromkeys([*self.own.values(), *kept]))


def _bans(definition: Definition, base: DeckRules, own: _Citer) -> tuple[Ban, ...]:
    given = definition.fields
    kept = base.banned if given.get("base_bans", True) else ()
    if "banned" not in given and "unbanned" not in given:
        return kept
    rule = own.ban_rule()
    said = Announcement(own.document, _day(given.get("document_date")), own.url or "")
    added = tuple(ban(entry, rule, said) for entry in given.get("banned", ()))
    lifted = tuple(Ban(entry.get("card"), name=entry.get("name"), lifts=True, rule=rule)
                   for entry in given.get("unbanned", ()))
    return kept + added + lifted


def _families(definition: Definition, base: DeckRules,
              own: _Citer) -> tuple[Family, ...]:
    given = definition.fields
    kept = base.families if given.get("base_families", True) else ()
    if "families" not in given:
        return kept
    source = Announcement(own.document, _day(given.get("document_date")), own.url or "")
    start = given.get("effective", dt.date.min)
    return kept + tuple(family(entry, source, start) for entry in given["families"])


def _pool_params(pool: dict[str, Any]) -> dict[str, Any]:
    return {key: tuple(value) if isinstance(value, list) else value
            for key, value in pool.items()}


def _day(day: dt.date | None) -> str:
    return day.isoformat() if day is not None else ""


def rules_bytes(_key: object, kept: tuple[object, Any]) -> int:
    """What rules made of a definition hold of their own (a season's, its rules'), and the
    definition they keep (which the definitions' cache may have let go of)."""
    made = kept[1]
    rules = getattr(made, "rules", made)  # a season holds its rules
    definition = rules.definition if isinstance(rules, DeckRules) else None
    if definition is None:
        return RULES_BYTES
    return RULES_BYTES + len(definition.canonical) * RULES_PER_BYTE + definition.weight()


T = TypeVar("T")
_KEPT: Kept[tuple[str, str, int], tuple[object, Any]] = Kept(
    Spec("definition_rules", rules_bytes), "definition rules", registered=True)


def kept(key: tuple[str, str, int], of: object, make: Callable[[], T]) -> T:
    """`make()`, kept under `key` while `of` (the base it was made from) is the object the
    key's id names; the oldest go past the cache's bounds. The rules made of a definition
    are kept here, and its seasons (validators.seasons)."""
    found = _KEPT.peek(key)
    if found is not None and found[0] is of:
        return found[1]
    made = make()
    kept = _KEPT.keep(key, (of, made))
    return kept[1] if kept[0] is of else made


def forget() -> None:
    """Forget every rules made: a worker's first sight of each definition (bench/micro.py)."""
    _KEPT.clear()
