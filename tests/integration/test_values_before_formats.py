"""Values before formats (issue 39.5): every button's batch of operations for Excel, on
xlwings' remote engine (the Book xlwings Lite hands to Python), sends the sheets and the
values it writes before any formatting operation, so a format Lite's Excel side might not
apply, failing the batch there, cannot take the data written before it along."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import xlwings as xw

from tests.integration.test_xlwings_batching import (  # noqa: F401 - remote_engine: a fixture
    four_rounds_planned,
    remote_engine,
)
from tests.xlwings_remote import apply_actions, new_excel_workbook, payload
from xlwings_torneo.frontends import lite
from xlwings_torneo.frontends.buttons import BUTTONS
from xlwings_torneo.workbook.backends.xlwings_backend import XlwingsBackend
from xlwings_torneo.workbook.sheet import SheetSpec, Style

DATA = frozenset({"addSheet", "sheetDelete", "setSheetName", "setValues", "setFormula"})
"""The operations that carry the workbook's data: its sheets, values and formulas."""
FORMATS = frozenset({
    "setFontProperty", "setRangeColor", "setRangeColors", "setNumberFormat",
    "setHorizontalAlignment", "setColumnWidth", "setColumnHidden", "setRowHeight",
    "setDataValidationList", "setSheetVisibility", "activateSheet"})
"""The operations that only change how the data looks, or which sheet is in front."""
AFTERWARDS = frozenset({"alert", "setScreenUpdating"})
"""The message box and the screen's repaint, around the batch."""


@pytest.fixture(scope="module")
def tournament(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """40 players, three rounds of four planned."""
    return four_rounds_planned(tmp_path_factory.mktemp("quaranta"), 40)


def press_all(tournament: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
              ) -> dict[str, tuple[Any, list[dict[str, Any]]]]:
    """Every button pressed in xlwings Lite, in the list's order, on one copy of the
    tournament (Nuovo Torneo on an empty workbook), each batch applied as Excel would: its
    message and actions."""
    monkeypatch.setattr(lite, "DATA", tmp_path / "data")
    sent = {}
    path = tmp_path / "torneo.xlsx"
    path.write_bytes(tournament.read_bytes())
    for button in BUTTONS:
        target = new_excel_workbook(tmp_path / "vuoto.xlsx") if button.name == "NuovoTorneo" \
            else path
        book = xw.Book(json=payload(target))
        message = lite.press(button.name, book)
        sent[button.name] = (message, book.json()["actions"])
        apply_actions(target, sent[button.name][1])
    return sent


def formats_after_data(actions: list[dict[str, Any]]) -> list[str]:
    """The data operations that come after the first formatting one ([] when none)."""
    funcs = [a["func"] for a in actions]
    unknown = set(funcs) - DATA - FORMATS - AFTERWARDS
    assert not unknown, f"operations neither data nor format: {unknown}"
    first_format = next((i for i, f in enumerate(funcs) if f in FORMATS), len(funcs))
    return [f for f in funcs[first_format:] if f in DATA]


def test_every_button_sends_its_sheets_and_values_before_any_format(
        tournament: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sent = press_all(tournament, tmp_path, monkeypatch)
    assert [name for name, (message, _) in sent.items() if message.error] \
        == ["RisultatiSala"]  # not in Lite: said, nothing written
    late = {name: formats_after_data(actions) for name, (_, actions) in sent.items()}
    assert {name: found for name, found in late.items() if found} == {}
    for name in ("NuovoTorneo", "SorteggioTurno", "RipetiSorteggio", "Classifica",
                 "Statistiche"):  # the buttons writing sheets do send both kinds
        funcs = {a["func"] for a in sent[name][1]}
        assert "setValues" in funcs and funcs & FORMATS, name


def test_a_sheet_written_twice_before_saving_keeps_only_the_formats_of_the_second(
        tmp_path: Path) -> None:
    """The first write's formats, held, are dropped with the sheet it replaced: none lands
    on the sheet that took its place."""
    path = new_excel_workbook(tmp_path / "due.xlsx")
    book = xw.Book(json=payload(path))
    backend = XlwingsBackend(book)
    bold = Style(bold=True)
    backend.write_sheet(SheetSpec("Prova", cells={(1, 1): "primo"}, styles={(1, 1): bold},
                                  col_widths={1: 30}))
    backend.write_sheet(SheetSpec("Prova", cells={(1, 1): "secondo"}))
    backend.save()
    actions = book.json()["actions"]
    assert formats_after_data(actions) == []
    assert not {a["func"] for a in actions} & FORMATS
