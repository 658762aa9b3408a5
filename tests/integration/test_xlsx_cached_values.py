"""Formula cells read in the workbook's one load (`xlsx_values.py`) give exactly what a
second `data_only` load of openpyxl gives, on files made by LibreOffice and by Excel-like
writers: numbers, text, booleans, errors and dates."""

from __future__ import annotations

import shutil
import subprocess
from datetime import datetime
from pathlib import Path

import openpyxl
import pytest

from xlwings_torneo.workbook.backends.factory import create_workbook, open_workbook
from xlwings_torneo.workbook.backends.xlsx_backend import _plain
from xlwings_torneo.workbook.backends.xlsx_values import cached_value
from xlwings_torneo.workbook.sheet import Formula, SheetSpec

FILES = Path(__file__).parent.parent / "files"


def reference(path: Path) -> dict[tuple[str, int, int], object]:
    """Every formula cell's value as the old second load read it."""
    formulas = openpyxl.load_workbook(path)
    values = openpyxl.load_workbook(path, data_only=True)
    out: dict[tuple[str, int, int], object] = {}
    for ws in formulas.worksheets:
        for row in ws.iter_rows():
            for cell in row:
                if cell.data_type == "f":
                    cached = values[ws.title].cell(cell.row, cell.column)
                    out[(ws.title, cell.row, cell.column)] = _plain(cached.value,
                                                                    cached.number_format)
    return out


def read_once(path: Path) -> dict[tuple[str, int, int], object]:
    book = open_workbook(path)
    grids = {name: book.read_sheet(name) for name in book.sheet_names()}
    return {key: (grids[key[0]].rows[key[1] - 1][key[2] - 1]
                  if key[1] <= len(grids[key[0]].rows)
                  and key[2] <= len(grids[key[0]].rows[key[1] - 1]) else None)
            for key in reference(path)}


@pytest.mark.libreoffice
def test_libreoffice_workbook_with_every_kind_of_formula_result(tmp_path: Path) -> None:
    source = tmp_path / "formule.fods"
    source.write_text("""<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2" office:version="1.2"
 office:mimetype="application/vnd.oasis.opendocument.spreadsheet">
<office:body><office:spreadsheet><table:table table:name="Conti">
<table:table-row>
 <table:table-cell office:value-type="float" office:value="2"/>
 <table:table-cell table:formula="of:=[.A1]*21"/>
 <table:table-cell table:formula="of:=&quot;Roma&quot;&amp;[.A1]"/>
 <table:table-cell table:formula="of:=[.A1]&gt;1"/>
 <table:table-cell table:formula="of:=1/0"/>
 <table:table-cell table:formula="of:=DATE(2026;11;2)"/>
 <table:table-cell table:formula="of:=[.A1]/8"/>
</table:table-row>
</table:table></office:spreadsheet></office:body></office:document>""", encoding="utf-8")
    subprocess.run([shutil.which("soffice") or "soffice", "--headless", "--convert-to", "xlsx",
                    "--outdir", str(tmp_path), str(source)], check=True, capture_output=True,
                   timeout=120)
    path = tmp_path / "formule.xlsx"
    expected = reference(path)
    assert len(expected) == 6
    assert read_once(path) == expected
    assert expected[("Conti", 1, 2)] == 42
    assert expected[("Conti", 1, 3)] == "Roma2"


def test_the_fixture_workbooks_read_their_formulas_as_before() -> None:
    for path in (FILES / "original_layout.xlsx", FILES / "macro_placeholder.xlsm"):
        assert read_once(path) == reference(path)


def test_cached_texts_become_values_like_openpyxl() -> None:
    epoch = datetime(1899, 12, 30)
    assert cached_value(("42", "n"), "General", epoch) == 42
    assert cached_value(("0.25", "n"), None, epoch) == 0.25
    assert cached_value(("1", "b"), None, epoch) is True
    assert cached_value(("#DIV/0!", "e"), None, epoch) == "#DIV/0!"
    assert cached_value(("Roma", "str"), None, epoch) == "Roma"
    assert cached_value(("46328", "n"), "DD/MM/YYYY", epoch) == datetime(2026, 11, 2)


def test_a_formula_without_a_stored_value_is_reported_as_uncalculated(tmp_path: Path) -> None:
    path = tmp_path / "senza_valori.xlsx"
    book = create_workbook(path)
    spec = SheetSpec("Conti")
    spec.put_row(1, [2, Formula("A1*21")])
    book.write_sheet(spec)
    book.save()
    reopened = open_workbook(path)
    assert reopened.read_sheet("Conti").rows == ((2,),)  # no value: read as empty
    assert reopened.uncalculated_cells() == {"Conti!B1"}  # type: ignore[attr-defined]
