"""The buttons on a Calc document: what the macro and the headless runner share.

A button name (`SorteggioTurno`, ...) runs the same action as the Excel ribbon and xlwings
Lite (`buttons.BUTTONS`), on the document through the UNO backend.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from xlwings_torneo.frontends import actions
from xlwings_torneo.frontends import buttons as button_list
from xlwings_torneo.workbook.backends.uno_backend import UnoBackend
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.layout import SHEET_OPZIONI
from xlwings_torneo.workbook.round_names import round_number

Action = Callable[[WorkbookBackend, Path | None], str]


def document_path(document: Any) -> Path | None:
    """The file of a document (None while it was never saved)."""
    url = str(document.URL or "")
    if not url.startswith("file://"):
        return None
    parsed = urlparse(url)
    text = unquote(parsed.path)
    if len(text) > 2 and text[0] == "/" and text[2] == ":":  # file:///C:/... on Windows
        text = text[1:]
    return Path(text)


def show_options(document: Any) -> Callable[[WorkbookBackend, Path | None], str]:
    def action(book: WorkbookBackend, _path: Path | None) -> str:
        def reveal() -> None:
            sheet = document.Sheets.getByName(SHEET_OPZIONI)
            sheet.IsVisible = True
            controller = document.CurrentController
            if controller is not None:
                controller.setActiveSheet(sheet)
        return actions.show_options(book, reveal, "un documento vuoto")
    return action


QUERY_YES_NO = 3 | 0x50000
"""`MessageBoxButtons.BUTTONS_YES_NO | DEFAULT_BUTTON_NO`: Sì and No, No by default."""
ANSWER_YES = 2
"""`MessageBoxResults.YES`."""


def message_box(document: Any, kind: str, buttons: int, title: str, text: str) -> int | None:
    """A message box on the document's window (`kind`: a `MessageBoxType` name), its answer;
    None when LibreOffice has no window (headless)."""
    controller = getattr(document, "CurrentController", None)
    if controller is None:
        return None
    import importlib

    uno: Any = importlib.import_module("uno")
    context = uno.getComponentContext()
    toolkit = context.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit",
                                                               context)
    box = toolkit.createMessageBox(controller.Frame.ContainerWindow,
                                   uno.Enum("com.sun.star.awt.MessageBoxType", kind), buttons,
                                   title, text)
    try:
        return int(box.execute())
    finally:
        box.dispose()


def show(document: Any, message: actions.Message) -> None:
    """A button's message in a box (printed when LibreOffice runs headless)."""
    title = "Torneo - errore" if message.error else "Torneo"
    if message_box(document, "ERRORBOX" if message.error else "INFOBOX", 1, title,
                   message.text) is None:
        print(message.text, file=sys.stderr if message.error else sys.stdout)


def ask_yes_no(document: Any) -> actions.Ask | None:
    """A Sì/No box on the document's window; None when LibreOffice has no window (headless:
    the refusal is the message, naming the command line's option)."""
    if getattr(document, "CurrentController", None) is None:
        return None

    def ask(question: str) -> bool:
        return message_box(document, "QUERYBOX", QUERY_YES_NO, "Torneo", question) == ANSWER_YES
    return ask


def active_sheet(document: Any) -> str:
    """The name of the document's active sheet: its window's, else the one it was saved
    with (the view data a document loaded without a window keeps); "" when unknown."""
    controller = getattr(document, "CurrentController", None)
    sheet = getattr(controller, "ActiveSheet", None) if controller is not None else None
    if sheet is not None:
        return str(sheet.Name)
    views: Any = document.getViewData() if hasattr(document, "getViewData") else None
    if views is None:
        return ""
    for k in range(views.getCount()):
        for value in views.getByIndex(k):
            if value.Name == "ActiveTable":
                return str(value.Value)
    return ""


def buttons(document: Any, ask: actions.Ask | None = None) -> dict[str, Action]:
    """The macro's buttons by name, on this document (every button of the one list);
    `ask`: the Sì/No question of the draw buttons (default: a box on the document's
    window). A button on the active round (Stampa Turno, Chi siede dove) takes the active
    sheet's round, as in Excel and Lite (issue 45.5)."""
    asker = ask or ask_yes_no(document)

    def action(button: button_list.Button) -> Action:
        def run_on(book: WorkbookBackend, path: Path | None) -> str:
            chosen = (round_number(active_sheet(document))
                      if button.round is button_list.RoundChoice.ACTIVE else None)
            return button.action(actions.Press(
                book, path, lambda: show_options(document)(book, path), round_no=chosen,
                ask=asker))
        return run_on
    return {button.name: action(button) for button in button_list.BUTTONS}


def store_if_saved(document: Any) -> Callable[[], None]:
    """Store the document in place; a document never saved stays for the organiser to save
    (LibreOffice would have to ask where)."""
    def save() -> None:
        if document.hasLocation():
            document.store()
    return save


def press(name: str, document: Any, *, save: Callable[[], None] | None = None) -> actions.Message:
    """Run button `name` on the document; `save` (default: store the document in place)."""
    action = buttons(document)[name]
    book = UnoBackend(document, save=save or store_if_saved(document))
    return actions.run(lambda: action(book, document_path(document)))
