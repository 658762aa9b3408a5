"""A `.xlsx` opened for reading (`open_workbook(path, reading=True)`, the commands that write
nothing into the workbook: issue 48.8) reads every sheet exactly as the full load does,
parses a sheet only when it is read, and can never be written."""

from __future__ import annotations

import gc
import shutil
import subprocess
import zipfile
from pathlib import Path

import openpyxl
import pytest
from openpyxl.chart import BarChart, Reference

from tests.integration.backend_fixtures import FILES, every_kind_spec
from xlwings_torneo.collections_paused import collections_paused
from xlwings_torneo.errors import WorkbookError
from xlwings_torneo.usecases.demo import build_demo
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.usecases.rank import RankRequest, rank
from xlwings_torneo.usecases.template import TEMPLATE_DIR
from xlwings_torneo.workbook.backends.factory import create_workbook, open_workbook
from xlwings_torneo.workbook.sheet import SheetSpec


def everything(path: Path, *, reading: bool) -> dict[str, object]:
    """What a command can learn from the file: its sheets in order, each sheet's grid
    (values, hidden state), and which formula cells have no stored value."""
    book = open_workbook(path, reading=reading)
    names = book.sheet_names()
    grids = {name: book.read_sheet(name) for name in names}
    return {"order": names,
            "grids": {name: (grid.rows, grid.hidden) for name, grid in grids.items()},
            "uncalculated": book.uncalculated_cells()}  # type: ignore[attr-defined]


def same_either_way(path: Path) -> dict[str, object]:
    full = everything(path, reading=False)
    assert everything(path, reading=True) == full
    return full


def test_the_fixture_workbooks_read_alike_either_way() -> None:
    for path in (FILES / "original_layout.xlsx", FILES / "macro_placeholder.xlsm",
                 TEMPLATE_DIR / "torneo.xlsx"):
        read = same_either_way(path)
        assert read["order"], path


def test_a_played_and_ranked_tournament_reads_alike_either_way(tmp_path: Path) -> None:
    path = build_demo(tmp_path, players=40, rounds=3)
    rank(open_file(path), path, RankRequest(type_name="Open"), NO_OVERRIDES)
    read = same_either_way(path)
    order = read["order"]
    assert isinstance(order, list)
    assert {"Iscritti", "1° Turno", "3° Turno", "Classifica", "Log"} <= set(order)
    grids = read["grids"]
    assert isinstance(grids, dict)
    assert any(row and row[0] is not None for row in grids["3° Turno"][0])


def test_every_value_kind_and_a_hidden_sheet_read_alike(tmp_path: Path) -> None:
    path = tmp_path / "valori.xlsx"
    book = create_workbook(path)
    book.write_sheet(every_kind_spec())
    book.write_sheet(SheetSpec("Nascosto", hidden=True))
    book.save()
    read = same_either_way(path)
    grids = read["grids"]
    assert isinstance(grids, dict)
    assert grids["Nascosto"][1] is True


@pytest.mark.libreoffice
def test_the_original_programs_file_saved_by_libreoffice_reads_alike(tmp_path: Path) -> None:
    """The replica of the original's 2025 template (formulas, dropdowns, conditional
    formats, hidden sheets), as LibreOffice saves it in `.xlsx`: its cached formula values
    included."""
    shutil.copy(FILES / "ModuloTorneo_2025_replica.xls", tmp_path / "replica.xls")
    subprocess.run([shutil.which("soffice") or "soffice", "--headless", "--convert-to", "xlsx",
                    "--outdir", str(tmp_path), str(tmp_path / "replica.xls")],
                   check=True, capture_output=True, timeout=180)
    read = same_either_way(tmp_path / "replica.xlsx")
    grids = read["grids"]
    assert isinstance(grids, dict)
    assert any(hidden for _, hidden in grids.values())


def test_a_sheet_is_parsed_only_when_read(tmp_path: Path) -> None:
    """A damaged sheet the command never reads does not stop it; reading it is the
    Italian error naming the file, as the full load's."""
    path = tmp_path / "torneo.xlsx"
    shutil.copy(FILES / "original_layout.xlsx", path)
    names = openpyxl.load_workbook(path).sheetnames
    broken = tmp_path / "rotto.xlsx"
    with zipfile.ZipFile(path) as source, zipfile.ZipFile(broken, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet2.xml":
                data = data[: len(data) // 2]  # cut in the middle: not XML any more
            target.writestr(item, data)
    with pytest.raises(WorkbookError, match=r"rotto\.xlsx"):
        open_workbook(broken)
    book = open_workbook(broken, reading=True)
    assert book.sheet_names() == names
    assert book.read_sheet(names[0]).rows == open_workbook(path).read_sheet(names[0]).rows
    with pytest.raises(WorkbookError, match=r"rotto\.xlsx"):
        book.read_sheet(names[1])


def test_a_chart_sheet_is_refused_alike(tmp_path: Path) -> None:
    path = tmp_path / "grafico.xlsx"
    wb = openpyxl.Workbook()
    wb.active.append([1, 2, 3])
    chart = BarChart()
    chart.add_data(Reference(wb.active, min_col=1, max_col=3, min_row=1))
    wb.create_chartsheet("Grafico").add_chart(chart)
    wb.save(path)
    for reading in (False, True):
        book = open_workbook(path, reading=reading)
        assert book.sheet_names() == ["Sheet", "Grafico"]
        with pytest.raises(WorkbookError, match="foglio grafico"):
            book.read_sheet("Grafico")


def test_a_value_beyond_the_last_row_read_is_refused_alike(tmp_path: Path) -> None:
    path = tmp_path / "lontano.xlsx"
    wb = openpyxl.Workbook()
    wb.active.title = "Iscritti"
    wb.active["XFD1048576"] = "x"
    wb.save(path)
    for reading in (False, True):
        with pytest.raises(WorkbookError, match="XFD1048576"):
            open_workbook(path, reading=reading).read_sheet("Iscritti")


def test_a_workbook_opened_for_reading_is_never_written(tmp_path: Path) -> None:
    path = tmp_path / "torneo.xlsx"
    shutil.copy(FILES / "original_layout.xlsx", path)
    before = path.read_bytes()
    book = open_workbook(path, reading=True)
    name = book.sheet_names()[0]
    for write in (lambda: book.write_sheet(SheetSpec("Nuovo")),
                  lambda: book.update_cells(name, {(1, 1): "x"}),
                  lambda: book.rename_sheet(name, "Altro"),
                  book.save):
        with pytest.raises(RuntimeError, match="opened for reading only"):
            write()
    assert path.read_bytes() == before


def test_the_cycle_collector_waits_for_the_end_of_the_outermost_command() -> None:
    assert gc.isenabled()
    with collections_paused():
        assert not gc.isenabled()
        with collections_paused():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer command is still under way
    assert gc.isenabled()
    with pytest.raises(ValueError), collections_paused():
        raise ValueError("a command that fails")
    assert gc.isenabled()
    gc.disable()
    try:
        with collections_paused():
            pass
        assert not gc.isenabled()  # disabled before: left as it was
    finally:
        gc.enable()


def test_a_value_hidden_under_a_merge_reads_as_empty_alike(tmp_path: Path) -> None:
    """LibreOffice can keep the text of the cells a merge hides; openpyxl's full load reads
    them as empty, and so does a reading."""
    plain = tmp_path / "semplice.xlsx"
    wb = openpyxl.Workbook()
    wb.active.append(["Tavolo N°1", "nascosto", "visibile"])
    wb.save(plain)
    merged = tmp_path / "unito.xlsx"
    with zipfile.ZipFile(plain) as source, zipfile.ZipFile(merged, "w") as target:
        for item in source.infolist():
            data = source.read(item.filename)
            if item.filename == "xl/worksheets/sheet1.xml":
                data = data.replace(b"</sheetData>", b'</sheetData><mergeCells count="1">'
                                    b'<mergeCell ref="A1:B1"/></mergeCells>')
            target.writestr(item, data)
    read = same_either_way(merged)
    grids = read["grids"]
    assert isinstance(grids, dict)
    assert grids["Sheet"][0][0] == ("Tavolo N°1", None, "visibile")
