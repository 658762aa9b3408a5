"""The .xlsx/.xlsm backend against small real workbooks (tests/files, made by make_files.py)."""

from __future__ import annotations

import os
import re
import shutil
import sys
import xml.etree.ElementTree as ET
import zipfile
from datetime import date
from pathlib import Path
from typing import Any

import openpyxl
import pytest

from tests.integration.backend_fixtures import (
    DDE,
    FILES,
    HYPERLINK,
    copy_layout,
    every_kind_spec,
    write_a_round_sheet_between,
)
from xlwings_torneo.errors import FileLockedError, WorkbookError
from xlwings_torneo.workbook.backends.factory import create_workbook, open_workbook
from xlwings_torneo.workbook.backends.xlsx_backend import XlsxBackend
from xlwings_torneo.workbook.sheet import Formula, SheetSpec, Style, Validation


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    return copy_layout(tmp_path, ".xlsx")


def sheet_xml(path: Path, title: str) -> str:
    """The XML of the worksheet called `title` inside a saved workbook."""
    with zipfile.ZipFile(path) as archive:
        workbook = archive.read("xl/workbook.xml").decode()
        rels = archive.read("xl/_rels/workbook.xml.rels").decode()
        rid = re.search(rf'<sheet [^>]*name="{re.escape(title)}"[^>]*r:id="(\w+)"', workbook)
        assert rid is not None
        target = re.search(rf'<Relationship [^>]*Id="{rid.group(1)}"[^>]*Target="([^"]+)"',
                           rels) or re.search(
            rf'<Relationship [^>]*Target="([^"]+)"[^>]*Id="{rid.group(1)}"', rels)
        assert target is not None
        return archive.read("xl/" + target.group(1).lstrip("/").removeprefix("xl/")).decode()


def snapshot(path: Path) -> dict[str, Any]:
    """Everything a write of another sheet must leave alone, sheet by sheet."""
    book = openpyxl.load_workbook(path)
    out: dict[str, Any] = {"order": book.sheetnames}
    for ws in book.worksheets:
        cells = {}
        for row in ws.iter_rows():
            for cell in row:
                if cell.value is None and not cell.has_style:
                    continue
                cells[cell.coordinate] = (cell.value, cell.font.b, cell.font.i, cell.font.sz,
                                          cell.fill.fill_type, cell.fill.fgColor.rgb,
                                          cell.number_format, cell.alignment.horizontal)
        out[ws.title] = {
            "cells": cells,
            "state": ws.sheet_state,
            "widths": {k: (d.width, d.hidden) for k, d in ws.column_dimensions.items()},
            "merged": sorted(str(r) for r in ws.merged_cells.ranges),
            "freeze": ws.freeze_panes,
        }
    return out


def test_openpyxl_parses_with_defusedxml() -> None:
    assert openpyxl.xml.DEFUSEDXML is True


def test_user_strings_starting_with_equals_are_text_not_formulas(tmp_path: Path) -> None:
    path = tmp_path / "nuovo.xlsx"
    backend = create_workbook(path)
    backend.write_sheet(every_kind_spec())
    backend.save()

    xml = sheet_xml(path, "Prova")
    assert xml.count("<f>") == 1  # only the deliberate Formula
    assert "<f>COUNTA(A1:K1)</f>" in xml
    assert "HYPERLINK" not in re.sub(r"<is><t>[^<]*</t></is>", "", xml)
    assert "cmd|" not in re.sub(r"<is><t>[^<]*</t></is>", "", xml)
    reread = openpyxl.load_workbook(path)["Prova"]
    assert reread["A2"].data_type == "s" and reread["A2"].value == HYPERLINK
    assert reread["B2"].data_type == "s" and reread["B2"].value == DDE


def test_a_formula_cell_reads_as_the_value_cached_in_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cache.xlsx"
    backend = create_workbook(path)
    spec = SheetSpec("Conti")
    spec.put_row(1, [2, 3, Formula("A1+B1")])
    backend.write_sheet(spec)
    backend.save()
    # what Excel does on save: store the computed value beside the formula
    with zipfile.ZipFile(path) as archive:
        parts = {n: archive.read(n) for n in archive.namelist()}
    name = "xl/worksheets/sheet1.xml"
    parts[name] = re.sub(rb"(<f>A1\+B1</f>)<v\s*/>|(<f>A1\+B1</f>)<v></v>",
                         rb"<f>A1+B1</f><v>5</v>", parts[name])
    assert b"<v>5</v>" in parts[name]
    with zipfile.ZipFile(path, "w") as archive:
        for part, data in parts.items():
            archive.writestr(part, data)

    backend = open_workbook(path)

    assert backend.read_sheet("Conti").rows == ((2, 3, 5),)
    assert openpyxl.load_workbook(path)["Conti"]["C1"].value == "=A1+B1"  # still a formula


def test_writing_a_new_sheet_leaves_every_other_sheet_untouched(layout: Path) -> None:
    after = write_a_round_sheet_between(layout, open_workbook, snapshot)

    assert after["Dati"]["state"] == "hidden"
    assert after["Iscritti"]["cells"]["A3"][1:6] == (True, False, 10, "solid", "FFFFFF00")
    assert after["Iscritti"]["widths"]["E"] == (22, False)
    assert after["Iscritti"]["widths"]["J"][1] is True


def test_a_new_sheet_goes_last_without_after_or_with_an_unknown_after(layout: Path) -> None:
    backend = open_workbook(layout)
    backend.write_sheet(SheetSpec("Classifica"))
    backend.write_sheet(SheetSpec("Log"), after="Nessuno")
    assert backend.sheet_names()[-2:] == ["Classifica", "Log"]


def test_styles_widths_hidden_columns_hidden_sheet_and_dropdowns_are_written(
        tmp_path: Path) -> None:
    path = tmp_path / "stili.xlsx"
    backend = create_workbook(path)
    spec = SheetSpec("Classifica")
    spec.put(1, 1, "Pos.", Style(bold=True, italic=True, fill="CCFFCC", align="center",
                                 font_size=12))
    spec.put(2, 1, 0.5, Style(number_format="0.00%"))
    spec.put(2, 2, date(2011, 5, 14))
    spec.styles[(3, 3)] = Style(fill="#ff0000")  # a coloured empty cell
    spec.col_widths[2] = 30
    spec.hidden_cols.add(1)
    spec.validations.append(Validation("F4:F1000", "Dati!$A$2:$A$3"))
    backend.write_sheet(spec)
    hidden = SheetSpec("Dati", hidden=True)
    hidden.put(2, 1, "SI")
    backend.write_sheet(hidden)
    backend.save()

    book = openpyxl.load_workbook(path)
    ws = book["Classifica"]
    a1 = ws["A1"]
    assert (a1.font.b, a1.font.i, a1.font.sz) == (True, True, 12)
    assert (a1.fill.fill_type, a1.fill.fgColor.rgb) == ("solid", "FFCCFFCC")
    assert a1.alignment.horizontal == "center"
    assert ws["A2"].number_format == "0.00%"
    assert ws["B2"].number_format == "DD/MM/YYYY"
    assert ws["C3"].fill.fgColor.rgb == "FFFF0000"
    assert ws.column_dimensions["B"].width == 30
    assert ws.column_dimensions["A"].hidden is True
    [rule] = ws.data_validations.dataValidation
    assert (rule.type, rule.formula1, str(rule.sqref)) == ("list", "Dati!$A$2:$A$3", "F4:F1000")
    assert book["Dati"].sheet_state == "hidden"
    assert book.active.title == "Classifica"  # the active sheet is never a hidden one


def test_a_hidden_first_sheet_is_never_the_active_one(tmp_path: Path) -> None:
    path = tmp_path / "nascosto.xlsx"
    backend = create_workbook(path)
    backend.write_sheet(SheetSpec("Opzioni", hidden=True))
    backend.write_sheet(SheetSpec("Iscritti"))
    backend.save()
    book = openpyxl.load_workbook(path)
    assert book.active.title == "Iscritti"
    assert [ws.sheet_view.tabSelected for ws in book.worksheets] == [False, True]


def test_reading_the_original_layout_keeps_columns_of_merged_cells(layout: Path) -> None:
    grid = open_workbook(layout).read_sheet("Iscritti")
    assert grid.cell(1, 1) == "Elenco Partecipanti"
    assert grid.cell(1, 7) == "Iscritti"
    assert grid.cell(3, 4) == "Nick"
    assert grid.cell(4, 8) == date(1980, 3, 12)
    assert grid.cell(10, 1) == "7"  # an ID stored as text stays text: layout reads it


X14_DROPDOWN = (
    '<extLst><ext uri="{CCE6A557-97BC-4B89-ADB6-D9C93CAAB3DF}" '
    'xmlns:x14="http://schemas.microsoft.com/office/spreadsheetml/2009/9/main">'
    '<x14:dataValidations count="1" '
    'xmlns:xm="http://schemas.microsoft.com/office/excel/2006/main">'
    '<x14:dataValidation type="list" allowBlank="1"><x14:formula1><xm:f>Dati!$A$2:$A$3'
    '</xm:f></x14:formula1><xm:sqref>F4:F100</xm:sqref></x14:dataValidation>'
    '</x14:dataValidations></ext></extLst></worksheet>')


def test_what_openpyxl_would_drop_is_listed_in_italian(layout: Path) -> None:
    assert open_workbook(layout).lost_features() == []
    # What Excel writes and openpyxl drops: a dropdown whose list sits on another sheet
    # (an x14 extension) and a threaded comment.
    with zipfile.ZipFile(layout) as archive:
        parts = {n: archive.read(n) for n in archive.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = parts[sheet].replace(b"</worksheet>", X14_DROPDOWN.encode())
    parts["xl/threadedComments/threadedComment1.xml"] = b"<ThreadedComments/>"
    with zipfile.ZipFile(layout, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)

    backend = open_workbook(layout)

    assert backend.lost_features() == [
        "il salvataggio non conserva i commenti in thread (restano i commenti semplici)"]


def test_excel_cross_sheet_dropdowns_are_kept_as_plain_validations(layout: Path) -> None:
    # Excel 2010+ saves a dropdown listing another sheet's cells as an x14 extension,
    # which openpyxl alone would drop on save.
    with zipfile.ZipFile(layout) as archive:
        parts = {n: archive.read(n) for n in archive.namelist()}
    sheet = "xl/worksheets/sheet1.xml"
    parts[sheet] = parts[sheet].replace(b"</worksheet>", X14_DROPDOWN.encode())
    with zipfile.ZipFile(layout, "w") as archive:
        for name, data in parts.items():
            archive.writestr(name, data)

    backend = open_workbook(layout)
    backend.write_sheet(SheetSpec("Turno 2"))
    backend.save()

    assert backend.lost_features() == []
    [rule] = openpyxl.load_workbook(layout)["Iscritti"].data_validations.dataValidation
    assert (rule.type, rule.formula1, str(rule.sqref)) == ("list", "Dati!$A$2:$A$3", "F4:F100")
    assert rule.allow_blank is True


def test_a_file_held_open_elsewhere_is_a_file_locked_error(
        layout: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    original = layout.read_bytes()
    backend = open_workbook(layout)
    backend.write_sheet(SheetSpec("Log"))

    def refused(src: Any, dst: Any) -> None:
        raise PermissionError(13, "Permission denied")  # what Windows says while Excel has it

    monkeypatch.setattr(os, "replace", refused)
    with pytest.raises(FileLockedError, match="aperto in Excel"):
        backend.save()
    monkeypatch.undo()
    assert layout.read_bytes() == original
    assert sorted(p.name for p in layout.parent.iterdir()) == ["torneo.xlsx"]


def test_an_xlsm_keeps_its_vba_project(tmp_path: Path) -> None:
    # The file's vbaProject.bin is a placeholder blob (see make_files.py): this proves the
    # part and its content types are carried through unchanged, not that Excel runs it.
    path = tmp_path / "torneo.xlsm"
    shutil.copy(FILES / "macro_placeholder.xlsm", path)
    with zipfile.ZipFile(path) as archive:
        vba = archive.read("xl/vbaProject.bin")

    backend = open_workbook(path)
    backend.write_sheet(SheetSpec("Turno 2"))
    backend.save()

    with zipfile.ZipFile(path) as archive:
        assert archive.read("xl/vbaProject.bin") == vba
        types = archive.read("[Content_Types].xml").decode()
        rels = archive.read("xl/_rels/workbook.xml.rels").decode()
    assert "application/vnd.ms-excel.sheet.macroEnabled.main+xml" in types
    assert "vbaProject.bin" in rels


def test_xlsm_is_opened_with_keep_vba_and_xlsx_without(
        layout: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[bool] = []
    real_open = XlsxBackend.open.__func__  # type: ignore[attr-defined]

    def spy(cls: type[XlsxBackend], path: Path, *, keep_vba: bool = False,
            reading: bool = False) -> XlsxBackend:
        seen.append(keep_vba)
        return real_open(cls, path, keep_vba=keep_vba,  # type: ignore[no-any-return]
                         reading=reading)

    monkeypatch.setattr(XlsxBackend, "open", classmethod(spy))
    macro = tmp_path / "torneo.xlsm"
    shutil.copy(FILES / "macro_placeholder.xlsm", macro)
    open_workbook(macro)
    open_workbook(layout)
    assert seen == [True, False]


def test_a_new_xlsm_is_saved_as_macro_enabled(tmp_path: Path) -> None:
    path = tmp_path / "nuovo.xlsm"
    backend = create_workbook(path)
    backend.write_sheet(SheetSpec("Iscritti"))
    backend.save()
    with zipfile.ZipFile(path) as archive:
        assert b"macroEnabled.main+xml" in archive.read("[Content_Types].xml")
    assert open_workbook(path).sheet_names() == ["Iscritti"]


def test_a_new_workbook_has_no_sheets_and_refuses_to_save_empty(tmp_path: Path) -> None:
    backend = create_workbook(tmp_path / "vuoto.xlsx")
    assert backend.sheet_names() == []
    with pytest.raises(WorkbookError, match="almeno un foglio"):
        backend.save()
    assert not (tmp_path / "vuoto.xlsx").exists()


def test_an_unknown_extension_is_refused_in_italian(tmp_path: Path) -> None:
    with pytest.raises(WorkbookError, match=r"formato «\.ods» non supportato: usa \.xlsx, "
                                            r"\.xlsm o \.xls"):
        open_workbook(tmp_path / "torneo.ods")
    with pytest.raises(WorkbookError, match="non supportato"):
        create_workbook(tmp_path / "torneo.csv")


def test_a_missing_file_or_sheet_is_named(tmp_path: Path, layout: Path) -> None:
    with pytest.raises(WorkbookError, match="non trovato"):
        open_workbook(tmp_path / "manca.xlsx")
    with pytest.raises(WorkbookError, match="«Turno 9» non trovato"):
        open_workbook(layout).read_sheet("Turno 9")


def test_an_xls_file_renamed_xlsx_is_explained(tmp_path: Path) -> None:
    path = tmp_path / "rinominato.xlsx"
    shutil.copy(FILES / "original_layout.xls", path)
    with pytest.raises(WorkbookError, match=r"in formato \.xls "):
        open_workbook(path)


def test_control_characters_in_text_name_the_cell(tmp_path: Path) -> None:
    backend = create_workbook(tmp_path / "ctrl.xlsx")
    spec = SheetSpec("Iscritti")
    spec.put(4, 2, "Ma\x07rio")
    with pytest.raises(WorkbookError, match=r"Iscritti!B4"):
        backend.write_sheet(spec)


def test_a_refused_spec_leaves_the_sheet_it_would_replace_untouched(layout: Path) -> None:
    backend = open_workbook(layout)
    before = backend.read_sheet("TORNEO")
    spec = SheetSpec("TORNEO")
    spec.put(1, 1, "ok")
    spec.put(2, 1, "colore", Style(fill="rosso"))
    with pytest.raises(WorkbookError, match="colore «rosso» non valido"):
        backend.write_sheet(spec)
    assert backend.read_sheet("TORNEO") == before
    assert backend.sheet_names() == ["Iscritti", "TORNEO", "Turno 1", "Dati"]


def test_the_test_files_are_reproducible(tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib.util

    spec = importlib.util.spec_from_file_location("make_files", FILES / "make_files.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "make_files", module)  # its dataclasses look it up
    spec.loader.exec_module(module)
    for made in module.main(tmp_path):
        committed = FILES / made.name
        if made.suffix == ".xls":  # xlwt's output depends on nothing else: same bytes
            assert made.read_bytes() == committed.read_bytes(), made.name
        else:  # openpyxl's XML spelling depends on whether lxml is installed
            assert package_parts(made) == package_parts(committed), made.name


def package_parts(path: Path) -> dict[str, bytes]:
    """A zip package's parts, XML ones in canonical form (attribute order, spacing)."""
    with zipfile.ZipFile(path) as archive:
        parts = {name: archive.read(name) for name in archive.namelist()}
    return {name: ET.canonicalize(data.decode()).encode()
            if name.endswith((".xml", ".rels")) else data for name, data in parts.items()}

