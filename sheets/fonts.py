"""The fonts a sheet prints with: Debian's, found by path when a sheet is made."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class FontFile:
    """One font file a sheet may embed, under the family and style it is known by."""

    family: str
    style: str  # "" regular, "B" bold
    path: Path
    collection_number: int = 0  # the face within a .ttc collection


# DejaVu Sans (fonts-dejavu-core) prints Latin, Greek and Cyrillic; Noto Sans CJK
# (fonts-noto-cjk) prints Japanese, Chinese and Korean where DejaVu has no glyph. The first
# family found is the sheet's own; the others are its fallbacks, in this order.
FONT_FILES: tuple[FontFile, ...] = (
    FontFile("dejavu", "", Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")),
    FontFile("dejavu", "B", Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")),
    FontFile("noto-cjk", "", Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc")),
    FontFile("noto-cjk", "B", Path("/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc")),
)

# PDF's own Helvetica, which every reader has: Latin-1 only, used when no file is found.
CORE_FAMILY = "helvetica"


def installed(files: tuple[FontFile, ...] = FONT_FILES) -> tuple[FontFile, ...]:
    """Return the font files that are on this machine, keeping only families with a regular
    face."""
    present = tuple(font for font in files if font.path.is_file())
    regular = {font.family for font in present if font.style == ""}
    return tuple(font for font in present if font.family in regular)
