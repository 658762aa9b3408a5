"""The tournament type a draw used, remembered in the hidden `Opzioni` sheet (issue 17):
every later command (draw, rank, print, report, export, verify, lo-run, the ribbon, the
LibreOffice macro) reads it from there. A later command may use another type (the manual
allows drawing with one type and ranking with another): it is said, never silent.

**Decision** (issue 40.5): the first draw of a tournament (no earlier round) records its type;
a later draw with `--tipo` naming another type uses it for that draw only and does not record
it. A type given once for one evening would otherwise change every later command (the
club's championship ranked without its discards); the tournament's type changes where the
organiser writes it, `Opzioni` (Tipo Sorteggio). Both cases are said on the console and in
the `Log`."""

from __future__ import annotations

from dataclasses import replace

from xlwings_torneo.config.logs import log, notice
from xlwings_torneo.model.tournament import Options, Tournament
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.cells import is_blank, norm_header, to_text
from xlwings_torneo.workbook.layout import OPTION_LABELS, SHEET_OPZIONI
from xlwings_torneo.workbook.sheet import Grid, SheetSpec
from xlwings_torneo.workbook.writer import BOLD, opzioni_spec

DRAW_LABEL = OPTION_LABELS["tipo_sorteggio"]


def stored_type(opzioni: Grid | None) -> str | None:
    """`Tipo Sorteggio` as the `Opzioni` sheet holds it; None when there is none."""
    if opzioni is None:
        return None
    for row in opzioni.rows:
        for col, value in enumerate(row):
            if norm_header(value) == norm_header(DRAW_LABEL):
                found = row[col + 1] if col + 1 < len(row) else None
                return None if is_blank(found) else to_text(found)
    return None


def opzioni_with_type(opzioni: Grid | None, options: Options, type_name: str) -> SheetSpec:
    """`Opzioni` with `Tipo Sorteggio` set to `type_name`: the organiser's other rows kept
    as they are; created hidden, with every option, when the workbook has none."""
    if opzioni is None:
        return opzioni_spec(replace(options, tipo_sorteggio=type_name))
    spec = SheetSpec(SHEET_OPZIONI, hidden=True)
    spec.col_widths.update({1: 20, 2: 20})
    target: tuple[int, int] | None = None
    for r, row in enumerate(opzioni.rows, start=1):
        for c, value in enumerate(row, start=1):
            if value is not None:
                spec.put(r, c, value)
            if target is None and norm_header(value) == norm_header(DRAW_LABEL):
                target = (r, c + 1)
    if target is None:
        target = (spec.max_row + 1, 2)
        spec.put(target[0], 1, DRAW_LABEL, BOLD)
    spec.put(*target, type_name)
    return spec


def type_change(command: str, used: str, stored: str | None, only: str = "questo comando"
                ) -> str | None:
    """The plain sentence for a command run with a type other than the remembered one: it
    is used for `only`, and `Opzioni` keeps its type (issue 40.5)."""
    if stored is None or norm_header(stored) == norm_header(used):
        return None
    return (f"{command} con il tipo {used}, diverso dal tipo {stored} registrato nel foglio "
            f"Opzioni (Tipo Sorteggio): vale solo per {only}: il foglio Opzioni resta "
            f"{stored} e i prossimi comandi senza --tipo useranno {stored} (per cambiare il "
            "tipo del torneo: pulsante Opzioni, Tipo Sorteggio)")


def _opzioni(book: WorkbookBackend) -> Grid | None:
    return book.read_sheet(SHEET_OPZIONI) if SHEET_OPZIONI in book.sheet_names() else None


def remember_type(book: WorkbookBackend, tournament: Tournament, type_name: str,
                  round_no: int) -> str | None:
    """The first draw's type written to `Opzioni` (created hidden when missing), and the
    Italian line saying so (logged, for the draw's lines); a later draw's other type is used
    for it only (the module's Decision), said as a warning, and None is returned, as when
    `Opzioni` already holds the type."""
    opzioni = _opzioni(book)
    stored = stored_type(opzioni)
    if stored is not None and norm_header(stored) == norm_header(type_name):
        return None
    if stored is not None and any(r.number < round_no for r in tournament.rounds):
        line = type_change(f"Sorteggio del turno {round_no}", type_name, stored,
                           "questo sorteggio")
        notice.warning("%s", line)  # on the console and in the Log
        return None
    book.write_sheet(opzioni_with_type(opzioni, tournament.options, type_name))
    before = f" al posto di {stored}" if stored else ""
    line = (f"Tipo Sorteggio {type_name} registrato nel foglio {SHEET_OPZIONI}{before}: i "
            "prossimi comandi senza --tipo useranno questo tipo")
    log.info("%s", line)
    return line


def say_type_change(book: WorkbookBackend, command: str, type_name: str) -> None:
    """A command run with `--tipo` other than the type the draws remembered: said."""
    change = type_change(command, type_name, stored_type(_opzioni(book)))
    if change:
        notice.warning("%s", change)
