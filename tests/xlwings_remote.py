"""Excel's side of xlwings' remote engine, without Excel: the payload the client sends
(`xw.Book(json=payload(path))`, the kind of Book the ribbon and xlwings Lite hand to Python)
and the actions Python returns applied to the same file as Excel would apply them; used by
the ribbon's tests and by `bench/xlwings_ops.py`."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from datetime import date, datetime
from functools import cache, partial
from pathlib import Path
from typing import Any

import openpyxl
import xlwings as xw
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.utils import get_column_letter
from openpyxl.worksheet.datavalidation import DataValidation

LICENCE = ("XLWINGS_LICENSE_KEY", "noncommercial")
"""The remote engine needs a licence key: the free non-commercial one."""


def register_remote_engine(setattr_: Callable[[Any, str, Any], None] = setattr) -> None:
    """Make xlwings' remote engine usable (xlwings registers it at import only when the
    key is set, so it is registered here whatever the import order); `setattr_` lets a
    test undo it afterwards (`monkeypatch.setattr`)."""
    from xlwings.pro import _xlremote

    engines = xw.engines
    if "remote" not in engines.engines_by_name:
        engine = xw.main.Engine(impl=_xlremote.engine)
        setattr_(engines, "engines", [*engines.engines, engine])
        setattr_(engines, "engines_by_name", {**engines.engines_by_name, "remote": engine})
    setattr_(xw, "__pro__", True)



def new_excel_workbook(path: Path) -> Path:
    """`path`: a new workbook as an Italian Excel makes it, one empty sheet `Foglio1`."""
    wb = openpyxl.Workbook()
    wb.active.title = "Foglio1"
    wb.save(path)
    return path


def _payload_value(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, datetime):
        return value.isoformat() + ".000Z"
    if isinstance(value, date):
        return datetime(value.year, value.month, value.day).isoformat() + ".000Z"
    return value


def payload(path: Path) -> dict[str, Any]:
    """The workbook as the xlwings client sends it (cached values, not formulas)."""
    wb = openpyxl.load_workbook(path, data_only=True)
    sheets = [{"name": ws.title,
               "values": [[_payload_value(v) for v in row]
                          for row in ws.iter_rows(values_only=True)] or [[]],
               "visibility": "Visible" if ws.sheet_state == "visible" else "Hidden",
               "pictures": [], "shapes": [], "charts": [], "notes": [], "tables": [],
               "print_area": None, "show_gridlines": True, "pivot_tables": []} for ws in wb]
    return {"client": "Office.js", "version": xw.__version__, "names": [], "sheets": sheets,
            "book": {"name": path.name, "active_sheet_index": 0, "selection": "A1"}}


def _cells(ws: Any, action: dict[str, Any]) -> list[Any]:
    r0, c0 = action["start_row"] + 1, action["start_column"] + 1
    return [ws.cell(r, c) for r in range(r0, r0 + action["row_count"])
            for c in range(c0, c0 + action["column_count"])]


def _excel_value(value: Any) -> Any:
    """What Excel stores for a value xlwings sends: '' is empty, a leading ' marks text."""
    if value == "":
        return None
    if isinstance(value, str) and value.startswith("'"):
        return value[1:]
    if isinstance(value, str) and len(value) == 10 and value[4] == "-" and value[7] == "-":
        return datetime.fromisoformat(value)
    return value


def _fill(cell: Any, colour: str | None) -> None:
    if colour is None:
        cell.fill = PatternFill()
    else:
        rgb = "FF" + colour.lstrip("#").upper()
        cell.fill = PatternFill("solid", start_color=rgb, end_color=rgb)


def _matrix(ws: Any, action: dict[str, Any], values: list[list[Any]]) -> list[tuple[Any, Any]]:
    """The cells of an action's range paired with a matrix of its shape, or with one value
    repeated (a scalar sent for a bigger range)."""
    r0, c0 = action["start_row"] + 1, action["start_column"] + 1
    return [(ws.cell(r0 + i, c0 + j), value) for i, row in enumerate(values)
            for j, value in enumerate(row)]


def apply_actions(path: Path, actions: list[dict[str, Any]]) -> list[str]:
    """Apply the actions to the file as Excel would; returns the alerts shown."""
    wb = openpyxl.load_workbook(path)
    alerts = []
    for a in actions:
        func, args = a["func"], a["args"]
        ws = wb.worksheets[a["sheet_position"]] if a["sheet_position"] is not None else None
        if func == "addSheet":
            wb.create_sheet(args[1], args[0])
        elif func == "sheetDelete":
            wb.remove(ws)
        elif func == "setSheetName":
            ws.title = args[0]
        elif func == "setSheetVisibility":
            ws.sheet_state = args[0].lower()
        elif func == "setValues":
            for cell, value in _matrix(ws, a, a["values"]):
                cell.value = _excel_value(value)
        elif func == "setFormula":
            for cell, value in _matrix(ws, a, a["values"]):
                cell.value = value
        elif func == "setFontProperty":
            for cell in _cells(ws, a):
                font = {"b": cell.font.b, "i": cell.font.i, "sz": cell.font.sz}
                font[{"bold": "b", "italic": "i", "size": "sz"}[args[0]]] = args[1]
                cell.font = Font(**font)
        elif func == "setRangeColor":
            for cell in _cells(ws, a):
                _fill(cell, args[0])
        elif func == "setRangeColors":
            for cell, colour in _matrix(ws, a, args[0]):
                if colour != "keep":
                    _fill(cell, colour)
        elif func == "setNumberFormat":
            for cell in _cells(ws, a):
                cell.number_format = args[0]
        elif func == "setHorizontalAlignment":
            for cell in _cells(ws, a):
                cell.alignment = Alignment(horizontal=args[0].lower())
        elif func == "setColumnWidth":
            for c in range(a["start_column"], a["start_column"] + a["column_count"]):
                ws.column_dimensions[get_column_letter(c + 1)].width = args[0]
        elif func == "setRowHeight":  # points, as Excel's
            for r in range(a["start_row"], a["start_row"] + a["row_count"]):
                ws.row_dimensions[r + 1].height = args[0]
        elif func == "setColumnHidden":
            for c in range(a["start_column"], a["start_column"] + a["column_count"]):
                ws.column_dimensions[get_column_letter(c + 1)].hidden = args[0]
        elif func == "setDataValidationList":
            src = args[0]
            first = get_column_letter(src["start_column"] + 1) + str(src["start_row"] + 1)
            last = (get_column_letter(src["start_column"] + src["column_count"])
                    + str(src["start_row"] + src["row_count"]))
            source_ws = wb.worksheets[src["sheet_position"]].title
            rule = DataValidation(type="list", allow_blank=True,
                                  formula1=f"{source_ws}!${first[0]}${first[1:]}:"
                                           f"${last[0]}${last[1:]}")
            rule.add(_cells(ws, a)[0].coordinate + ":" + _cells(ws, a)[-1].coordinate)
            ws.add_data_validation(rule)
        elif func == "activateSheet":
            wb.active = args[0]
        elif func == "alert":
            alerts.append(args[0])
        elif func not in ("save", "setScreenUpdating"):
            raise AssertionError(f"azione non prevista: {func}")
    wb.save(path)
    return alerts


@cache
def ribbon(name: str) -> Callable[..., Any]:
    """The ribbon's button `name` of the one list (`excel.pressed`), to press on a book:
    `ribbon("Classifica")(book=book)`; the same object for the same name."""
    from xlwings_torneo.frontends import excel

    return partial(excel.pressed, name)


def press_actions(path: Path, button: Callable[..., Any], **kwargs: Any
                  ) -> tuple[Any, list[dict[str, Any]]]:
    """Press a ribbon button on the workbook at `path`: its message and the actions it
    sends (not applied)."""
    book = xw.Book(json=payload(path))
    message = button(book=book, **kwargs)
    return message, book.json()["actions"]


def press(path: Path, button: Callable[..., Any], **kwargs: Any
          ) -> tuple[Any, Counter[str], list[str]]:
    """Press a ribbon button on the workbook at `path`; Excel applies the actions."""
    message, actions = press_actions(path, button, **kwargs)
    alerts = apply_actions(path, actions)
    return message, Counter(a["func"] for a in actions), alerts


def book_state(path: Path) -> dict[str, Any]:
    """Everything the xlwings backend writes, cell by cell: per sheet its state, column
    widths, row heights and hidden columns, dropdowns, and each cell's value, font, fill,
    number format and alignment."""
    wb = openpyxl.load_workbook(path)
    state: dict[str, Any] = {"sheets": wb.sheetnames}
    for ws in wb:
        cells = {}
        for row in ws.iter_rows():
            for c in row:
                look = (c.value, bool(c.font.b), bool(c.font.i), c.font.sz,
                        c.fill.fgColor.rgb if c.fill.fill_type else None, c.number_format,
                        c.alignment.horizontal)
                if look != (None, False, False, None, None, "General", None):
                    cells[c.coordinate] = look
        state[ws.title] = {
            "state": ws.sheet_state,
            "widths": {k: d.width for k, d in ws.column_dimensions.items() if d.width},
            "heights": {k: d.height for k, d in ws.row_dimensions.items() if d.height},
            "hidden": sorted(k for k, d in ws.column_dimensions.items() if d.hidden),
            "dropdowns": sorted((str(v.sqref), v.formula1)
                                for v in ws.data_validations.dataValidation),
            "cells": cells}
    return state
