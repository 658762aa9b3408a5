"""`torneo sala importa` (issue 25): the results the tables confirmed in the hall's journal
written into the round sheets' score cells, through the same session as every writing
command (read, check, write, save atomically, log). Only a result that counts is written
(`sala_rules.counted_result`): one confirmed from the writer's own phone waits for the
organiser's acceptance, a contested one for his decision. Nothing is overwritten: a score
cell already typed with another value, two different confirmed results for one table, or a
table whose players changed since is a conflict listed for the organiser, and that table
is left as it is."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from xlwings_torneo.config.logs import log
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.tournament import Table, Tournament
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES, LogOverrides
from xlwings_torneo.usecases.outputs import types_shown
from xlwings_torneo.usecases.sala_rules import (
    confirmed_tables,
    counted_result,
    held_back,
    table_state,
)
from xlwings_torneo.usecases.session import run_logged
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.journal import (
    IMPORT,
    Journal,
    JournalState,
    Submission,
    journal_path,
)
from xlwings_torneo.workbook.sheet import CellValue, parse_cell_ref

Cells = dict[tuple[int, int], CellValue]


@dataclass(frozen=True)
class ResultsImport:
    written: tuple[tuple[int, int], ...]
    """(round, table) whose scores were written."""
    present: tuple[tuple[int, int], ...]
    """(round, table) whose confirmed scores the workbook already holds."""
    conflicts: tuple[str, ...]
    """One Italian line per table left alone, saying why."""
    waiting: tuple[str, ...] = ()
    """One Italian line per table of a round the phones reported for that still has no
    score in the sheet nor a result to write (`2° Turno, Tavolo N°13: da confermare`): the
    organiser types it from the paper sheet, or waits for the confirmation."""

    @property
    def summary(self) -> str:
        """The line the CLI and the ribbon say first."""
        written = counted(len(self.written), "tavolo scritto", "tavoli scritti")
        return (f"Risultati dalla sala: {written}, "
                f"{len(self.present)} già nel foglio, "
                f"{counted(len(self.conflicts), 'conflitto', 'conflitti')}")


def cell_number(value: Decimal) -> CellValue:
    """A score as a number cell (never text): whole numbers as int."""
    return int(value) if value == value.to_integral_value() else float(value)


def _where(turno: int, tavolo: int) -> str:
    return f"{turno}° Turno, Tavolo N°{tavolo}"


def table_cells(table: Table, sub: Submission, form: ResultForm = TABLE_POINTS
                ) -> tuple[str, Cells, list[str]]:
    """The sheet, the cells to write for `sub` into `table`, and the conflicts found (the
    scores said as the ranking type's sheet shows them, `form`)."""
    where = _where(sub.turno, sub.tavolo)
    by_id = {s.player_id: s for s in sub.scores}
    if set(by_id) != set(table.players):
        return "", {}, [f"{where}: i giocatori del tavolo nel foglio non sono quelli del "
                        "risultato confermato (il tavolo è cambiato?): scrivi i punteggi a mano"]
    cells: Cells = {}
    conflicts: list[str] = []
    sheet = ""
    for seat in table.seats:
        if seat.player_id is None:
            continue
        entry = by_id[seat.player_id]
        sheet, row, col = parse_cell_ref(seat.cell)
        # docs/workbook.md: "0 and empty read alike" (the drawn sheet holds 0s): a 0 is no
        # score typed, so it is filled in; any other value is the organiser's
        typed = seat.raw if seat.raw != 0 else None
        if typed is not None and typed != entry.score:
            conflicts.append(f"{seat.cell}: nel foglio {form.text(typed)}, dalla sala "
                             f"{form.text(entry.score)} per {seat.name} ({where})")
        elif typed is None and seat.raw != entry.score:
            cells[(row, col)] = cell_number(entry.score)
        if entry.team:
            if seat.team and seat.team != entry.team:
                conflicts.append(f"{sheet}!{row - 1}: squadra {seat.team} nel foglio, "
                                 f"{entry.team} dalla sala per {seat.name} ({where})")
            elif not seat.team:
                cells[(row - 1, col)] = entry.team
    return sheet, ({} if conflicts else cells), conflicts


def import_results(book: WorkbookBackend, path: Path, overrides: LogOverrides = NO_OVERRIDES,
                   journal: Journal | None = None) -> ResultsImport:
    """Write every confirmed result the workbook lacks; save once; record in the journal
    what was written. Conflicts are listed, logged and left alone."""
    own = journal is None
    hall = journal if journal is not None else Journal(journal_path(path))
    try:
        hall.refresh()
        results = state_results(hall)
        state = hall.state
        outcome = run_logged(book, path, overrides,
                             lambda t, _config: _write(book, t, results, state,
                                                       types_shown(t, types_for(path)).result))
        for turno, tavolo in outcome.written:
            hall.append(IMPORT, {"submission": results[(turno, tavolo)][0].id}, turno=turno,
                        tavolo=tavolo)
        return outcome
    finally:
        if own:
            hall.close()


def state_results(journal: Journal) -> dict[tuple[int, int], list[Submission]]:
    """Every table's distinct confirmed results, in round and table order."""
    state = journal.state
    return {key: table_state(state, *key).results() for key in confirmed_tables(state)}


def _write(book: WorkbookBackend, t: Tournament,
           results: dict[tuple[int, int], list[Submission]], state: JournalState,
           form: ResultForm) -> ResultsImport:
    written: list[tuple[int, int]] = []
    present: list[tuple[int, int]] = []
    conflicts: list[str] = []
    by_sheet: dict[str, Cells] = {}
    for (turno, tavolo), subs in results.items():
        where = _where(turno, tavolo)
        rnd = t.round(turno)
        table = next((x for x in rnd.tables if x.number == tavolo), None) if rnd else None
        if table is None:
            conflicts.append(f"{where}: il tavolo non è più nel foglio del turno")
            continue
        if counted_result(state, turno, tavolo) is None:  # the one rule of what counts
            names = {s.player_id: s.name for s in table.seats if s.player_id is not None}
            held = held_back(state, turno, tavolo, names, form)
            conflicts.append(f"{where}: {'; '.join(held)} (pagina dell'organizzatore)")
            continue
        sheet, cells, problems = table_cells(table, subs[0], form)
        conflicts.extend(problems)
        if problems:
            continue
        if cells:
            by_sheet.setdefault(sheet, {}).update(cells)
            written.append((turno, tavolo))
        else:
            present.append((turno, tavolo))
    for sheet, cells in by_sheet.items():
        book.update_cells(sheet, cells)
    log.info("Risultati dalla sala: %d tavoli scritti, %d già presenti, %d conflitti",
             len(written), len(present), len(conflicts))
    for line in conflicts:
        log.warning("Conflitto: %s", line)
    waiting = _waiting(t, {k for k, _ in results}, {*results, *written, *present}, state)
    for line in waiting:
        log.warning("Ancora senza risultato: %s", line)
    return ResultsImport(tuple(written), tuple(present), tuple(conflicts), waiting)


def _waiting(t: Tournament, rounds: set[int], handled: set[tuple[int, int]],
             state: JournalState) -> tuple[str, ...]:
    """The tables of `rounds` with no score in the sheet and no confirmed result: a table
    left unconfirmed when the round was closed is not forgotten in silence."""
    out: list[str] = []
    for turno in sorted(rounds):
        rnd = t.round(turno)
        for table in rnd.tables if rnd else ():
            if table.is_played or (turno, table.number) in handled:
                continue
            pending = table_state(state, turno, table.number).pending is not None
            out.append(f"{_where(turno, table.number)}: "
                       f"{'da confermare' if pending else 'nessun risultato dai telefoni'}")
    return tuple(out)
