"""The ribbon (Excel) and the toolbar (LibreOffice) ask the command line's two refusals of
`sorteggia` (issue 31, item 1) as a Sì/No question: Sì draws anyway, No writes nothing.
Run through the code paths that need neither Excel nor LibreOffice: the ribbon's target with
a fake Excel application over the workbook's own backend, the toolbar's button on it."""

from __future__ import annotations

import hashlib
import sys
import types
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, club_players, register
from tests.xlwings_remote import ribbon
from xlwings_torneo.frontends import excel as addin
from xlwings_torneo.frontends.actions import DECLINED, run
from xlwings_torneo.frontends.libreoffice import document
from xlwings_torneo.workbook.backends.factory import open_workbook


class FakeApp:
    """Excel's `app`: `alert` records each box and answers the Sì/No ones with `answer`."""

    def __init__(self, answer: str) -> None:
        self.answer = answer
        self.boxes: list[tuple[str, str]] = []
        self.screen_updating = True

    def alert(self, text: str, title: str = "", buttons: str = "ok", mode: str = "") -> str:
        self.boxes.append((text, buttons))
        return self.answer if buttons == "yes_no" else "ok"


class FakeBook:
    def __init__(self, answer: str) -> None:
        self.app = FakeApp(answer)


@pytest.fixture
def torneo(capsys: pytest.CaptureFixture[str]) -> Cli:
    return Cli(capsys)


@pytest.fixture
def drawn(tmp_path: Path, torneo: Cli) -> Path:
    """A tournament whose round 1 is drawn and has no score yet."""
    path = tmp_path / "torneo.xlsx"
    assert torneo("nuovo", path) == 0
    register(path, club_players(16))
    assert torneo("sorteggia", path, "--seed", "1") == 0, torneo.err
    return path


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def press_ribbon(monkeypatch: pytest.MonkeyPatch, path: Path, answer: str) -> FakeApp:
    """Sorteggio Turno on the ribbon, Excel answering `answer` to a Sì/No box."""
    book = FakeBook(answer)
    monkeypatch.setattr(addin, "_caller", lambda _: (book, open_workbook(path), path))
    ribbon("SorteggioTurno")(seed=2)
    return book.app


def test_the_ribbon_asks_and_on_si_draws_over_a_round_without_scores(
        drawn: Path, monkeypatch: pytest.MonkeyPatch):
    app = press_ribbon(monkeypatch, drawn, "yes")
    question, buttons = app.boxes[0]
    assert buttons == "yes_no"
    assert question.startswith("Il foglio '1° Turno' non ha ancora nessun punteggio")
    assert question.endswith("Sorteggiare comunque?") and "--" not in question
    assert app.boxes[1][0].startswith("2° Turno (Open)")
    assert "2° Turno" in openpyxl.load_workbook(drawn).sheetnames


def test_the_ribbon_on_no_writes_nothing(drawn: Path, monkeypatch: pytest.MonkeyPatch):
    before = digest(drawn)
    app = press_ribbon(monkeypatch, drawn, "no")
    assert [buttons for _, buttons in app.boxes] == ["yes_no", "ok"]
    assert app.boxes[1][0] == DECLINED
    assert digest(drawn) == before


def test_the_toolbar_asks_the_same_question(drawn: Path):
    asked: list[str] = []

    def answer(question: str) -> bool:
        asked.append(question)
        return False

    before = digest(drawn)
    button = document.buttons(None, ask=answer)["SorteggioTurno"]
    message = run(lambda: button(open_workbook(drawn), drawn))
    assert asked and asked[0].startswith("Il foglio '1° Turno' non ha ancora nessun")
    assert message.text == DECLINED and not message.error
    assert digest(drawn) == before
    asked.clear()
    message = run(lambda: document.buttons(None, ask=lambda q: asked.append(q) or True)
                  ["SorteggioTurno"](open_workbook(drawn), drawn))
    assert len(asked) == 1 and message.text.startswith("2° Turno (Open)"), message.text


def test_without_a_window_the_refusal_names_the_option(drawn: Path):
    """Headless LibreOffice (no window to ask in): the message is the command line's."""
    button = document.buttons(None)["SorteggioTurno"]
    message = run(lambda: button(open_workbook(drawn), drawn))
    assert message.error and "--senza-punteggi" in message.text


class FakeToolkit:
    """LibreOffice's toolkit: records the message box asked for, answers `result`."""

    def __init__(self, result: int) -> None:
        self.result = result
        self.boxes: list[tuple[object, ...]] = []

    def createMessageBox(self, *args: object) -> FakeToolkit:  # UNO's name
        self.boxes.append(args)
        return self

    def execute(self) -> int:
        return self.result

    def dispose(self) -> None:
        pass


def fake_uno(monkeypatch: pytest.MonkeyPatch, toolkit: FakeToolkit) -> None:
    manager = types.SimpleNamespace(createInstanceWithContext=lambda name, context: toolkit)
    context = types.SimpleNamespace(ServiceManager=manager)
    monkeypatch.setitem(sys.modules, "uno", types.SimpleNamespace(
        getComponentContext=lambda: context, Enum=lambda kind, value: (kind, value)))


def test_the_toolbar_box_is_a_query_with_si_and_no(monkeypatch: pytest.MonkeyPatch):
    window = object()
    doc = types.SimpleNamespace(CurrentController=types.SimpleNamespace(
        Frame=types.SimpleNamespace(ContainerWindow=window)))
    for result, answer in ((document.ANSWER_YES, True), (3, False)):  # MessageBoxResults.NO
        toolkit = FakeToolkit(result)
        fake_uno(monkeypatch, toolkit)
        ask = document.ask_yes_no(doc)
        assert ask is not None and ask("Sorteggiare comunque?") is answer
        [(parent, kind, buttons, title, text)] = toolkit.boxes
        assert parent is window and kind == ("com.sun.star.awt.MessageBoxType", "QUERYBOX")
        assert buttons == 3 | 0x50000  # BUTTONS_YES_NO | DEFAULT_BUTTON_NO
        assert (title, text) == ("Torneo", "Sorteggiare comunque?")
