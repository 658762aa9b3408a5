"""The UNO backend against a real LibreOffice: a sheet written in place through
`UnoBackend` (bulk data array, styles per range, hidden columns and sheet, dropdowns,
formulas, dates), read back through the backend, then stored as .xlsx and read with
openpyxl. The UNO side runs in a Python that has `uno` (as the headless runner does)."""

from __future__ import annotations

import json
import os
import subprocess
from datetime import datetime
from pathlib import Path

import openpyxl
import pytest

from tests.lo_cells import system_uno_python
from xlwings_torneo.workbook.backends.office import find_soffice, package_path

pytestmark = [
    pytest.mark.libreoffice,
    pytest.mark.skipif(find_soffice() is None, reason="soffice not installed"),
]

PROBE = r'''
import json, sys
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from xlwings_torneo.workbook.backends.office import headless_office, load
from xlwings_torneo.workbook.backends.office_store import store_atomic
from xlwings_torneo.workbook.sheet import Formula, SheetSpec, Style, Validation
from xlwings_torneo.workbook.backends.uno_backend import UnoBackend

path = Path(sys.argv[1])
with headless_office(timeout=90) as desktop:
    doc = load(desktop, path)
    book = UnoBackend(doc, save=lambda: store_atomic(doc, path))
    lists = SheetSpec("Liste", hidden=True)
    lists.put_row(1, ["SI", "NO"])
    book.write_sheet(lists)
    spec = SheetSpec("Prova")
    spec.put(1, 1, "Titolo", Style(bold=True, font_size=14))
    spec.put_row(2, ["=HYPERLINK(\"x\")", 12, Decimal("44.1"), date(2011, 5, 14)],
                 Style(fill="FFFF00"))
    spec.put(3, 1, Formula("=SUM(B2:C2)"))
    spec.put(3, 2, datetime(2011, 5, 14, 9, 30))
    spec.put(3, 3, 7.5, Style(number_format="0.00", align="center", italic=True))
    spec.col_widths[1] = 24
    spec.put(4, 5, "Rossi Mario", Style(bold=True, rotate=90))
    spec.row_heights[4] = 90
    spec.hidden_cols.add(4)
    spec.validations.append(Validation("B5:B9", "Liste!$A$1:$B$1"))
    spec.validations.append(Validation("C5:C9", "Liste!$A$1:$B$1", strict=False))
    book.write_sheet(spec, after="Primo")
    replaced = SheetSpec("Primo")
    replaced.put(1, 1, "nuovo")
    book.write_sheet(replaced)
    grid = book.read_sheet("Prova")
    out = {"names": book.sheet_names(), "rows": [[repr(v) for v in r] for r in grid.rows],
           "liste_hidden": book.read_sheet("Liste").hidden,
           "primo": [[repr(v) for v in r] for r in book.read_sheet("Primo").rows]}
    book.save()
    doc.close(True)
print(json.dumps(out))
'''


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, object]]:
    folder = tmp_path_factory.mktemp("uno")
    path = folder / "prova.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Primo"
    wb.active["A1"] = "vecchio"
    wb.create_sheet("Ultimo")
    wb.save(path)
    script = folder / "probe.py"
    script.write_text(PROBE, encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": package_path()[0]}
    done = subprocess.run([system_uno_python(), str(script), str(path)], capture_output=True,
                          text=True, env=env, timeout=150, check=False)
    assert done.returncode == 0, done.stderr
    return path, json.loads(done.stdout.strip().splitlines()[-1])


def test_sheets_are_placed_and_replaced_in_place(written: tuple[Path, dict[str, object]]):
    path, out = written
    assert out["names"] == ["Primo", "Prova", "Ultimo", "Liste"]
    assert out["primo"] == [["'nuovo'"]]
    assert out["liste_hidden"] is True
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Primo", "Prova", "Ultimo", "Liste"]
    assert wb["Liste"].sheet_state == "hidden" and wb["Primo"]["A1"].value == "nuovo"


def test_values_read_back_through_the_backend(written: tuple[Path, dict[str, object]]):
    _, out = written
    assert out["rows"] == [
        ["'Titolo'"],
        ["'=HYPERLINK(\"x\")'", "12", "44.1", "datetime.date(2011, 5, 14)"],
        ["56.1", "datetime.datetime(2011, 5, 14, 9, 30)", "7.5"],
        ["None", "None", "None", "None", "'Rossi Mario'"],
    ]


def test_the_stored_file_keeps_values_styles_and_layout(
        written: tuple[Path, dict[str, object]]):
    path, _ = written
    ws = openpyxl.load_workbook(path)["Prova"]
    assert ws["A2"].value == '=HYPERLINK("x")' and ws["A2"].data_type == "s"  # text stays text
    assert ws["A3"].value == "=SUM(B2:C2)"
    assert ws["D2"].value == datetime(2011, 5, 14)
    assert ws["D2"].number_format.upper() == "DD/MM/YYYY"  # Calc writes it lower-case
    assert ws["A1"].font.b and ws["A1"].font.sz == 14
    assert all(ws[c].fill.fgColor.rgb.endswith("FFFF00") for c in ("A2", "B2", "C2", "D2"))
    assert ws["C3"].number_format == "0.00" and ws["C3"].alignment.horizontal == "center"
    assert ws["C3"].font.i
    assert ws.column_dimensions["A"].width == pytest.approx(24, abs=0.5)
    assert ws.column_dimensions["D"].hidden
    rules = ws.data_validations.dataValidation
    assert sorted((r.type, str(r.sqref), r.formula1, bool(r.showErrorMessage))
                  for r in rules) == [("list", "B5:B9", "Liste!$A$1:$B$1", True),
                                      ("list", "C5:C9", "Liste!$A$1:$B$1", False)]
    assert ws["B3"].value == datetime(2011, 5, 14, 9, 30)


def test_a_turned_header_keeps_its_angle_and_its_row_height(
        written: tuple[Path, dict[str, object]]):
    """Issue 31.5: the names over `STATISTICHE`'s narrow columns."""
    path, _ = written
    ws = openpyxl.load_workbook(path)["Prova"]
    assert ws["E4"].alignment.textRotation == 90
    assert ws.row_dimensions[4].height == pytest.approx(90, abs=1)
