"""Deck-construction limits that a card's own printed text sets.

Parsed once at import into structured fields on the printing:

- `copies_unlimited`: "You may have as many of this card in your deck as
  you like" (Arceus LV.X and others).
- `limit_group` / `limit_scope` / `limit_max`: at most `limit_max` cards of
  the group in a deck ("deck" scope: ACE SPEC, Radiant, Pokémon Star, the
  Neo Unown), or of the group with one name ("name" scope: Prism Star,
  Shining Pokémon's "You can't have more than 1 <name> in your deck");
  `limit_text` is the printed sentence that sets it, which a violation cites.
- `play_together`: how many copies the text lets (or makes) you play at
  the same time: Puzzle of Time 2, Quad Stone 4, LEGEND halves 2,
  V-UNION pieces 4, Cross Switcher 2 …  Partner Battles I.3.3.2 lets a
  deck hold that many of such a card.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from catalog.identity import clean_text
from runtime import patterns


@dataclass(frozen=True)
class DeckLimits:
    copies_unlimited: bool = False
    limit_group: str | None = None
    limit_scope: str | None = None
    limit_max: int | None = None
    limit_text: str | None = None
    play_together: int | None = None


def _rule(pattern: str) -> patterns.Pattern:
    """A phrase of rules text, in any letter case."""
    return patterns.compile(pattern, ignore_case=True)


_UNLIMITED = _rule(r"you may have as many of this card in your deck as you like")
_GROUP_LIMITS = (
    # (pattern, group, scope)
    (_rule(r"can't have more than (\d+) ACE SPEC"), "ACE SPEC", "deck"),
    (_rule(r"can't have more than (\d+) Radiant Pokémon"), "Radiant", "deck"),
    (_rule(r"can't have more than (\d+) Pokémon Star"), "Pokémon Star", "deck"),
    (_rule(r"can't have more than (\d+) (?:◇|Prism Star) card with the same name"),
     "Prism Star", "name"),
    (_rule(r"may have up to (\d+) Basic Pokémon cards in your deck with Unown in their names"),
     "Unown", "deck"),
)
_PLAY_TOGETHER = (
    _rule(r"(?:may|must) (?:play|use) (\d+) .{1,40}? (?:cards )?(?:at once|at the same time)"),
    _rule(r"combine (\d+) different .{1,40}? and put them onto your Bench"),
)
_OWN_NAME = _rule(r"can't have more than (\d+|one) (.+?) in your deck")
_LEGEND_HALF = _rule(r"onto your Bench only with the other half of")
_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4}


def parse_limits(name: str, rules: Iterable[str]) -> DeckLimits:
    """Read the deck-construction limits out of a card's rules text."""
    lines = [clean_text(rule) for rule in rules]
    joined = "\n".join(lines)
    if not joined:
        return DeckLimits()
    group = next((found for line in lines if (found := _group_limit(name, line))), None)
    return DeckLimits(
        copies_unlimited=bool(_UNLIMITED.search(joined)),
        limit_group=group[0] if group else None,
        limit_scope=group[1] if group else None,
        limit_max=group[2] if group else None,
        limit_text=group[3] if group else None,
        play_together=_play_together(joined),
    )


def _group_limit(name: str, line: str) -> tuple[str, str, int, str] | None:
    """(group, scope, max, the printed sentence) when the line sets a limit."""
    for pattern, group, scope in _GROUP_LIMITS:
        match = pattern.search(line)
        if match:
            return group, scope, int(match.group(1)), _sentence(line, match)
    # Shining Pokémon and the like: "You can't have more than 1 <own name> in your deck."
    for match in _OWN_NAME.finditer(line):
        if match.group(2).casefold() == clean_text(name).casefold():
            count = match.group(1).lower()
            return "name", "name", _WORDS.get(count) or int(count), _sentence(line, match)
    return None


def _sentence(line: str, match: patterns.Match) -> str:
    """The sentence of the rules line that holds the limit, without what the line goes on to
    say (Miracle Energy's text, the Prism Star's Lost Zone clause)."""
    start = line.rfind(". ", 0, match.start()) + 1
    end = line.find(".", match.end())
    return line[start:end + 1 if end >= 0 else len(line)].strip()


def _play_together(text: str) -> int | None:
    for pattern in _PLAY_TOGETHER:
        match = pattern.search(text)
        if match:
            return int(match.group(1))
    if _LEGEND_HALF.search(text):
        return 2
    return None
