"""The legacy `.xls` backend (Excel 97-2003): xlrd reads, xlwt writes the whole file again.

Saving rewrites every sheet, so the sheets the program did not touch are copied cell by
cell with their formatting: values (dates keep their number format), fonts, fills,
borders, alignment, number formats, column widths, hidden columns and rows, row heights,
merged cells, frozen panes, hidden sheets, sheet order, the colour palette and the page
setup (xls_page_setup.py; the print area and titles are defined names, reported as lost).

Formulas of untouched sheets: xlrd reads only their cached values, so the backend walks
the file's BIFF records itself, decompiles each formula (xlrd's decompiler) and writes it
back through xlwt together with the value Excel had cached; a formula that does not
survive that trip (defined names, array formulas, functions xlwt does not know, or one xlwt
would write as another formula: xls_formula_check.py) is written as its value instead.

What the format or the libraries cannot carry is never dropped silently: `lost_features()`
lists it in Italian for the caller to log (formulas replaced by their value; dropdowns,
conditional formats, comments, pictures, hyperlinks and defined names, which xlwt does not
write). An opened file holding any of these is not rewritten by xlwt at all: `save()` goes
through LibreOffice when it is installed, else it is refused before writing unless the
organiser accepted the loss (`xls_route.py`).
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date, datetime
from decimal import Decimal
from itertools import pairwise
from pathlib import Path
from typing import Any

import xlrd  # no type hints: the package has no stubs (mypy override in pyproject)
import xlwt  # no type hints: the package has no stubs (mypy override in pyproject)
from xlrd.formatting import excel_default_palette_b8

from xlwings_torneo.atomic import atomic_write
from xlwings_torneo.errors import FileLockedError, WorkbookError
from xlwings_torneo.workbook.backends.cell_values import (
    DEFAULT_DATE_FORMAT,
    DEFAULT_DATETIME_FORMAT,
    as_date_value,
    check_sheet_name,
    check_text_length,
    normalise,
    rgb_hex,
)
from xlwings_torneo.workbook.backends.file_checks import encrypted_message
from xlwings_torneo.workbook.backends.xls_formula_check import drop_unfaithful
from xlwings_torneo.workbook.backends.xls_page_setup import apply_page_setup
from xlwings_torneo.workbook.backends.xls_records import (
    CachedFormulaCell,
    KeptSheet,
    SourceFormula,
    scan_losses,
)
from xlwings_torneo.workbook.backends.xls_route import SaveRoute, choose_route, loss_summary
from xlwings_torneo.workbook.print_layout import apply_xlwt
from xlwings_torneo.workbook.sheet import (
    CellValue,
    Formula,
    Grid,
    SheetSpec,
    Style,
    WriteValue,
    cell_ref,
)

COUNTRY_ITALY = 39
"""The COUNTRY record Excel writes (the user interface's and the system's country): Apache
POI, with which the original program adds sheets, refuses a workbook without it."""

MAX_ROWS = 65536
MAX_COLS = 256

_ALIGN = {"left": 1, "center": 2, "centre": 2, "right": 3}


@dataclass
class _Written:
    """A sheet given by the program: written from its spec on save."""

    spec: SheetSpec
    formulas: dict[tuple[int, int], str] = field(default_factory=dict)
    losses: list[str] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.spec.name


def _check_limits(name: str, last_row: int, last_col: int) -> None:
    """A sheet beyond the .xls grid (65,536 rows, 256 columns) cannot be saved in it."""
    if last_row > MAX_ROWS or last_col > MAX_COLS:
        raise WorkbookError(
            f"il foglio «{name}» supera i limiti del formato .xls "
            f"({MAX_ROWS} righe, {MAX_COLS} colonne): salva la cartella come .xlsx")


class XlsBackend:
    """An open `.xls` workbook: the file as read plus the sheets written since."""

    def __init__(self, path: Path, book: xlrd.book.Book | None, sheets: list[KeptSheet | _Written],
                 book_losses: list[str]) -> None:
        self.path = path
        self._book = book
        self._sheets = sheets
        self._book_losses = book_losses
        self._calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        """What changed the workbook, replayed in LibreOffice when it saves (xls_store)."""
        self._office: bool | None = None
        self.accept_losses = False
        """Save through xlwt even when it loses features (`--accetta-perdite`)."""

    @classmethod
    def open(cls, path: Path) -> XlsBackend:
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise WorkbookError(f"impossibile leggere il file «{path}»: {exc.strerror}") from exc
        try:
            book = xlrd.open_workbook(file_contents=data, formatting_info=True,
                                      logfile=io.StringIO())
        except Exception as exc:  # xlrd, compdoc and struct errors alike: the file is bad
            if "encrypted" in str(exc).lower():  # xlrd: "Workbook is encrypted"
                raise WorkbookError(encrypted_message(path)) from exc
            raise WorkbookError(  # xlrd's own words are English: kept in the chain only
                f"il file «{path.name}» non è un file Excel 97-2003 (.xls) leggibile "
                "(file danneggiato?)") from exc
        kept = [KeptSheet(book.sheet_by_index(i)) for i in range(book.nsheets)]
        book_losses = scan_losses(data, book, kept)
        drop_unfaithful(kept)
        return cls(path, book, list(kept), book_losses)

    @classmethod
    def create(cls, path: Path) -> XlsBackend:
        return cls(path, None, [], [])

    # --- reading ---------------------------------------------------------------------

    def sheet_names(self) -> list[str]:
        return [entry.name for entry in self._sheets]

    def lost_features(self) -> list[str]:
        """What saving this workbook as .xls cannot keep, one Italian line each."""
        if self._book is not None and self._route(refuse=False) is SaveRoute.OFFICE:
            return []
        lines = list(self._book_losses)
        for entry in self._sheets:
            lines.extend(entry.losses)
        return lines

    def read_sheet(self, name: str) -> Grid:
        entry = self._entry(name)
        if isinstance(entry, _Written):
            return _grid_from_spec(entry.spec)
        assert self._book is not None
        grid = _grid_from_sheet(self._book, entry.sheet)
        if not entry.updates:
            return grid
        rows = [list(r) for r in grid.rows]
        for (r, c), value in entry.updates.items():
            rows.extend([] for _ in range(r + 1 - len(rows)))
            rows[r].extend([None] * (c + 1 - len(rows[r])))
            rows[r][c] = value
        return Grid.trimmed(grid.name, rows, grid.hidden)

    def _entry(self, name: str) -> KeptSheet | _Written:
        for entry in self._sheets:
            if entry.name == name:
                return entry
        raise WorkbookError(f"foglio «{name}» non trovato nel file «{self.path.name}»")

    # --- writing ---------------------------------------------------------------------

    def rename_sheet(self, old: str, new: str) -> None:
        check_sheet_name(new)
        entry = self._entry(old)
        if isinstance(entry, _Written):
            entry.spec.name = new
        else:
            entry.sheet.name = new
        self._calls.append(("rename_sheet", (old, new), {}))

    def write_sheet(self, spec: SheetSpec, *, after: str | None = None) -> None:
        """Replace `spec.name` at its position, or add it after `after` (else last)."""
        check_sheet_name(spec.name)
        last_row = max([spec.max_row, *(r for r, _ in spec.styles)])
        last_col = max([spec.max_col, *(c for _, c in spec.styles), *spec.col_widths,
                        *spec.hidden_cols])
        _check_limits(spec.name, last_row, last_col)
        names = self.sheet_names()
        clash = [n for n in names if n.casefold() == spec.name.casefold() and n != spec.name]
        if clash:
            raise WorkbookError(f"esiste già un foglio «{clash[0]}»: i nomi dei fogli non "
                                "distinguono maiuscole e minuscole")
        written = _prepare(spec)
        self._calls.append(("write_sheet", (spec,), {"after": after}))
        if spec.name in names:
            self._sheets[names.index(spec.name)] = written
        elif after is not None and after in names:
            self._sheets.insert(names.index(after) + 1, written)
        else:
            self._sheets.append(written)

    def update_cells(self, name: str, cells: Mapping[tuple[int, int], CellValue]) -> None:
        """Values into an existing sheet: a kept sheet is copied as it is on save, then
        these values are written over its cells in their own formats; formulas stay."""
        entry = self._entry(name)
        check = SheetSpec(name, cells=dict(cells))
        _check_limits(name, check.max_row, check.max_col)
        self._calls.append(("update_cells", (name, dict(cells)), {}))
        if isinstance(entry, _Written):
            for key, value in cells.items():
                if not isinstance(entry.spec.cells.get(key), Formula):
                    entry.spec.cells[key] = value
            return
        for (row, col), value in cells.items():
            if (row - 1, col - 1) not in entry.formulas:
                entry.updates[(row - 1, col - 1)] = value

    # --- the way to save (xls_route.py) ------------------------------------------------

    def check_before_write(self) -> None:
        """Refuse now (LossRefusedError) a save that would lose features of the file."""
        if self._book is not None:
            self._route(refuse=True)

    def _losses(self) -> list[str]:
        """What xlwt's rewrite would lose of the file, one line per feature."""
        book_lines = [line.removeprefix("il formato .xls non conserva ")
                      for line in self._book_losses]
        sheets = [(e.name, e.lost_formulas, e.features) for e in self._sheets
                  if isinstance(e, KeptSheet)]
        return loss_summary(book_lines, sheets)

    def _office_ready(self) -> bool:
        if self._office is None:
            from xlwings_torneo.workbook.backends.xls_store import office_ready

            self._office = office_ready()
        return self._office

    def _route(self, *, refuse: bool) -> SaveRoute:
        if self._book is None:  # a new file: nothing of the organiser's to lose
            return SaveRoute.XLWT
        return choose_route(self.path, self._losses(), office_ready=self._office_ready,
                            accept=self.accept_losses or not refuse)

    def save(self) -> None:
        """Save atomically (through LibreOffice when xlwt would lose something of the file);
        a failure leaves the file as it was."""
        if not self._sheets:
            raise WorkbookError("una cartella di lavoro deve contenere almeno un foglio")
        if self._book is not None and self._route(refuse=True) is SaveRoute.OFFICE:
            from xlwings_torneo.workbook.backends.xls_store import store_through_office

            store_through_office(self.path, self._calls)
            return
        workbook = self._build()
        try:
            atomic_write(self.path, lambda tmp: workbook.save(str(tmp)))
        except PermissionError as exc:
            raise FileLockedError(
                f"impossibile salvare «{self.path.name}»: il file è aperto in Excel o "
                "LibreOffice (chiudilo e riprova) o la cartella non è scrivibile?") from exc

    def _build(self) -> xlwt.Workbook:
        workbook = xlwt.Workbook(encoding="utf-8", style_compression=2)
        workbook.country_code = COUNTRY_ITALY
        palette = _palette(self._book)
        if self._book is not None:
            workbook.dates_1904 = bool(self._book.datemode)
            for index, rgb in palette.items():
                workbook.set_colour_RGB(index, *rgb)
        copier = _Copier(workbook, self._book, palette)
        visible = [i for i, e in enumerate(self._sheets) if not _is_hidden(e)]
        if not visible:
            raise WorkbookError("almeno un foglio deve restare visibile")
        # Every sheet exists before any cell is written: xlwt resolves a formula's sheet
        # references (`Turno 1!A1`) when the formula is written.
        targets = [workbook.add_sheet(e.name, cell_overwrite_ok=True) for e in self._sheets]
        for index, (entry, ws) in enumerate(zip(self._sheets, targets, strict=True)):
            if isinstance(entry, KeptSheet):
                copier.copy_sheet(entry, ws)
            else:
                copier.fill_sheet(entry, ws)
            ws.selected = index == visible[0]
        workbook.active_sheet = visible[0]
        for where in copier.failed_formulas:  # rare: checked when the file was opened
            line = f"{where}: formula sostituita dal suo valore"
            if line not in self._book_losses:
                self._book_losses.append(line)
        return workbook


def _is_hidden(entry: KeptSheet | _Written) -> bool:
    if isinstance(entry, _Written):
        return entry.spec.hidden
    return bool(entry.sheet.visibility)


# --- reading helpers -----------------------------------------------------------------------

def _grid_from_sheet(book: xlrd.book.Book, sheet: xlrd.sheet.Sheet) -> Grid:
    rows = ([_cell_value(book, sheet.cell(r, c)) for c in range(sheet.row_len(r))]
            for r in range(sheet.nrows))
    return Grid.trimmed(str(sheet.name), rows, hidden=bool(sheet.visibility))


def _cell_value(book: xlrd.book.Book, cell: xlrd.sheet.Cell) -> CellValue:
    ctype, value = cell.ctype, cell.value
    if ctype == xlrd.XL_CELL_TEXT:
        return str(value) or None  # '' is what a formula with no cached value reads as
    if ctype == xlrd.XL_CELL_NUMBER:
        number = float(value)
        return int(number) if number.is_integer() else number
    if ctype == xlrd.XL_CELL_DATE:
        try:
            moment = xlrd.xldate.xldate_as_datetime(value, book.datemode)
        except (ValueError, OverflowError):
            return float(value)
        return as_date_value(moment, _format_str(book, cell.xf_index))
    if ctype == xlrd.XL_CELL_BOOLEAN:
        return bool(value)
    if ctype == xlrd.XL_CELL_ERROR:
        return str(xlrd.error_text_from_code.get(value, "#N/A"))
    return None


def _grid_from_spec(spec: SheetSpec) -> Grid:
    """What a written sheet will read as once saved (formulas have no value yet)."""
    rows = ([None if isinstance(v, Formula) else normalise(v) for v in raw]
            for raw in spec.matrix())
    return Grid.trimmed(spec.name, rows, hidden=spec.hidden)


def _format_str(book: xlrd.book.Book, xf_index: int) -> str:
    xf = book.xf_list[xf_index]
    fmt = book.format_map.get(xf.format_key)
    return str(fmt.format_str) if fmt is not None else "General"


# --- writing helpers -----------------------------------------------------------------------

def _prepare(spec: SheetSpec) -> _Written:
    """Check the spec's formulas now (xlwt parses them), and list what .xls cannot keep."""
    written = _Written(spec)
    for (row, col), value in sorted(spec.cells.items()):
        if isinstance(value, str):
            check_text_length(value, cell_ref(spec.name, row, col))
        if not isinstance(value, Formula):
            continue
        text = value.text.removeprefix("=")
        try:
            xlwt.Formula(text)
        except Exception:  # noqa: BLE001 - xlwt's parser raises bare Exceptions of many kinds
            written.losses.append(f"{cell_ref(spec.name, row, col)}: formula «={text}» non "
                                  "scritta, il formato .xls non la supporta")
        else:
            written.formulas[(row, col)] = text
    for style in spec.styles.values():
        if style.fill is not None:
            rgb_hex(style.fill)
    for validation in spec.validations:
        written.losses.append(
            f"il formato .xls non conserva i menù a tendina (convalida dati): "
            f"{spec.name}!{validation.cells}")
    return written


Rgb = tuple[int, int, int]


def _palette(book: xlrd.book.Book | None) -> dict[int, Rgb]:
    """The workbook's colours 8-63 (its own palette if it has one, else Excel's)."""
    colours = {8 + i: tuple(rgb) for i, rgb in enumerate(excel_default_palette_b8)}
    if book is not None:
        for index, rgb in book.colour_map.items():
            if 8 <= index <= 63 and rgb is not None:
                colours[index] = tuple(rgb)
    return {i: (int(c[0]), int(c[1]), int(c[2])) for i, c in colours.items()}


def nearest_colour(hex_rgb: str, palette: dict[int, Rgb]) -> int:
    """The palette index closest to RRGGBB (.xls cells can only name palette colours)."""
    text = rgb_hex(hex_rgb)
    r, g, b = (int(text[i:i + 2], 16) for i in (0, 2, 4))

    def distance(index: int) -> float:
        pr, pg, pb = palette[index]
        mean_red = (r + pr) / 2  # "redmean": a cheap approximation of perceived distance
        return ((2 + mean_red / 256) * (r - pr) ** 2 + 4 * (g - pg) ** 2
                + (2 + (255 - mean_red) / 256) * (b - pb) ** 2)

    return min(sorted(palette), key=distance)


class _Copier:
    """Turns kept sheets and specs into xlwt sheets, reusing one style per xlrd XF."""

    def __init__(self, workbook: xlwt.Workbook, book: xlrd.book.Book | None,
                 palette: dict[int, Rgb]) -> None:
        self._workbook = workbook
        self._book = book
        self.failed_formulas: list[str] = []
        self._palette = palette
        self._styles: dict[int, xlwt.XFStyle] = {}
        self._spec_styles: dict[tuple[Style | None, str | None], xlwt.XFStyle] = {}

    # .. untouched sheets ..

    def copy_sheet(self, kept: KeptSheet, ws: xlwt.Worksheet) -> None:
        sheet = kept.sheet
        ws.visibility = sheet.visibility
        ws.show_grid = bool(sheet.show_grid_lines)
        apply_page_setup(ws, kept.page)
        if sheet.panes_are_frozen:
            ws.panes_frozen = True
            ws.horz_split_pos = sheet.horz_split_pos
            ws.vert_split_pos = sheet.vert_split_pos
            ws.horz_split_first_visible = sheet.horz_split_first_visible
            ws.vert_split_first_visible = sheet.vert_split_first_visible
        if sheet.defcolwidth is not None:
            ws.col_default_width = sheet.defcolwidth
        for col, info in sheet.colinfo_map.items():
            column = ws.col(col)
            column.width = info.width
            column.hidden = int(info.hidden)
            column.level = info.outline_level
            column.collapse = int(info.collapsed)
            column.set_style(self._xf(info.xf_index))
        for row_index, info in sheet.rowinfo_map.items():
            row = ws.row(row_index)
            row.height = info.height
            row.height_mismatch = int(info.height_mismatch)
            row.hidden = int(info.hidden)
            row.level = info.outline_level
        for rlo, rhi, clo, chi in sheet.merged_cells:
            ws.merge(rlo, rhi - 1, clo, chi - 1, self._xf(sheet.cell_xf_index(rlo, clo)))
        for r in range(sheet.nrows):
            row = ws.row(r)
            for c in range(sheet.row_len(r)):
                self._copy_cell(sheet, ws, row, r, c, kept.formulas)
        for (r, c), value in kept.updates.items():
            inside = r < sheet.nrows and c < sheet.row_len(r)
            xf = self._xf(sheet.cell_xf_index(r, c)) if inside else None
            self._write_kept(ws, r, c, value, xf)

    def _copy_formula(self, ws: xlwt.Worksheet, row: xlwt.Row, r: int, c: int,
                      cell: xlrd.sheet.Cell, formula: SourceFormula,
                      style: xlwt.XFStyle) -> bool:
        """Write a formula of the file with its cached value; False if xlwt refuses it."""
        try:
            parsed = xlwt.Formula(formula.text)
            row.set_cell_formula(c, parsed, style)  # registers its sheet references
        except Exception:  # noqa: BLE001 - xlwt raises bare Exceptions; the value is kept
            self.failed_formulas.append(cell_ref(ws.name, r + 1, c + 1))
            return False
        text = str(cell.value) if cell.ctype == xlrd.XL_CELL_TEXT and cell.value else None
        row.insert_cell(c, CachedFormulaCell(r, c, self._workbook.add_style(style), parsed,
                                              formula.result, formula.flags, text))
        return True

    def _copy_cell(self, sheet: xlrd.sheet.Sheet, ws: xlwt.Worksheet, row: xlwt.Row,
                   r: int, c: int, formulas: dict[tuple[int, int], SourceFormula]) -> None:
        cell = sheet.cell(r, c)
        ctype, value = cell.ctype, cell.value
        if ctype == xlrd.XL_CELL_EMPTY:
            return
        style = self._xf(cell.xf_index)
        formula = formulas.get((r, c))
        if formula is not None and self._copy_formula(ws, row, r, c, cell, formula, style):
            return
        if ctype == xlrd.XL_CELL_TEXT and not value:
            row.set_cell_blank(c, style)  # a formula cell with no cached value
        elif ctype == xlrd.XL_CELL_TEXT:
            runs = sheet.rich_text_runlist_map.get((r, c))
            if runs:
                ws.write_rich_text(r, c, self._rich_segments(str(value), runs), style)
            else:
                row.set_cell_text(c, str(value), style)
        elif ctype in (xlrd.XL_CELL_NUMBER, xlrd.XL_CELL_DATE):
            row.set_cell_number(c, float(value), style)  # raw serial: the XF keeps the format
        elif ctype == xlrd.XL_CELL_BOOLEAN:
            row.set_cell_boolean(c, bool(value), style)
        elif ctype == xlrd.XL_CELL_ERROR:
            row.set_cell_error(c, value, style)
        else:  # XL_CELL_BLANK: an empty cell that carries formatting
            row.set_cell_blank(c, style)

    def _rich_segments(self, text: str,
                       runs: list[tuple[int, int]]) -> list[tuple[str, xlwt.Font]]:
        assert self._book is not None
        bounds = [*runs, (len(text), -1)]
        return [(text[start:end], self._font(font_index))
                for (start, font_index), (end, _) in pairwise(bounds)
                if end > start]

    def _font(self, font_index: int) -> xlwt.Font:
        assert self._book is not None
        src = self._book.font_list[font_index]
        font = xlwt.Font()
        font.name = src.name
        font.height = src.height
        font.bold = bool(src.bold)
        font.italic = bool(src.italic)
        font.struck_out = bool(src.struck_out)
        font.outline = bool(src.outline)
        font.shadow = bool(src.shadow)
        font.underline = src.underline_type
        font.colour_index = src.colour_index
        font.escapement = src.escapement
        font.family = src.family
        font.charset = src.character_set
        return font

    def _xf(self, xf_index: int) -> xlwt.XFStyle:
        cached = self._styles.get(xf_index)
        if cached is not None:
            return cached
        assert self._book is not None
        xf = self._book.xf_list[xf_index]
        style = xlwt.XFStyle()
        style.font = self._font(xf.font_index)
        style.num_format_str = _format_str(self._book, xf_index)
        style.alignment.horz = xf.alignment.hor_align
        style.alignment.vert = xf.alignment.vert_align
        style.alignment.wrap = xf.alignment.text_wrapped
        style.alignment.rota = xf.alignment.rotation
        style.alignment.inde = xf.alignment.indent_level
        style.alignment.shri = xf.alignment.shrink_to_fit
        style.alignment.dire = xf.alignment.text_direction
        border = xf.border
        for side in ("left", "right", "top", "bottom"):
            setattr(style.borders, side, getattr(border, f"{side}_line_style"))
            setattr(style.borders, f"{side}_colour", getattr(border, f"{side}_colour_index"))
        style.pattern.pattern = xf.background.fill_pattern
        style.pattern.pattern_fore_colour = xf.background.pattern_colour_index
        style.pattern.pattern_back_colour = xf.background.background_colour_index
        style.protection.cell_locked = xf.protection.cell_locked
        style.protection.formula_hidden = xf.protection.formula_hidden
        self._styles[xf_index] = style
        return style

    # .. sheets from a spec ..

    def fill_sheet(self, written: _Written, ws: xlwt.Worksheet) -> None:
        spec = written.spec
        ws.visibility = 1 if spec.hidden else 0
        for (row, col), value in spec.cells.items():
            style = spec.styles.get((row, col))
            self._write_value(ws, row - 1, col - 1, value, style, written)
        for (row, col), style in spec.styles.items():
            if (row, col) not in spec.cells:
                ws.row(row - 1).set_cell_blank(col - 1, self._spec_style(style, None))
        for col, width in spec.col_widths.items():
            ws.col(col - 1).width = max(0, min(65535, round(width * 256)))
        for row_no, height in spec.row_heights.items():
            ws.row(row_no - 1).height = round(height * 20)  # twentieths of a point
            ws.row(row_no - 1).height_mismatch = 1
        for col in spec.hidden_cols:
            ws.col(col - 1).hidden = 1
        for first_row, first_col, last_row, last_col in spec.merges:
            ws.merge(first_row - 1, last_row - 1, first_col - 1, last_col - 1)
        if spec.page is not None:
            apply_xlwt(ws, spec.page)

    def _write_value(self, ws: xlwt.Worksheet, r: int, c: int, value: WriteValue,
                     style: Style | None, written: _Written) -> None:
        row = ws.row(r)
        if isinstance(value, Formula):
            text = written.formulas.get((r + 1, c + 1))
            if text is None:
                return
            try:
                row.set_cell_formula(c, xlwt.Formula(text), self._spec_style(style, None))
            except Exception:  # noqa: BLE001 - xlwt raises a bare "unknown sheet name"
                del written.formulas[(r + 1, c + 1)]
                written.losses.append(f"{cell_ref(ws.name, r + 1, c + 1)}: formula «={text}» "
                                      "non scritta, fa riferimento a un foglio inesistente")
            return
        if value is None:
            if style is not None:
                row.set_cell_blank(c, self._spec_style(style, None))
            return
        if isinstance(value, datetime | date):
            default = DEFAULT_DATETIME_FORMAT if isinstance(value, datetime) else \
                DEFAULT_DATE_FORMAT
            moment = value.replace(tzinfo=None) if isinstance(value, datetime) else \
                datetime(value.year, value.month, value.day)  # Excel has no time zones
            row.set_cell_date(c, moment, self._spec_style(style, default))
            return
        xf = self._spec_style(style, None)
        if isinstance(value, bool):
            row.set_cell_boolean(c, value, xf)
        elif isinstance(value, int | float | Decimal):
            row.set_cell_number(c, float(value), xf)
        else:
            # always text: xlwt never turns a leading `=` into a formula
            row.set_cell_text(c, str(value), xf)

    def _write_kept(self, ws: xlwt.Worksheet, r: int, c: int, value: CellValue,
                    xf: xlwt.XFStyle | None) -> None:
        """A value written into a kept sheet's cell, in the cell's own format (a date in a
        cell without a date format gets gg/mm/aaaa)."""
        row = ws.row(r)
        if value is None or value == "":
            row.set_cell_blank(c, xf or self._spec_style(None, None))
        elif isinstance(value, datetime | date):
            moment = value.replace(tzinfo=None) if isinstance(value, datetime) else \
                datetime(value.year, value.month, value.day)
            dated = xf is not None and any(ch in xf.num_format_str.lower() for ch in "dy")
            row.set_cell_date(c, moment, xf if dated else self._spec_style(
                None, DEFAULT_DATETIME_FORMAT if isinstance(value, datetime)
                else DEFAULT_DATE_FORMAT))
        elif isinstance(value, bool):
            row.set_cell_boolean(c, value, xf or self._spec_style(None, None))
        elif isinstance(value, int | float | Decimal):
            row.set_cell_number(c, float(value), xf or self._spec_style(None, None))
        else:
            row.set_cell_text(c, str(value), xf or self._spec_style(None, None))

    def _spec_style(self, style: Style | None, default_format: str | None) -> xlwt.XFStyle:
        key = (style, default_format)
        cached = self._spec_styles.get(key)
        if cached is not None:
            return cached
        xf = xlwt.XFStyle()
        number_format = style.number_format if style is not None else None
        xf.num_format_str = number_format or default_format or "General"
        if style is not None:
            xf.font.bold = style.bold
            xf.font.italic = style.italic
            if style.font_size is not None:
                xf.font.height = round(style.font_size * 20)  # twentieths of a point
            if style.fill is not None:
                xf.pattern.pattern = xlwt.Pattern.SOLID_PATTERN
                xf.pattern.pattern_fore_colour = nearest_colour(style.fill, self._palette)
            if style.align is not None:
                xf.alignment.horz = _ALIGN.get(style.align, 0)
            xf.alignment.wrap = int(style.wrap)
            xf.alignment.rota = style.rotate
        self._spec_styles[key] = xf
        return xf


__all__ = ["MAX_COLS", "MAX_ROWS", "XlsBackend", "nearest_colour"]
