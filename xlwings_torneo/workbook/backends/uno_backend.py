"""The LibreOffice backend: a Calc document open in LibreOffice, read and written in place
through UNO (the macro on the open document, or the headless runner on a file).

Only the Python that LibreOffice ships with (or Debian's `/usr/bin/python3` with
`python3-uno`) can `import uno`; this module imports it only when a value needs a UNO
struct or enum, so the rest of the package never depends on it.

Writes are in bulk: one `setDataArray` per sheet, one property call per style (all the
cells sharing a style form one `SheetCellRanges`), formulas set one by one (the template
has two).
"""

from __future__ import annotations

import importlib
import re
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from datetime import date, datetime, timedelta
from decimal import Decimal
from typing import Any

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.limits import MAX_SHEET_COLS
from xlwings_torneo.workbook.backends.cell_values import (
    DEFAULT_DATE_FORMAT,
    DEFAULT_DATETIME_FORMAT,
    plain_number,
)
from xlwings_torneo.workbook.print_layout import apply_uno
from xlwings_torneo.workbook.sheet import (
    FONT_NAME,
    STRICT_LIST_ERROR,
    CellValue,
    Formula,
    Grid,
    SheetSpec,
    Style,
    Validation,
    WriteValue,
)

EPOCH = datetime(1899, 12, 30)
"""Day 0 of Calc's (and Excel's 1900) date serial numbers."""

BOLD_WEIGHT, NORMAL_WEIGHT = 150.0, 100.0
"""com.sun.star.awt.FontWeight.BOLD / NORMAL."""

_DATETIME_FLAG = 2
_CONTENT_FLAGS = 1 | 2 | 4 | 16
"""com.sun.star.sheet.CellFlags VALUE | DATETIME | STRING | FORMULA: cells holding something."""
"""com.sun.star.sheet.CellFlags.DATETIME: cells whose number format is a date or time."""

_ALIGN = {"left": "LEFT", "center": "CENTER", "right": "RIGHT"}
_REF = re.compile(r"^=?(?:'(?P<quoted>(?:[^']|'')+)'|(?P<plain>[^!]+))!(?P<cells>.+)$")


def _uno() -> Any:
    """pyuno, imported when a UNO struct or enum is needed (only LibreOffice's Python has it)."""
    return importlib.import_module("uno")


def to_serial(value: date) -> float:
    """A date as Calc's serial day number."""
    moment = value if isinstance(value, datetime) else datetime(value.year, value.month,
                                                                value.day)
    return (moment - EPOCH).total_seconds() / 86400.0


def from_serial(serial: float) -> date | datetime:
    moment = EPOCH + timedelta(days=serial)
    return moment.date() if moment.time() == datetime.min.time() else moment


def calc_reference(source: str) -> str:
    """An Excel list source (`Dati!$A$2:$A$3`) in Calc's API syntax (`$Dati.$A$2:$A$3`)."""
    match = _REF.match(source.strip())
    if match is None:
        return source.lstrip("=")
    sheet = match["quoted"] or match["plain"]
    shown = f"'{sheet}'" if match["quoted"] else sheet
    return f"${shown}.{match['cells']}"


HUNDREDTHS_MM_PER_CHAR = 247
"""Calc writes a column of W/100 mm to .xlsx as W/247 characters (measured on LibreOffice
7.4): this factor makes a width survive the round trip to Excel."""


POINT_HUNDREDTHS_MM = 2540 / 72
"""A point (1/72 inch) in Calc's 1/100 mm: row heights."""


def width_to_hundredths_mm(width: float) -> int:
    """An Excel column width (characters of the default font) in Calc's 1/100 mm."""
    return round(width * HUNDREDTHS_MM_PER_CHAR)


def _cell_value(value: Any) -> CellValue:
    """What `getDataArray` gives, as a Grid carries it: '' is empty, whole floats are ints."""
    if isinstance(value, str):
        return value or None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value  # type: ignore[no-any-return]


def _array_value(value: WriteValue) -> str | float:
    """A cell as `setDataArray` takes it (formulas are set afterwards)."""
    if value is None or isinstance(value, Formula):
        return ""
    if isinstance(value, bool):
        return float(value)
    if isinstance(value, date):
        return to_serial(value)
    if isinstance(value, Decimal):
        return float(plain_number(value))
    if isinstance(value, int | float):
        return float(value)
    return str(value)


def style_runs(cells: Iterable[tuple[int, int]]) -> list[tuple[int, int, int, int]]:
    """Cells (1-based) as rectangles (row, col, last_row, last_col): runs along rows, then
    identical runs of consecutive rows merged, so a styled block is one rectangle."""
    by_row: dict[int, list[int]] = defaultdict(list)
    for row, col in cells:
        by_row[row].append(col)
    runs: list[tuple[int, int, int]] = []
    for row in sorted(by_row):
        cols = sorted(by_row[row])
        start = prev = cols[0]
        for col in cols[1:]:
            if col != prev + 1:
                runs.append((row, start, prev))
                start = col
            prev = col
        runs.append((row, start, prev))
    rects: list[list[int]] = []
    open_rects: dict[tuple[int, int], list[int]] = {}
    for row, first, last in runs:
        rect = open_rects.get((first, last))
        if rect is not None and rect[2] == row - 1:
            rect[2] = row
        else:
            rect = [row, first, row, last]
            rects.append(rect)
            open_rects[(first, last)] = rect
    return [(r[0], r[1], r[2], r[3]) for r in rects]


def styled_groups(spec: SheetSpec) -> dict[Style, list[tuple[int, int]]]:
    """The cells of each distinct style; a date without a number format gets the default
    date format (gg/mm/aaaa), as the file backends give it."""
    groups: dict[Style, list[tuple[int, int]]] = defaultdict(list)
    for key in spec.styles.keys() | {k for k, v in spec.cells.items() if isinstance(v, date)}:
        style = spec.styles.get(key, Style())
        value = spec.cells.get(key)
        if isinstance(value, date) and style.number_format is None:
            fmt = DEFAULT_DATETIME_FORMAT if isinstance(value, datetime) else DEFAULT_DATE_FORMAT
            style = replace(style, number_format=fmt)
        groups[style].append(key)
    return groups


class UnoBackend:
    """A Calc document (`com.sun.star.sheet.SpreadsheetDocument`) as a WorkbookBackend."""

    def __init__(self, document: Any, *, save: Callable[[], None] | None = None) -> None:
        self.doc = document
        self._save = save or document.store
        self._number_formats: dict[str, int] = {}

    # --- reading ---------------------------------------------------------------------

    def sheet_names(self) -> list[str]:
        return list(self.doc.Sheets.ElementNames)

    def lost_features(self) -> list[str]:
        return []

    def _sheet(self, name: str) -> Any:
        if not self.doc.Sheets.hasByName(name):
            raise WorkbookError(f"foglio «{name}» non trovato")
        return self.doc.Sheets.getByName(name)

    def read_sheet(self, name: str) -> Grid:
        sheet = self._sheet(name)
        cursor = sheet.createCursor()
        cursor.gotoEndOfUsedArea(False)
        end = cursor.RangeAddress
        # columns right of the last one read are the organiser's, left unread, and a value
        # there does not stretch the rows read (xlsx_backend._used_extent)
        last_col, last_row = min(end.EndColumn, MAX_SHEET_COLS - 1), end.EndRow
        if last_col < end.EndColumn:
            read = sheet.getCellRangeByPosition(0, 0, last_col, end.EndRow)
            last_row = max((a.EndRow for a in read.queryContentCells(_CONTENT_FLAGS)
                            .RangeAddresses), default=0)
        block = sheet.getCellRangeByPosition(0, 0, last_col, last_row)
        data = [[_cell_value(v) for v in row] for row in block.DataArray]
        for ranges in block.queryContentCells(_DATETIME_FLAG).RangeAddresses:
            for r in range(ranges.StartRow, ranges.EndRow + 1):
                for c in range(ranges.StartColumn, ranges.EndColumn + 1):
                    value = data[r][c]
                    if isinstance(value, int | float) and not isinstance(value, bool):
                        data[r][c] = from_serial(float(value))
        return Grid.trimmed(name, data, hidden=not sheet.IsVisible)

    # --- writing ---------------------------------------------------------------------

    def rename_sheet(self, old: str, new: str) -> None:
        self._sheet(old).Name = new

    def write_sheet(self, spec: SheetSpec, *, after: str | None = None) -> None:
        """Replace `spec.name` at its place, or insert it after `after` (else last)."""
        sheets = self.doc.Sheets
        names = self.sheet_names()
        if spec.name in names:
            index = names.index(spec.name)
            temporary = f"~torneo~{index}"
            sheets.insertNewByName(temporary, index)
            sheets.removeByName(spec.name)
            sheets.getByName(temporary).Name = spec.name
        else:
            index = names.index(after) + 1 if after in names else len(names)
            try:
                sheets.insertNewByName(spec.name, index)
            except Exception as exc:  # UNO raises its own RuntimeException for a bad name
                raise WorkbookError(f"nome di foglio non valido: «{spec.name}»") from exc
        sheet = sheets.getByName(spec.name)
        self._fill(sheet, spec)

    def update_cells(self, name: str, cells: Mapping[tuple[int, int], CellValue]) -> None:
        """Values into an existing sheet, cell by cell; formulas and formats stay."""
        sheet = self._sheet(name)
        formula = _uno().Enum("com.sun.star.table.CellContentType", "FORMULA")
        for (row, col), value in cells.items():
            cell = sheet.getCellByPosition(col - 1, row - 1)
            if cell.getType() == formula:
                continue
            if value is None:
                cell.setString("")
            elif isinstance(value, str):
                cell.setString(value)
            else:
                cell.setValue(_array_value(value))
                if isinstance(value, date):
                    default = DEFAULT_DATETIME_FORMAT if isinstance(value, datetime) \
                        else DEFAULT_DATE_FORMAT
                    cell.NumberFormat = self._number_format(default)

    def _fill(self, sheet: Any, spec: SheetSpec) -> None:
        matrix = spec.matrix()
        if matrix:
            block = sheet.getCellRangeByPosition(0, 0, spec.max_col - 1, spec.max_row - 1)
            block.DataArray = tuple(tuple(_array_value(v) for v in row) for row in matrix)
            block.CharFontName = FONT_NAME
        for (row, col), value in spec.cells.items():
            if isinstance(value, Formula):
                text = value.text if value.text.startswith("=") else "=" + value.text
                sheet.getCellByPosition(col - 1, row - 1).Formula = text
        self._apply_styles(sheet, spec)
        columns = sheet.Columns
        for col, width in spec.col_widths.items():
            columns.getByIndex(col - 1).Width = width_to_hundredths_mm(width)
        rows = sheet.Rows
        for row, height in spec.row_heights.items():
            rows.getByIndex(row - 1).Height = round(height * POINT_HUNDREDTHS_MM)
        for col in spec.hidden_cols:
            columns.getByIndex(col - 1).IsVisible = False
        for first_row, first_col, last_row, last_col in spec.merges:
            sheet.getCellRangeByPosition(first_col - 1, first_row - 1, last_col - 1,
                                         last_row - 1).merge(True)
        for validation in spec.validations:
            self._add_validation(sheet, validation)
        if spec.hidden:
            sheet.IsVisible = False
        if spec.page is not None:
            apply_uno(self.doc, sheet, spec.name, spec.page)

    def _apply_styles(self, sheet: Any, spec: SheetSpec) -> None:
        for style, cells in styled_groups(spec).items():
            names, values = self._style_properties(style)
            if not names:
                continue
            ranges = self.doc.createInstance("com.sun.star.sheet.SheetCellRanges")
            for row, col, last_row, last_col in style_runs(cells):
                ranges.addRangeAddress(sheet.getCellRangeByPosition(
                    col - 1, row - 1, last_col - 1, last_row - 1).RangeAddress, False)
            ranges.setPropertyValues(names, values)

    def _style_properties(self, style: Style) -> tuple[tuple[str, ...], tuple[Any, ...]]:
        uno = _uno()
        props: dict[str, Any] = {}
        if style.bold:
            props["CharWeight"] = BOLD_WEIGHT
        if style.italic:
            props["CharPosture"] = uno.Enum("com.sun.star.awt.FontSlant", "ITALIC")
        if style.font_size is not None:
            props["CharHeight"] = float(style.font_size)
        if style.fill is not None:
            props["CellBackColor"] = int(style.fill.lstrip("#"), 16)
        if style.number_format is not None:
            props["NumberFormat"] = self._number_format(style.number_format)
        if style.wrap:
            props["IsTextWrapped"] = True
        if style.rotate:
            props["RotateAngle"] = style.rotate * 100  # hundredths of a degree
        if style.align in _ALIGN:
            props["HoriJustify"] = uno.Enum("com.sun.star.table.CellHoriJustify",
                                            _ALIGN[style.align])
        names = tuple(sorted(props))
        return names, tuple(props[n] for n in names)

    def _number_format(self, code: str) -> int:
        if code not in self._number_formats:
            uno = _uno()
            formats = self.doc.NumberFormats
            locale = uno.createUnoStruct("com.sun.star.lang.Locale")
            key = formats.queryKey(code, locale, False)
            if key == -1:
                key = formats.addNew(code, locale)
            self._number_formats[code] = key
        return self._number_formats[code]

    def _add_validation(self, sheet: Any, validation: Validation) -> None:
        uno = _uno()
        target = sheet.getCellRangeByName(validation.cells)
        rule = target.Validation
        rule.Type = uno.Enum("com.sun.star.sheet.ValidationType", "LIST")
        rule.IgnoreBlankCells = True
        rule.ShowList = 1  # com.sun.star.sheet.TableValidationVisibility.UNSORTED
        rule.setFormula1(calc_reference(validation.source))
        # a strict list stops other values; a free one (clubs) only suggests
        rule.ShowErrorMessage = validation.strict
        rule.ErrorAlertStyle = uno.Enum("com.sun.star.sheet.ValidationAlertStyle", "STOP")
        rule.ErrorMessage = STRICT_LIST_ERROR
        target.Validation = rule

    def save(self) -> None:
        self._save()
