"""Logging as the manual's options: console, `Log` sheet and file, each off / low / high.

Manual, "Menù Opzioni" - "Log": three outputs, each "Disabilitato", "Livello basso" or
"Livello alto"; the low level traces the draws, the high one adds technical details.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from xlwings_torneo.model.notices import grouped
from xlwings_torneo.model.tournament import LogLevel

LOGGER_NAME = "xlwings_torneo"
log = logging.getLogger(LOGGER_NAME)
notice = logging.getLogger(f"{LOGGER_NAME}.avvisi")
"""Warnings the organiser must see whatever `Log Console` says (a cell read with a problem,
a criterion not evaluated, a type other than the remembered one): always on the console
(stderr), and in the log like every other record."""
NOTICE_FORMAT = "Attenzione: %(message)s"

_PY_LEVEL = {LogLevel.BASSO: logging.INFO, LogLevel.ALTO: logging.DEBUG}
_LABEL = {logging.DEBUG: "ALTO", logging.INFO: "INFO", logging.WARNING: "AVVISO",
          logging.ERROR: "ERRORE", logging.CRITICAL: "ERRORE"}

FILE_ONLY = {"solo_file": True}
"""`extra=` of a record meant for the log file only (a failed command: the console already
shows the error, and the `Log` sheet is not saved when a command fails)."""


def say_warnings(warnings: Sequence[str]) -> None:
    """The warnings of the reading as the organiser can read them (issue 24): those of one
    kind in one line on the console and in the `Log` sheet; each one, a line apiece, in the
    log file."""
    lines = grouped(warnings)
    said = set(lines)
    for warning in warnings:
        if warning not in said:
            log.warning("%s", warning, extra=FILE_ONLY)
    for line in lines:
        notice.warning("%s", line)


class _ItalianFormatter(logging.Formatter):
    """The level as the `Log` sheet names it (INFO, AVVISO, ERRORE, ALTO), not Python's."""

    def format(self, record: logging.LogRecord) -> str:
        record.livello = _LABEL.get(record.levelno, record.levelname)
        return super().format(record)


def _not_file_only(record: logging.LogRecord) -> bool:
    return not getattr(record, "solo_file", False)


def log_file_path(folder: Path, pattern: str, workbook: Path, now: datetime) -> Path:
    """`pattern` is `[log] nome_file`: strftime codes, `{nome}` the workbook's name."""
    return folder / now.strftime(pattern).replace("{nome}", workbook.stem)


@dataclass(frozen=True)
class LogTargets:
    console: LogLevel
    sheet: LogLevel
    file: LogLevel
    file_path: Path | None = None


@dataclass
class SheetCollector(logging.Handler):
    """Keeps the records meant for the `Log` sheet until the workbook is saved."""

    lines: list[tuple[datetime, str, str]] = field(default_factory=list)

    def __post_init__(self) -> None:
        logging.Handler.__init__(self)

    def emit(self, record: logging.LogRecord) -> None:
        label = _LABEL.get(record.levelno, record.levelname)
        self.lines.append((datetime.fromtimestamp(record.created), label, record.getMessage()))

    def __hash__(self) -> int:
        return id(self)


@contextmanager
def log_session(targets: LogTargets) -> Iterator[SheetCollector]:
    """Attach the handlers the options ask for, for the length of one command."""
    handlers: list[logging.Handler] = []
    collector = SheetCollector()
    if targets.sheet is not LogLevel.DISABILITATO:
        collector.setLevel(_PY_LEVEL[targets.sheet])
        handlers.append(collector)
    if targets.console is not LogLevel.DISABILITATO:
        console = logging.StreamHandler()
        console.setLevel(_PY_LEVEL[targets.console])
        console.setFormatter(_ItalianFormatter("%(livello)s %(message)s"))
        console.addFilter(_not_file_only)
        handlers.append(console)
    collector.addFilter(_not_file_only)
    unwritable = None
    if targets.file is not LogLevel.DISABILITATO and targets.file_path is not None:
        try:
            targets.file_path.parent.mkdir(parents=True, exist_ok=True)
            to_file = logging.FileHandler(targets.file_path, encoding="utf-8")  # appends
        except OSError as err:  # a read-only folder: the command still runs, without file
            unwritable = (f"impossibile scrivere il file di log {targets.file_path}: "
                          f"{err.strerror or err}")
        else:
            to_file.setLevel(_PY_LEVEL[targets.file])
            to_file.setFormatter(_ItalianFormatter("%(asctime)s %(livello)s %(message)s",
                                                   datefmt="%d/%m/%Y %H:%M:%S"))
            handlers.append(to_file)
    previous = log.level
    log.setLevel(logging.DEBUG)
    log.propagate = False
    for handler in handlers:
        log.addHandler(handler)
    to_console = None
    if targets.console is LogLevel.DISABILITATO:
        to_console = logging.StreamHandler()
        to_console.setLevel(logging.WARNING)
        to_console.setFormatter(logging.Formatter(NOTICE_FORMAT))
        notice.addHandler(to_console)
    if unwritable:
        log.warning("%s", unwritable)
    try:
        yield collector
    finally:
        for handler in handlers:
            log.removeHandler(handler)
            handler.close()
        if to_console is not None:
            notice.removeHandler(to_console)
        log.setLevel(previous)
