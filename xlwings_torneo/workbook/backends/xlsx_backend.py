"""The `.xlsx` / `.xlsm` backend (openpyxl): moves cells between the file and Grid/SheetSpec.

Reading formulas: a formula cell reads as the value Excel or LibreOffice cached when it
last saved the file (a second, values-only load, made only when a formula is met). A
sheet written in this session has no cached values (openpyxl computes nothing), so its
formulas read as None, as they will after saving until a spreadsheet program recalculates.

Writing: a `str` is always stored as text, even when it starts with `=` (a name typed by
a user is never run as a formula); only `Formula` values become formulas.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Mapping
from copy import copy
from datetime import date, datetime, time
from decimal import Decimal
from io import BytesIO
from pathlib import Path
from typing import Any
from zipfile import ZIP_DEFLATED, ZipFile

# openpyxl and defusedxml ship no type hints and no stubs are installed: imports are untyped
from defusedxml.ElementTree import fromstring as safe_xml  # type: ignore[import-untyped]
from openpyxl import Workbook, load_workbook  # type: ignore[import-untyped]
from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE, Cell  # type: ignore[import-untyped]
from openpyxl.drawing.image import PILImage  # type: ignore[import-untyped]
from openpyxl.styles import Alignment, Font, PatternFill  # type: ignore[import-untyped]
from openpyxl.worksheet.datavalidation import DataValidation  # type: ignore[import-untyped]
from openpyxl.worksheet.worksheet import Worksheet  # type: ignore[import-untyped]

from xlwings_torneo.atomic import atomic_write
from xlwings_torneo.collections_paused import collections_paused
from xlwings_torneo.errors import FileLockedError, WorkbookError
from xlwings_torneo.limits import MAX_SHEET_COLS, MAX_SHEET_ROWS
from xlwings_torneo.workbook.backends.cell_values import (
    DEFAULT_DATE_FORMAT,
    DEFAULT_DATETIME_FORMAT,
    as_date_value,
    check_sheet_name,
    check_text_length,
    plain_number,
    rgb_hex,
)
from xlwings_torneo.workbook.backends.webextension import carried_parts, put_parts
from xlwings_torneo.workbook.backends.xlsx_on_demand import SheetsOnDemand
from xlwings_torneo.workbook.backends.xlsx_values import (
    Captured,
    cached_value,
    capturing_cached_values,
)
from xlwings_torneo.workbook.print_layout import apply_openpyxl
from xlwings_torneo.workbook.sheet import (
    FONT_NAME,
    STRICT_LIST_ERROR,
    CellValue,
    Formula,
    Grid,
    SheetSpec,
    Style,
    WriteValue,
    cell_ref,
    col_letter,
)

PLAIN_FONT = Font(name=FONT_NAME)
"""Cells written without a style: Arial too, not the workbook's default Calibri."""
_XLSM_CONTENT_TYPE = "application/vnd.ms-excel.sheet.macroEnabled.main+xml"


class _MacroEnabledWorkbook(Workbook):  # type: ignore[misc]  # openpyxl is untyped
    """A new `.xlsm` with no VBA project yet: Excel still wants the macro content type."""

    @property
    def mime_type(self) -> str:
        return _XLSM_CONTENT_TYPE


class XlsxBackend:
    """An open `.xlsx`/`.xlsm` workbook held in memory until `save()`; or, opened for
    `reading`, a workbook whose sheets are parsed when first read and never written."""

    def __init__(self, path: Path, workbook: Workbook, source: bytes | None,
                 losses: list[str] | None = None,
                 on_demand: SheetsOnDemand | None = None) -> None:
        self.path = path
        self._wb = workbook
        self._on_demand = on_demand
        """Set when opened for reading (`xlsx_on_demand`): sheets come from it."""
        self._source = source
        self._losses = losses or []
        self._cached: Workbook | None = None
        self._written: set[str] = set()
        self._uncalculated: set[str] = set()
        self._formula_values: Captured = {}
        """Cached values of formula cells, read with the workbook (`xlsx_values.py`)."""
        self._carried = carried_parts(source) if source is not None else {}
        """The xlwings Lite code the file carries (`webextension.py`), which openpyxl drops:
        written back by `save`."""

    @classmethod
    def open(cls, path: Path, *, keep_vba: bool = False, reading: bool = False) -> XlsxBackend:
        """The whole file, ready to be written and saved; when `reading` (a command that
        writes nothing into the workbook), only what is read, parsed when read."""
        if reading and SheetsOnDemand.usable():
            return cls._open_for_reading(path)
        try:
            source = path.read_bytes()
            _refuse_unsafe_xml(source)
            with warnings.catch_warnings(record=True) as caught:
                warnings.simplefilter("always")
                with capturing_cached_values() as cached, collections_paused():
                    workbook = load_workbook(BytesIO(source), keep_vba=keep_vba)
        except OSError as exc:
            raise WorkbookError(f"impossibile leggere il file «{path}»: {exc.strerror}") from exc
        except Exception as exc:  # zip, XML and openpyxl errors alike: the file is bad
            raise _unreadable(path, exc) from exc
        if workbook.vba_archive is not None:
            workbook.vba_archive = _read_only_copy(workbook.vba_archive)
        _keep_empty_names(workbook)
        losses = _unkept_parts(source, keep_vba=keep_vba)
        messages = [str(w.message) for w in caught]
        try:
            restored = _restore_x14_dropdowns(workbook, source)  # Excel's cross-sheet lists
        except Exception as exc:  # our own XML read refused the file (defusedxml)
            raise _unreadable(path, exc) from exc
        if restored:
            messages = [m for m in messages if not m.startswith("Data Validation extension")]
        for line in _italian_warnings(messages):
            if line not in losses:
                losses.append(line)
        book = cls(path, workbook, source, losses)
        book._formula_values = cached
        return book

    @classmethod
    def _open_for_reading(cls, path: Path) -> XlsxBackend:
        try:
            source = path.read_bytes()
            _refuse_unsafe_xml(source)
            with warnings.catch_warnings():  # what a save would drop: nothing is saved
                warnings.simplefilter("ignore")
                on_demand = SheetsOnDemand(source)
        except OSError as exc:
            raise WorkbookError(f"impossibile leggere il file «{path}»: {exc.strerror}") from exc
        except Exception as exc:  # zip, XML and openpyxl errors alike: the file is bad
            raise _unreadable(path, exc) from exc
        return cls(path, on_demand.workbook, source, on_demand=on_demand)

    @classmethod
    def create(cls, path: Path, *, macro_enabled: bool = False) -> XlsxBackend:
        workbook = _MacroEnabledWorkbook() if macro_enabled else Workbook()
        workbook.remove(workbook.active)
        return cls(path, workbook, None)

    # --- reading ---------------------------------------------------------------------

    def sheet_names(self) -> list[str]:
        if self._on_demand is not None:
            return self._on_demand.names()
        return list(self._wb.sheetnames)

    def lost_features(self) -> list[str]:
        """What openpyxl does not write back (shapes, slicers, ...), one Italian line each.

        Everything the program itself writes is kept; the lines name what the organiser
        (or Excel) put in the file that a save through openpyxl drops."""
        return list(self._losses)

    def read_sheet(self, name: str) -> Grid:
        ws = self._sheet(name)
        last_row, last_col = _used_extent(ws)
        rows = ([self._read_cell(ws, cell) if isinstance(cell, Cell) else None
                 for cell in row]  # merged-away cells read as empty
                for row in ws.iter_rows(max_row=last_row, max_col=last_col)) \
            if last_row else ()
        return Grid.trimmed(ws.title, rows, hidden=ws.sheet_state != "visible")

    def _read_cell(self, ws: Worksheet, cell: Cell) -> CellValue:
        if cell.data_type == "f":
            if ws.title in self._written:
                return None
            captured = self._formula_values.get(ws.title)
            if captured is not None:
                raw = captured.get((cell.row, cell.column))
                if raw is None:  # saved by a tool that does not calculate
                    self._uncalculated.add(f"{ws.title}!{cell.coordinate}")
                    return None
                return _plain(cached_value(raw, cell.number_format, self._wb.epoch),
                              cell.number_format)
            return self._cached_value(ws.title, cell.coordinate)
        return _plain(cell.value, cell.number_format)

    def _cached_value(self, sheet: str, coordinate: str) -> CellValue:
        if sheet in self._written or self._source is None:
            return None
        if self._cached is None:
            with warnings.catch_warnings():  # already turned into lost_features() lines
                warnings.simplefilter("ignore")
                self._cached = load_workbook(BytesIO(self._source), data_only=True)
        if sheet not in self._cached.sheetnames:
            return None
        cell = self._cached[sheet][coordinate]
        if cell.value is None:  # saved by a tool that does not calculate
            self._uncalculated.add(f"{sheet}!{coordinate}")
        return _plain(cell.value, cell.number_format)

    def uncalculated_cells(self) -> set[str]:
        """Cells read so far (`Turno 1!F5`) whose formula has no value stored in the file."""
        return set(self._uncalculated)

    def _sheet(self, name: str) -> Worksheet:
        if name not in self.sheet_names():
            raise WorkbookError(f"foglio «{name}» non trovato nel file «{self.path.name}»")
        if self._on_demand is not None:
            return self._parsed(self._on_demand, name)
        ws = self._wb[name]
        if not isinstance(ws, Worksheet):
            raise _chart_sheet(name)
        return ws

    def _parsed(self, on_demand: SheetsOnDemand, name: str) -> Worksheet:
        if on_demand.is_chart(name):
            raise _chart_sheet(name)
        try:
            with warnings.catch_warnings():  # what a save would drop: nothing is saved
                warnings.simplefilter("ignore")
                with capturing_cached_values() as cached:
                    ws = on_demand.worksheet(name)
        except Exception as exc:  # the sheet's XML is bad: as a full load would say
            raise _unreadable(self.path, exc) from exc
        self._formula_values.update(cached)
        return ws

    def _writable(self) -> None:
        """A workbook opened for reading is never written (a programming error)."""
        if self._on_demand is not None:
            raise RuntimeError(f"«{self.path.name}» was opened for reading only")

    # --- writing ---------------------------------------------------------------------

    def rename_sheet(self, old: str, new: str) -> None:
        self._writable()
        self._sheet(old).title = new

    def write_sheet(self, spec: SheetSpec, *, after: str | None = None) -> None:
        """Replace `spec.name` at its position, or add it after `after` (else last)."""
        self._writable()
        _check(spec)  # before touching the workbook: a refused spec changes nothing
        names = self._wb.sheetnames
        clash = [n for n in names if n.casefold() == spec.name.casefold() and n != spec.name]
        if clash:
            raise WorkbookError(f"esiste già un foglio «{clash[0]}»: i nomi dei fogli non "
                                "distinguono maiuscole e minuscole")
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

    def update_cells(self, name: str, cells: Mapping[tuple[int, int], CellValue]) -> None:
        """Values into an existing sheet; formulas, formats and the rest stay."""
        self._writable()
        _check(SheetSpec(name, cells=dict(cells)))
        ws = self._sheet(name)
        for (row, col), value in cells.items():
            cell = ws.cell(row=row, column=col)
            if cell.data_type == "f":
                continue
            _put(cell, value, cell_ref(name, row, col))
            if isinstance(value, date) and not cell.is_date:
                cell.number_format = (DEFAULT_DATETIME_FORMAT if isinstance(value, datetime)
                                      else DEFAULT_DATE_FORMAT)
        self._written.add(name)

    def save(self) -> None:
        """Write the workbook atomically; a failure leaves the file as it was."""
        self._writable()
        if not self._wb.sheetnames:
            raise WorkbookError("una cartella di lavoro deve contenere almeno un foglio")
        _activate_first_visible(self._wb)
        try:
            atomic_write(self.path, self._write)
        except PermissionError as exc:
            raise FileLockedError(
                f"impossibile salvare «{self.path.name}»: il file è aperto in Excel o "
                "LibreOffice (chiudilo e riprova) o la cartella non è scrivibile?") from exc


    def _write(self, tmp: Path) -> None:
        self._wb.save(tmp)
        if self._carried:
            put_parts(tmp, self._carried)


def _chart_sheet(name: str) -> WorkbookError:
    return WorkbookError(f"«{name}» è un foglio grafico, non un foglio di lavoro")


def _used_extent(ws: Worksheet) -> tuple[int, int]:
    """The last row and column holding a value: the used range, not the sheet's dimension
    (a styled or stray cell at XFD1048576 would make it 17 billion cells). A value below
    the last row read is an error naming its cell; one right of the last column read is the
    organiser's and is left unread (issue 24: notes at column 1,000 of `Iscritti`), so the
    grid stays at most MAX_SHEET_ROWS x MAX_SHEET_COLS."""
    last_row = last_col = 0
    # openpyxl keeps only the cells the file holds in this dict; it has no public sparse view
    for (row, col), cell in ws._cells.items():
        if cell.value is None:
            continue
        if row > MAX_SHEET_ROWS:
            raise WorkbookError(
                f"valore fuori dall'area che il programma legge (al massimo {MAX_SHEET_ROWS} "
                "righe): cancellalo", cell_ref(ws.title, row, col))
        if col > MAX_SHEET_COLS:
            continue
        last_row, last_col = max(last_row, row), max(last_col, col)
    return last_row, last_col


def _unreadable(path: Path, exc: BaseException) -> WorkbookError:
    """The Italian error for a file openpyxl or our XML reader refused (the library's
    English words stay in the exception chain only)."""
    if _from_defusedxml(exc):  # entities, DTDs, external references: an attack
        return WorkbookError(f"il file «{path.name}» contiene XML non ammesso (entità o "
                             "DTD): è stato rifiutato per sicurezza")
    return WorkbookError(f"il file «{path.name}» non è una cartella di lavoro Excel "
                         "leggibile (file danneggiato?)")


_OPENED_FIRST = ("[Content_Types].xml", "xl/workbook.xml", "xl/_rels/workbook.xml.rels",
                 "xl/styles.xml")
"""The package's parts openpyxl parses before any sheet, with lxml, which leaves entities
unexpanded but does not refuse them (its sheets go through defusedxml)."""


def _refuse_unsafe_xml(source: bytes) -> None:
    """Entities, DTDs and external references in the parts read first are refused
    (defusedxml) whether the workbook is opened whole or for reading."""
    with ZipFile(BytesIO(source)) as archive:
        present = set(archive.namelist())
        for part in _OPENED_FIRST:
            if part in present:
                safe_xml(archive.read(part))


def _from_defusedxml(exc: BaseException | None) -> bool:
    """Whether defusedxml refused the XML, also when openpyxl re-raised it as its own."""
    seen = 0
    while exc is not None and seen < 10:
        if type(exc).__module__.startswith("defusedxml"):
            return True
        exc, seen = exc.__cause__ or exc.__context__, seen + 1
    return False


def _keep_empty_names(workbook: Workbook) -> None:
    """A defined name with no definition (LibreOffice's `_xlfn_IFERROR` marker in the
    original's template) stays empty: openpyxl would write it back as the text `none`."""
    names = list(workbook.defined_names.values())
    for ws in workbook.worksheets:
        names.extend(ws.defined_names.values())
    for defined in names:
        if defined.attr_text is None:
            defined.attr_text = ""


_UNKEPT_PARTS = (
    ("xl/threadedComments/", "i commenti in thread (restano i commenti semplici)"),
    ("xl/slicers/", "i filtri dei dati (slicer)"),
    ("xl/timelines/", "le sequenze temporali"),
    ("xl/embeddings/", "gli oggetti incorporati"),
)
_EXTENSIONS = {
    "Data Validation": "i menù a tendina che Excel salva come estensione (elenco preso da "
                       "un altro foglio): vanno ricreati",
    "Conditional Formatting": "parte della formattazione condizionale (estensioni di Excel)",
    "Sparkline Group": "i grafici sparkline",
    "Slicer List": "i filtri dei dati (slicer)",
    "Timeline Ref": "le sequenze temporali",
}


def _italian_warnings(messages: list[str]) -> list[str]:
    """openpyxl's load warnings (what it will drop) as lines for the organiser."""
    lines: list[str] = []
    for message in messages:
        extension = re.match(r"(.+) extension is not supported and will be removed", message)
        if extension:
            feature = _EXTENSIONS.get(extension.group(1))
            if feature is None:
                continue  # protected ranges, ignored errors, web add-ins: nothing visible
            line = f"il salvataggio non conserva {feature}"
        elif message.startswith("DrawingML support is incomplete"):
            line = "il salvataggio non conserva forme e caselle di testo disegnate"
        elif "image" in message:
            line = "il salvataggio non conserva un'immagine che non è stato possibile leggere"
        elif "conditional formatting rule" in message:
            line = "il salvataggio non conserva una regola di formattazione condizionale"
        else:
            continue  # header/footer or date-range notices: the cells themselves are kept
        if line not in lines:
            lines.append(line)
    return lines


def _unkept_parts(source: bytes, *, keep_vba: bool) -> list[str]:
    """Parts of the package that a save through openpyxl drops, named for the organiser."""
    lines: list[str] = []
    with ZipFile(BytesIO(source)) as archive:
        names = archive.namelist()
    for prefix, feature in _UNKEPT_PARTS:
        if any(name.startswith(prefix) for name in names):
            lines.append(f"il salvataggio non conserva {feature}")
    if not PILImage and any(name.startswith("xl/media/") for name in names):
        lines.append("il salvataggio non conserva le immagini: installa il pacchetto pillow")
    if not keep_vba and any(n.startswith(("xl/ctrlProps/", "xl/activeX/")) for n in names):
        lines.append("il salvataggio non conserva i controlli modulo (pulsanti, caselle)")
    if not keep_vba and "xl/vbaProject.bin" in names:
        lines.append("il salvataggio .xlsx non conserva le macro: usa un file .xlsm")
    return lines


_NS = {
    "main": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
    "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
    "x14": "http://schemas.microsoft.com/office/spreadsheetml/2009/9/main",
    "xm": "http://schemas.microsoft.com/office/excel/2006/main",
}
_TRUE = ("1", "true")


def _restore_x14_dropdowns(workbook: Workbook, source: bytes) -> bool:
    """Excel (2010 on) saves a dropdown whose list is on another sheet (`Dati!$A$2:$A$9`)
    as an `x14` extension that openpyxl drops; re-add each one as a plain validation,
    which Excel and LibreOffice read alike. True if any was found."""
    found = False
    with ZipFile(BytesIO(source)) as archive:
        names = set(archive.namelist())
        if not {"xl/workbook.xml", "xl/_rels/workbook.xml.rels"} <= names:
            return False
        book = safe_xml(archive.read("xl/workbook.xml"))
        rels = safe_xml(archive.read("xl/_rels/workbook.xml.rels"))
        targets = {rel.get("Id"): rel.get("Target", "") for rel in rels}
        for sheet in book.iter(f"{{{_NS['main']}}}sheet"):
            target = targets.get(sheet.get(f"{{{_NS['r']}}}id"), "")
            part = target.lstrip("/") if target.startswith("/") else "xl/" + target
            title = sheet.get("name")
            if part not in names or title not in workbook.sheetnames:
                continue
            xml = archive.read(part)
            if b":dataValidation" not in xml:  # no prefixed (x14) dropdown: not parsed again
                continue
            for node in safe_xml(xml).iter(f"{{{_NS['x14']}}}dataValidation"):
                rule = _x14_rule(node)
                if rule is not None:
                    workbook[title].add_data_validation(rule)
                    found = True
    return found


def _x14_rule(node: Any) -> DataValidation | None:
    def text(path: str) -> str | None:
        found = node.find(path, _NS)
        return None if found is None else found.text

    sqref = text("xm:sqref")
    if not sqref:
        return None
    return DataValidation(
        type=node.get("type"), operator=node.get("operator"),
        formula1=text("x14:formula1/xm:f"), formula2=text("x14:formula2/xm:f"),
        allow_blank=node.get("allowBlank") in _TRUE,
        showErrorMessage=node.get("showErrorMessage") in _TRUE,
        showInputMessage=node.get("showInputMessage") in _TRUE,
        showDropDown=node.get("showDropDown") in _TRUE,
        errorStyle=node.get("errorStyle"), error=node.get("error"),
        errorTitle=node.get("errorTitle"), prompt=node.get("prompt"),
        promptTitle=node.get("promptTitle"), sqref=sqref)


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
    # each distinct style is built once and its style array copied to the other cells
    # that have it (as openpyxl copies styles): building Font/Fill objects cell by cell
    # was a third of the time of writing a 1,000-player standings sheet
    built: dict[tuple[Style | None, str | None], Any] = {}

    def styled(cell: Cell, style: Style | None, date_format: str | None) -> None:
        key = (style, date_format)
        if key in built:
            cell._style = copy(built[key])
            return
        if style is not None:
            _apply_style(cell, style)
        else:
            cell.font = PLAIN_FONT
        if date_format is not None:
            cell.number_format = date_format
        built[key] = copy(cell._style)

    for (row, col), value in spec.cells.items():
        cell = ws.cell(row=row, column=col)
        _put(cell, value, cell_ref(spec.name, row, col))
        style = spec.styles.get((row, col))
        date_format = None
        if isinstance(value, date) and (style is None or style.number_format is None):
            date_format = (DEFAULT_DATETIME_FORMAT if isinstance(value, datetime)
                           else DEFAULT_DATE_FORMAT)
        styled(cell, style, date_format)  # unstyled cells too: Arial, not Calibri
    for (row, col), style in spec.styles.items():
        if (row, col) not in spec.cells:  # styled empty cell (e.g. a coloured band)
            styled(ws.cell(row=row, column=col), style, None)
    for col, width in spec.col_widths.items():
        ws.column_dimensions[col_letter(col)].width = width
    for row, height in spec.row_heights.items():
        ws.row_dimensions[row].height = height
    for col in spec.hidden_cols:
        ws.column_dimensions[col_letter(col)].hidden = True
    for first_row, first_col, last_row, last_col in spec.merges:
        ws.merge_cells(start_row=first_row, start_column=first_col, end_row=last_row,
                       end_column=last_col)
    for validation in spec.validations:
        rule = DataValidation(type="list", formula1=validation.source.lstrip("="),
                              allow_blank=True, showErrorMessage=validation.strict,
                              errorStyle="stop", error=STRICT_LIST_ERROR)
        rule.add(validation.cells)
        ws.add_data_validation(rule)
    ws.sheet_state = "hidden" if spec.hidden else "visible"
    if spec.page is not None:
        apply_openpyxl(ws, spec.page)


def _check(spec: SheetSpec) -> None:
    """Refuse what Excel cannot store, naming the cell."""
    check_sheet_name(spec.name)
    for (row, col), value in spec.cells.items():
        if isinstance(value, str):
            where = cell_ref(spec.name, row, col)
            check_text_length(value, where)
            if ILLEGAL_CHARACTERS_RE.search(value):
                raise WorkbookError("il testo contiene caratteri di controllo non ammessi in "
                                    "Excel", where)
    for style in spec.styles.values():
        if style.fill is not None:
            rgb_hex(style.fill)


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
    if isinstance(value, datetime) and value.tzinfo is not None:
        value = value.replace(tzinfo=None)  # Excel has no time zones: keep the wall time
    cell.value = value  # checked by _check: no illegal characters
    if isinstance(value, str):
        cell.data_type = "s"  # a user string is text, even `=HYPERLINK(...)`


def _apply_style(cell: Cell, style: Style) -> None:
    cell.font = Font(name=FONT_NAME, bold=style.bold, italic=style.italic,
                     size=style.font_size)
    if style.fill is not None:
        colour = "FF" + rgb_hex(style.fill)
        cell.fill = PatternFill(fill_type="solid", start_color=colour, end_color=colour)
    if style.number_format is not None:
        cell.number_format = style.number_format
    if style.align is not None or style.wrap or style.rotate:
        cell.alignment = Alignment(horizontal=style.align, wrap_text=style.wrap or None,
                                   text_rotation=style.rotate)


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
