"""Collector numbers as printed, and a key that sorts them as people expect."""

from __future__ import annotations

from runtime import patterns

# (?s) and \Z: any text splits, a line break too (a query may carry one)
_PARTS = patterns.compile(r"(?s)^(\D*)(\d*)(.*)\Z")


def number_sort_key(number: str) -> str:
    """A string key ordering numbers within a set: "9" < "21" < "H1" < "SWSH068".

    Plain numbers come first, then prefixed series grouped by prefix, each in
    numeric order; a suffix ("102a") sorts after its number.
    """
    prefix, digits, suffix = _parts(number)
    value = int(digits) if digits else 0
    return f"{prefix:<8.8}{value:08d}{suffix:<8.8}"


def number_key(number: str) -> str:
    """A short key equal for every way of writing one number: "004" = "4", "SWSH68" = "swsh068"."""
    prefix, digits, suffix = _parts(number)
    return f"{prefix}{int(digits) if digits else ''}{suffix.lower()}"


def _parts(number: str) -> tuple[str, str, str]:
    """Prefix, digits and suffix of a number, upper-cased: "swsh068" → ("SWSH", "068", "")."""
    number = number.strip().upper()
    if number.isdecimal():  # most are: no pattern needed
        return "", number, ""
    return _PARTS.match(number).groups()  # type: ignore[union-attr,return-value]
