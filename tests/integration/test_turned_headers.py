"""Issue 31.5: a cell's text turned upright and a row of a set height (the names heading
`STATISTICHE`'s narrow columns) survive the file backends (the UNO backend's in
test_uno_backend.py)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
import xlrd

from xlwings_torneo.workbook.backends.factory import create_workbook
from xlwings_torneo.workbook.sheet import SheetSpec, Style


@pytest.fixture(autouse=True)
def without_libreoffice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The .xls is written by xlwt itself, not through LibreOffice."""
    monkeypatch.setenv("TORNEO_SOFFICE", str(tmp_path / "nessun-libreoffice" / "soffice"))


def turned(path: Path) -> None:
    spec = SheetSpec("Prova")
    spec.put(1, 1, "Titolo")
    spec.put(3, 2, "Rossi Mario", Style(bold=True, rotate=90))
    spec.row_heights[3] = 120
    backend = create_workbook(path)
    backend.write_sheet(spec)
    backend.save()


def test_xlsx_keeps_the_angle_and_the_height(tmp_path: Path) -> None:
    path = tmp_path / "t.xlsx"
    turned(path)
    ws = openpyxl.load_workbook(path)["Prova"]
    assert ws["B3"].alignment.textRotation == 90 and ws["B3"].font.b
    assert ws.row_dimensions[3].height == 120
    assert ws["A1"].alignment.textRotation in (0, None)


def test_xls_keeps_the_angle_and_the_height(tmp_path: Path) -> None:
    path = tmp_path / "t.xls"
    turned(path)
    book = xlrd.open_workbook(str(path), formatting_info=True)
    sheet = book.sheet_by_name("Prova")
    assert book.xf_list[sheet.cell_xf_index(2, 1)].alignment.rotation == 90
    assert sheet.rowinfo_map[2].height == 120 * 20
