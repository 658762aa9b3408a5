"""What every file backend promises, checked on each format (.xlsx and legacy .xls)."""

from __future__ import annotations

from datetime import date, datetime
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwt

from tests.integration.backend_fixtures import DDE, HYPERLINK, copy_layout, every_kind_spec
from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.workbook.backends.factory import create_workbook, open_workbook
from xlwings_torneo.workbook.sheet import SheetSpec

SUFFIXES = (".xlsx", ".xls")
WRITER = {".xlsx": openpyxl.Workbook, ".xls": xlwt.Workbook}
"""The library class whose `save` writes the file, per format."""
HALF_FILE = {".xlsx": b"PK half a file", ".xls": b"\xd0\xcf\x11\xe0 half a file"}
CORRUPT = {".xlsx": b"PK\x03\x04 questo non e' uno zip",
           ".xls": b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100}


@pytest.fixture(params=SUFFIXES)
def suffix(request: pytest.FixtureRequest) -> str:
    value: str = request.param
    return value


@pytest.fixture
def layout(tmp_path: Path, suffix: str) -> Path:
    return copy_layout(tmp_path, suffix)


def test_every_value_kind_round_trips(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"nuovo{suffix}"
    backend = create_workbook(path)
    backend.write_sheet(every_kind_spec())
    backend.save()

    grid = open_workbook(path).read_sheet("Prova")

    assert grid.rows[0] == ("testo", 12, 44.1, 44.1, 3, True, False, date(2011, 5, 14),
                            datetime(2011, 5, 14, 15, 30), None, "fine")
    assert [type(grid.cell(1, c)) for c in (2, 3, 6, 8)] == [int, float, bool, date]
    # user strings stay text; a Formula written now has no cached value until recalculated
    assert grid.rows[1] == (HYPERLINK, DDE, "=1+1")


def test_replacing_a_sheet_keeps_its_position(layout: Path) -> None:
    backend = open_workbook(layout)
    spec = SheetSpec("TORNEO")
    spec.put(1, 1, "SCHEDA DATI TORNEO")
    backend.write_sheet(spec, after="Dati")  # `after` only places new sheets
    backend.save()

    reread = open_workbook(layout)

    assert reread.sheet_names() == ["Iscritti", "TORNEO", "Turno 1", "Dati"]
    assert reread.read_sheet("TORNEO").rows == (("SCHEDA DATI TORNEO",),)


def test_saving_is_atomic_and_leaves_no_temporary_file(layout: Path) -> None:
    backend = open_workbook(layout)
    backend.write_sheet(SheetSpec("Log"))
    backend.save()
    assert sorted(p.name for p in layout.parent.iterdir()) == [layout.name]


def test_a_failing_save_leaves_the_original_byte_identical(
        layout: Path, suffix: str, monkeypatch: pytest.MonkeyPatch) -> None:
    original = layout.read_bytes()
    backend = open_workbook(layout)
    backend.write_sheet(SheetSpec("Log"))

    def broken_save(self: Any, filename: Any) -> None:
        Path(filename).write_bytes(HALF_FILE[suffix])
        raise OSError("disco pieno")

    monkeypatch.setattr(WRITER[suffix], "save", broken_save)
    with pytest.raises(OSError):
        backend.save()

    assert layout.read_bytes() == original
    assert sorted(p.name for p in layout.parent.iterdir()) == [layout.name]


def test_a_corrupt_file_is_a_workbook_error_naming_it(tmp_path: Path, suffix: str) -> None:
    path = tmp_path / f"rotto{suffix}"
    path.write_bytes(CORRUPT[suffix])
    with pytest.raises(WorkbookError, match=rf"rotto\{suffix}"):
        open_workbook(path)


def test_text_longer_than_a_cell_holds_is_refused_naming_the_cell(tmp_path: Path,
                                                                 suffix: str) -> None:
    backend = create_workbook(tmp_path / f"lungo{suffix}")
    spec = SheetSpec("Log")
    spec.put(2, 3, "x" * 32768)
    with pytest.raises(WorkbookError, match=r"Log!C2: testo troppo lungo"):
        backend.write_sheet(spec)



def test_invalid_or_clashing_sheet_names_are_refused(layout: Path) -> None:
    backend = open_workbook(layout)
    with pytest.raises(WorkbookError, match="nome di foglio non valido"):
        backend.write_sheet(SheetSpec("Turno 1/2"))
    with pytest.raises(WorkbookError, match="al massimo 31 caratteri"):
        backend.write_sheet(SheetSpec("Classifica Squadre e Famiglie 2011"))
    with pytest.raises(WorkbookError, match="«Iscritti»"):
        backend.write_sheet(SheetSpec("ISCRITTI"))

def test_updating_cells_changes_only_those_cells_and_never_a_formula(layout: Path) -> None:
    backend = open_workbook(layout)
    before = backend.read_sheet("Iscritti")
    free = before.max_row + 2
    backend.update_cells("Iscritti", {(free, 2): "Nuova", (free, 3): "Giocatrice",
                                      (free, 8): date(1990, 5, 17), (1, 8): 999})
    backend.save()

    after = open_workbook(layout).read_sheet("Iscritti")
    changed = {(free, 2): "Nuova", (free, 3): "Giocatrice", (free, 8): date(1990, 5, 17)}
    for row in range(1, max(before.max_row, after.max_row) + 1):
        for col in range(1, 14):
            expected = changed.get((row, col), before.cell(row, col))
            assert after.cell(row, col) == expected, (row, col)
    formulas = openpyxl.load_workbook(layout)["Iscritti"]["H1"].value \
        if layout.suffix == ".xlsx" else None
    assert formulas in (None, "=COUNTA(A4:A40)")
