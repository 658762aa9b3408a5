"""What the two front ends on an `xw.Book` share, the Excel ribbon (`excel.py`) and xlwings
Lite (`lite.py`): the round of the active sheet, the `Opzioni` sheet shown, and an
unexpected error's traceback appended to a log the message names. Neither front end imports
the other; xlwings itself is not imported here (each caller hands its book over).
"""

from __future__ import annotations

import traceback
from datetime import datetime
from pathlib import Path
from typing import Any

from xlwings_torneo import __version__
from xlwings_torneo.frontends import actions
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.layout import SHEET_OPZIONI, round_number


def active_round(xl_book: Any) -> int | None:
    """The round of the active sheet when it is a round sheet (`N° Turno`, `Turno N`)."""
    return round_number(str(xl_book.sheets.active.name))


def show_options(xl_book: Any, backend: WorkbookBackend) -> str:
    """Opzioni: the hidden `Opzioni` sheet shown and brought to the front."""
    def reveal() -> None:
        sheet = xl_book.sheets[SHEET_OPZIONI]
        sheet.visible = True
        sheet.activate()
    return actions.show_options(backend, reveal, "una cartella vuota")


def unexpected_message(exc: BaseException, log: Path | None) -> str:
    where = f"I dettagli sono nel file:\n{log}" if log is not None \
        else "Non è stato possibile scrivere i dettagli in un file."
    return (f"Errore imprevisto in Torneo ({type(exc).__name__}).\n{where}\n"
            "Manda questo file a chi ti assiste con Torneo.")


def append_traceback(exc: BaseException, log: Path) -> Path | None:
    """Append the traceback to `log`; None if it cannot be written."""
    try:
        with log.open("a", encoding="utf-8") as out:
            out.write(f"--- {datetime.now().isoformat(timespec='seconds')} Torneo "
                      f"{__version__}\n")
            out.write("".join(traceback.format_exception(exc)))
    except OSError:
        return None
    return log
