"""The legacy .xls backend against small real workbooks (tests/files, made by make_files.py).

Saving an .xls rewrites the whole file, so most tests check that the sheets the program
did not touch come back identical, read independently with xlrd's formatting info."""

from __future__ import annotations

import importlib
import io
import shutil
import struct
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlrd
import xlwt
from xlrd.compdoc import CompDoc
from xlrd.formula import FMLA_TYPE_CELL, decompile_formula
from xlwt.CompoundDoc import XlsDoc

from tests.integration.backend_fixtures import (
    FILES,
    HYPERLINK,
    copy_layout,
    every_kind_spec,
    write_a_round_sheet_between,
)
from xlwings_torneo.errors import LossRefusedError, MissingDependencyError, WorkbookError
from xlwings_torneo.workbook.backends.factory import create_workbook, open_workbook
from xlwings_torneo.workbook.backends.xls_backend import XlsBackend, nearest_colour
from xlwings_torneo.workbook.sheet import Formula, SheetSpec, Style, Validation


@pytest.fixture(autouse=True)
def without_libreoffice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """These tests are about xlwt's rewrite: LibreOffice is hidden (`soffice` named but not
    there), so a file holding what xlwt cannot write back is not saved through it."""
    monkeypatch.setenv("TORNEO_SOFFICE", str(tmp_path / "nessun-libreoffice" / "soffice"))


@pytest.fixture
def layout(tmp_path: Path) -> Path:
    return copy_layout(tmp_path, ".xls")


def open_xls(path: Path) -> XlsBackend:
    """The file opened with its losses accepted (`--accetta-perdite`): xlwt rewrites it."""
    backend = open_workbook(path)
    assert isinstance(backend, XlsBackend)
    backend.accept_losses = True
    return backend


def test_a_rewrite_that_would_lose_features_is_refused_unless_accepted(
        tmp_path: Path) -> None:
    path = tmp_path / "excel.xls"
    excel_style_formulas(path)  # formulas xlwt cannot write back
    before = path.read_bytes()
    backend = open_workbook(path)
    assert isinstance(backend, XlsBackend)
    with pytest.raises(LossRefusedError, match=r"Conti: 13 formule") as refused:
        backend.check_before_write()
    assert "torneo converti excel.xls" in str(refused.value)
    backend.write_sheet(SheetSpec("Nuovo"))
    with pytest.raises(LossRefusedError):
        backend.save()
    assert path.read_bytes() == before
    backend.accept_losses = True
    backend.save()
    assert "Nuovo" in open_workbook(path).sheet_names()


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


def biff_records(path: Path) -> list[tuple[int, bytes]]:
    """Every BIFF record of the file's workbook stream, read independently of the backend."""
    data = path.read_bytes()
    mem, base, size = CompDoc(data, logfile=io.StringIO()).locate_named_stream("Workbook")
    stream, pos, out = bytes(mem[base:base + size]), 0, []
    while pos + 4 <= len(stream):
        code, length = struct.unpack_from("<HH", stream, pos)
        out.append((code, stream[pos + 4:pos + 4 + length]))
        pos += 4 + length
    return out


def formula_cells(path: Path) -> dict[tuple[int, int], str]:
    """(row, col) -> formula text of every FORMULA record (all sheets; tests use one)."""
    book = xlrd.open_workbook(str(path), formatting_info=True, logfile=io.StringIO())
    found = {}
    for code, payload in biff_records(path):
        if code == 0x0006:
            row, col = struct.unpack_from("<HH", payload)
            size = struct.unpack_from("<H", payload, 20)[0]
            try:
                found[(row, col)] = decompile_formula(book, payload[22:22 + size], size,
                                                      FMLA_TYPE_CELL, row, col)
            except TypeError:  # xlrd 2.0.2 cannot decompile a 3D area on its own
                found[(row, col)] = "?"
    return found


CROSS_SHEET_FORMULAS = ["'Turno 1'!B2*2", "SUM('Turno 1'!A1:C3)", 'IF(A1>0,"sì","no")',
                        'COUNTIF(B1:B9,">=3")', "VLOOKUP(5,'Turno 1'!B2:C3,1,FALSE)",
                        "SUM('Turno 1'!$A$1:B$3)", 'A1&""""']


def cross_sheet_formulas(path: Path) -> None:
    """Formulas reaching into another sheet, as an organiser writes them (xlwt here)."""
    book = xlwt.Workbook()
    ws = book.add_sheet("Iscritti")
    turno = book.add_sheet("Turno 1")
    turno.write(1, 1, 5)
    for row, text in enumerate(CROSS_SHEET_FORMULAS):
        ws.write(row, 3, xlwt.Formula(text))
    book.save(str(path))


def save_records(path: Path, records: list[tuple[int, bytes]]) -> None:
    """Write records back as an .xls (only safe when the changed records sit in the last
    sheet: BOUNDSHEET offsets are not recomputed)."""
    stream = b"".join(struct.pack("<HH", code, len(data)) + data for code, data in records)
    XlsDoc().save(str(path), stream)


def excel_style_formulas(path: Path) -> None:
    """A one-sheet workbook with what Excel writes and xlwt cannot: a shared formula
    (B1:B3 = A*10, filled down), cached results (numbers and a text), and formulas that
    cannot be translated back (B4, B6..B16: a tExp pointing at no shared formula)."""
    book = xlwt.Workbook()
    ws = book.add_sheet("Conti")
    for r in range(16):
        ws.write(r, 0, r + 1)
        ws.write(r, 1, xlwt.Formula("A1+1"))
    ws.write(4, 2, xlwt.Formula('"a"&"b"'))
    stream = book.get_biff_data()
    records = []
    pos = 0
    while pos < len(stream):
        code, length = struct.unpack_from("<HH", stream, pos)
        records.append((code, stream[pos + 4:pos + 4 + length]))
        pos += 4 + length
    shared_tokens = bytes([0x4C]) + struct.pack("<HH", 0, 0xC0FF) + bytes([0x1E, 10, 0, 0x05])
    out: list[tuple[int, bytes]] = []
    for code, data in records:
        if code != 0x0006:
            out.append((code, data))
            continue
        row, col = struct.unpack_from("<HH", data)
        head = bytearray(data[:20])
        if col == 2:  # "ab": a text result is followed by a STRING record
            head[6:14] = bytes([0, 0, 0, 0, 0, 0, 0xFF, 0xFF])
            out.append((code, bytes(head) + data[20:]))
            out.append((0x0207, struct.pack("<HB", 2, 0) + b"ab"))
            continue
        base = (0, 1) if row < 3 else (99, 99)
        head[6:14] = struct.pack("<d", (row + 1) * 10.0)
        head[14:16] = struct.pack("<H", 0x0008)
        out.append((code, bytes(head) + struct.pack("<HBHH", 5, 0x01, *base)))
        if row == 0:
            out.append((0x04BC, struct.pack("<HHBBBBH", 0, 2, 1, 1, 0, 3, len(shared_tokens))
                        + shared_tokens))
    save_records(path, out)


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

    assert [sheet.cell_type(1, c) for c in range(3)] == [xlrd.XL_CELL_TEXT] * 3
    # the only FORMULA record in the file is the deliberate one in D2
    assert formula_cells(path) == {(1, 3): "COUNTA(A1:K1)"}


def test_other_sheets_survive_writing_a_new_sheet(layout: Path) -> None:
    after = write_a_round_sheet_between(layout, open_xls, snapshot)

    iscritti = after["Iscritti"]
    assert iscritti["cells"][(2, 0)][2:4] == (1, 0)  # header bold
    assert iscritti["cells"][(2, 0)][7:9] == (1, (255, 255, 0))  # solid yellow fill
    assert iscritti["columns"][4] == (22 * 256, 0)
    assert iscritti["columns"][9][1] == 1  # ID NAZIONALE hidden
    assert iscritti["merged"] == [(0, 1, 0, 3)]
    assert after["Dati"]["visibility"] == 1
    assert after["Turno 1"]["columns"][0][1] == 1  # hidden ID column
    assert formula_cells(layout) == {(0, 7): "COUNTA(A4:A40)"}  # still a formula


def test_formulas_of_untouched_sheets_keep_their_text_and_cached_value(
        tmp_path: Path) -> None:
    path = tmp_path / "excel.xls"
    excel_style_formulas(path)
    backend = open_xls(path)
    before = backend.read_sheet("Conti")
    assert [before.cell(r, 2) for r in (1, 2, 3)] == [10, 20, 30]  # cached by "Excel"
    assert before.cell(5, 3) == "ab"
    backend.write_sheet(SheetSpec("Nuovo"))
    backend.save()

    after = open_xls(path).read_sheet("Conti")
    formulas = formula_cells(path)

    assert after == before
    assert [formulas[(r, 1)] for r in (0, 1, 2)] == ["A1*10.0", "A2*10.0", "A3*10.0"]
    assert formulas[(4, 2)] == '"a"&"b"'
    assert (3, 1) not in formulas  # untranslatable: written as its value, and reported
    assert after.cell(4, 2) == 40


def test_values_of_untouched_sheets_read_the_same_after_a_save(layout: Path) -> None:
    before = open_xls(layout)
    grids = {name: before.read_sheet(name) for name in before.sheet_names()}
    before.write_sheet(SheetSpec("Log"))
    before.save()

    after = open_xls(layout)

    for name, grid in grids.items():
        assert after.read_sheet(name) == grid


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
    assert backend.lost_features() == []  # its one formula survives

    spec = SheetSpec("Iscritti")
    spec.put(1, 8, Formula("COUNTA(A4:A40)"))
    spec.put(1, 9, Formula("QUESTA(NON"))
    spec.put(1, 10, Formula("Nessuno!A1"))
    spec.validations.append(Validation("F4:F1000", "Dati!$A$2:$A$3"))
    backend.write_sheet(spec)
    backend.save()

    lost = backend.lost_features()
    assert "il formato .xls non conserva i menù a tendina (convalida dati): " \
           "Iscritti!F4:F1000" in lost
    assert any(line.startswith("Iscritti!I1: formula «=QUESTA(NON» non scritta")
               for line in lost)
    assert any(line.startswith("Iscritti!J1: formula «=Nessuno!A1» non scritta")
               for line in lost)
    # the deliberate formula is a real formula in the file
    assert formula_cells(layout)[(0, 7)] == "COUNTA(A4:A40)"
    assert open_xls(layout).lost_features() == []


def test_formulas_reaching_other_sheets_are_kept(tmp_path: Path) -> None:
    path = tmp_path / "fogli.xls"
    cross_sheet_formulas(path)
    backend = open_xls(path)
    assert backend.lost_features() == []
    backend.write_sheet(SheetSpec("Nuovo"))
    backend.save()

    assert open_xls(path).lost_features() == []
    assert len(formula_cells(path)) == len(CROSS_SHEET_FORMULAS)


def test_formulas_that_cannot_be_kept_are_listed_then_summed_up(tmp_path: Path) -> None:
    path = tmp_path / "excel.xls"
    excel_style_formulas(path)  # B4:B16 cannot be translated: 13 cells
    lost = open_xls(path).lost_features()
    assert lost[0] == "Conti!B4: formula sostituita dal suo valore"
    assert len(lost) == 11
    assert lost[-1] == "Conti: altre 3 formule sostituite dal loro valore"


def test_dropdowns_conditional_formats_and_protection_of_the_file_are_reported(
        tmp_path: Path) -> None:
    path = tmp_path / "extra.xls"
    book = xlwt.Workbook()
    ws = book.add_sheet("Iscritti")
    ws.write(0, 0, "ID")
    ws.protect = True
    book.save(str(path))
    records = biff_records(path)
    last_eof = max(i for i, (code, _) in enumerate(records) if code == 0x000A)
    # what Excel writes for a dropdown (DVAL + DV) and a conditional format (CONDFMT)
    records[last_eof:last_eof] = [(0x01B2, bytes(18)), (0x01BE, bytes(24)),
                                  (0x01B0, bytes(14))]
    save_records(path, records)

    lost = open_xls(path).lost_features()

    assert lost == [
        "Iscritti: il formato .xls non conserva la protezione del foglio (e la sua password)",
        "Iscritti: il formato .xls non conserva i menù a tendina (convalida dati)",
        "Iscritti: il formato .xls non conserva la formattazione condizionale",
    ]


def tiny_bmp(path: Path) -> None:
    """A 2x2 24-bit bitmap, the only picture format xlwt can insert."""
    pixels = (b"\x00\x00\xff" * 2 + b"\x00\x00") * 2  # rows padded to 4 bytes
    header = struct.pack("<2sIHHI", b"BM", 54 + len(pixels), 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, 2, 2, 1, 24, 0, len(pixels), 2835, 2835, 0, 0)
    path.write_bytes(header + info + pixels)


def test_a_picture_on_a_sheet_is_reported(tmp_path: Path) -> None:
    picture = tmp_path / "logo.bmp"
    tiny_bmp(picture)
    path = tmp_path / "logo.xls"
    book = xlwt.Workbook()
    book.add_sheet("Iscritti").insert_bitmap(str(picture), 0, 0)
    book.add_sheet("TORNEO").write(0, 0, "SCHEDA DATI TORNEO")
    book.save(str(path))

    assert open_xls(path).lost_features() == [
        "Iscritti: il formato .xls non conserva immagini, forme, grafici e controlli "
        "disegnati sul foglio"]


def test_a_sheet_beyond_the_xls_limits_is_refused(tmp_path: Path) -> None:
    backend = create_workbook(tmp_path / "grande.xls")
    wide = SheetSpec("Largo")
    wide.put(1, 257, "x")
    with pytest.raises(WorkbookError, match=r"limiti del formato \.xls"):
        backend.write_sheet(wide)
    widths = SheetSpec("Colonne")
    widths.col_widths[300] = 10
    with pytest.raises(WorkbookError, match="256 colonne"):
        backend.write_sheet(widths)
    tall = SheetSpec("Lungo")
    tall.put(65537, 1, "x")
    with pytest.raises(WorkbookError, match="65536 righe"):
        backend.write_sheet(tall)


def test_an_xlsx_file_renamed_xls_is_explained(tmp_path: Path) -> None:
    path = tmp_path / "rinominato.xls"
    shutil.copy(FILES / "original_layout.xlsx", path)
    with pytest.raises(WorkbookError, match=r"in formato \.xlsx"):
        open_workbook(path)


def test_a_missing_xlrd_names_the_xls_extra(layout: Path, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    monkeypatch.setitem(sys.modules, "xlrd", None)  # `import xlrd` now fails
    monkeypatch.delitem(sys.modules, "xlwings_torneo.workbook.backends.xls_backend")
    with pytest.raises(MissingDependencyError, match=r"xlwings_torneo\[xls\]") as caught:
        open_workbook(layout)
    assert "xlrd" in str(caught.value)
    monkeypatch.undo()
    importlib.import_module("xlwings_torneo.workbook.backends.xls_backend")


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


@pytest.mark.libreoffice
def test_libreoffice_reads_the_rewritten_file_with_formulas_text_and_formats(
        layout: Path, tmp_path: Path) -> None:
    soffice = shutil.which("soffice")
    if soffice is None:
        pytest.skip("LibreOffice (soffice) non installato")
    backend = open_xls(layout)
    spec = SheetSpec("Turno 2")
    spec.put(1, 2, "Tavolo N°1", Style(bold=True, fill="FF0000"))
    spec.put(2, 1, Formula('COUNTIF(Iscritti!F4:F40,"SI")'))
    spec.put(2, 2, HYPERLINK)
    backend.write_sheet(spec, after="Turno 1")
    backend.save()

    out = tmp_path / "out"
    subprocess.run([soffice, f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
                    "--headless", "--convert-to", "xlsx", "--outdir", str(out), str(layout)],
                   check=True, capture_output=True, timeout=180)
    converted = out / "torneo.xlsx"
    formulas = openpyxl.load_workbook(converted)
    values = openpyxl.load_workbook(converted, data_only=True)

    assert formulas.sheetnames == ["Iscritti", "TORNEO", "Turno 1", "Turno 2", "Dati"]
    assert formulas["Dati"].sheet_state == "hidden"
    assert formulas["Iscritti"]["H1"].value == "=COUNTA(A4:A40)"  # kept from the file
    assert values["Iscritti"]["H1"].value == 20
    assert values["Turno 2"]["A2"].value == 18  # the spec's formula, computed
    assert formulas["Turno 2"]["B2"].data_type == "s"  # a user string stays text
    assert formulas["Turno 2"]["B1"].fill.fgColor.rgb == "FFFF0000"
    assert formulas["Iscritti"]["A3"].fill.fgColor.rgb == "FFFFFF00"
    assert formulas["Iscritti"].column_dimensions["J"].hidden is True


@pytest.mark.libreoffice
def test_libreoffice_sees_the_same_cross_sheet_formulas_after_a_rewrite(
        tmp_path: Path) -> None:
    soffice = shutil.which("soffice")
    if soffice is None:
        pytest.skip("LibreOffice (soffice) non installato")
    path = tmp_path / "fogli.xls"
    cross_sheet_formulas(path)
    backend = open_xls(path)
    backend.write_sheet(SheetSpec("Nuovo"))
    backend.save()

    out = tmp_path / "out"
    subprocess.run([soffice, f"-env:UserInstallation={(tmp_path / 'profile').as_uri()}",
                    "--headless", "--convert-to", "xlsx", "--outdir", str(out), str(path)],
                   check=True, capture_output=True, timeout=180)
    sheet = openpyxl.load_workbook(out / "fogli.xlsx")["Iscritti"]

    written = [str(sheet.cell(row=r + 1, column=4).value) for r in
               range(len(CROSS_SHEET_FORMULAS))]
    # LibreOffice spells FALSE as FALSE(): the same formula
    assert [w.replace("()", "") for w in written] == ["=" + f for f in CROSS_SHEET_FORMULAS]

