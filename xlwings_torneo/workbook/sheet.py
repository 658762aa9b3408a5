"""Neutral sheet contents moved by every backend: what was read (Grid), what to write (SheetSpec).

Backends only move cells; they never compute anything. Rows and columns are 1-based.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from typing import TypeAlias


@dataclass(frozen=True)
class Formula:
    """A formula the program writes on purpose (never a user string: those are always text)."""

    text: str


CellValue: TypeAlias = str | int | float | Decimal | date | datetime | bool | None
WriteValue: TypeAlias = CellValue | Formula


@dataclass(frozen=True)
class Style:
    bold: bool = False
    italic: bool = False
    fill: str | None = None
    """Background colour as RRGGBB hex."""
    number_format: str | None = None
    align: str | None = None
    """`left`, `center` or `right`."""
    font_size: float | None = None
    wrap: bool = False
    """Text shown on several lines (the round sheets' `Nome Cognome` + line break + club)."""
    rotate: int = 0
    """Degrees the text is turned counter-clockwise (90: read bottom to top), for the names
    heading narrow columns (`STATISTICHE`). The live-Excel backend leaves it horizontal:
    xlwings has no text orientation its remote engine knows."""


FONT_NAME = "Arial"
"""**Decision**: every cell we write is in Arial, on every Windows and metric-compatible
with Liberation Sans on LibreOffice (a style without a font name fell back to a serif)."""


@dataclass(frozen=True)
class PageSetup:
    """How a sheet prints from Excel or LibreOffice: A4, one page wide, header and footer."""

    landscape: bool = False
    repeat_rows: tuple[int, int] | None = None
    """First and last row printed again at the top of every page (the header row)."""
    title: str = ""
    """Left of the page header: the tournament's name."""
    subtitle: str = ""
    """Right of the page header: what the sheet is (`Turno 3 - Semifinale`)."""
    margin_cm: float = 1.5
    """Left and right margins; top and bottom get room for the header and footer."""


PAGE_FOOTER = "Pagina {page} di {pages}"
"""The page footer; each backend writes it with its own page-number fields."""


@dataclass(frozen=True)
class Validation:
    """A dropdown: the cells it covers (`F4:F1000`) and the list it offers (`Dati!$A$2:$A$3`)."""

    cells: str
    source: str
    strict: bool = True
    """True: only the list's values are accepted; False: the list is a suggestion and free
    text is allowed (docs/workbook.md: a club may be "any unofficial group or a family")."""


STRICT_LIST_ERROR = "Scegli un valore dall'elenco"
"""The message a spreadsheet shows when a strict dropdown gets another value."""


@dataclass
class SheetSpec:
    """A sheet to (re)write whole."""

    name: str
    cells: dict[tuple[int, int], WriteValue] = field(default_factory=dict)
    styles: dict[tuple[int, int], Style] = field(default_factory=dict)
    col_widths: dict[int, float] = field(default_factory=dict)
    row_heights: dict[int, float] = field(default_factory=dict)
    """Rows of a set height, in points (a header row of turned names); others as they come."""
    hidden_cols: set[int] = field(default_factory=set)
    hidden: bool = False
    validations: list[Validation] = field(default_factory=list)
    merges: list[tuple[int, int, int, int]] = field(default_factory=list)
    """Merged blocks (first row, first col, last row, last col), e.g. the round sheets'
    `Tavolo N°k` across the table's columns."""
    page: PageSetup | None = None
    """The print layout; None leaves the program's default."""

    def put(self, row: int, col: int, value: WriteValue, style: Style | None = None) -> None:
        self.cells[(row, col)] = value
        if style is not None:
            self.styles[(row, col)] = style

    def put_row(self, row: int, values: Sequence[WriteValue], style: Style | None = None,
                first_col: int = 1) -> None:
        for offset, value in enumerate(values):
            self.put(row, first_col + offset, value, style)

    @property
    def max_row(self) -> int:
        return max((r for r, _ in self.cells), default=0)

    @property
    def max_col(self) -> int:
        return max((c for _, c in self.cells), default=0)

    def matrix(self) -> list[list[WriteValue]]:
        """The cells as one rectangle from A1 (for bulk writes), None where empty."""
        width = self.max_col  # once: each call scans every cell
        out: list[list[WriteValue]] = [[None] * width for _ in range(self.max_row)]
        for (r, c), v in self.cells.items():
            out[r - 1][c - 1] = v
        return out


@dataclass(frozen=True)
class Grid:
    """A sheet as read: values only, ragged rows allowed."""

    name: str
    rows: tuple[tuple[CellValue, ...], ...]
    hidden: bool = False

    @classmethod
    def trimmed(cls, name: str, rows: Iterable[Iterable[CellValue]],
                hidden: bool = False) -> Grid:
        """A Grid of `rows` as a backend read them, without the empty cells that end each
        row and the empty rows that end the sheet."""
        kept: list[tuple[CellValue, ...]] = []
        for row in rows:
            values = list(row)
            while values and values[-1] is None:
                values.pop()
            kept.append(tuple(values))
        while kept and not kept[-1]:
            kept.pop()
        return cls(name, tuple(kept), hidden)

    def cell(self, row: int, col: int) -> CellValue:
        if 1 <= row <= len(self.rows):
            r = self.rows[row - 1]
            if 1 <= col <= len(r):
                return r[col - 1]
        return None

    @property
    def max_row(self) -> int:
        return len(self.rows)


def col_letter(col: int) -> str:
    """1 -> A, 27 -> AA."""
    letters = ""
    while col:
        col, rem = divmod(col - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


def cell_ref(sheet: str, row: int, col: int) -> str:
    """`Turno 2!F5`: how messages name a cell."""
    return f"{sheet}!{col_letter(col)}{row}"


def parse_cell_ref(ref: str) -> tuple[str, int, int]:
    """`Turno 2!F5` -> ("Turno 2", 5, 6): the inverse of `cell_ref`."""
    sheet, _, cell = ref.rpartition("!")
    letters = cell.rstrip("0123456789")
    if not letters or not letters.isalpha() or len(letters) == len(cell):
        raise ValueError(f"not a cell reference: {ref!r}")
    col = 0
    for letter in letters.upper():
        col = col * 26 + ord(letter) - 64
    return sheet, int(cell[len(letters):]), col
