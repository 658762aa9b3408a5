"""What every use case does around its work: open the workbook (refusing one another program
holds), read the tournament, log to the outputs the options ask for, save once at the end;
and where the rounds are in the workbook."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TypeVar

from xlwings_torneo.config.logs import (
    FILE_ONLY,
    LogTargets,
    log,
    log_file_path,
    log_session,
    say_warnings,
)
from xlwings_torneo.config.settings import Config, load_config
from xlwings_torneo.errors import (
    TorneoError,
    ValidationError,
    WorkbookError,
    collect,
)
from xlwings_torneo.model.tournament import LogLevel, Options, Tournament
from xlwings_torneo.workbook import locks
from xlwings_torneo.workbook.backends.factory import check_suffix, open_workbook
from xlwings_torneo.workbook.base import GuardsLosses, WorkbookBackend, check_before_write
from xlwings_torneo.workbook.layout import (
    SHEET_LOG,
    read_tournament,
)
from xlwings_torneo.workbook.locks import read_locks
from xlwings_torneo.workbook.round_sheets import round_sheet_name
from xlwings_torneo.workbook.score_checks import score_problems
from xlwings_torneo.workbook.writer import log_spec


@dataclass(frozen=True)
class LogOverrides:
    """Command-line flags that override the `Opzioni` sheet (WORKBOOK.md)."""

    console: LogLevel | None = None
    sheet: LogLevel | None = None
    file: LogLevel | None = None


NO_OVERRIDES = LogOverrides()
"""Use the `Opzioni` sheet as it is."""


# --- Opening files safely -----------------------------------------------------------------

def lock_files(path: Path) -> list[Path]:
    """Lock files Excel (`~$name`) and LibreOffice (`.~lock.name#`) leave while a file is open."""
    return [lock.path for lock in read_locks(path)]


def ensure_not_open(path: Path, *, ignore_stale_lock: bool = False) -> None:
    locks.ensure_not_open(path, ignore_stale=ignore_stale_lock)


def writing(path: Path, command: str, *, ignore_stale_lock: bool = False,
            office_profile: str = "") -> AbstractContextManager[None]:
    """Hold `path` for one writing command (`locks.writer_lock`): around the whole
    read-check-write, so two writers never interleave and an office suite sees it in use."""
    return locks.writer_lock(Path(path), command, ignore_stale=ignore_stale_lock,
                             office_profile=office_profile)


def open_file(path: Path, *, ignore_stale_lock: bool = False,
              accept_losses: bool = False) -> WorkbookBackend:
    """`ignore_stale_lock`: open even if a lock left by a crash is there (`locks.is_stale`).
    `accept_losses`: an `.xls` may be saved even if features of the file are lost
    (`--accetta-perdite`); otherwise such a save is refused before writing."""
    path = Path(path)
    check_suffix(path)
    if not path.exists():
        raise WorkbookError(f"il file {path} non esiste (crealo con: torneo nuovo {path})")
    ensure_not_open(path, ignore_stale_lock=ignore_stale_lock)
    book = open_workbook(path)
    if accept_losses and isinstance(book, GuardsLosses):
        book.accept_losses = True
    return book


# --- Reading ------------------------------------------------------------------------------

def read(book: WorkbookBackend, config: Config) -> Tournament:
    """The whole tournament, validated: every problem of every sheet raised together."""
    grids = [book.read_sheet(name) for name in book.sheet_names()]
    # only the .xlsx backend can hold a formula without its value: the others calculate
    uncalculated: Callable[[], set[str]] | None = getattr(book, "uncalculated_cells", None)
    formulas = uncalculated() if uncalculated else set()
    tournament = read_tournament(grids, config.options, formulas)
    collect(list(score_problems(tournament, formulas)))
    return tournament


def log_targets(options: Options, overrides: LogOverrides, workbook: Path | None,
                config: Config) -> LogTargets:
    file_path = None
    if workbook is not None:
        file_path = log_file_path(workbook.resolve().parent / config.log_folder,
                                  config.log_file_name, workbook, datetime.now())
    return LogTargets(
        console=overrides.console if overrides.console is not None else options.log_console,
        sheet=overrides.sheet if overrides.sheet is not None else options.log_foglio,
        file=overrides.file if overrides.file is not None else options.log_file,
        file_path=file_path,
    )


T = TypeVar("T")


def run_logged(book: WorkbookBackend, path: Path | None, overrides: LogOverrides,
               action: Callable[[Tournament, Config], T], *, write: bool = True) -> T:
    """Read and validate, run `action` with logging on, then append the `Log` sheet and save.

    Nothing is saved when reading or the action fails: the file stays byte-identical; the
    failure is written to the log file with its message."""
    config = load_config(path)
    try:
        tournament = read(book, config)
    except TorneoError as err:  # logged by the file's defaults: the sheet was unreadable
        with log_session(log_targets(config.options, overrides, path, config)):
            _log_failure(err)
        raise
    if write:
        check_before_write(book)  # a save that would lose features is refused up front
    targets = log_targets(tournament.options, overrides, path, config)
    with log_session(targets) as collector:
        say_warnings(tournament.warnings)
        try:
            result = action(tournament, config)
            if write:
                for line in book.lost_features():
                    log.warning(line)
                if collector.lines:
                    existing = (book.read_sheet(SHEET_LOG) if SHEET_LOG in book.sheet_names()
                                else None)
                    book.write_sheet(log_spec(existing, collector.lines))
                book.save()
        except TorneoError as err:
            _log_failure(err)
            raise
    return result


def _log_failure(err: TorneoError) -> None:
    problems = err.problems if isinstance(err, ValidationError) else (str(err),)
    for problem in problems:
        log.error("Comando non riuscito: %s", problem, extra=FILE_ONLY)


# --- New workbook -------------------------------------------------------------------------


def next_round(tournament: Tournament) -> int:
    return max((r.number for r in tournament.rounds), default=0) + 1


def next_round_gap(tournament: Tournament) -> int:
    """The first round number without a sheet (1 when there is none)."""
    numbers = {r.number for r in tournament.rounds}
    return next(n for n in range(1, len(numbers) + 2) if n not in numbers)


def sheet_of(tournament: Tournament, number: int) -> str:
    """Round `number`'s sheet in the workbook's own style (`2° Turno`, or `Turno 2`)."""
    return round_sheet_name(number, (r.sheet for r in tournament.rounds))
