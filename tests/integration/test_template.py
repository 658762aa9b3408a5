"""`workbook_template/` holds exactly what `torneo new` makes (regenerate with `make template`)."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest
import xlrd

from xlwings_torneo.usecases.template import TEMPLATE_DIR, TEMPLATE_NAMES, build
from xlwings_torneo.workbook.backends.factory import open_workbook


def contents(path: Path) -> dict[str, object]:
    book = open_workbook(path)
    return {name: book.read_sheet(name) for name in book.sheet_names()}


@pytest.mark.parametrize("name", TEMPLATE_NAMES)
def test_committed_template_matches_a_fresh_torneo_new(tmp_path: Path, name: str):
    fresh = build(tmp_path)
    made = next(p for p in fresh if p.name == name)
    assert contents(TEMPLATE_DIR / name) == contents(made), \
        f"workbook_template/{name} is stale: run `make template`"


def test_xlsx_template_keeps_dropdowns_hidden_sheets_and_widths(tmp_path: Path):
    made = next(p for p in build(tmp_path) if p.suffix == ".xlsx")
    committed, fresh = (openpyxl.load_workbook(p) for p in (TEMPLATE_DIR / "torneo.xlsx", made))
    for name in fresh.sheetnames:
        a, b = committed[name], fresh[name]
        assert a.sheet_state == b.sheet_state
        assert [(v.sqref, v.formula1, v.showErrorMessage)
                for v in a.data_validations.dataValidation] == \
            [(v.sqref, v.formula1, v.showErrorMessage)
             for v in b.data_validations.dataValidation]
        assert {k: d.width for k, d in a.column_dimensions.items()} == \
            {k: d.width for k, d in b.column_dimensions.items()}
        assert (a.page_setup.orientation, a.print_title_rows, a.oddFooter.center.text) == \
            (b.page_setup.orientation, b.print_title_rows, b.oddFooter.center.text)
    assert fresh["Dati"].sheet_state == "hidden"
    assert fresh["Iscritti"].print_title_rows == "$3:$3"  # the header row on every page
    assert fresh["Iscritti"].oddFooter.center.text == "Pagina &P di &N"
    sources = {str(v.sqref): v.formula1 for v in fresh["Iscritti"].data_validations.dataValidation}
    assert sources["F4:F1000"] == "Dati!$A$2:$A$200"
    strict = {str(v.sqref): v.showErrorMessage
              for v in fresh["Iscritti"].data_validations.dataValidation}
    # SI/NO and regions only from the list; a club may be any group or family (docs/workbook.md)
    assert strict == {"E4:E1000": False, "F4:F1000": True, "G4:G1000": True}


def test_xls_template_keeps_hidden_sheets(tmp_path: Path):
    made = next(p for p in build(tmp_path) if p.suffix == ".xls")
    book = xlrd.open_workbook(str(made), formatting_info=True)
    hidden = {s.name: s.visibility for s in book.sheets()}
    assert hidden == {"Iscritti": 0, "TORNEO": 0, "Dati": 1, "Opzioni": 1}
