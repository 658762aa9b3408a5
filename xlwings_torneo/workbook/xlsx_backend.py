"""The `.xlsx` / `.xlsm` backend (openpyxl): moves cells between the file and Grid/SheetSpec.

Reading formulas: a formula cell reads as the value Excel or LibreOffice cached when it
last saved the file (a second, values-only load, made only when a formula is met). A
sheet written in this session has no cached values (openpyxl computes nothing), so its
formulas read as None, as they will after saving until a spreadsheet program recalculates.

Writing: a `str` is always stored as text, even when it starts with `=` (a name typed by
a user is never run as a formula); only `Formula` values become formulas.
"""

from __future__ import annotations

from datetime import date, datetime, time
from decimal import Decimal
from io import BytesIO
from pathlib import Path
from typing import Any
from zipfile import ZIP_DEFLATED, ZipFile

from openpyxl import Workbook, load_workbook  # type: ignore[import-untyped]  # openpyxl ships no type hints
from openpyxl.cell.cell import Cell  # type: ignore[import-untyped]  # openpyxl ships no type hints
from openpyxl.styles import Alignment, Font, PatternFill  # type: ignore[import-untyped]  # openpyxl ships no type hints
from openpyxl.utils.exceptions import IllegalCharacterError  # type: ignore[import-untyped]  # openpyxl ships no type hints
from openpyxl.worksheet.datavalidation import DataValidation  # type: ignore[import-untyped]  # openpyxl ships no type hints
from openpyxl.worksheet.worksheet import Worksheet  # type: ignore[import-untyped]  # openpyxl ships no type hints

from ..errors import FileLockedError, WorkbookError
from .backends import (
    DEFAULT_DATE_FORMAT,
    DEFAULT_DATETIME_FORMAT,
    as_date_value,
    plain_number,
)
from .base import atomic_write
from .sheet import CellValue, Formula, Grid, SheetSpec, Style, WriteValue, cell_ref, col_letter

_XLSM_CONTENT_TYPE = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"


class _MacroEnabledWorkbook(Workbook):  # type: ignore[misc]  # openpyxl is untyped
    """A new `.xlsm` with no VBA project yet: Excel still wants the macro content type."""

    @property
    def mime_type(self) -> str:
        return _XLSM_CONTENT_TYPE


class XlsxBackend:
    """An open `.xlsx`/`.xlsm` workbook held in memory until `save()`."""

    def __init__(self, path: Path, workbook: Workbook, source: bytes | None) -> None:
        self.path = path
        self._wb = workbook
        self._source = source
        self._cached: Workbook | None = None
        self._written: set[str] = set()

    @classmethod
    def open(cls, path: Path, *, keep_vba: bool = False) -> XlsxBackend:
        try:
            source = path.read_bytes()
            workbook = load_workbook(BytesIO(source), keep_vba=keep_vba)
        except OSError as exc:
            raise WorkbookError(f"impossibile leggere il file «{path}»: {exc.strerror}") from exc
        except Exception as exc:  # zip, XML and openpyxl errors alike: the file is bad
            raise WorkbookError(
                f"il file «{path.name}» non è una cartella di lavoro Excel leggibile "
                f"(file danneggiato?): {exc}") from exc
        if workbook.vba_archive is not None:
            workbook.vba_archive = _read_only_copy(workbook.vba_archive)
        return cls(path, workbook, source)

    @classmethod
    def create(cls, path: Path, *, macro_enabled: bool = False) -> XlsxBackend:
        workbook = _MacroEnabledWorkbook() if macro_enabled else Workbook()
        workbook.remove(workbook.active)
        return cls(path, workbook, None)

    # --- reading ---------------------------------------------------------------------

    def sheet_names(self) -> list[str]:
        return list(self._wb.sheetnames)

    def lost_features(self) -> list[str]:
        """Nothing the program writes is lost in .xlsx (same interface as the .xls backend)."""
        return []

    def read_sheet(self, name: str) -> Grid:
        ws = self._sheet(name)
        rows: list[tuple[CellValue, ...]] = []
        for row in ws.iter_rows():
            values = [self._read_cell(ws, cell) if isinstance(cell, Cell) else None
                      for cell in row]  # merged-away cells read as empty
            while values and values[-1] is None:
                values.pop()
            rows.append(tuple(values))
        while rows and not rows[-1]:
            rows.pop()
        return Grid(name=ws.title, rows=tuple(rows), hidden=ws.sheet_state != "visible")

    def _read_cell(self, ws: Worksheet, cell: Cell) -> CellValue:
        if cell.data_type == "f":
            return self._cached_value(ws.title, cell.coordinate)
        return _plain(cell.value, cell.number_format)

    def _cached_value(self, sheet: str, coordinate: str) -> CellValue:
        if sheet in self._written or self._source is None:
            return None
        if self._cached is None:
            self._cached = load_workbook(BytesIO(self._source), data_only=True)
        if sheet not in self._cached.sheetnames:
            return None
        cell = self._cached[sheet][coordinate]
        return _plain(cell.value, cell.number_format)

    def _sheet(self, name: str) -> Worksheet:
        if name not in self._wb.sheetnames:
            raise WorkbookError(f"foglio «{name}» non trovato nel file «{self.path.name}»")
        ws = self._wb[name]
        if not isinstance(ws, Worksheet):
            raise WorkbookError(f"«{name}» è un foglio grafico, non un foglio di lavoro")
        return ws

    # --- writing ---------------------------------------------------------------------

    def write_sheet(self, spec: SheetSpec, *, after: str | None = None) -> None:
        """Replace `spec.name` at its position, or add it after `after` (else last)."""
        names = self._wb.sheetnames
        if spec.name in names:
            index = names.index(spec.name)
            self._wb.remove(self._wb[spec.name])
        elif after is not None and after in names:
            index = names.index(after) + 1
        else:
            index = len(names)
        try:
            ws = self._wb.create_sheet(spec.name, index)
        except ValueError as exc:
            raise WorkbookError(f"nome di foglio non valido: «{spec.name}»") from exc
        if ws.title != spec.name:  # openpyxl renames instead of failing on some names
            self._wb.remove(ws)
            raise WorkbookError(f"nome di foglio non valido: «{spec.name}»")
        _fill(ws, spec)
        self._written.add(spec.name)

    def save(self) -> None:
        """Write the workbook atomically; a failure leaves the file as it was."""
        if not self._wb.sheetnames:
            raise WorkbookError("una cartella di lavoro deve contenere almeno un foglio")
        _activate_first_visible(self._wb)
        try:
            atomic_write(self.path, lambda tmp: self._wb.save(tmp))
        except PermissionError as exc:
            raise FileLockedError(
                f"impossibile salvare «{self.path.name}»: il file è aperto in Excel o "
                "LibreOffice? Chiudilo e riprova") from exc


def _read_only_copy(archive: ZipFile) -> ZipFile:
    """openpyxl keeps the VBA parts in a zip open for appending, whose finaliser can fail
    at exit ("I/O operation on closed file"); a read-only copy has nothing to flush."""
    buffer = BytesIO()
    with ZipFile(buffer, "w", ZIP_DEFLATED) as copy:
        for name in archive.namelist():
            copy.writestr(name, archive.read(name))
    archive.close()
    return ZipFile(buffer)


def _plain(value: Any, number_format: str | None) -> CellValue:
    """A cell value as Grid carries it: dates by their format, Decimals as numbers."""
    if isinstance(value, datetime):
        return as_date_value(value, number_format)
    if isinstance(value, date | str | bool | int | float) or value is None:
        return value
    if isinstance(value, Decimal):
        return plain_number(value)
    if isinstance(value, time):
        return value.isoformat()
    return str(value)  # rich text, timedelta: shown as text


def _fill(ws: Worksheet, spec: SheetSpec) -> None:
    for (row, col), value in spec.cells.items():
        cell = ws.cell(row=row, column=col)
        _put(cell, value, cell_ref(spec.name, row, col))
        style = spec.styles.get((row, col))
        if style is not None:
            _apply_style(cell, style)
        if isinstance(value, date) and (style is None or style.number_format is None):
            cell.number_format = (DEFAULT_DATETIME_FORMAT if isinstance(value, datetime)
                                  else DEFAULT_DATE_FORMAT)
    for (row, col), style in spec.styles.items():
        if (row, col) not in spec.cells:  # styled empty cell (e.g. a coloured band)
            _apply_style(ws.cell(row=row, column=col), style)
    for col, width in spec.col_widths.items():
        ws.column_dimensions[col_letter(col)].width = width
    for col in spec.hidden_cols:
        ws.column_dimensions[col_letter(col)].hidden = True
    for validation in spec.validations:
        rule = DataValidation(type="list", formula1=validation.source.lstrip("="),
                              allow_blank=True)
        rule.add(validation.cells)
        ws.add_data_validation(rule)
    ws.sheet_state = "hidden" if spec.hidden else "visible"


def _put(cell: Cell, value: WriteValue, where: str) -> None:
    if value is None:
        return
    if isinstance(value, Formula):
        text = value.text if value.text.startswith("=") else "=" + value.text
        cell.value = text
        return
    if isinstance(value, Decimal):
        cell.value = plain_number(value)
        return
    try:
        cell.value = value
    except IllegalCharacterError as exc:
        raise WorkbookError("il testo contiene caratteri di controllo non ammessi in Excel",
                            where) from exc
    if isinstance(value, str):
        cell.data_type = "s"  # a user string is text, even `=HYPERLINK(...)`


def _apply_style(cell: Cell, style: Style) -> None:
    if style.bold or style.italic or style.font_size is not None:
        cell.font = Font(bold=style.bold, italic=style.italic, size=style.font_size)
    if style.fill is not None:
        colour = "FF" + style.fill.lstrip("#").upper()
        cell.fill = PatternFill(fill_type="solid", start_color=colour, end_color=colour)
    if style.number_format is not None:
        cell.number_format = style.number_format
    if style.align is not None:
        cell.alignment = Alignment(horizontal=style.align)


def _activate_first_visible(wb: Workbook) -> None:
    """Excel refuses a workbook whose active sheet is hidden; select one visible sheet."""
    sheets = wb.worksheets
    active = wb.active
    if active is not None and active.sheet_state == "visible":
        target = active
    else:
        target = next((ws for ws in sheets if ws.sheet_state == "visible"), None)
        if target is None:
            raise WorkbookError("almeno un foglio deve restare visibile")
        wb.active = sheets.index(target)
    for ws in sheets:
        ws.sheet_view.tabSelected = ws is target
