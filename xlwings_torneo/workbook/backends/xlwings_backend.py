"""The live-Excel backend: the workbook open in Excel (`xw.Book.caller()` from the ribbon),
read and written in place through xlwings; the same code runs on xlwings' remote engine
(`xw.Book(json=...)`), which is how the tests drive it without Excel.

Writes are in bulk, since every call costs a round trip to Excel (xlwings Lite pays one per
operation): one range write per sheet (the whole rectangle from A1), one formula write per
rectangle of formulas; each style property (bold, fill, alignment…) on its own, one call per
rectangle of cells sharing its value whatever their other properties; on the remote engine
(xlwings Lite, `xw.Book(json=...)`) every fill of a sheet in one colour matrix
(`Range.set_colors`); one call per run of equal column widths.

Values before formats (issue 39.5): a sheet's values and formulas are sent when it is
written, its formats (fonts, fills, number formats, alignments, column widths, row heights,
hidden columns, dropdowns, the sheet hidden) are held until `apply_formats`, which `save`
calls first: on the remote engine every value of a button's batch of operations goes before
its first format, so a format xlwings Lite's Excel side might not apply, failing the batch
there, cannot take the data written before it along. A sheet replaced again before then
drops the formats held for the old one.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from collections.abc import Callable, Mapping
from datetime import date, datetime
from decimal import Decimal
from functools import partial
from typing import Any

from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.limits import MAX_SHEET_COLS
from xlwings_torneo.workbook.backends.cell_values import as_date_value, plain_number
from xlwings_torneo.workbook.backends.uno_backend import style_runs, styled_groups
from xlwings_torneo.workbook.sheet import CellValue, Formula, Grid, SheetSpec, WriteValue

Cell = tuple[int, int]

MAX_COLOR_CELLS = 10_000
"""The most cells xlwings' `Range.set_colors` takes in one call (xlwings 0.37.5+)."""

_EXCEL_WOULD_PARSE = re.compile(
    r"^\s*([=+\-@]|[\d.,]+\s*%?\s*$|\d{1,4}[/\-.]\d{1,2}([/\-.]\d{1,4})?\s*$|(TRUE|FALSE|VERO|FALSO)\s*$)",
    re.IGNORECASE)
"""Text Excel would turn into a formula, number, date or boolean when assigned as a value."""


def excel_text(value: str) -> str:
    """A user's text as Excel stores it verbatim: a leading apostrophe where Excel would
    otherwise parse it (`=SOMMA(...)`, `007`, `12/3`)."""
    return "'" + value if _EXCEL_WOULD_PARSE.match(value) else value


def _write_value(value: WriteValue) -> Any:
    if value is None or isinstance(value, Formula):
        return None
    if isinstance(value, Decimal):
        return plain_number(value)
    if isinstance(value, str):
        return excel_text(value)
    if isinstance(value, date) and not isinstance(value, datetime):
        return datetime(value.year, value.month, value.day)
    return value


def _read_value(value: Any, number_format: str | None = None) -> CellValue:
    if isinstance(value, str):
        return value or None
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, datetime):
        return as_date_value(value, number_format)
    return value  # type: ignore[no-any-return]


def _is_formula(cell: Any) -> bool:
    """Whether the cell holds a formula; False where the engine cannot say: xlwings' remote
    engine (xlwings Lite) is sent values only and reads formulas asynchronously at best."""
    try:
        formula = cell.formula
    except NotImplementedError:
        return False
    return isinstance(formula, str) and formula.startswith("=")


class XlwingsBackend:
    """An `xw.Book` as a WorkbookBackend; `save` is what `save()` does (None: nothing,
    the organiser saves)."""

    def __init__(self, book: Any, *, save: Callable[[], None] | None = None) -> None:
        self.book = book
        self._save = save
        self._pending: list[tuple[str, str, str]] = []
        """Dropdowns (sheet, cells, list source) waiting for their list's sheet."""
        self._lost: list[str] = []
        self._formats: list[tuple[str, Callable[[], None]]] = []
        """The formats held until `apply_formats`: (the sheet's name, the call)."""

    def sheet_names(self) -> list[str]:
        return [sheet.name for sheet in self.book.sheets]

    def lost_features(self) -> list[str]:
        return list(self._lost)

    def _sheet(self, name: str) -> Any:
        if name not in self.sheet_names():
            raise WorkbookError(f"foglio «{name}» non trovato")
        return self.book.sheets[name]

    def read_sheet(self, name: str) -> Grid:
        sheet = self._sheet(name)
        last = sheet.used_range.last_cell
        # columns right of the last one read are the organiser's, left unread (xlsx_backend)
        values = sheet.range((1, 1), (last.row, min(last.column, MAX_SHEET_COLS))
                             ).options(ndim=2).value
        rows = ([_read_value(v) for v in raw] for raw in values or [])
        return Grid.trimmed(name, rows, hidden=not sheet.visible)

    def rename_sheet(self, old: str, new: str) -> None:
        self.book.sheets[old].name = new
        self._formats = [(new if name == old else name, call) for name, call in self._formats]

    def write_sheet(self, spec: SheetSpec, *, after: str | None = None) -> None:
        """Replace `spec.name` at its place, or add it after `after` (else last)."""
        names = self.sheet_names()
        sheets = self.book.sheets
        if spec.name in names:
            self._formats = [(name, call) for name, call in self._formats
                             if name != spec.name]  # the old sheet goes, its formats too
            old = sheets[spec.name]
            sheet = sheets.add(name=f"~torneo~{names.index(spec.name)}", after=old)
            old.delete()
            sheet.name = spec.name
        else:
            anchor = after if after in names else names[-1]
            sheet = sheets.add(name=spec.name, after=sheets[anchor])
        self._fill(sheet, spec)

    def update_cells(self, name: str, cells: Mapping[tuple[int, int], CellValue]) -> None:
        """Values into an existing sheet, cell by cell; formulas and formats stay."""
        sheet = self._sheet(name)
        for (row, col), value in cells.items():
            cell = sheet.range((row, col))
            if _is_formula(cell):
                continue
            cell.value = _write_value(value)

    def _fill(self, sheet: Any, spec: SheetSpec) -> None:
        matrix = spec.matrix()
        if matrix:
            sheet.range((1, 1)).value = [[_write_value(v) for v in row] for row in matrix]
        formulas = {key: value.text if value.text.startswith("=") else "=" + value.text
                    for key, value in spec.cells.items() if isinstance(value, Formula)}
        for row, col, last_row, last_col in style_runs(formulas):
            block = [[formulas[(r, c)] for c in range(col, last_col + 1)]
                     for r in range(row, last_row + 1)]
            sheet.range((row, col), (last_row, last_col)).formula = \
                block if len(block) > 1 or len(block[0]) > 1 else block[0][0]
        self._formats.append((spec.name, lambda: self._format(sheet, spec)))
        for v in spec.validations:
            if v.strict:
                self._pending.append((spec.name, v.cells, v.source))
            else:
                # xlwings' `set_list` always stops values outside the list and cannot turn
                # the alert off; a free-text column (clubs, families) must stay free, so its
                # dropdown is not created, and the loss is said
                self._lost.append(f"{spec.name}!{v.cells}: menù a tendina non creato, per "
                                  f"lasciare libero il testo (elenco {v.source})")
        self._add_validations()
        if spec.hidden:
            self._formats.append((spec.name, lambda: setattr(sheet, "visible", False)))

    def _format(self, sheet: Any, spec: SheetSpec) -> None:
        """A written sheet's styles, column widths, row heights and hidden columns."""
        self._apply_styles(sheet, spec)
        widths: dict[float, list[tuple[int, int]]] = defaultdict(list)
        for col, width in spec.col_widths.items():
            widths[width].append((1, col))
        for width, cols in widths.items():
            for _, first, _, last in style_runs(cols):
                sheet.range((1, first), (1, last)).column_width = width
        for row, height in spec.row_heights.items():
            sheet.range((row, 1)).row_height = height
        for _, first, _, last in style_runs((1, c) for c in spec.hidden_cols):
            sheet.range((1, first), (1, last)).columns.hidden = True

    def _add_validations(self) -> None:
        """Dropdowns whose list sheet exists (the template writes `Iscritti` before `Dati`:
        its dropdowns wait until `Dati` is written)."""
        names, waiting = self.sheet_names(), []
        for target, cells, source in self._pending:
            source_sheet, _, source_cells = source.lstrip("=").rpartition("!")
            source_sheet = source_sheet.strip("'")
            if source_sheet not in names:
                waiting.append((target, cells, source))
                continue
            self._formats.append((target, partial(self._dropdown, target, cells, source,
                                                  source_sheet, source_cells)))
        self._pending = waiting

    def _dropdown(self, target: str, cells: str, source: str, source_sheet: str,
                  source_cells: str) -> None:
        rng = self.book.sheets[source_sheet].range(source_cells.replace("$", ""))
        try:
            self.book.sheets[target].range(cells).data_validation.set_list(rng)
        except NotImplementedError:  # an xlwings client without data validation
            self._lost.append(f"{target}!{cells}: menu a tendina non creato "
                              f"(elenco {source}): questa versione di Excel non lo "
                              "consente")

    def apply_formats(self) -> None:
        """Send the formats held since the last call, in the order their sheets were
        written (module docstring)."""
        formats, self._formats = self._formats, []
        for _, call in formats:
            call()

    def _apply_styles(self, sheet: Any, spec: SheetSpec) -> None:
        bulk_fills = _colours_in_bulk(self.book)
        for attribute, groups in style_properties(spec).items():
            if attribute == "fill" and bulk_fills:
                _paint_fills(sheet, groups)
                continue
            for value, cells in groups.items():
                for row, col, last_row, last_col in style_runs(cells):
                    set_property(sheet.range((row, col), (last_row, last_col)),
                                 attribute, value)

    def save(self) -> None:
        self.apply_formats()
        if self._save is not None:
            self._save()


STYLE_PROPERTIES = ("bold", "italic", "font_size", "fill", "number_format", "align")
"""The `Style` fields this backend writes, each with its own xlwings call (`wrap` is not
written through xlwings)."""


def style_properties(spec: SheetSpec) -> dict[str, dict[Any, list[Cell]]]:
    """For each style property, the cells of each value it takes (the default, False or
    None, is left out: a new sheet has it already), so a run of cells sharing a fill is one
    call even where their alignment or number format differ."""
    out: dict[str, dict[Any, list[Cell]]] = {name: defaultdict(list)
                                             for name in STYLE_PROPERTIES}
    for style, cells in styled_groups(spec).items():
        for name in STYLE_PROPERTIES:
            value = getattr(style, name)
            if value is not None and value is not False:
                out[name][value].extend(cells)
    return {name: groups for name, groups in out.items() if groups}


def _colours_in_bulk(book: Any) -> bool:
    """Whether fills go as one colour matrix: on the remote engine, where `set_colors` is
    one operation (on the desktop engines it is one call per cell)."""
    try:
        remote = book.app.engine.name == "remote"
    except AttributeError:  # a stand-in book without an engine
        return False
    import xlwings as xw

    return remote and hasattr(xw.Range, "set_colors")


def _paint_fills(sheet: Any, groups: Mapping[Any, list[Cell]]) -> None:
    """Every fill of a sheet as colour matrices over the filled cells' bounding rows and
    columns (`...` keeps a cell as it is), at most `MAX_COLOR_CELLS` cells per call."""
    colour = {cell: _hex(fill) for fill, cells in groups.items() for cell in cells}
    first_col = min(c for _, c in colour)
    last_col = max(c for _, c in colour)
    rows = sorted({r for r, _ in colour})
    step = max(1, MAX_COLOR_CELLS // (last_col - first_col + 1))
    start = 0
    while start < len(rows):
        first = rows[start]
        end = bisect_right(rows, first + step - 1)
        last = rows[end - 1]
        block = [[colour.get((r, c), ...) for c in range(first_col, last_col + 1)]
                 for r in range(first, last + 1)]
        sheet.range((first, first_col), (last, last_col)).set_colors(block)
        start = end


def _hex(fill: str) -> str:
    return "#" + fill.lstrip("#")


def set_property(rng: Any, attribute: str, value: Any) -> None:
    """One style property (a name of `STYLE_PROPERTIES`) on an xlwings range."""
    if attribute == "bold":
        rng.font.bold = True
    elif attribute == "italic":
        rng.font.italic = True
    elif attribute == "font_size":
        rng.font.size = value
    elif attribute == "fill":
        rng.color = _hex(value)
    elif attribute == "number_format":
        rng.number_format = value
    else:
        rng.horizontal_alignment = value
