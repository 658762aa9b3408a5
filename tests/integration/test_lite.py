"""The xlwings Lite front end in CPython, on xlwings' remote engine as Lite hands the book
over (`xw.Book(json=...)`): the scripts of `main.py` are the buttons of the one list (less
those Lite cannot run), every message is printed and shown, and what Lite lacks ends in an
Italian message, never a traceback."""

from __future__ import annotations

import asyncio
import inspect
from dataclasses import replace
from pathlib import Path
from typing import Any

import openpyxl
import pytest
import xlwings as xw

from tests.e2e.conftest import club_players, register
from tests.integration.test_xlwings_ribbon import (  # noqa: F401 - remote_engine: a fixture
    apply_actions,
    payload,
    remote_engine,
)
from tests.pyodide import driver
from tests.xlwings_remote import new_excel_workbook
from xlwings_torneo.frontends import buttons, lite
from xlwings_torneo.frontends.actions import Press
from xlwings_torneo.frontends.buttons import BUTTONS
from xlwings_torneo.frontends.lite_setup import main_py
from xlwings_torneo.workbook.backends.xlwings_backend import XlwingsBackend


@pytest.fixture
def main(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Any:
    """Lite's main.py, with the `@script` decorator Lite uses; files into a folder here."""
    from xlwings.pro import udfs_officejs

    monkeypatch.setattr(xw, "script", udfs_officejs.script)
    monkeypatch.setattr(lite, "DATA", tmp_path / "data")
    (tmp_path / "main.py").write_text(main_py(), encoding="utf-8")
    return driver.load_main(str(tmp_path / "main.py"))


@pytest.fixture
def workbook(tmp_path: Path) -> Path:
    return new_excel_workbook(tmp_path / "torneo.xlsx")


def run(main: Any, path: Path, script: str, *args: Any) -> dict[str, Any]:
    result = asyncio.run(driver.run_script(main, script, payload(path), list(args)))
    result["alerts"] = apply_actions(path, result["actions"])
    return result


def test_main_py_has_a_script_per_button_lite_can_run_with_its_form(main: Any) -> None:
    from xlwings.pro.udfs_officejs import custom_scripts_meta

    names = {meta["function_name"]: meta["name"] for meta in custom_scripts_meta(main)}
    assert names == {b.target: b.label for b in lite.lite_buttons()}
    assert [b.name for b in BUTTONS] == [b.name for b in BUTTONS
                                         if b.name in lite.absent() or b in lite.lite_buttons()]
    for button in lite.lite_buttons():
        script = getattr(main, button.target)
        params = inspect.signature(inspect.unwrap(script)).parameters
        assert list(params) == ["book", *lite.form_fields(button)], button.name
        assert all(params[f].annotation is lite.FIELD_TYPES[f]
                   and params[f].default == lite.FIELD_TYPES[f]()
                   for f in lite.form_fields(button))
        assert lite.lite_tip(button) in (inspect.unwrap(script).__doc__ or "")
    assert lite.form_fields(next(b for b in BUTTONS if b.name == "SorteggioTurno")) == \
        ["turno", "seme", "comunque"]


def test_every_message_is_printed_and_shown(main: Any, workbook: Path) -> None:
    result = run(main, workbook, "nuovo_torneo")
    assert result["printed"].startswith("Torneo vuoto pronto")
    assert result["alerts"] == [result["printed"].rstrip("\n")]
    assert "Iscritti" in openpyxl.load_workbook(workbook).sheetnames


def test_a_round_out_of_range_is_an_italian_message_and_nothing_is_written(
        main: Any, workbook: Path) -> None:
    run(main, workbook, "nuovo_torneo")
    register(workbook, club_players(8))
    result = run(main, workbook, "sorteggio_turno", -1, 0)
    assert result["printed"].startswith("turno: -1 fuori intervallo (da 0 a ")
    assert [a["func"] for a in result["actions"]] == ["alert"]
    assert result["actions"][0]["args"][1] == "Torneo - errore"


def test_a_draw_the_ribbon_would_ask_about_is_drawn_only_with_comunque_ticked(
        main: Any, workbook: Path) -> None:
    """Lite's `alert` answers nothing back: the ribbon's Sì/No question (issue 31.1) is the
    draw's `comunque` checkbox, and the refusal names it, not a command-line option."""
    run(main, workbook, "nuovo_torneo")
    register(workbook, club_players(8))
    run(main, workbook, "sorteggio_turno", 0, 5)
    refused = run(main, workbook, "sorteggio_turno", 0, 6)
    assert refused["printed"].startswith("il foglio '1° Turno' non ha ancora nessun punteggio")
    assert "spunta «comunque» e premi di nuovo" in refused["printed"]
    assert "--" not in refused["printed"]
    assert [a["func"] for a in refused["actions"]] == ["alert"]  # nothing sent to the book
    drawn = run(main, workbook, "sorteggio_turno", 0, 6, True)
    assert drawn["printed"].startswith("2° Turno"), drawn["printed"]
    assert "2° Turno" in openpyxl.load_workbook(workbook).sheetnames


def test_the_print_buttons_write_to_data_and_say_where(main: Any, workbook: Path) -> None:
    run(main, workbook, "nuovo_torneo")
    register(workbook, club_players(8))
    run(main, workbook, "sorteggio_turno", 0, 5)
    result = run(main, workbook, "stampa_turno", 0)
    assert f"scritte in {lite.DATA / 'torneo_1.pdf'}\n" in result["printed"]
    assert f"File scritti in {lite.DATA} (scaricali da xlwings Lite: ☰ > Files > " \
           "Import/Export)" in result["printed"]
    assert "\n- torneo_1.pdf\n" in result["printed"] and (lite.DATA / "torneo_1.pdf").exists()


def test_the_hall_button_is_not_a_script_and_says_why_if_called(main: Any,
                                                                 workbook: Path) -> None:
    assert not hasattr(main, "risultati_sala")
    book = xw.Book(json=payload(workbook))
    message = lite.press("RisultatiSala", book)
    assert message.error and "torneo sala importa" in message.text


def test_what_lite_lacks_is_an_italian_message_and_the_traceback_goes_to_data(
        main: Any, workbook: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    def lacking(press: Press) -> str:
        raise NotImplementedError("Reading formulas synchronously isn't supported")

    monkeypatch.setattr(buttons, "BUTTONS", tuple(
        replace(b, action=lacking) if b.name == "Statistiche" else b for b in BUTTONS))
    message = lite.press("Statistiche", xw.Book(json=payload(workbook)))
    assert message.error and message.text.startswith(
        "xlwings Lite non sa ancora fare un'operazione che questo pulsante chiede a Excel "
        f"(dettagli in {lite.DATA / lite.ERROR_LOG_NAME}")
    assert "Traceback" not in message.text and capsys.readouterr().out == message.text + "\n"
    assert "NotImplementedError: Reading formulas" in \
        (lite.DATA / lite.ERROR_LOG_NAME).read_text(encoding="utf-8")


def test_update_cells_writes_on_the_remote_engine_which_reads_no_formula(
        workbook: Path) -> None:
    """xlwings Lite's engine has no synchronous `Range.formula`: the value is written."""
    book = xw.Book(json=payload(workbook))
    XlwingsBackend(book).update_cells("Foglio1", {(2, 3): "Rossi"})
    apply_actions(workbook, book.json()["actions"])
    assert openpyxl.load_workbook(workbook)["Foglio1"]["C2"].value == "Rossi"


def test_a_round_button_left_at_0_acts_on_the_active_round_sheet(main: Any,
                                                                  workbook: Path) -> None:
    run(main, workbook, "nuovo_torneo")
    register(workbook, club_players(8))
    run(main, workbook, "sorteggio_turno", 0, 1)
    run(main, workbook, "sorteggio_turno", 0, 2)
    book = payload(workbook)
    book["book"]["active_sheet_index"] = openpyxl.load_workbook(workbook).sheetnames.index(
        "1° Turno")
    result = asyncio.run(driver.run_script(main, "chi_siede_dove", book, [0]))
    assert f"scritto in {lite.DATA / 'torneo_1_posti.pdf'}\n" in result["printed"]
