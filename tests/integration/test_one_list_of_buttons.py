"""One list of buttons (issue 39.6): a button declared once, with its action, in
`buttons.BUTTONS` is on the Excel ribbon (its XML and VBA callback) and runs from
`excel.press`; it is on LibreOffice's toolbar, in its macro, its document's buttons and the
headless runner's commands; it is a script of xlwings Lite's `main.py` and runs from
`lite.press`; and the help describes it. No front end keeps a table of its own."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
import xlwings as xw

from addin.ribbon import callbacks_module, ribbon_xml
from tests.xlwings_remote import LICENCE, new_excel_workbook, payload, register_remote_engine
from xlwings_torneo.frontends import buttons, excel, lite
from xlwings_torneo.frontends.actions import Press
from xlwings_torneo.frontends.buttons import TURNI, Button, RoundChoice, help_text
from xlwings_torneo.frontends.libreoffice import document, run, toolbar
from xlwings_torneo.frontends.lite_setup import main_py


def conta(press: Press) -> str:
    return f"Conteggio del turno {press.round_no or 'ultimo'}: fatto"


CONTA = Button("ContaTavoli", "Conta Tavoli", TURNI, "Calculator",
               "Conta i tavoli del turno (Turno… per sceglierlo).", "Conteggio…",
               "conta_tavoli", conta, RoundChoice.LAST, command="conta")
"""A button no front end has heard of."""


@pytest.fixture
def declared(monkeypatch: pytest.MonkeyPatch) -> Button:
    """CONTA declared in the one list, and only there."""
    monkeypatch.setattr(buttons, "BUTTONS", (*buttons.BUTTONS, CONTA))
    monkeypatch.setenv(*LICENCE)
    register_remote_engine(monkeypatch.setattr)
    return CONTA


def book(tmp_path: Path) -> Any:
    return xw.Book(json=payload(new_excel_workbook(tmp_path / "torneo.xlsx")))


def test_a_button_declared_once_is_on_the_ribbon_and_runs_in_excel(
        declared: Button, tmp_path: Path) -> None:
    assert b'id="TorneoContaTavoliTurno" label="Turno' in ribbon_xml()
    assert 'TorneoPress "ContaTavoli", "Conta Tavoli", "Conteggio…", "last", True' \
        in callbacks_module()
    assert excel.press("ContaTavoli", 3, book=book(tmp_path)) == \
        excel.Message("Conteggio del turno 3: fatto")


def test_a_button_declared_once_is_on_libreoffice_s_toolbar_macro_and_runner(
        declared: Button) -> None:
    assert toolbar.titles()["ContaTavoli"] == "Conta Tavoli"
    assert toolbar.script_url("ContaTavoli").replace("&", "&amp;") in toolbar.addons_xcu()
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    import install_addin  # a script at the repository root: it writes the installed macro

    macro = install_addin.macro_source()
    assert "def ContaTavoli(*_args: Any) -> tuple[str, bool]:\n" \
        "    return _press('ContaTavoli')" in macro
    assert macro.rstrip().endswith(", Aiuto, ContaTavoli)")  # g_exportedScripts
    assert document.buttons(None)["ContaTavoli"](None, None) == \
        "Conteggio del turno ultimo: fatto"  # type: ignore[arg-type]
    assert run.commands()["conta"] == "ContaTavoli" and run.holds_workbook("conta")
    assert "ContaTavoli" in run.button_names()
    args = run.build_parser().parse_args(["torneo.xlsx", "conta"])
    assert args.command == "conta"


def test_a_button_declared_once_is_a_lite_script_and_runs_in_lite(
        declared: Button, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(lite, "DATA", tmp_path / "data")
    assert declared in lite.lite_buttons()
    assert "async def conta_tavoli(book: xw.Book, turno: int = 0):" in main_py()
    message = lite.press("ContaTavoli", book(tmp_path), turno=2)
    assert message == lite.Message("Conteggio del turno 2: fatto")


def test_a_button_declared_once_is_in_the_help(declared: Button) -> None:
    assert "Conta Tavoli: Conta i tavoli del turno (Turno… per sceglierlo)." in help_text()
