"""Where a command logs: the console, the `Log` sheet and the log file, each at the level the
`Opzioni` sheet asks (docs/cartella.md, "Opzioni") unless a command-line flag overrides it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from xlwings_torneo.config.logs import LogTargets, log_file_path
from xlwings_torneo.config.settings import Config
from xlwings_torneo.model.tournament import LogLevel, Options


@dataclass(frozen=True)
class LogOverrides:
    """Command-line flags that override the `Opzioni` sheet."""

    console: LogLevel | None = None
    sheet: LogLevel | None = None
    file: LogLevel | None = None


NO_OVERRIDES = LogOverrides()
"""Use the `Opzioni` sheet as it is."""


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
