"""The "Torneo" buttons in xlwings Lite, the Excel add-in that runs Python (Pyodide) inside
Excel on Windows, macOS and the web: each `@script` of the workbook's `main.py` (written by
`torneo lite`, see `lite_setup.py`) calls `press(name, book, ...)`, which runs the button's
action (`buttons.BUTTONS`) on the book Lite hands over and shows the Italian message.

What Lite changes, from its documentation:
- the book is xlwings' remote engine: the workbook's values arrive with the call, the writes
  go back as a list of operations when the script returns (https://lite.xlwings.org/custom-scripts);
- the book's full name is a bare name, so files are written to `/data`, the folder Lite's
  "☰ > Files > Import/Export" lists for download (https://lite.xlwings.org/files); the message
  names the files written;
- `print()` goes to Lite's Output pane, so every message is printed as well as shown;
- no threads, no TCP connections (https://lite.xlwings.org/limitations): the hall server
  (`torneo sala`) cannot run, so its button is left out (`Button.not_in_lite`);
- an operation the remote engine lacks raises NotImplementedError: an Italian message, never
  a traceback, which goes to `ERROR_LOG` in `/data`.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from xlwings_torneo.errors import OverridableError, TorneoError
from xlwings_torneo.frontends import buttons
from xlwings_torneo.frontends.actions import Message, Press, run
from xlwings_torneo.frontends.buttons import Button, RoundChoice, find_button, shown_tip
from xlwings_torneo.frontends.xlwings_shared import (
    active_round,
    append_traceback,
    show_options,
    unexpected_message,
)
from xlwings_torneo.limits import MAX_ROUND
from xlwings_torneo.model.advice import Advice, worded
from xlwings_torneo.workbook.backends.xlwings_backend import XlwingsBackend

TITLE = "Torneo"

DATA = Path("/data")
"""Lite's file folder: what Python writes here is listed in "☰ > Files > Import/Export" for
download, and files dropped there are read here (https://lite.xlwings.org/files)."""

ERROR_LOG_NAME = "torneo_errori.log"
"""An unexpected error's traceback, in `DATA` where the organiser can download it."""

DOWNLOAD_HINT = "scaricali da xlwings Lite: ☰ > Files > Import/Export"

ROUND_FIELD = "turno"
SEED_FIELD = "seme"
ANYWAY_FIELD = "comunque"
"""The draw buttons' checkbox: Sì to the question the ribbon asks in a Sì/No box (a round
past Numero Turni Previsti, a round over one without scores), which Lite cannot ask: its
`alert` answers nothing back to Python."""
FIELD_TYPES: dict[str, type] = {ROUND_FIELD: int, SEED_FIELD: int, ANYWAY_FIELD: bool}
"""Each form field's type hint: Lite draws a number box for `int`, a checkbox for `bool`
(https://lite.xlwings.org/app-mode, "Form fields")."""
FIELD_HELP = {ROUND_FIELD: "0 = {default}", SEED_FIELD: "0 = un seme a caso",
              ANYWAY_FIELD: "spuntalo per sorteggiare anche oltre i turni previsti o sopra "
                            "un turno ancora senza punteggi"}
ROUND_DEFAULT = {RoundChoice.NEXT: "il prossimo", RoundChoice.LAST: "l'ultimo",
                 RoundChoice.ACTIVE: "quello del foglio attivo, o l'ultimo"}

LITE_ADVICE: dict[Advice, str] = {
    Advice.DRAW: "pulsante Sorteggio Turno",
    Advice.PUBLISHING_CHECK: "pulsante Prima di pubblicare",
    Advice.OPTIONS_HIDDEN: "Il foglio Opzioni è nascosto: lo mostra il pulsante Opzioni di "
                           "xlwings Lite; correggi lì il tipo (scegli dal menù a tendina "
                           "della cella).",
    Advice.REDRAW: "usa il pulsante Ripeti Sorteggio (per l'ultimo turno)",
    Advice.REPLACE_SCORED: "cancella i punteggi dal foglio, poi premi di nuovo Ripeti Sorteggio",
    Advice.PREVIOUS_STANDINGS: "in xlwings Lite non si indica",
    Advice.DETAILS_ALSO: "",
    Advice.DETAILS: " non in xlwings Lite, solo con Torneo installato su un computer: "
                    "torneo controlla --dettagli",
    Advice.ROUND_CHOICE: f"il campo «{ROUND_FIELD}»",
}
"""The use cases' advice as a Lite user follows it: the button or field of Lite's scripts.
`press` runs every button in these words (`advice.worded`): the message is made in them."""


def lite_tip(button: Button) -> str:
    """A button's tooltip as Lite's script help says it (the round is the form's field; where
    the files go is said once, in the help)."""
    with worded(LITE_ADVICE):
        return buttons.unplaced(shown_tip(button))


def absent() -> dict[str, str]:
    """The buttons Lite cannot run, and why (`Button.not_in_lite`)."""
    return {b.name: b.not_in_lite for b in buttons.BUTTONS if b.not_in_lite is not None}


HELP_FOOT = f"I file PDF ed esportati sono scritti in {DATA}: {DOWNLOAD_HINT}."
"""Where Lite's files go, said once in its Aiuto."""


def lite_help() -> str:
    """Lite's Aiuto: its own buttons only (`lite_buttons`), its files in `/data`."""
    return buttons.help_text(HELP_FOOT, lite_buttons())


def lite_buttons() -> list[Button]:
    """The buttons that are scripts in Lite, in the ribbon's order."""
    return [button for button in buttons.BUTTONS if button.not_in_lite is None]


def form_fields(button: Button) -> list[str]:
    """The script's arguments after `book`, each a field of Lite's form (`FIELD_TYPES`; 0
    and unticked = the ribbon's default)."""
    fields = [ROUND_FIELD] if button.asks_round else []
    return fields + ([SEED_FIELD, ANYWAY_FIELD] if button.seeded else [])


def field_help(button: Button, field: str) -> str:
    default = ROUND_DEFAULT[button.round] if button.round is not None else ""
    return FIELD_HELP[field].format(default=default)


def _checked(value: int, high: int, what: str) -> int | None:
    """A form's number: None for 0 (the ribbon's default), else within [1, high]."""
    if not 0 <= value <= high:
        raise TorneoError(f"{what}: {value} fuori intervallo (da 0 a {high}; 0 = "
                          "automatico)")
    return value or None


def _pressed(button: Button, xl_book: Any, turno: int, seme: int, anyway: bool) -> Press:
    """What the button gets from Lite's form: 0 = the ribbon's default; `comunque` ticked:
    Sì to the question the ribbon would ask."""
    round_no = _checked(turno, MAX_ROUND, "turno")
    if round_no is None and button.round is RoundChoice.ACTIVE:
        round_no = active_round(xl_book)
    backend = XlwingsBackend(xl_book)
    return Press(backend, DATA / str(xl_book.name), lambda: show_options(xl_book, backend),
                 round_no, _checked(seme, 2**32 - 1, "seme"),
                 (lambda question: True) if anyway else None, lite_help())


def _anyway(action: Callable[[], str]) -> str:
    """A refusal the organiser may override says how to in Lite's words (`comunque`)."""
    try:
        return action()
    except OverridableError as refusal:
        raise TorneoError(f"{refusal.reason}; per sorteggiare comunque spunta "
                          f"«{ANYWAY_FIELD}» e premi di nuovo") from None


def _files() -> dict[Path, float]:
    return {f: f.stat().st_mtime for f in DATA.rglob("*") if f.is_file()}


LOG_SUFFIX = ".log"
"""**Decision**: log files are not among the files a message lists. The day's log (`log/` in
`/data`, `[log]` of torneo.toml) is appended to by every button, and holds the lines of the
Log sheet; the error log is named by the error's own message, only when it was written."""


def _with_files(text: str, before: dict[Path, float]) -> str:
    """The message, and the files of `/data` the button made (PDFs, exports: `LOG_SUFFIX`),
    with how to download them."""
    written = sorted(f for f, mtime in _files().items()
                     if before.get(f) != mtime and f.suffix != LOG_SUFFIX)
    if not written:
        return text
    return "\n".join([text, f"File scritti in {DATA} ({DOWNLOAD_HINT}):",
                      *(f"- {f.relative_to(DATA)}" for f in written)])


def _unexpected(exc: BaseException) -> Message:
    log = append_traceback(exc, DATA / ERROR_LOG_NAME)
    if isinstance(exc, NotImplementedError):  # xlwings' remote engine lacks the operation
        where = f" (dettagli in {log}: {DOWNLOAD_HINT})" if log is not None else ""
        return Message("xlwings Lite non sa ancora fare un'operazione che questo pulsante "
                       f"chiede a Excel{where}: usa Torneo con Excel e Python installato, "
                       "oppure con LibreOffice", error=True)
    text = unexpected_message(exc, log)
    return Message(f"{text}\nIl file si scarica da xlwings Lite: ☰ > Files > Import/Export."
                   if log is not None else text, error=True)


def press(name: str, book: Any, turno: int = 0, seme: int = 0,
          comunque: bool = False) -> Message:
    """Run button `name` (its name in `buttons.BUTTONS`) on the book Lite hands over, with the
    values of its form; the message is printed (Lite's Output pane) and shown."""
    try:
        DATA.mkdir(parents=True, exist_ok=True)
        before = _files()
        button = find_button(name)
        if button.not_in_lite is not None:
            message = Message(button.not_in_lite, error=True)
        else:
            with worded(LITE_ADVICE):
                message = run(lambda: _anyway(lambda: button.action(
                    _pressed(button, book, turno, seme, comunque))))
            message = Message(_with_files(message.text, before), message.error)
    except Exception as exc:  # noqa: BLE001 - whatever reaches the organiser: Italian text
        message = _unexpected(exc)
    print(message.text)
    book.app.alert(message.text, title=f"{TITLE} - errore" if message.error else TITLE,
                   mode="critical" if message.error else "info")
    return message
