"""Logging as the manual's options: console, `Log` sheet and file, each off / low / high.

Manual, "Menù Opzioni" - "Log": three outputs, each "Disabilitato", "Livello basso" or
"Livello alto"; the low level traces the draws, the high one adds technical details.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from .model import LogLevel

LOGGER_NAME = "xlwings_torneo"
log = logging.getLogger(LOGGER_NAME)

_PY_LEVEL = {LogLevel.BASSO: logging.INFO, LogLevel.ALTO: logging.DEBUG}
_LABEL = {logging.DEBUG: "ALTO", logging.INFO: "INFO", logging.WARNING: "AVVISO",
          logging.ERROR: "ERRORE", logging.CRITICAL: "ERRORE"}


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
        console.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
        handlers.append(console)
    if targets.file is not LogLevel.DISABILITATO and targets.file_path is not None:
        targets.file_path.parent.mkdir(parents=True, exist_ok=True)
        to_file = logging.FileHandler(targets.file_path, encoding="utf-8")
        to_file.setLevel(_PY_LEVEL[targets.file])
        to_file.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(message)s"))
        handlers.append(to_file)
    previous = log.level
    log.setLevel(logging.DEBUG)
    log.propagate = False
    for handler in handlers:
        log.addHandler(handler)
    try:
        yield collector
    finally:
        for handler in handlers:
            log.removeHandler(handler)
            handler.close()
        log.setLevel(previous)
