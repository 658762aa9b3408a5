"""Torneo: the buttons of the RisiKo! tournament manager for LibreOffice Calc.

Installed by `install_addin.py --libreoffice` as `Scripts/python/torneo.py` in the
LibreOffice user profile; run from Strumenti > Macro > Esegui macro > Macro personali >
torneo (or bound to toolbar buttons). Each button works on the open document in place
and stores it; the message shows in a dialog.
"""

from __future__ import annotations

import sys
from typing import Any

PACKAGE_PATHS: list[str] = []  # filled in by install_addin.py: where xlwings_torneo is installed
for _path in PACKAGE_PATHS:
    if _path not in sys.path:
        sys.path.append(_path)

MINIMUM_PYTHON = (3, 11)


def _show(document: Any, text: str, error: bool = False) -> None:
    """A message box on the document's window (none when LibreOffice runs headless), for
    the two failures that come before Torneo is imported; a button's own message is shown
    by Torneo (`document.show`)."""
    import importlib

    uno: Any = importlib.import_module("uno")
    controller = document.CurrentController
    if controller is None:
        print(text, file=sys.stderr if error else sys.stdout)
        return
    context = uno.getComponentContext()
    toolkit = context.ServiceManager.createInstanceWithContext("com.sun.star.awt.Toolkit",
                                                               context)
    kind = uno.Enum("com.sun.star.awt.MessageBoxType", "ERRORBOX" if error else "INFOBOX")
    title = "Torneo - errore" if error else "Torneo"
    box = toolkit.createMessageBox(controller.Frame.ContainerWindow, kind, 1, title, text)
    box.execute()
    box.dispose()


def _context() -> Any:
    """XSCRIPTCONTEXT, which LibreOffice puts in this module's globals."""
    return globals()["XSCRIPTCONTEXT"]


def _document() -> Any:
    """The document the macro runs on: the current one, else the only spreadsheet open
    (a hidden document, as in a headless run, is never the current one)."""
    document = _context().getDocument()
    if document is not None:
        return document if hasattr(document, "Sheets") else None
    components = _context().getDesktop().Components.createEnumeration()
    sheets = []
    while components.hasMoreElements():
        component = components.nextElement()
        if hasattr(component, "Sheets"):
            sheets.append(component)
    return sheets[0] if len(sheets) == 1 else None


def _press(name: str) -> tuple[str, bool]:
    """Run a button; returns (message, is_error), shown too when there is a window."""
    document = _document()
    if document is None:
        return "apri un foglio di calcolo prima di usare i pulsanti", True
    if sys.version_info < MINIMUM_PYTHON:
        _show(document, "Torneo richiede Python 3.11 o successivo; il Python di questo "
              f"LibreOffice è {sys.version_info[0]}.{sys.version_info[1]}", error=True)
        return "Python troppo vecchio", True
    try:
        from xlwings_torneo.frontends.libreoffice.document import press, show
    except ImportError as exc:
        _show(document, f"Torneo non trovato ({exc}): esegui di nuovo "
              "install_addin.py --libreoffice", error=True)
        return "xlwings_torneo non trovato", True
    message = press(name, document)
    show(document, message)
    return message.text, message.error


def VerificaInstallazione(modules: str = "") -> str:
    """`install_addin.py --libreoffice --controlla`: import `modules` (comma-separated) here,
    in LibreOffice's own Python with this macro's search path, as a button will; not a
    button (not in g_exportedScripts). Returns JSON: this Python's version, the search path, each
    module's import error ("" when it imports)."""
    import importlib
    import json

    problems = {}
    for name in filter(None, modules.split(",")):
        try:
            importlib.import_module(name)
            problems[name] = ""
        except Exception as exc:  # noqa: BLE001 - any failure is what the check reports
            problems[name] = f"{type(exc).__name__}: {exc}"
    return json.dumps({"version": list(sys.version_info[:3]),
                       "paths": PACKAGE_PATHS, "problems": problems})


# --- The buttons ------------------------------------------------------------------------
# install_addin.py writes here one function per button of xlwings_torneo/frontends/buttons.py
# (`def SorteggioTurno(*_args): return _press("SorteggioTurno")`, ...) and lists them in
# g_exportedScripts, which LibreOffice's macro dialog and the toolbar read.
g_exportedScripts: tuple[Any, ...] = ()
