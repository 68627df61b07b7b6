"""The Play! Pokémon deck registration sheet as a PDF: a player's fields, then the list in its
Pokémon, Trainer and Energy sections, continued on further pages when it is too long for one.

Made with fpdf2: pure Python, it embeds a subset of each TrueType/OpenType font with a
fallback font for the glyphs the first lacks, and keeps the text as text, so a sheet can be
searched, copied and read back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date

from fpdf import FPDF
from fpdf.fonts import TTFFont

from sheets.divisions import age_division
from sheets.fonts import CORE_FAMILY, FontFile, installed

# Paper sizes in millimetres (width, height), by the name a request gives.
PAPERS: dict[str, tuple[float, float]] = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}

# What a glyph no font has is printed as: visible, so a reader sees that a name lost a letter.
MISSING = "?"

MARGIN = 12.0
TITLE_HEIGHT = 9.0
FIELD_HEIGHT = 10.0
CONTINUED_HEIGHT = 9.0
FOOTER_HEIGHT = 8.0
SECTION_HEIGHT = 6.5
LINE_HEIGHT = 5.0
SECTION_GAP = 3.0
# The table's columns: quantity, set and number are fixed; the name takes the rest.
QUANTITY_WIDTH = 12.0
SET_WIDTH = 22.0
NUMBER_WIDTH = 22.0
SMALLEST_NAME_SIZE = 6.0


@dataclass(frozen=True, slots=True)
class SheetLine:
    """One line of a list as the sheet prints it."""

    quantity: int
    name: str
    set_code: str
    number: str


@dataclass(frozen=True, slots=True)
class SheetEntry:
    """One player's sheet: the event, the player, and the list in its three sections."""

    event_name: str
    event_date: date
    player_name: str
    player_id: str
    birth_date: date | None
    division: str | None  # given by the organizer; else found from the birth date
    pokemon: tuple[SheetLine, ...]
    trainers: tuple[SheetLine, ...]
    energy: tuple[SheetLine, ...]

    def sections(self) -> tuple[tuple[str, tuple[SheetLine, ...]], ...]:
        """Return the sections in the order the sheet prints them, each with its title."""
        return (("Pokémon", self.pokemon), ("Trainer", self.trainers), ("Energy", self.energy))

    def total(self) -> int:
        """Return the number of cards the list names."""
        return sum(line.quantity for _, lines in self.sections() for line in lines)

    def age_division(self) -> str:
        """Return the division printed: the organizer's, else the birth date's, else blank."""
        if self.division:
            return self.division
        if self.birth_date is None:
            return ""
        return age_division(self.birth_date, self.event_date) or ""


@dataclass(frozen=True, slots=True)
class SectionRow:
    """A section's heading on a page: its title, its card count, and whether it goes on."""

    title: str
    cards: int
    continued: bool


@dataclass(frozen=True, slots=True)
class TotalRow:
    """The list's card count, under its last section."""

    cards: int


Row = SectionRow | SheetLine | TotalRow


def row_height(row: Row) -> float:
    """Return the height a row takes on the page, its section's gap included."""
    if isinstance(row, SectionRow):
        return SECTION_HEIGHT + (0.0 if row.continued else SECTION_GAP)
    return LINE_HEIGHT if isinstance(row, SheetLine) else SECTION_HEIGHT + SECTION_GAP


def first_page_top() -> float:
    """Return where the list starts on a player's first page: under the title and fields."""
    return MARGIN + TITLE_HEIGHT + 3 * FIELD_HEIGHT


def paginate(entry: SheetEntry, page_height: float) -> list[list[Row]]:
    """Split a player's rows into pages, repeating a section's heading where it goes on."""
    bottom = page_height - MARGIN - FOOTER_HEIGHT
    pages: list[list[Row]] = [[]]
    y = first_page_top()
    for title, lines in entry.sections():
        cards = sum(line.quantity for line in lines)
        heading = SectionRow(title, cards, continued=False)
        # A heading is never left at a page's foot without its first line.
        if y + row_height(heading) + (LINE_HEIGHT if lines else 0.0) > bottom:
            pages.append([])
            y = MARGIN + CONTINUED_HEIGHT
        pages[-1].append(heading)
        y += row_height(heading)
        for line in lines:
            if y + LINE_HEIGHT > bottom:
                pages.append([SectionRow(title, cards, continued=True)])
                y = MARGIN + CONTINUED_HEIGHT + SECTION_HEIGHT
            pages[-1].append(line)
            y += LINE_HEIGHT
    total = TotalRow(entry.total())
    if y + row_height(total) > bottom:
        pages.append([])
    pages[-1].append(total)
    return pages


class Sheet:
    """A PDF being drawn, with the fonts found and the characters they can print."""

    def __init__(self, paper: str, fonts: tuple[FontFile, ...] | None = None) -> None:
        if paper not in PAPERS:
            raise ValueError(f"paper is one of {sorted(PAPERS)}, not {paper!r}")
        self.width, self.height = PAPERS[paper]
        self.pdf = FPDF(unit="mm", format=(self.width, self.height))
        self.pdf.set_margins(MARGIN, MARGIN, MARGIN)
        self.pdf.set_auto_page_break(False)
        self.pdf.set_creator("deckjudge")
        self.pdf.set_title("Deck registration sheet")
        if fonts is None:
            fonts = installed()
        for font in fonts:
            self.pdf.add_font(font.family, font.style, font.path,
                              collection_font_number=font.collection_number)
        self.family, self.bold, self.printable = self._fonts(fonts)

    def _fonts(self, fonts: tuple[FontFile, ...]) -> tuple[str, str, frozenset[int] | None]:
        """Set the fallbacks; return the sheet's family, its bold style, and the code points
        the fonts print (None: Latin-1, the core font's)."""
        if not fonts:
            return CORE_FAMILY, "B", None
        families = list(dict.fromkeys(font.family for font in fonts))
        self.pdf.set_fallback_fonts(families[1:], exact_match=False)
        printable: set[int] = set()
        for family in families:
            face = self.pdf.fonts[family]
            if isinstance(face, TTFFont):
                printable.update(face.cmap)
        bold = "B" if any(f.family == families[0] and f.style == "B" for f in fonts) else ""
        return families[0], bold, frozenset(printable)

    def printed(self, text: str) -> str:
        """Return text with every character no font has replaced by a visible '?'."""
        if self.printable is None:
            return "".join(c if ord(c) < 256 else MISSING for c in text)
        return "".join(c if ord(c) in self.printable or c.isspace() else MISSING
                       for c in text)

    def font(self, size: float, bold: bool = False) -> None:
        """Select the sheet's font, written into the page whatever fpdf2 takes as current:
        a cell that falls back to another font sets its own inside a saved graphics state,
        and fpdf2 would otherwise leave the next cell of the same font with none."""
        self.pdf.font_family = ""
        self.pdf.set_font(self.family, self.bold if bold else "", size)

    def text(self, x: float, y: float, w: float, h: float, text: str, *, size: float,
             bold: bool = False, align: str = "L", border: str = "") -> None:
        """Print one cell of text, shrunk to fit its width down to the smallest size."""
        shown = self.printed(text)
        self.font(size, bold)
        while size > SMALLEST_NAME_SIZE and self.pdf.get_string_width(shown) > w - 2:
            size -= 0.5
            self.font(size, bold)
        self.pdf.set_xy(x, y)
        self.pdf.cell(w, h, shown, border=border, align=align)

    def output(self) -> bytes:
        return bytes(self.pdf.output())


def field(sheet: Sheet, x: float, y: float, w: float, label: str, value: str) -> None:
    """Draw one of the player's fields: a box, its label small above its value."""
    sheet.pdf.set_draw_color(0)
    sheet.pdf.rect(x, y, w, FIELD_HEIGHT)
    sheet.pdf.set_text_color(90)
    sheet.text(x + 1, y + 0.5, w - 2, 3.5, label, size=7)
    sheet.pdf.set_text_color(0)
    sheet.text(x + 1, y + 4, w - 2, 5.5, value, size=10)


def draw_header(sheet: Sheet, entry: SheetEntry) -> None:
    """Draw a player's first page's title and fields."""
    inner = sheet.width - 2 * MARGIN
    sheet.text(MARGIN, MARGIN, inner, TITLE_HEIGHT - 2, "Pokémon TCG Deck Registration Sheet",
               size=13, bold=True)
    half = inner / 2
    rows = ((("Event", entry.event_name), ("Event date", entry.event_date.isoformat())),
            (("Player name", entry.player_name), ("Player ID", entry.player_id)),
            (("Date of birth", entry.birth_date.isoformat() if entry.birth_date else ""),
             ("Age division", entry.age_division())))
    y = MARGIN + TITLE_HEIGHT
    for left, right in rows:
        field(sheet, MARGIN, y, half, *left)
        field(sheet, MARGIN + half, y, half, *right)
        y += FIELD_HEIGHT


def draw_continued(sheet: Sheet, entry: SheetEntry) -> None:
    """Draw the line that heads a page a player's list goes on to."""
    sheet.text(MARGIN, MARGIN, sheet.width - 2 * MARGIN, CONTINUED_HEIGHT - 3,
               f"{entry.player_name} ({entry.player_id}): list continued", size=10, bold=True)


def draw_row(sheet: Sheet, y: float, row: Row) -> float:
    """Draw one row of the list at y; return the y under it."""
    name_width = sheet.width - 2 * MARGIN - QUANTITY_WIDTH - SET_WIDTH - NUMBER_WIDTH
    widths = (QUANTITY_WIDTH, name_width, SET_WIDTH, NUMBER_WIDTH)
    if isinstance(row, SectionRow):
        if not row.continued:
            y += SECTION_GAP
        title = f"{row.title} ({row.cards})" + (", continued" if row.continued else "")
        cells: tuple[str, ...] = (title, "", "Set", "No.")
        sheet.pdf.set_fill_color(225)
        sheet.pdf.rect(MARGIN, y, sum(widths), SECTION_HEIGHT, style="F")
        sheet.text(MARGIN, y, QUANTITY_WIDTH + name_width, SECTION_HEIGHT, cells[0], size=10,
                   bold=True)
        x = MARGIN + QUANTITY_WIDTH + name_width
        for width, cell in zip(widths[2:], cells[2:], strict=True):
            sheet.text(x, y, width, SECTION_HEIGHT, cell, size=9, bold=True)
            x += width
        return y + SECTION_HEIGHT
    if isinstance(row, TotalRow):
        y += SECTION_GAP
        sheet.text(MARGIN, y, sum(widths), SECTION_HEIGHT, f"Total cards: {row.cards}",
                   size=10, bold=True, align="R")
        return y + SECTION_HEIGHT
    x = MARGIN
    cells = (str(row.quantity), row.name, row.set_code, row.number)
    for width, cell, align in zip(widths, cells, ("R", "L", "L", "L"), strict=True):
        sheet.text(x, y, width, LINE_HEIGHT, cell, size=9, align=align, border="B")
        x += width
    return y + LINE_HEIGHT


def draw_footer(sheet: Sheet, entry: SheetEntry, page: int, pages: int) -> None:
    """Draw a page's foot: whose sheet it is and which of its pages."""
    y = sheet.height - MARGIN - FOOTER_HEIGHT + 3
    inner = sheet.width - 2 * MARGIN
    sheet.pdf.set_text_color(90)
    sheet.text(MARGIN, y, inner * 0.75, 5, f"{entry.event_name}: {entry.player_name}", size=8)
    sheet.text(MARGIN + inner * 0.75, y, inner * 0.25, 5, f"Page {page} of {pages}", size=8,
               align="R")
    sheet.pdf.set_text_color(0)


def draw_entry(sheet: Sheet, entry: SheetEntry) -> None:
    """Draw one player's pages."""
    pages = paginate(entry, sheet.height)
    for number, rows in enumerate(pages, start=1):
        sheet.pdf.add_page()
        if number == 1:
            draw_header(sheet, entry)
            y = first_page_top()
        else:
            draw_continued(sheet, entry)
            y = MARGIN + CONTINUED_HEIGHT
        for row in rows:
            y = draw_row(sheet, y, row)
        draw_footer(sheet, entry, number, len(pages))


def registration_pdf(entries: Sequence[SheetEntry], paper: str) -> bytes:
    """Return the registration sheets of these players as one PDF, each on pages of its own,
    on paper "a4" or "letter"."""
    if not entries:
        raise ValueError("a registration PDF needs at least one player")
    sheet = Sheet(paper)
    for entry in entries:
        draw_entry(sheet, entry)
    return sheet.output()
