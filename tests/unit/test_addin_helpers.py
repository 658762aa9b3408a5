"""The small pure pieces under the add-in and the macro: how styled cells become ranges,
how Excel references become Calc's, dates as serial numbers, text Excel would parse."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from xlwings_torneo.frontends.buttons import BUTTONS
from xlwings_torneo.workbook.backends.uno_backend import (
    calc_reference,
    from_serial,
    style_runs,
    to_serial,
    width_to_hundredths_mm,
)
from xlwings_torneo.workbook.backends.xlwings_backend import excel_text


def test_a_styled_block_becomes_one_rectangle():
    cells = [(r, c) for r in range(2, 12) for c in range(1, 8)]
    assert style_runs(cells) == [(2, 1, 11, 7)]


def test_cells_every_third_column_stay_separate_runs_merged_down_the_rows():
    cells = [(r, c) for r in (3, 4) for c in (2, 5, 8)]
    assert style_runs(cells) == [(3, 2, 4, 2), (3, 5, 4, 5), (3, 8, 4, 8)]


def test_a_gap_in_the_rows_starts_a_new_rectangle():
    assert style_runs([(1, 2), (4, 2), (7, 2)]) == [(1, 2, 1, 2), (4, 2, 4, 2), (7, 2, 7, 2)]


def test_alternating_row_bands_are_one_rectangle_per_row():
    odd = [(r, c) for r in (2, 4, 6) for c in (1, 2, 3)]
    assert len(style_runs(odd)) == 3


@pytest.mark.parametrize(("excel", "calc"), [
    ("Dati!$A$2:$A$200", "$Dati.$A$2:$A$200"),
    ("=Dati!$C$2:$C$200", "$Dati.$C$2:$C$200"),
    ("'Dati Torneo'!$A$2:$A$3", "$'Dati Torneo'.$A$2:$A$3"),
])
def test_list_sources_use_calc_syntax(excel: str, calc: str):
    assert calc_reference(excel) == calc


def test_dates_round_trip_through_serial_numbers():
    assert to_serial(date(2011, 5, 14)) == 40677.0  # Excel shows 40677 for 14/05/2011
    assert from_serial(40677.0) == date(2011, 5, 14)
    assert from_serial(to_serial(datetime(2011, 5, 14, 9, 30))) == datetime(2011, 5, 14, 9, 30)


def test_column_widths_survive_the_round_trip_to_xlsx():
    assert width_to_hundredths_mm(24) == 5928


@pytest.mark.parametrize("text", ["=SOMMA(A1:A3)", "+39 333", "-1", "007", "12/3", "44,5",
                                  "VERO", "@home"])
def test_text_excel_would_parse_gets_an_apostrophe(text: str):
    assert excel_text(text) == "'" + text


@pytest.mark.parametrize("text", ["Mario Rossi", "ROMA [Il Gufo]", "Tavolo N°1", "SI", "R2D2"])
def test_plain_text_is_written_as_it_is(text: str):
    assert excel_text(text) == text


def test_the_macro_the_runner_and_the_document_name_the_same_buttons():
    import ast
    import sys
    from pathlib import Path

    from xlwings_torneo.frontends.libreoffice import document, run

    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    import install_addin  # a script at the repository root: it writes the installed macro

    tree = ast.parse(install_addin.macro_source())
    exported = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                    and getattr(node.targets[0], "id", "") == "g_exportedScripts")
    assert isinstance(exported, ast.Tuple)
    names = [e.id for e in exported.elts if isinstance(e, ast.Name)]
    ribbon = {button.name for button in BUTTONS}  # the one list of buttons
    assert len(names) == len(set(names)) == len(BUTTONS)
    assert set(names) == set(run.button_names()) == set(document.buttons(None)) == ribbon
    assert set(run.commands().values()) <= set(run.button_names())
