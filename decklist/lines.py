"""One card line of a text decklist: its count and the readings of its card reference.

Exporters write `COUNT NAME SET NUMBER` (PTCG Live), `* COUNT NAME SET NUMBER`
(PTCGO), `COUNT NAME (SET) NUMBER`, `COUNT NAME SET-NUMBER`, `COUNTx NAME` and plain
`COUNT NAME`: a card line always starts with its count.
A name can end in words that look like a set code ("Pikachu GX SM232"), so
a line yields every plausible reading, most specific first, and the
resolver keeps the first that names a real printing.
"""

from __future__ import annotations

import re

from decklist.model import Candidate

# A minus sign is read as part of the count, so "-4 Bill" is a count out of range, not a name.
_COUNT = re.compile(r"^\s*(?:\*\s*)?(-?\d+)\s*[xX×]?\s+(?=\S)(.*)$")
# "(SET) NUMBER" with a set code or a set name: "Bill (LC) 108", "Pikachu (Jungle) 60".
_PAREN = re.compile(
    r"^(.+?)\s*\(([A-Za-z0-9][A-Za-z0-9 &'.:\u2014\u2013-]{0,39})\)\s*([A-Za-z]{0,5}\d+[a-zA-Z]?)$")
_DASHED = re.compile(r"^(.+?)\s+([A-Za-z][A-Za-z0-9]{0,9})-([A-Za-z]{0,5}\d+[a-zA-Z]?)$")
# A collector number as printed: "4", "004", "SWSH068", "SM31", "H10", "102a", "TG01".
_NUMBER = re.compile(r"^(?:[A-Za-z]{0,5}\d{1,4}[a-zA-Z]?|[A-Z!?])$")
# A set code as tools write it: "BS", "PR-SW", "SVE", "Energy", "XYEnergy", "B2".
_SET_CODE = re.compile(r"^(?=.*[A-Z])[A-Za-z][A-Za-z0-9]+(?:-[A-Za-z0-9]+)?$")
_PROMO_NUMBER = re.compile(r"^[A-Za-z]{2,5}\d{1,4}[a-zA-Z]?$")
# A catalog card id written as the whole reference: "neo1-14", "swsh11tg-TG24", "cel25c-15_A".
_CARD_ID = re.compile(r"^[a-z][a-z0-9]*-[A-Za-z0-9_]+$")


def split_count(text: str) -> tuple[int, str] | None:
    """The leading count and the rest, or None when the line starts with no count."""
    match = _COUNT.match(text)
    if not match:
        return None
    return int(match.group(1)), match.group(2).strip()


def readings(reference: str) -> tuple[Candidate, ...]:
    """Every plausible reading of a card reference, most specific first."""
    found: list[Candidate] = []
    if _CARD_ID.match(reference):
        found.append(Candidate(card_id=reference))
    paren = _PAREN.match(reference)
    if paren:
        found.append(Candidate(paren.group(1).strip(), paren.group(2), paren.group(3)))
    dashed = _DASHED.match(reference)
    if dashed:
        found.append(Candidate(dashed.group(1).strip(), dashed.group(2), dashed.group(3)))
    tokens = reference.split()
    if len(tokens) >= 3 and _NUMBER.match(tokens[-1]) and _SET_CODE.match(tokens[-2]):
        found.append(Candidate(" ".join(tokens[:-2]), tokens[-2], tokens[-1]))
    if len(tokens) >= 2 and _PROMO_NUMBER.match(tokens[-1]):
        found.append(Candidate(" ".join(tokens[:-1]), None, tokens[-1]))
    found.append(Candidate(reference.strip()))
    return tuple(dict.fromkeys(found))
