"""The buttons of the "Torneo" ribbon in Excel: the targets of the add-in's RunPython calls
(`sorteggio_turno()`, ...). Each wraps `xw.Book.caller()` in the xlwings backend, runs the
button's action of `actions.py` (shared with LibreOffice) and shows the message in a
message box. xlwings is imported only when a button runs.

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

from xlwings_torneo.frontends.actions import (
    Message,
    draw_round,
    export_files,
    hall_results,
    help_text,
    meeting_statistics,
    new_tournament,
    print_round,
    print_seating,
    publishing_check,
    redraw_last_round,
    report_pdf,
    run,
    standings,
)
from xlwings_torneo.frontends.buttons import find_button
from xlwings_torneo.frontends.xlwings_shared import (
    active_round,
    append_traceback,
    show_options,
    unexpected_message,
)

TITLE = "Torneo"


# --- Excel: the targets of the ribbon's RunPython calls ----------------------------------

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


def _button(action: Callable[[Any, Path | None], str], book: Any = None) -> Message:
    xl_book, backend, path = _caller(book)
    return _show(xl_book, _quietly(xl_book, lambda: action(backend, path)))


def nuovo_torneo(book: Any = None) -> Message:
    return _button(new_tournament, book)


def _asker(xl_book: Any) -> Callable[[str], bool]:
    """A Sì/No message box in Excel: True for Sì."""
    def ask(question: str) -> bool:
        return bool(xl_book.app.alert(question, title=TITLE, buttons="yes_no",
                                      mode="info") == "yes")
    return ask


def _drawing(action: Callable[[Any, Path | None, Callable[[str], bool]], str],
             book: Any = None) -> Message:
    """A draw button: a refusal the organiser may override is asked in a Sì/No box."""
    xl_book, backend, path = _caller(book)
    return _show(xl_book, _quietly(xl_book, lambda: action(backend, path, _asker(xl_book))))


def sorteggio_turno(book: Any = None, round_no: int | None = None,
                    seed: int | None = None) -> Message:
    return _drawing(lambda b, p, ask: draw_round(b, p, round_no, seed, ask=ask), book)


def ripeti_sorteggio(book: Any = None, seed: int | None = None) -> Message:
    return _drawing(lambda b, p, ask: redraw_last_round(b, p, seed, ask=ask), book)


def classifica(book: Any = None) -> Message:
    return _button(standings, book)


def statistiche(book: Any = None) -> Message:
    return _button(meeting_statistics, book)


def risultati_sala(book: Any = None) -> Message:
    return _button(hall_results, book)


def _printing(action: Callable[[Any, Path | None, int | None], str], book: Any,
              round_no: int | None) -> Message:
    """A print button: `round_no`, else the round of the active sheet (else the last)."""
    xl_book, backend, path = _caller(book)
    number = round_no if round_no is not None else active_round(xl_book)
    return _show(xl_book, _quietly(xl_book, lambda: action(backend, path, number)))


def stampa_turno(book: Any = None, round_no: int | None = None) -> Message:
    return _printing(print_round, book, round_no)


def chi_siede_dove(book: Any = None, round_no: int | None = None) -> Message:
    return _printing(print_seating, book, round_no)


def report(book: Any = None) -> Message:
    return _button(report_pdf, book)


def esporta(book: Any = None) -> Message:
    return _button(export_files, book)


def prima_di_pubblicare(book: Any = None) -> Message:
    return _button(publishing_check, book)


def opzioni(book: Any = None) -> Message:
    """Show the hidden `Opzioni` sheet and bring it to the front."""
    xl_book, backend, _ = _caller(book)
    return _show(xl_book, run(lambda: show_options(xl_book, backend)))


def aiuto(book: Any = None) -> Message:
    xl_book = _caller(book)[0]
    return _show(xl_book, Message(help_text()))


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
        button = find_button(name)
        target: Callable[..., Message] = globals()[button.target]
        if round_no is not None and button.asks_round:
            return target(book, round_no=round_no)
        return target(book)
    except Exception as exc:  # noqa: BLE001 - any error reaching the organiser: Italian box
        _alert_anyway(book, unexpected_message(exc, log_unexpected(exc)))
        return None
    finally:
        _clear_status(book)
