"""`addin.press`, the one Python entry point of the add-in's VBA: the button found in the
one list, the chosen round passed on only to buttons offering "Turno…", and whatever goes
wrong shown as an Italian message box (unexpected errors: a short message naming the log
that holds the traceback), never a traceback; the status bar always given back."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from xlwings_torneo.frontends import buttons
from xlwings_torneo.frontends import excel as addin
from xlwings_torneo.frontends.actions import Press
from xlwings_torneo.frontends.buttons import BUTTONS, help_text


class FakeApp:
    def __init__(self, alert_fails: bool = False) -> None:
        self.alerts: list[tuple[str, str, str]] = []
        self.status_bar: Any = "Sorteggio del turno 3…"
        self.alert_fails = alert_fails

    def alert(self, text: str, title: str = "", mode: str = "") -> None:
        if self.alert_fails:
            raise OSError("Excel is busy")
        self.alerts.append((text, title, mode))


class FakeBook:
    def __init__(self, **kwargs: Any) -> None:
        self.app = FakeApp(**kwargs)


def with_action(monkeypatch: pytest.MonkeyPatch, name: str,
                action: Callable[[Press], str]) -> None:
    """Button `name` of the one list doing `action` instead."""
    monkeypatch.setattr(buttons, "BUTTONS", tuple(
        replace(b, action=action) if b.name == name else b for b in buttons.BUTTONS))


@pytest.fixture(autouse=True)
def caller(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fake book as the workbook pressed in: no backend, never saved."""
    monkeypatch.setattr(addin, "_caller", lambda book: (book, None, None))


@pytest.fixture
def log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "torneo_excel_errori.log"
    monkeypatch.setattr(addin, "ERROR_LOG", path)
    return path


def test_an_unexpected_error_is_an_italian_box_naming_the_log(
        monkeypatch: pytest.MonkeyPatch, log: Path):
    def broken(press: Press) -> str:
        raise KeyError("colonna")

    with_action(monkeypatch, "Classifica", broken)
    book = FakeBook()
    assert addin.press("Classifica", book=book) is None  # nothing raised
    [(text, title, mode)] = book.app.alerts
    assert text.startswith("Errore imprevisto in Torneo (KeyError).")
    assert str(log) in text and "Traceback" not in text
    assert (title, mode) == ("Torneo - errore", "critical")
    assert "Traceback (most recent call last)" in log.read_text(encoding="utf-8")
    assert "KeyError: 'colonna'" in log.read_text(encoding="utf-8")
    assert book.app.status_bar is False


def test_an_unknown_button_is_reported_not_raised(log: Path):
    book = FakeBook()
    assert addin.press("Inesistente", book=book) is None
    assert "ValueError" in book.app.alerts[0][0]


def test_when_excel_cannot_show_a_box_a_short_italian_line_goes_to_stderr(
        monkeypatch: pytest.MonkeyPatch, log: Path, capsys: pytest.CaptureFixture[str]):
    with_action(monkeypatch, "ReportPDF", lambda press: str(1 / 0))
    addin.press("ReportPDF", book=FakeBook(alert_fails=True))
    err = capsys.readouterr().err
    assert err.startswith("Errore imprevisto in Torneo (ZeroDivisionError).")
    assert "Traceback" not in err


def test_an_unwritable_log_is_said_so(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.setattr(addin, "ERROR_LOG", tmp_path / "no" / "x.log")
    with_action(monkeypatch, "Esporta", lambda press: [""][1])
    book = FakeBook()
    addin.press("Esporta", book=book)
    assert "Non è stato possibile scrivere i dettagli" in book.app.alerts[0][0]


@pytest.mark.parametrize(("name", "round_no", "expected"), [
    ("SorteggioTurno", 4, 4),
    ("StampaTurno", 2, 2),
    ("SorteggioTurno", None, None),
    ("RipetiSorteggio", 3, None),  # no "Turno…": always the last round
    ("Classifica", 5, None),
])
def test_the_chosen_round_reaches_only_buttons_offering_the_choice(
        monkeypatch: pytest.MonkeyPatch, name: str, round_no: int | None,
        expected: int | None):
    seen: list[int | None] = []

    def action(press: Press) -> str:
        seen.append(press.round_no)
        return "fatto"

    with_action(monkeypatch, name, action)
    book = FakeBook()
    assert addin.press(name, round_no, book=book) == addin.Message("fatto")
    assert seen == [expected]
    assert book.app.status_bar is False and book.app.alerts == [("fatto", "Torneo", "info")]


def test_the_help_describes_every_other_button_from_the_list():
    text = help_text()
    for button in BUTTONS:
        if button.name != "Aiuto":
            assert f"{button.label}: {button.tip}" in text


def test_add_ins_installed_before_the_move_still_find_press():
    # their VBA runs `import xlwings_torneo.addin as torneo; torneo.press(...)`
    import xlwings_torneo.addin as old

    assert old.press is addin.press
