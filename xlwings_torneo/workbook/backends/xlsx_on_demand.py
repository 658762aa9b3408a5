"""A `.xlsx` opened to be read only, whose sheets openpyxl parses when first asked for.

openpyxl's load parses every sheet of the file before the first is read. A command that
writes nothing into the workbook (the score sheets, the report, the exports) reads only
`Iscritti`, `TORNEO`, `Opzioni` and the rounds; the standings, `STATISTICHE`, `Punti
Ranking` and the `Log` it never looks at were more than half of the parsing at 1,000
players (issue 48.8). Here the package, its shared strings, styles and sheet list are read
as openpyxl reads them; each sheet is parsed, with openpyxl's own sheet reader, the first
time it is read, so a cell reads exactly as after a full load (merged-away cells empty,
formats and dates alike). Should a future openpyxl rename what this relies on,
`SheetsOnDemand.usable()` is False and the backend loads the whole file as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO
from typing import Any

# openpyxl ships no type hints and no stubs are installed: imports are untyped
from openpyxl.cell.cell import MergedCell  # type: ignore[import-untyped]
from openpyxl.reader import excel  # type: ignore[import-untyped]
from openpyxl.styles.stylesheet import apply_stylesheet  # type: ignore[import-untyped]
from openpyxl.workbook import Workbook  # type: ignore[import-untyped]
from openpyxl.worksheet import _reader  # type: ignore[import-untyped]
from openpyxl.worksheet.cell_range import CellRange  # type: ignore[import-untyped]
from openpyxl.worksheet.worksheet import Worksheet  # type: ignore[import-untyped]

CHART_SHEET = "chartsheet"
"""In a sheet relationship's type: a chart sheet, which has no cells."""


@dataclass(frozen=True)
class _Part:
    state: str
    target: str
    chart: bool


class SheetsOnDemand:
    """The workbook `source` (the file's bytes, already checked by `file_checks`) with
    its sheets listed in the file's order and parsed one by one when first read."""

    def __init__(self, source: bytes) -> None:
        reader = excel.ExcelReader(BytesIO(source), read_only=False, keep_vba=False,
                                   data_only=False, keep_links=True, rich_text=False)
        reader.read_manifest()
        reader.read_strings()
        reader.read_workbook()
        apply_stylesheet(reader.archive, reader.wb)  # number formats: dates read as dates
        self._reader = reader
        self.workbook: Workbook = reader.wb
        self._parts = {sheet.name: _Part(sheet.state or "visible", rel.target,
                                         CHART_SHEET in rel.Type)
                       for sheet, rel in reader.parser.find_sheets()
                       if rel.target in reader.valid_files}
        self._parsed: dict[str, Worksheet] = {}

    @staticmethod
    def usable() -> bool:
        """openpyxl still has the reader parts this relies on."""
        return all(hasattr(owner, name) for owner, name in (
            (excel, "ExcelReader"), (_reader, "WorksheetReader"),
            (getattr(excel, "ExcelReader", None), "read_workbook"),
            (getattr(_reader, "WorksheetReader", None), "bind_cells"),
            (_reader, "MERGE_TAG")))  # the parser keeps a sheet's merged ranges

    def names(self) -> list[str]:
        return list(self._parts)

    def is_chart(self, name: str) -> bool:
        return self._parts[name].chart

    def worksheet(self, name: str) -> Worksheet:
        """The sheet `name` (a worksheet of the file, not a chart sheet), parsed once."""
        if name not in self._parsed:
            part = self._parts[name]
            ws = self.workbook.create_sheet(name)
            with self._reader.archive.open(part.target) as xml:
                sheet_reader: Any = _reader.WorksheetReader(
                    ws, xml, self._reader.shared_strings, False, False)
                sheet_reader.bind_cells()
                _merged_away(ws, sheet_reader.parser.merged_cells)
            ws.sheet_state = part.state
            self._parsed[name] = ws
        return self._parsed[name]


def _merged_away(ws: Worksheet, merged: Any) -> None:
    """Every cell of a merged range but its first becomes a `MergedCell` (read as empty), as
    openpyxl's `bind_merged_cells` does; without the borders it then redraws on each of
    them, which a reading never looks at and which were a third of reading a round sheet."""
    for mark in getattr(merged, "mergeCell", None) or ():
        cells = CellRange(mark.ref).cells
        next(cells)
        for row, col in cells:
            ws._cells[row, col] = MergedCell(ws, row, col)
