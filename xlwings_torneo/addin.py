"""The buttons of the "Torneo" ribbon (Excel) and of the LibreOffice macro.

Each button is one thin function: it takes the open workbook as a WorkbookBackend, calls
the same service as the CLI, and returns the Italian message to show. The Excel entry
points at the bottom (`sorteggio_turno()`, ...) are what the add-in's VBA calls through
xlwings RunPython: they wrap `xw.Book.caller()` and show the message in a message box.
xlwings is imported only there, so the LibreOffice macro can use the buttons without it.

The add-in's VBA calls one entry point, `press(name, round)`: whatever happens in Python,
the organiser sees an Italian message box, never a traceback (an unexpected error is
written with its traceback to `ERROR_LOG`, and the box names that file).
"""

from __future__ import annotations

import sys
import tempfile
import traceback
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

from . import __version__, services
from .buttons import BUTTONS, find_button
from .config import load_config
from .errors import TorneoError, ValidationError
from .reports.standings_rows import points_text
from .type_entries import types_for
from .workbook.base import WorkbookBackend
from .workbook.layout import SHEET_ISCRITTI, SHEET_OPZIONI, round_number
from .workbook.writer import template_specs

TITLE = "Torneo"
EXPORT_FORMATS = ("txt", "vbc", "html")
"""What `Esporta` writes beside the workbook (the site is a CLI export: `torneo export`)."""

HELP_HEAD = "Torneo {version}: gestione dei tornei di RisiKo! nel foglio Excel."
HELP_FOOT = "I file PDF ed esportati sono scritti accanto alla cartella di lavoro."


@dataclass(frozen=True)
class Message:
    """What a button shows when it ends."""

    text: str
    error: bool = False


# --- The buttons, on any backend -------------------------------------------------------

def draw_round(book: WorkbookBackend, path: Path | None, round_no: int | None = None,
               seed: int | None = None, type_name: str | None = None) -> str:
    """Sorteggio Turno: the next round unless `round_no` says otherwise; the type remembered
    in `Opzioni` unless `type_name` says otherwise."""
    outcome = services.draw(book, path, services.DrawRequest(round_no=round_no, seed=seed,
                                                             type_name=type_name))
    result = outcome.result
    lines = [f"{outcome.sheet} ({outcome.ttype.name}): {len(result.tables)} tavoli, "
             f"seme {result.seed}", *outcome.lines]
    return "\n".join(lines)


def redraw_last_round(book: WorkbookBackend, path: Path | None,
                      seed: int | None = None) -> str:
    """Ripeti Sorteggio: the last round again; the service refuses it if it has scores."""
    rounds = [n for name in book.sheet_names() if (n := round_number(name)) is not None]
    if not rounds:
        raise TorneoError("non c'è ancora nessun turno da sorteggiare di nuovo: "
                          "usa Sorteggio Turno")
    outcome = services.draw(book, path, services.DrawRequest(
        round_no=max(rounds), seed=seed, replace=True))
    return (f"{outcome.sheet} sorteggiato di nuovo ({outcome.ttype.name}): "
            f"{len(outcome.result.tables)} tavoli, seme {outcome.result.seed}")


def standings(book: WorkbookBackend, path: Path | None, type_name: str | None = None) -> str:
    """Classifica: the standings sheets, replaced."""
    result = services.rank(book, path, services.RankRequest(type_name=type_name))
    top = [f"{row.position}. {row.player.display_name} - {points_text(result, row)}"
           for row in result.rows[:5]]
    return "\n".join([f"Classifica {result.type_name}: {len(result.rows)} giocatori "
                      "(fogli Classifica e Classifica Ridotta aggiornati)", *top])


def new_tournament(book: WorkbookBackend, path: Path | None) -> str:
    """Nuovo Torneo: the template sheets written into the open (empty) workbook."""
    if SHEET_ISCRITTI in book.sheet_names():
        raise TorneoError("questa cartella di lavoro contiene già un torneo (foglio "
                          "Iscritti): apri una cartella vuota e premi di nuovo Nuovo Torneo")
    for spec in template_specs(load_config(path), types_for(path).names):
        book.write_sheet(spec)
    book.save()
    return "Torneo vuoto pronto: compila il foglio Iscritti, poi premi Sorteggio Turno"


def _saved_path(path: Path | None) -> Path:
    if path is None:
        raise TorneoError("salva prima la cartella di lavoro: i file vengono scritti "
                          "accanto ad essa")
    return path


def _publish() -> Any:
    try:
        from . import publish
    except ImportError as exc:
        raise TorneoError("stampe ed esportazioni non ancora disponibili in questa "
                          "versione") from exc
    return publish


def print_round(book: WorkbookBackend, path: Path | None, round_no: int | None = None,
                type_name: str | None = None) -> str:
    """Stampa Turno: the table sheets of `round_no` (default: the last round) as PDF."""
    out = _publish().print_round(book, _saved_path(path), round_no, type_name=type_name)
    return f"Schede del turno scritte in {out}"


def print_seating(book: WorkbookBackend, path: Path | None,
                  round_no: int | None = None) -> str:
    """Chi siede dove: the hall list of `round_no` (default: the last round) as PDF."""
    out = _publish().print_seating(book, _saved_path(path), round_no)
    return f"Elenco 'Chi siede dove' scritto in {out}"


def report_pdf(book: WorkbookBackend, path: Path | None, type_name: str | None = None) -> str:
    out = _publish().full_report(book, _saved_path(path), type_name=type_name)
    return f"Report del torneo scritto in {out}"


def export_files(book: WorkbookBackend, path: Path | None, type_name: str | None = None) -> str:
    publish = _publish()
    outs = [publish.export(book, _saved_path(path), fmt, type_name=type_name)
            for fmt in EXPORT_FORMATS]
    return "File esportati:\n" + "\n".join(str(out) for out in outs)


def help_text() -> str:
    """What every button does: its tooltip, from the one list of buttons."""
    lines = [f"{button.label}: {button.tip}" for button in BUTTONS if button.name != "Aiuto"]
    return "\n\n".join([HELP_HEAD.format(version=__version__), "\n".join(lines), HELP_FOOT])


def run(button: Callable[[], str]) -> Message:
    """Call a button; an organiser's error becomes the Italian message naming the cell."""
    try:
        return Message(button())
    except ValidationError as err:
        lines = [f"{len(err.problems)} problemi nel foglio:", *(f"- {p}" for p in err.problems)]
        return Message("\n".join(lines), error=True)
    except TorneoError as err:
        return Message(str(err), error=True)


# --- Excel: the targets of the ribbon's RunPython calls ----------------------------------

def _caller(book: Any = None) -> tuple[Any, Any, Path | None]:
    """The workbook the button was pressed in, as (xw.Book, backend, path or None)."""
    import xlwings as xw

    from .workbook.xlwings_backend import XlwingsBackend

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


def _active_round(xl_book: Any) -> int | None:
    """The round of the active sheet when it is a round sheet (`N° Turno`, `Turno N`)."""
    return round_number(str(xl_book.sheets.active.name))


def nuovo_torneo(book: Any = None) -> Message:
    return _button(new_tournament, book)


def sorteggio_turno(book: Any = None, round_no: int | None = None,
                    seed: int | None = None) -> Message:
    return _button(lambda b, p: draw_round(b, p, round_no, seed), book)


def ripeti_sorteggio(book: Any = None, seed: int | None = None) -> Message:
    return _button(lambda b, p: redraw_last_round(b, p, seed), book)


def classifica(book: Any = None) -> Message:
    return _button(standings, book)


def stampa_turno(book: Any = None, round_no: int | None = None) -> Message:
    xl_book, backend, path = _caller(book)
    number = round_no if round_no is not None else _active_round(xl_book)
    return _show(xl_book, _quietly(xl_book, lambda: print_round(backend, path, number)))


def chi_siede_dove(book: Any = None, round_no: int | None = None) -> Message:
    xl_book, backend, path = _caller(book)
    number = round_no if round_no is not None else _active_round(xl_book)
    return _show(xl_book, _quietly(xl_book, lambda: print_seating(backend, path, number)))


def report(book: Any = None) -> Message:
    return _button(report_pdf, book)


def esporta(book: Any = None) -> Message:
    return _button(export_files, book)


def opzioni(book: Any = None) -> Message:
    """Show the hidden `Opzioni` sheet and bring it to the front."""
    xl_book, backend, _ = _caller(book)

    def show() -> str:
        if SHEET_OPZIONI not in backend.sheet_names():
            raise TorneoError("foglio Opzioni non trovato: usa Nuovo Torneo su una cartella "
                              "vuota")
        sheet = xl_book.sheets[SHEET_OPZIONI]
        sheet.visible = True
        sheet.activate()
        return "Foglio Opzioni visibile: modifica i valori nella colonna B"

    return _show(xl_book, run(show))


def aiuto(book: Any = None) -> Message:
    xl_book = _caller(book)[0]
    return _show(xl_book, Message(help_text()))


# --- The one entry point of the add-in's VBA -----------------------------------------------

ERROR_LOG = Path(tempfile.gettempdir()) / "torneo_excel_errori.log"
"""Where an unexpected error's traceback goes (the message box names this file)."""


def unexpected_message(exc: BaseException, log: Path | None) -> str:
    where = f"I dettagli sono nel file:\n{log}" if log is not None \
        else "Non è stato possibile scrivere i dettagli in un file."
    return (f"Errore imprevisto in Torneo ({type(exc).__name__}).\n{where}\n"
            "Manda questo file a chi ti assiste con Torneo.")


def log_unexpected(exc: BaseException, log: Path | None = None) -> Path | None:
    """Append the traceback to `log` (default `ERROR_LOG`); None if it cannot be written."""
    log = log or ERROR_LOG
    try:
        with log.open("a", encoding="utf-8") as out:
            out.write(f"--- {datetime.now().isoformat(timespec='seconds')} Torneo "
                      f"{__version__}\n")
            out.write("".join(traceback.format_exception(exc)))
    except OSError:
        return None
    return log


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
