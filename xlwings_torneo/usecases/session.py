"""What every use case does around its work: read the tournament, log to the outputs the
options ask for (`log_targets`), save once at the end; nothing saved when anything fails.
Opening the file is `opening`'s, reading it `reading`'s."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from xlwings_torneo.collections_paused import collections_paused
from xlwings_torneo.config.logs import FILE_ONLY, log, log_session, say_warnings
from xlwings_torneo.config.settings import Config, load_config
from xlwings_torneo.errors import TorneoError, ValidationError
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.usecases.log_targets import LogOverrides, log_targets
from xlwings_torneo.usecases.reading import read
from xlwings_torneo.workbook.base import WorkbookBackend, check_before_write
from xlwings_torneo.workbook.layout import SHEET_LOG
from xlwings_torneo.workbook.writer import log_spec

T = TypeVar("T")


def run_logged(book: WorkbookBackend, path: Path | None, overrides: LogOverrides,
               action: Callable[[Tournament, Config], T], *, write: bool = True) -> T:
    """Read and validate, run `action` with logging on, then append the `Log` sheet and save.

    Nothing is saved when reading or the action fails: the file stays byte-identical; the
    failure is written to the log file with its message. Python's cycle collector waits
    for the end (`collections_paused`)."""
    with collections_paused():
        return _run_logged(book, path, overrides, action, write=write)


def _run_logged(book: WorkbookBackend, path: Path | None, overrides: LogOverrides,
                action: Callable[[Tournament, Config], T], *, write: bool) -> T:
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
