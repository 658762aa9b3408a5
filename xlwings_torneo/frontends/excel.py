"""The buttons of the "Torneo" ribbon in Excel: `pressed(name)` wraps `xw.Book.caller()` in
the xlwings backend, runs the button's action (`buttons.BUTTONS`, shared with LibreOffice and
xlwings Lite) and shows the message in a message box. xlwings is imported only when a button
runs.

The add-in's VBA calls one entry point, `press(name, round)`: whatever happens in Python,
the organiser sees an Italian message box, never a traceback (an unexpected error is
written with its traceback to `ERROR_LOG`, and the box names that file).
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

from xlwings_torneo.frontends.actions import Message, Press, run
from xlwings_torneo.frontends.buttons import RoundChoice, find_button
from xlwings_torneo.frontends.xlwings_shared import (
    active_round,
    append_traceback,
    show_options,
    unexpected_message,
)

TITLE = "Torneo"


# --- Excel: a button of the one list run on the workbook it was pressed in -----------------

def _caller(book: Any = None) -> tuple[Any, Any, Path | None]:
    """The workbook the button was pressed in, as (xw.Book, backend, path or None)."""
    import xlwings as xw

    from xlwings_torneo.workbook.backends.xlwings_backend import XlwingsBackend

    xl_book = book if book is not None else xw.Book.caller()
    full = Path(str(xl_book.fullname))
    path = full if full.is_absolute() and full.parent.is_dir() else None
    backend = XlwingsBackend(xl_book, save=xl_book.save if path is not None else None)
    return xl_book, backend, path


def _show(xl_book: Any, message: Message) -> Message:
    title = f"{TITLE} - errore" if message.error else TITLE
    xl_book.app.alert(message.text, title=title, mode="critical" if message.error else "info")
    return message


def _quietly(xl_book: Any, action: Callable[[], str]) -> Message:
    """Run with Excel's screen updating off (many range writes, one repaint)."""
    xl_book.app.screen_updating = False
    try:
        return run(action)
    finally:
        xl_book.app.screen_updating = True


def _asker(xl_book: Any) -> Callable[[str], bool]:
    """A Sì/No message box in Excel: True for Sì."""
    def ask(question: str) -> bool:
        return bool(xl_book.app.alert(question, title=TITLE, buttons="yes_no",
                                      mode="info") == "yes")
    return ask


def pressed(name: str, book: Any = None, round_no: int | None = None,
            seed: int | None = None) -> Message:
    """Button `name` of `buttons.BUTTONS` run on `book` (default: the workbook it was pressed
    in), its message shown in a box: `round_no` for a button offering "Turno…" (else its
    default; a print button's is the active round sheet's), `seed` for a draw; a refusal the
    organiser may override is asked in a Sì/No box."""
    button = find_button(name)
    xl_book, backend, path = _caller(book)
    chosen = round_no if button.asks_round else None
    if chosen is None and button.round is RoundChoice.ACTIVE:
        chosen = active_round(xl_book)
    press = Press(backend, path, lambda: show_options(xl_book, backend), chosen,
                  seed if button.seeded else None, _asker(xl_book))
    return _show(xl_book, _quietly(xl_book, lambda: button.action(press)))


# --- The one entry point of the add-in's VBA -----------------------------------------------

ERROR_LOG = Path(tempfile.gettempdir()) / "torneo_excel_errori.log"
"""Where an unexpected error's traceback goes (the message box names this file)."""


def log_unexpected(exc: BaseException, log: Path | None = None) -> Path | None:
    """Append the traceback to `log` (default `ERROR_LOG`); None if it cannot be written."""
    return append_traceback(exc, log or ERROR_LOG)


def _alert_anyway(book: Any, text: str) -> None:
    """Show `text` in Excel however far the button got; stderr as the last resort (xlwings
    shows it in its own box)."""
    try:
        if book is None:
            import xlwings as xw

            book = xw.Book.caller()
        book.app.alert(text, title=f"{TITLE} - errore", mode="critical")
    except Exception:  # noqa: BLE001 - the last net: Excel itself cannot be reached
        print(text, file=sys.stderr)


def _clear_status(book: Any) -> None:
    """The status bar back to Excel (the VBA set it; on a Mac it cannot wait for Python)."""
    with suppress(Exception):
        if book is None:
            import xlwings as xw

            book = xw.Book.caller()
        book.app.status_bar = False


def press(name: str, round_no: int | None = None, book: Any = None) -> Message | None:
    """Run the ribbon button `name` (see `buttons.BUTTONS`) on the calling workbook, for
    `round_no` when the organiser chose one with "Turno…"."""
    try:
        return pressed(name, book, round_no)
    except Exception as exc:  # noqa: BLE001 - any error reaching the organiser: Italian box
        _alert_anyway(book, unexpected_message(exc, log_unexpected(exc)))
        return None
    finally:
        _clear_status(book)
