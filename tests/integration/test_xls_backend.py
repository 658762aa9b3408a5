"""The legacy .xls backend against small real workbooks (tests/files, made by make_files.py).

Saving an .xls rewrites the whole file, so most tests check that the sheets the program
did not touch come back identical, read independently with xlrd's formatting info."""

from __future__ import annotations

import importlib
import shutil
import sys
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
import xlrd
import xlwt

from xlwings_torneo.errors import MissingDependencyError, WorkbookError
from xlwings_torneo.workbook.backends import create_workbook, open_workbook
from xlwings_torneo.workbook.sheet import Formula, SheetSpec, Style, Validation
from xlwings_torneo.workbook.xls_backend import XlsBackend, nearest_colour

FILES = Path(__file__).resolve().parents[1] / "files"
HYPERLINK = '=HYPERLINK("http://x","y")'
DDE = "=cmd|' /C calc'!A0"


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    target = tmp_path / "torneo.xls"
    shutil.copy(FILES / "original_layout.xls", target)
    return target


def open_xls(path: Path) -> XlsBackend:
    backend = open_workbook(path)
    assert isinstance(backend, XlsBackend)
    return backend


def snapshot(path: Path) -> dict[str, Any]:
    """Every value and format xlrd sees, sheet by sheet (colours as RGB, not indices)."""
    book = xlrd.open_workbook(str(path), formatting_info=True)

    def rgb(index: int) -> Any:
        return book.colour_map.get(index)

    out: dict[str, Any] = {"order": book.sheet_names()}
    for sheet in book.sheets():
        cells = {}
        for r in range(sheet.nrows):
            for c in range(sheet.row_len(r)):
                cell = sheet.cell(r, c)
                if cell.ctype == xlrd.XL_CELL_EMPTY:
                    continue
                xf = book.xf_list[cell.xf_index]
                font = book.font_list[xf.font_index]
                cells[(r, c)] = (
                    cell.ctype, cell.value,
                    font.bold, font.italic, font.height, rgb(font.colour_index), font.name,
                    xf.background.fill_pattern, rgb(xf.background.pattern_colour_index),
                    book.format_map[xf.format_key].format_str,
                    xf.alignment.hor_align, xf.border.bottom_line_style,
                )
        out[sheet.name] = {
            "cells": cells,
            "visibility": sheet.visibility,
            "columns": {c: (i.width, i.hidden) for c, i in sheet.colinfo_map.items()},
            "merged": sorted(sheet.merged_cells),
            "frozen": (sheet.panes_are_frozen, sheet.horz_split_pos, sheet.vert_split_pos),
        }
    return out


def every_kind_spec(name: str = "Prova") -> SheetSpec:
    spec = SheetSpec(name)
    spec.put_row(1, ["testo", 12, 44.1, Decimal("44.1"), Decimal("3"), True, False,
                     date(2011, 5, 14), datetime(2011, 5, 14, 15, 30), None, "fine"])
    spec.put_row(2, [HYPERLINK, DDE, "=1+1", Formula("COUNTA(A1:K1)")])
    return spec


def test_every_value_kind_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "nuovo.xls"
    backend = create_workbook(path)
    backend.write_sheet(every_kind_spec())
    backend.save()

    grid = open_workbook(path).read_sheet("Prova")

    assert grid.rows[0] == ("testo", 12, 44.1, 44.1, 3, True, False, date(2011, 5, 14),
                            datetime(2011, 5, 14, 15, 30), None, "fine")
    assert type(grid.cell(1, 2)) is int and type(grid.cell(1, 6)) is bool
    assert type(grid.cell(1, 8)) is date
    assert grid.rows[1] == (HYPERLINK, DDE, "=1+1")  # the Formula has no cached value


def test_dates_keep_their_number_format(tmp_path: Path) -> None:
    path = tmp_path / "date.xls"
    backend = create_workbook(path)
    backend.write_sheet(every_kind_spec())
    backend.save()
    book = xlrd.open_workbook(str(path), formatting_info=True)
    sheet = book.sheet_by_name("Prova")

    def fmt(c: int) -> str:
        return str(book.format_map[book.xf_list[sheet.cell_xf_index(0, c)].format_key]
                   .format_str)

    assert sheet.cell_type(0, 7) == xlrd.XL_CELL_DATE
    assert fmt(7) == "DD/MM/YYYY" and fmt(8) == "DD/MM/YYYY HH:MM"


def test_user_strings_starting_with_equals_stay_text(tmp_path: Path) -> None:
    path = tmp_path / "testo.xls"
    backend = create_workbook(path)
    backend.write_sheet(every_kind_spec())
    backend.save()

    sheet = xlrd.open_workbook(str(path)).sheet_by_name("Prova")
    reopened = open_xls(path)

    assert [sheet.cell_type(1, c) for c in range(3)] == [xlrd.XL_CELL_TEXT] * 3
    # the only FORMULA record in the file is the deliberate one in D2
    assert reopened.lost_features() == ["Prova!D2: formula sostituita dal suo valore"]


def test_other_sheets_survive_writing_a_new_sheet(layout: Path) -> None:
    before = snapshot(layout)
    backend = open_xls(layout)
    spec = SheetSpec("Turno 2")
    spec.put(1, 2, "Tavolo N°1", Style(bold=True))
    backend.write_sheet(spec, after="Turno 1")
    backend.save()

    after = snapshot(layout)

    assert after["order"] == ["Iscritti", "TORNEO", "Turno 1", "Turno 2", "Dati"]
    # H1's formula had no cached value: it becomes a blank cell (and is reported as lost)
    formula = before["Iscritti"]["cells"].pop((0, 7))
    assert after["Iscritti"]["cells"].pop((0, 7)) == (xlrd.XL_CELL_BLANK, *formula[1:])
    for title in before["order"]:
        assert after[title] == before[title], title
    iscritti = after["Iscritti"]
    assert iscritti["cells"][(2, 0)][2:4] == (1, 0)  # header bold
    assert iscritti["cells"][(2, 0)][7:9] == (1, (255, 255, 0))  # solid yellow fill
    assert iscritti["columns"][4] == (22 * 256, 0)
    assert iscritti["columns"][9][1] == 1  # ID NAZIONALE hidden
    assert iscritti["merged"] == [(0, 1, 0, 3)]
    assert after["Dati"]["visibility"] == 1
    assert after["Turno 1"]["columns"][0][1] == 1  # hidden ID column


def test_values_of_untouched_sheets_read_the_same_after_a_save(layout: Path) -> None:
    before = open_xls(layout)
    grids = {name: before.read_sheet(name) for name in before.sheet_names()}
    before.write_sheet(SheetSpec("Log"))
    before.save()

    after = open_xls(layout)

    for name, grid in grids.items():
        assert after.read_sheet(name) == grid


def test_replacing_a_sheet_keeps_its_position(layout: Path) -> None:
    backend = open_xls(layout)
    spec = SheetSpec("TORNEO")
    spec.put(1, 1, "SCHEDA DATI TORNEO")
    backend.write_sheet(spec, after="Dati")
    backend.save()

    reread = open_xls(layout)

    assert reread.sheet_names() == ["Iscritti", "TORNEO", "Turno 1", "Dati"]
    assert reread.read_sheet("TORNEO").rows == (("SCHEDA DATI TORNEO",),)


def test_a_written_sheet_reads_back_before_saving(layout: Path) -> None:
    backend = open_xls(layout)
    backend.write_sheet(every_kind_spec("Turno 2"))
    grid = backend.read_sheet("Turno 2")
    assert grid.cell(1, 4) == 44.1 and grid.cell(2, 4) is None


def test_spec_styles_widths_hidden_columns_and_hidden_sheet_are_written(
        tmp_path: Path) -> None:
    path = tmp_path / "stili.xls"
    backend = create_workbook(path)
    spec = SheetSpec("Classifica")
    spec.put(1, 1, "Pos.", Style(bold=True, italic=True, fill="FF0000", align="center",
                                 font_size=12))
    spec.put(2, 1, 0.5, Style(number_format="0.00%"))
    spec.styles[(3, 3)] = Style(fill="CCFFCC")
    spec.col_widths[2] = 30
    spec.hidden_cols.add(1)
    backend.write_sheet(spec)
    backend.write_sheet(SheetSpec("Dati", hidden=True))
    backend.save()

    book = xlrd.open_workbook(str(path), formatting_info=True)
    sheet = book.sheet_by_name("Classifica")
    xf = book.xf_list[sheet.cell_xf_index(0, 0)]
    font = book.font_list[xf.font_index]
    assert (font.bold, font.italic, font.height) == (1, 1, 240)
    assert xf.background.fill_pattern == 1
    assert book.colour_map[xf.background.pattern_colour_index] == (255, 0, 0)
    assert xf.alignment.hor_align == 2
    percent = book.xf_list[sheet.cell_xf_index(1, 0)]
    assert book.format_map[percent.format_key].format_str == "0.00%"
    band = book.xf_list[sheet.cell_xf_index(2, 2)]
    assert book.colour_map[band.background.pattern_colour_index] == (204, 255, 204)
    assert sheet.colinfo_map[1].width == 30 * 256
    assert sheet.colinfo_map[0].hidden == 1
    assert book.sheet_by_name("Dati").visibility == 1


def test_fills_map_to_the_nearest_palette_colour() -> None:
    palette = {8: (0, 0, 0), 9: (255, 255, 255), 10: (255, 0, 0), 13: (255, 255, 0)}
    assert nearest_colour("FF0000", palette) == 10
    assert nearest_colour("#f01010", palette) == 10
    assert nearest_colour("FFF2CC", palette) == 9
    assert nearest_colour("EEEE00", palette) == 13
    with pytest.raises(WorkbookError, match="non valido"):
        nearest_colour("rosso", palette)


def test_a_custom_palette_survives_the_rewrite(tmp_path: Path) -> None:
    path = tmp_path / "palette.xls"
    book = xlwt.Workbook()
    book.set_colour_RGB(0x21, 10, 20, 30)
    ws = book.add_sheet("Foglio")
    style = xlwt.easyxf("pattern: pattern solid, fore_colour 0x21")
    ws.write(0, 0, "colore", style)
    book.save(str(path))

    backend = open_xls(path)
    spec = SheetSpec("Nuovo")
    spec.put(1, 1, "quasi", Style(fill="0B1520"))
    backend.write_sheet(spec)
    backend.save()

    reread = xlrd.open_workbook(str(path), formatting_info=True)
    for name in ("Foglio", "Nuovo"):
        sheet = reread.sheet_by_name(name)
        xf = reread.xf_list[sheet.cell_xf_index(0, 0)]
        assert reread.colour_map[xf.background.pattern_colour_index] == (10, 20, 30)


def test_rich_text_and_frozen_panes_survive(tmp_path: Path) -> None:
    path = tmp_path / "ricco.xls"
    book = xlwt.Workbook()
    ws = book.add_sheet("Note")
    red = xlwt.Font()
    red.colour_index = 2
    red.bold = True
    ws.write_rich_text(0, 0, [("normale ", xlwt.Font()), ("rosso", red)])
    ws.panes_frozen = True
    ws.horz_split_pos = 1
    book.save(str(path))
    before = xlrd.open_workbook(str(path), formatting_info=True).sheet_by_index(0)

    backend = open_xls(path)
    backend.write_sheet(SheetSpec("Nuovo"))
    backend.save()

    after_book = xlrd.open_workbook(str(path), formatting_info=True)
    after = after_book.sheet_by_index(0)
    assert after.cell_value(0, 0) == "normale rosso"
    runs = after.rich_text_runlist_map[(0, 0)]
    assert len(runs) == len(before.rich_text_runlist_map[(0, 0)])
    assert after_book.font_list[runs[-1][1]].bold == 1
    assert (after.panes_are_frozen, after.horz_split_pos) == (1, 1)


def test_lost_features_are_listed_in_italian(layout: Path) -> None:
    backend = open_xls(layout)
    assert backend.lost_features() == ["Iscritti!H1: formula sostituita dal suo valore"]

    spec = SheetSpec("Iscritti")
    spec.put(1, 8, Formula("COUNTA(A4:A40)"))
    spec.put(1, 9, Formula("QUESTA(NON"))
    spec.put(1, 10, Formula("Nessuno!A1"))
    spec.validations.append(Validation("F4:F1000", "Dati!$A$2:$A$3"))
    backend.write_sheet(spec)
    backend.save()

    lost = backend.lost_features()
    assert "Iscritti!H1: formula sostituita dal suo valore" not in lost  # sheet rewritten
    assert "il formato .xls non conserva i menù a tendina (convalida dati): " \
           "Iscritti!F4:F1000" in lost
    assert any(line.startswith("Iscritti!I1: formula «=QUESTA(NON» non scritta")
               for line in lost)
    assert any(line.startswith("Iscritti!J1: formula «=Nessuno!A1» non scritta")
               for line in lost)
    # the deliberate formula is a real formula in the file
    assert open_xls(layout).lost_features() == [
        "Iscritti!H1: formula sostituita dal suo valore"]


def test_many_formula_cells_are_summed_up(tmp_path: Path) -> None:
    path = tmp_path / "formule.xls"
    book = xlwt.Workbook()
    ws = book.add_sheet("Conti")
    for r in range(15):
        ws.write(r, 0, xlwt.Formula(f"{r}+1"))
    book.save(str(path))
    lost = open_xls(path).lost_features()
    assert len(lost) == 11
    assert lost[-1] == "Conti: altre 5 formule sostituite dal loro valore"


def test_a_sheet_beyond_the_xls_limits_is_refused(tmp_path: Path) -> None:
    backend = create_workbook(tmp_path / "grande.xls")
    wide = SheetSpec("Largo")
    wide.put(1, 257, "x")
    with pytest.raises(WorkbookError, match=r"limiti del formato \.xls"):
        backend.write_sheet(wide)
    tall = SheetSpec("Lungo")
    tall.put(65537, 1, "x")
    with pytest.raises(WorkbookError, match="65536 righe"):
        backend.write_sheet(tall)


def test_invalid_or_clashing_sheet_names_are_refused(layout: Path) -> None:
    backend = open_xls(layout)
    with pytest.raises(WorkbookError, match="nome di foglio non valido"):
        backend.write_sheet(SheetSpec("Turno 1/2"))
    with pytest.raises(WorkbookError, match="«Iscritti»"):
        backend.write_sheet(SheetSpec("ISCRITTI"))


def test_saving_is_atomic_and_leaves_no_temporary_file(layout: Path) -> None:
    backend = open_xls(layout)
    backend.write_sheet(SheetSpec("Log"))
    backend.save()
    assert sorted(p.name for p in layout.parent.iterdir()) == ["torneo.xls"]


def test_a_failing_save_leaves_the_original_byte_identical(
        layout: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = layout.read_bytes()
    backend = open_xls(layout)
    backend.write_sheet(SheetSpec("Log"))

    def broken_save(self: xlwt.Workbook, filename: str) -> None:
        Path(filename).write_bytes(b"\xd0\xcf\x11\xe0 half a file")
        raise OSError("disco pieno")

    monkeypatch.setattr(xlwt.Workbook, "save", broken_save)
    with pytest.raises(OSError):
        backend.save()

    assert layout.read_bytes() == original
    assert sorted(p.name for p in layout.parent.iterdir()) == ["torneo.xls"]


def test_a_corrupt_file_is_a_workbook_error_naming_it(tmp_path: Path) -> None:
    path = tmp_path / "rotto.xls"
    path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\x00" * 100)
    with pytest.raises(WorkbookError, match=r"rotto\.xls"):
        open_workbook(path)


def test_an_xlsx_file_renamed_xls_is_explained(tmp_path: Path) -> None:
    path = tmp_path / "rinominato.xls"
    shutil.copy(FILES / "original_layout.xlsx", path)
    with pytest.raises(WorkbookError, match=r"in formato \.xlsx"):
        open_workbook(path)


def test_a_missing_xlrd_names_the_xls_extra(layout: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    monkeypatch.setitem(sys.modules, "xlrd", None)  # `import xlrd` now fails
    monkeypatch.delitem(sys.modules, "xlwings_torneo.workbook.xls_backend")
    with pytest.raises(MissingDependencyError, match=r"xlwings_torneo\[xls\]") as caught:
        open_workbook(layout)
    assert "xlrd" in str(caught.value)
    monkeypatch.undo()
    importlib.import_module("xlwings_torneo.workbook.xls_backend")


def test_a_new_xls_workbook_has_no_sheets_and_refuses_to_save_empty(tmp_path: Path) -> None:
    backend = create_workbook(tmp_path / "vuoto.xls")
    assert backend.sheet_names() == []
    with pytest.raises(WorkbookError, match="almeno un foglio"):
        backend.save()


def test_the_original_layout_reads_with_its_quirks(layout: Path) -> None:
    backend = open_xls(layout)
    iscritti = backend.read_sheet("Iscritti")
    assert iscritti.cell(1, 1) == "Elenco Partecipanti" and iscritti.cell(1, 7) == "Iscritti"
    assert iscritti.cell(3, 4) == "Nick" and iscritti.cell(3, 6) == "Partecipa"
    assert iscritti.cell(4, 1) == 1 and iscritti.cell(10, 1) == "7"
    assert iscritti.rows[12] == ()  # the blank row among the players
    assert iscritti.cell(4, 8) == date(1980, 3, 12)
    assert backend.read_sheet("Dati").hidden is True
    assert backend.read_sheet("TORNEO").cell(9, 2) == date(2011, 5, 14)
